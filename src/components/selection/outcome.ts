/**
 * What the selection decided: the Kubernetes-style one-line summary, then either
 * the contract (agent, skill, output format, delivery mode) or the explicit
 * incompatibility naming the requirement that removed the last candidates.
 */
import {html} from "htl";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {gateLabels, gateRejectionReason, selectionStages, type SelectionResult} from "../../../lib/selection/index.js";
import {InputNotices} from "../input-notices.js";

export function SelectionOutcome(result: SelectionResult, problems: readonly RefusedInput[] = []): HTMLElement {
  const {contract, incompatibility} = result;
  return html`<div class="selection-outcome">
    ${InputNotices(problems)}
    <p class="selection-summary"><code>${result.summary}</code></p>
    ${contract ? html`<div class="contract" role="status" aria-label="Contract">
      <h3>Contract: <code>${contract.agentId}</code></h3>
      <dl class="contract-fields">
        <dt>Agent</dt><dd>${contract.agentName} at <code>${contract.url}</code></dd>
        <dt>Skill</dt><dd><code>${contract.skillId}</code> (${contract.skillName})</dd>
        <dt>Output format</dt><dd><code>${contract.outputMode}</code></dd>
        <dt>Delivery mode</dt><dd>${contract.deliveryMode === "streaming" ? "streaming" : "request/response"}, A2A method <code>${contract.a2aMethod}</code></dd>
        <dt>Why this agent</dt><dd>${contract.rationale}</dd>
      </dl>
    </div>` : null}
    ${incompatibility ? html`<div class="incompatibility" role="status" aria-label="Incompatibility">
      <h3>Incompatible: no contract</h3>
      ${incompatibility.emptiedAtGate ? html`<p><strong>Requirement that removed the last candidates:</strong> ${gateLabels[incompatibility.emptiedAtGate]},
        at stage ${selectionStages.find((stage) => stage.id === incompatibility.emptiedAtStage)?.index} (${gateRejectionReason(incompatibility.emptiedAtGate, result.policy)}).</p>` : null}
      <p>${incompatibility.message}</p>
      ${incompatibility.lastCandidates.length ? html`<ul>${incompatibility.lastCandidates.map((candidate) => html`<li><code>${candidate.agentId}</code>: ${candidate.alsoFails.length
        ? `would still fail ${candidate.alsoFails.map((gate) => gateLabels[gate].toLowerCase()).join(", ")}`
        : "this is the only gate it fails: relaxing this one requirement would make it eligible"}</li>`)}</ul>` : null}
    </div>` : null}
  </div>` as HTMLElement;
}
