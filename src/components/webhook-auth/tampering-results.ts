/**
 * The tampering and replay experiments against one receiver, in order (its
 * dedup memory carries over): what was sent, what the receiver answered,
 * whether that is what the experiment expects, and the checks behind it.
 */
import {html} from "htl";
import type {TamperingReport} from "../../../lib/webhook-auth/index.js";
import {formatDuration} from "./format.js";
import {PipelineChecks} from "./pipeline-checks.js";

export function TamperingResults(report: TamperingReport | null): HTMLElement {
  if (!report) return html`<p role="status">Needs Web Crypto, which this page does not have.</p>` as HTMLElement;
  const start = report.experiments[0]?.atSeconds ?? 0;
  return html`<ol class="tampering-results">
    ${report.experiments.map((experiment) => html`<li class="tampering-experiment" data-tampering=${experiment.id}>
      <div class="tampering-head">
        <strong>${experiment.title}</strong>
        <span class="tampering-time">${experiment.atSeconds === start ? "at t₀" : `t₀ + ${formatDuration(experiment.atSeconds - start)}`}</span>
      </div>
      <p>Receiver answers <strong>${experiment.result.status}</strong> (${experiment.result.outcome}): ${experiment.result.reason}.</p>
      <p class=${experiment.asExpected ? "verdict-good" : "verdict-bad"}>${experiment.asExpected ? "✓ As expected" : "✗ Not as expected"}: ${experiment.expected}.</p>
      <details>
        <summary>The receiver's checks and the request</summary>
        ${PipelineChecks(experiment.result.checks, {label: `Receiver checks for: ${experiment.title}`})}
        <pre>${Object.entries(experiment.request.headers).map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
      </details>
    </li>`)}
  </ol>` as HTMLElement;
}
