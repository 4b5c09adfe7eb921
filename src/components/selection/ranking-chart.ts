/**
 * The ranking breakdown: one stacked bar per eligible agent, in rank order, made
 * of its three weighted terms, with the score printed at the end. Only agents that
 * passed every gate appear: a rejected agent has no score at all.
 */
import * as Plot from "@observablehq/plot";
import type {SelectionResult} from "../../../lib/selection/index.js";
import {withChartNote} from "../chart-note.js";
import {cachedLegend, withLegends} from "../plot-legends.js";
import {TERM_COLOURS, TERM_LABELS, TERM_ORDER} from "./palette.js";

const TERM_SCALE = {domain: TERM_ORDER.map((id) => TERM_LABELS[id]), range: TERM_ORDER.map((id) => TERM_COLOURS[id])};

export interface RankingChartOptions {
  width?: number;
  /** The other result of a comparison: both are drawn on one score axis. */
  alongside?: SelectionResult | null;
}

/** The score axis's end: the sum of the weights, or the top score if higher; 1 when every weight is 0. */
function scoreAxisEnd(result: SelectionResult): number {
  const totalWeight = result.policy.latencyWeight + result.policy.costWeight + result.policy.observedSuccessWeight;
  return totalWeight === 0 ? 1 : Math.max(totalWeight, ...result.ranked.map((agent) => agent.score));
}

export function RankingBreakdown(result: SelectionResult, {width = 640, alongside = null}: RankingChartOptions = {}): Element {
  const rowLabel = (rank: number, agentId: string) => `#${rank} ${agentId}`;
  const rows = result.ranked.map((agent) => rowLabel(agent.rank, agent.agentId));
  const segments = result.ranked.flatMap((agent) =>
    TERM_ORDER.map((id) => {
      const term = agent.terms[id];
      return {
        row: rowLabel(agent.rank, agent.agentId),
        term: TERM_LABELS[id],
        weighted: term.weighted,
        title: `${agent.agentId}, ${TERM_LABELS[id]}: ${term.weight} × ${term.value.toFixed(3)} = ${term.weighted.toFixed(3)} (${term.derivation})`
      };
    })
  );
  const scores = result.ranked.map((agent) => ({row: rowLabel(agent.rank, agent.agentId), score: agent.score, label: `= ${agent.score.toFixed(3)}`}));
  const totalWeight = result.policy.latencyWeight + result.policy.costWeight + result.policy.observedSuccessWeight;
  // With every weight at 0 every bar is empty; a unit axis keeps the ticks readable.
  const xMax = Math.max(scoreAxisEnd(result), alongside ? scoreAxisEnd(alongside) : 0);
  const empty = result.ranked.length === 0;
  const chart = Plot.plot({
    width,
    height: 70 + Math.max(1, rows.length) * 34,
    marginLeft: 200,
    marginRight: 70,
    x: {label: `score (at most ${totalWeight}, the sum of the weights)`, domain: [0, xMax], grid: true},
    y: {label: null, domain: empty ? ["no eligible agent"] : rows, padding: 0.25},
    color: TERM_SCALE,
    marks: [
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.barX(segments, Plot.stackX({y: "row", x: "weighted", fill: "term", order: TERM_ORDER.map((id) => TERM_LABELS[id]), title: "title", stroke: "white", strokeWidth: 0.5})),
      Plot.text(scores, {y: "row", x: "score", text: "label", textAnchor: "start", dx: 6, fill: "currentColor", fontWeight: "bold"}),
    ]
  }) as Element;
  return withChartNote(withLegends(chart, [cachedLegend({color: TERM_SCALE})]), empty
    ? `Nothing to rank. ${result.incompatibility?.message ?? "No eligible agent."}`
    : totalWeight === 0 ? "Every weight is 0, so every score is 0: the order is the tie-break alone (agent id, ascending)." : null);
}
