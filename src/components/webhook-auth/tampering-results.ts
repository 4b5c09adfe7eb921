/**
 * The tampering and replay experiments against one receiver, in order (its
 * dedup memory carries over): what was sent, what the receiver answered,
 * whether that is what the experiment expects, and the checks behind it.
 */
import {element} from "../runtime/dom.js";
import type {TamperingReport} from "../../../lib/webhook-auth/standard-webhooks/tampering.js";
import {formatDuration} from "../format/duration-format.js";
import {PipelineChecks} from "./pipeline-checks.js";

export function TamperingResults(report: TamperingReport | null): HTMLElement {
  if (!report) return element("p", {role: "status"}, "Needs Web Crypto, which this page does not have.");
  const start = report.experiments[0]?.atSeconds ?? 0;
  return element(
    "ol",
    {class: "tampering-results"},
    report.experiments.map((experiment) =>
      element(
        "li",
        {class: "tampering-experiment", "data-tampering": experiment.id},
        element(
          "div",
          {class: "tampering-head"},
          element("strong", null, experiment.title),
          element(
            "span",
            {class: "tampering-time"},
            experiment.atSeconds === start ? "at t₀" : `t₀ + ${formatDuration(experiment.atSeconds - start)}`
          )
        ),
        element(
          "p",
          null,
          "Receiver answers ",
          element("strong", null, experiment.result.status),
          ` (${experiment.result.outcome}): ${experiment.result.reason}.`
        ),
        element(
          "p",
          {class: experiment.asExpected ? "verdict-good" : "verdict-bad"},
          `${experiment.asExpected ? "✓ As expected" : "✗ Not as expected"}: ${experiment.expected}.`
        ),
        element(
          "details",
          null,
          element("summary", null, "The receiver's checks and the request"),
          PipelineChecks(experiment.result.checks, {label: `Receiver checks for: ${experiment.title}`}),
          element(
            "pre",
            null,
            Object.entries(experiment.request.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join("\n")
          )
        )
      )
    )
  );
}
