/** The interleaving being stepped through, in one line, and the strategy's counts in words. */
import {html} from "htl";
import {RACE_STRATEGIES, type RaceSelection, type RaceTable} from "../../../lib/webhook-auth/index.js";
import {effectsLabel} from "./race-chart.js";

export function RaceSelectionSummary(selection: RaceSelection): HTMLElement {
  const strategy = RACE_STRATEGIES.find((candidate) => candidate.id === selection.table.strategy)!;
  const {run, table} = selection;
  return html`<div class="race-selection">
    <p><strong>${strategy.label}</strong>: each worker ${strategy.detail}.</p>
    <p>Interleaving ${selection.index} of ${table.runs.length}${selection.clamped ? " (the number asked for is past this strategy's count, so its last one)" : ""}:
      <code>${run.label}</code> →
      <strong class=${run.effects > 1 ? "verdict-bad" : "verdict-good"}>${run.effects > 1 ? "✗ " : "✓ "}${effectsLabel(run.effects)}</strong>.</p>
  </div>` as HTMLElement;
}

export function RaceCountsTable(tables: readonly RaceTable[]): HTMLElement {
  const maxEffects = tables[0]?.workers ?? 2;
  const columns = Array.from({length: maxEffects}, (_, index) => index + 1);
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Interleavings by number of effects"><table class="race-table">
    <caption>Interleavings by number of effects</caption>
    <thead><tr><th scope="col">Strategy</th><th scope="col">Interleavings</th>${columns.map((effects) => html`<th scope="col">${effectsLabel(effects)}</th>`)}</tr></thead>
    <tbody>${tables.map((table) => html`<tr>
      <th scope="row">${RACE_STRATEGIES.find((strategy) => strategy.id === table.strategy)?.label}</th>
      <td class="numeric">${table.runs.length}</td>
      ${columns.map((effects) => html`<td class="numeric">${table.byEffects[effects] ?? 0}</td>`)}
    </tr>`)}</tbody>
  </table></div>` as HTMLElement;
}
