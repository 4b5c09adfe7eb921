/**
 * The same arrivals handled by three receivers side by side: apply every
 * payload, deduplicate by event id, or fetch the task (GetTask) and apply only
 * a newer version. One row per arrival, one column per receiver.
 */
import {html} from "htl";
import type {ReconcileComparison, ReconcileRow, TaskVersion} from "../../../lib/webhook-auth/index.js";

const ACTION_WORDS: Record<ReconcileRow["action"], string> = {
  applied: "applied",
  "duplicate-dropped": "duplicate dropped",
  "no-op": "no-op",
  regressed: "✗ went backwards"
};

export function taskVersionText(version: TaskVersion | undefined): string {
  return version ? `${version.state.replace("TASK_STATE_", "").toLowerCase()} (t=${version.atSeconds})` : "nothing";
}

export function ReconcileLanes(comparison: ReconcileComparison): HTMLElement {
  const {scenario, lanes, truth} = comparison;
  const arrivals = [...scenario.arrivals].sort((a, b) => a.atSeconds - b.atSeconds);
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Three receivers, the same arrivals"><table class="reconcile-table">
    <caption>${scenario.label}. The agent's current task state: ${taskVersionText(truth)}.</caption>
    <thead><tr><th scope="col">Arrival</th>${lanes.map((lane) => html`<th scope="col">${lane.label}</th>`)}</tr></thead>
    <tbody>
      ${arrivals.map((arrival, index) => html`<tr>
        <th scope="row">at ${arrival.atSeconds} s: ${arrival.label ?? ""}<br><small>event id: ${arrival.eventId ?? "none"}; body says ${taskVersionText(arrival.carries)}</small></th>
        ${lanes.map((lane) => {
          const row = lane.rows[index]!;
          return html`<td class=${`reconcile-${row.action}`}><strong>${ACTION_WORDS[row.action]}</strong>${row.effectFired ? html` · <strong>effect fires</strong>` : ""}<br><small>${row.note}</small></td>`;
        })}
      </tr>`)}
    </tbody>
    <tfoot><tr><th scope="row">Result</th>${lanes.map((lane) => html`<td>
      ends on ${taskVersionText(lane.finalState)} ${lane.converged ? "✓ (the true state)" : "✗ (not the true state)"};
      <strong>${lane.effects}</strong> effect${lane.effects === 1 ? "" : "s"}${lane.effects > 1 ? " ✗" : ""}; ${lane.regressions} regression${lane.regressions === 1 ? "" : "s"}
    </td>`)}</tr></tfoot>
  </table></div>` as HTMLElement;
}
