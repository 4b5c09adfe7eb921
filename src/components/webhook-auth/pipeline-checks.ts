/**
 * The receiver's ordered checks for one request: each with pass, fail or
 * skipped in words and a symbol (never colour alone), the reason, and the
 * HTTP status a refusal answers.
 */
import {element} from "../runtime/dom.js";
import type {PipelineCheck} from "../../../lib/webhook-auth/pipeline/receiver-pipeline.js";

const STATUS_WORDS: Record<PipelineCheck["status"], string> = {pass: "✓ pass", fail: "✗ fail", skipped: "– skipped"};

export function PipelineChecks(
  checks: readonly PipelineCheck[],
  {label = "Receiver checks, in order"}: {label?: string} = {}
): HTMLElement {
  return element(
    "ol",
    {class: "pipeline-checks", "aria-label": label},
    checks.map((check) =>
      element(
        "li",
        {class: `pipeline-check check-${check.status}`},
        element("span", {class: "check-label"}, check.label),
        element(
          "span",
          {class: "check-status"},
          `${STATUS_WORDS[check.status]}${check.status === "fail" && check.httpStatus ? ` → ${check.httpStatus}` : ""}`
        ),
        element("span", {class: "check-reason"}, check.reason)
      )
    )
  );
}
