/**
 * Who left at each stage and why, as text: the agent, the gate that removed it
 * first, and the values that gate compared. Stages playback has not revealed yet
 * are left out, so the table grows as playback steps.
 */
import {html} from "htl";
import {gateLabels, rejectionReason, type SelectionResult} from "../../../lib/selection/index.js";

export function RemovalTable(result: SelectionResult, {revealedStages = null}: {revealedStages?: number | null} = {}): HTMLElement {
  const stages = result.trace.filter((decision) => decision.kind === "gate" && (revealedStages === null || decision.atSeconds <= revealedStages));
  const removed = stages.flatMap((decision) => decision.removed.map((agent) => ({decision, agent})));
  const hidden = revealedStages === null ? 0 : result.trace.filter((decision) => decision.kind === "gate" && decision.atSeconds > revealedStages).length;
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Who left at each stage">
    <table class="selection-table removal-table">
      <caption>Who left at each stage, and why${hidden ? ` (stages revealed so far; ${hidden} to come)` : ""}</caption>
      <thead><tr><th scope="col">Stage</th><th scope="col">Agent</th><th scope="col">First failed gate</th><th scope="col">The values compared</th></tr></thead>
      <tbody>
        ${removed.length === 0 ? html`<tr><td colspan="4">${stages.length === 0 ? "No stage revealed yet." : "No agent has been removed so far."}</td></tr>` : null}
        ${removed.map(({decision, agent}) => html`<tr>
          <td>${decision.atSeconds} · ${decision.title.split(":")[0]}</td>
          <th scope="row"><code>${agent.agentId}</code></th>
          <td>${gateLabels[agent.firstFailedGate]}</td>
          <td>${rejectionReason(agent, result.policy)}</td>
        </tr>`)}
      </tbody>
    </table>
  </div>` as HTMLElement;
}
