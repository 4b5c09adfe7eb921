/**
 * Every eligible agent's score with its arithmetic: each term's derivation from the
 * agent's own numbers, the weight, and the sum, so any score can be checked by hand.
 */
import {html} from "htl";
import {scoreFormulaDescription, type RankedAgent, type SelectionResult} from "../../../lib/selection/index.js";
import {TERM_ORDER} from "./palette.js";

const TERM_NAMES = {latency: "latency", cost: "cost", observedSuccess: "observed success"} as const;

function derivations(agent: RankedAgent) {
  return TERM_ORDER.map((id) => html`<span class="term-derivation">${TERM_NAMES[id]} ${agent.terms[id].derivation}</span>`);
}

export function ScoreTable(result: SelectionResult): HTMLElement {
  if (result.ranked.length === 0) {
    return html`<p class="selection-empty">No agent passed every gate, so nothing is ranked: a score is never computed for a rejected agent.</p>` as HTMLElement;
  }
  const {scale} = result;
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Scores of the eligible agents">
    <table class="selection-table score-table">
      <caption>Scores of the eligible agents, with the numbers${scale ? ` (latency over ${scale.fastestLatencyMs}–${scale.slowestLatencyMs} ms, cost over ${scale.lowestCostCents}–${scale.highestCostCents} cents)` : ""}</caption>
      <thead><tr><th scope="col">Rank</th><th scope="col">Agent</th><th scope="col">Score (weight × term, summed), then each term from the agent’s own numbers</th></tr></thead>
      <tbody>${result.ranked.map((agent) => html`<tr class=${agent.rank === 1 ? "selected" : ""}>
        <td class="numeric">${agent.rank}</td>
        <th scope="row"><code>${agent.agentId}</code></th>
        <td><span class="score-formula">${agent.formula}</span><br>${derivations(agent)}</td>
      </tr>`)}</tbody>
    </table>
  </div>` as HTMLElement;
}

/** The score formula with this policy's weights, and how each term is made (from lib's own description). */
export function ScoreFormula(result: SelectionResult): HTMLElement {
  const {latencyWeight, costWeight, observedSuccessWeight} = result.policy;
  // Lines 3-5 of the description define the three terms; the page states the rest in its prose.
  const termLines = scoreFormulaDescription.split("\n").slice(2, 5);
  return html`<div class="score-formula-block">
    <p><code>score = ${latencyWeight} × latency term + ${costWeight} × cost term + ${observedSuccessWeight} × observed-success term</code></p>
    <ul>${termLines.map((line) => html`<li>${line}</li>`)}</ul>
  </div>` as HTMLElement;
}
