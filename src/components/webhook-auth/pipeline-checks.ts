/**
 * The receiver's ordered checks for one request: each with pass, fail or
 * skipped in words and a symbol (never colour alone), the reason, and the
 * HTTP status a refusal answers.
 */
import {html} from "htl";
import type {PipelineCheck} from "../../../lib/webhook-auth/index.js";

const STATUS_WORDS: Record<PipelineCheck["status"], string> = {pass: "✓ pass", fail: "✗ fail", skipped: "– skipped"};

export function PipelineChecks(checks: readonly PipelineCheck[], {label = "Receiver checks, in order"}: {label?: string} = {}): HTMLElement {
  return html`<ol class="pipeline-checks" aria-label=${label}>
    ${checks.map((check) => html`<li class=${`pipeline-check check-${check.status}`}>
      <span class="check-label">${check.label}</span>
      <span class="check-status">${STATUS_WORDS[check.status]}${check.status === "fail" && check.httpStatus ? ` → ${check.httpStatus}` : ""}</span>
      <span class="check-reason">${check.reason}</span>
    </li>`)}
  </ol>` as HTMLElement;
}
