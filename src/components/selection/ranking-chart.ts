/**
 * The ranking breakdown: one stacked bar per eligible agent, in rank order, made
 * of its three weighted terms, with the score printed at the end. Only agents that
 * passed every gate appear: a rejected agent has no score at all.
 *
 * On the chart layer (d3), not Plot: a weight slider redraws it in the frame of every move, and
 * Plot's scales and marks were most of that frame.
 */
import {scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";
import type {SelectionResult} from "../../../lib/selection/index.js";
import {bottomAxis} from "../chart/axes.js";
import {plotOutline, type ChartFrame} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {barRows} from "../chart/bar-rows.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {withChartNote} from "../chart/chart-note.js";
import {TERM_COLOURS, TERM_LABELS, TERM_ORDER} from "./palette.js";

const TERM_SCALE = {domain: TERM_ORDER.map((id) => TERM_LABELS[id]), range: TERM_ORDER.map((id) => TERM_COLOURS[id])};

export interface RankingChartOptions {
  width?: number;
  /** The other result of a comparison: both are drawn on one score axis. */
  alongside?: SelectionResult | null;
  type?: TypeScale;
}

/** The score axis's end: the sum of the weights, or the top score if higher; 1 when every weight is 0. */
function scoreAxisEnd(result: SelectionResult): number {
  const totalWeight = result.policy.latencyWeight + result.policy.costWeight + result.policy.observedSuccessWeight;
  return totalWeight === 0 ? 1 : Math.max(totalWeight, ...result.ranked.map((agent) => agent.score));
}

export function RankingBreakdown(
  result: SelectionResult,
  {width = 640, alongside = null, type = typeScale()}: RankingChartOptions = {}
): Element {
  const empty = result.ranked.length === 0;
  const rows = empty ? ["no eligible agent"] : result.ranked.map((agent) => `#${agent.rank} ${agent.agentId}`);
  const totalWeight = result.policy.latencyWeight + result.policy.costWeight + result.policy.observedSuccessWeight;
  // The score printed after the longest bar needs its room right of the plot.
  const marginRight = Math.ceil(type.widthOf("= 0.000") + 8 * type.unit);
  // A row is a bar and the space around it; above: the name's line as well.
  const {frame, y} = barRows({
    width,
    type,
    rows,
    labels: [(row) => row],
    marginRight,
    label: "Each eligible agent's score, by weighted term",
    step: {beside: Math.round(type.line * 2.4), above: Math.round(type.line * 3.2)},
    top: {beside: type.line, above: 2 * type.line},
    padding: {beside: 0.25, above: 0.5},
    ticks: true
  });
  // With every weight at 0 every bar is empty; a unit axis keeps the ticks readable.
  const end = Math.max(scoreAxisEnd(result), alongside ? scoreAxisEnd(alongside) : 0);
  const x = scaleLinear().domain([0, end]).range([frame.left, frame.right]).clamp(true);
  const wide = `score (at most ${totalWeight}, the sum of the weights)`;
  bottomAxis(frame, x, {
    label: type.widthOf(`${wide} →`) < width * 0.9 ? wide : `score (at most ${totalWeight}, Σ weights)`
  });
  plotOutline(frame);
  termBars(frame, x, y, result.ranked, rows);
  scoreLabels(frame, x, y, result.ranked, rows);
  return withChartNote(
    withLegends(frame.svg.node()!, [colourLegend(TERM_SCALE, type)]),
    empty
      ? `Nothing to rank. ${result.incompatibility?.message ?? "No eligible agent."}`
      : totalWeight === 0
        ? "Every weight is 0, so every score is 0: the order is the tie-break alone (agent id, ascending)."
        : null
  );
}

type RankedAgent = SelectionResult["ranked"][number];

/** Each agent's bar: its weighted terms laid end to end in TERM_ORDER, each titled with how it was computed. */
function termBars(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  y: ScaleBand<string>,
  ranked: readonly RankedAgent[],
  rows: readonly string[]
): void {
  const segments = ranked.flatMap((agent, index) => {
    let start = 0;
    return TERM_ORDER.map((id) => ({
      agent,
      row: rows[index]!,
      id,
      term: agent.terms[id],
      from: start,
      to: (start += agent.terms[id].weighted)
    }));
  });
  frame.svg
    .append("g")
    .attr("class", "term-bars")
    .attr("stroke", "white")
    .attr("stroke-width", 0.5)
    .selectAll("rect")
    .data(segments)
    .join("rect")
    .attr("x", (d) => x(d.from))
    .attr("width", (d) => Math.max(0, x(d.to) - x(d.from)))
    .attr("y", (d) => y(d.row)!)
    .attr("height", y.bandwidth())
    .attr("fill", (d) => TERM_COLOURS[d.id])
    .append("title")
    .text(
      (d) =>
        `${d.agent.agentId}, ${TERM_LABELS[d.id]}: ${d.term.weight} × ${d.term.value.toFixed(3)} = ${d.term.weighted.toFixed(3)} (${d.term.derivation})`
    );
}

/** Each agent's score, printed just past the end of its bar. */
function scoreLabels(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  y: ScaleBand<string>,
  ranked: readonly RankedAgent[],
  rows: readonly string[]
): void {
  frame.svg
    .append("g")
    .attr("class", "scores")
    .attr("text-anchor", "start")
    .attr("font-weight", "bold")
    .selectAll("text")
    .data(ranked)
    .join("text")
    .attr("x", (agent) => x(agent.score) + 6 * frame.type.unit)
    .attr("y", (agent, index) => y(rows[index]!)! + y.bandwidth() / 2)
    .attr("dy", "0.32em")
    .text((agent) => `= ${agent.score.toFixed(3)}`);
}
