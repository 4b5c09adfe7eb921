/**
 * The ranking breakdown: one stacked bar per eligible agent, in rank order, made
 * of its three weighted terms, with the score printed at the end. Only agents that
 * passed every gate appear: a rejected agent has no score at all.
 *
 * Drawn by hand in SVG, in Plot's manner (as lesson 1's swimlane is): a weight slider redraws it
 * in the frame of every move, and Plot's scales and marks were most of that frame.
 */
import type {SelectionResult} from "../../../lib/selection/index.js";
import {withChartNote} from "../chart-note.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {bandLayout, linearXAxis} from "../svg-axis.js";
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

const MARGIN = {top: 20, right: 70, bottom: 30, left: 200};
const ROW_HEIGHT = 34;
/** Plot's band padding for these rows: a quarter of a step around and between the bars. */
const BAND_PADDING = 0.25;
/**
 * Narrower than the labels' column and this much plot (a phone), each agent's name goes above its
 * bar instead, and the bars get the chart's whole width: rows are taller, with room for the name.
 */
const MIN_PLOT_WIDTH = 240;
const NARROW_MARGIN = {top: 20, right: 52, bottom: 30, left: 4};
const NARROW_ROW_HEIGHT = 44;
const NARROW_BAND_PADDING = 0.5;

export function RankingBreakdown(result: SelectionResult, {width = 640, alongside = null}: RankingChartOptions = {}): Element {
  const empty = result.ranked.length === 0;
  const rows = empty ? ["no eligible agent"] : result.ranked.map((agent) => `#${agent.rank} ${agent.agentId}`);
  const narrow = width - MARGIN.left - MARGIN.right < MIN_PLOT_WIDTH;
  const margin = narrow ? NARROW_MARGIN : MARGIN;
  const height = 70 + rows.length * (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT);
  // However narrow the chart, the plot area keeps a width (never a negative one).
  const [top, bottom, left] = [margin.top, height - margin.bottom, margin.left];
  const right = Math.max(left + 1, width - margin.right);
  const totalWeight = result.policy.latencyWeight + result.policy.costWeight + result.policy.observedSuccessWeight;
  // With every weight at 0 every bar is empty; a unit axis keeps the ticks readable.
  const end = Math.max(scoreAxisEnd(result), alongside ? scoreAxisEnd(alongside) : 0);
  const x = (score: number) => Math.round((left + (Math.min(Math.max(score, 0), end) / end) * (right - left)) * 1000) / 1000;
  const {bandHeight, rowTop} = bandLayout(rows.length, top, bottom, narrow ? NARROW_BAND_PADDING : BAND_PADDING);
  const centre = (index: number) => rowTop(index) + bandHeight / 2;
  const rowLabels = narrow
    ? svg("g", {class: "row-labels", "text-anchor": "start"}, rows.map((row, index) => svg("text", {x: left, y: rowTop(index) - 4}, row)))
    : svg("g", {class: "row-labels", "text-anchor": "end"}, rows.map((row, index) => svg("text", {x: left - 8.5, y: centre(index), dy: "0.32em"}, row)));
  const chart = svg(
    "svg",
    {class: "plot-d6a7b5", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height, viewBox: `0 0 ${width} ${height}`},
    narrow ? null : svg("path", {class: "y-ticks", fill: "none", stroke: "currentColor", d: rows.map((_, index) => `M${left},${centre(index)}h-6`).join("")}),
    rowLabels,
    linearXAxis({width, left, right, top, bottom, end, x, label: narrow ? `score (at most ${totalWeight}, Σ weights)` : `score (at most ${totalWeight}, the sum of the weights)`}),
    svg("rect", {class: "frame", fill: "none", stroke: "currentColor", "stroke-opacity": 0.15, x: left + 0.5, y: top + 0.5, width: right - left, height: bottom - top}),
    svg("g", {class: "term-bars", stroke: "white", "stroke-width": 0.5}, result.ranked.flatMap((agent, index) => {
      let start = 0;
      return TERM_ORDER.map((id) => {
        const term = agent.terms[id];
        const [from, to] = [start, (start += term.weighted)];
        return svg("rect", {x: x(from), width: Math.max(0, Math.round((x(to) - x(from)) * 1000) / 1000), y: rowTop(index), height: bandHeight, fill: TERM_COLOURS[id]},
          svg("title", null, `${agent.agentId}, ${TERM_LABELS[id]}: ${term.weight} × ${term.value.toFixed(3)} = ${term.weighted.toFixed(3)} (${term.derivation})`));
      });
    })),
    svg("g", {class: "scores", "text-anchor": "start", "font-weight": "bold"},
      result.ranked.map((agent, index) => svg("text", {x: x(agent.score) + 6.5, y: centre(index), dy: "0.32em"}, `= ${agent.score.toFixed(3)}`)))
  );
  return withChartNote(withLegends(chart, [colourLegend(TERM_SCALE)]), empty
    ? `Nothing to rank. ${result.incompatibility?.message ?? "No eligible agent."}`
    : totalWeight === 0 ? "Every weight is 0, so every score is 0: the order is the tie-break alone (agent id, ascending)." : null);
}
