/** The retry experiment's figures, per signing lane, next to the rule the retention must satisfy. */
import {html} from "htl";
import type {RetryHorizonSelection, RetryLaneResult} from "../../../lib/webhook-auth/index.js";
import {formatDuration} from "./format.js";
import {LANE_LABELS} from "./retry-horizon-chart.js";

function laneVerdict(lane: RetryLaneResult): string {
  if (lane.lost) return lane.stoppedByRefusal ? "✗ update lost: the sender gave up on a refusal" : "✗ update lost: no attempt took effect";
  if (lane.effects > 1) return `✗ applied ${lane.effects} times: ${lane.slippedPast} retr${lane.slippedPast === 1 ? "y" : "ies"} slipped past dedup`;
  return "✓ applied once";
}

export function HorizonSummary({preset, result}: RetryHorizonSelection): HTMLElement {
  const covered = result.retentionSeconds > result.retentionMustExceedSeconds;
  return html`<div class="horizon-summary">
    <p><strong>${preset.label}.</strong> ${preset.note} <small>Source: ${preset.source}</small></p>
    <p>Retry horizon (first to last attempt): <strong>${formatDuration(result.horizonSeconds)}</strong>. Retention: <strong>${formatDuration(result.retentionSeconds)}</strong>
      <span class=${covered ? "verdict-good" : "verdict-bad"}>${covered ? "✓ longer than the horizon" : "✗ not longer than the horizon"}</span>;
      to also cover a replay of the last attempt inside its window it must exceed ${formatDuration(result.retentionMustExceedWithReplaySeconds)}.</p>
    <div class="table-scroll" tabindex="0" role="region" aria-label="One event, every scheduled attempt"><table class="horizon-table">
      <caption>One event, every scheduled attempt</caption>
      <thead><tr><th scope="col">Signing</th><th scope="col">Effects</th><th scope="col">Duplicates ignored</th><th scope="col">Slipped past</th><th scope="col">Refused as too old</th><th scope="col">Sender saw a 2xx</th><th scope="col">Outcome</th></tr></thead>
      <tbody>${[result.resigned, result.reused].map((lane) => html`<tr>
        <th scope="row">${LANE_LABELS[lane.lane]}</th>
        <td class="numeric">${lane.effects}</td><td class="numeric">${lane.duplicatesSuppressed}</td><td class="numeric">${lane.slippedPast}</td><td class="numeric">${lane.refusedByWindow}</td>
        <td>${lane.acknowledged ? "yes" : "no"}</td>
        <td class=${lane.lost || lane.effects > 1 ? "verdict-bad" : "verdict-good"}>${laneVerdict(lane)}</td>
      </tr>`)}</tbody>
    </table></div>
  </div>` as HTMLElement;
}
