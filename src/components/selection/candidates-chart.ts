/**
 * How many candidates remain after each of the six stages, and who left at each
 * one and why. One row per stage: the solid bar is what remains, the pale bar
 * beside it what this stage removed, and the label counts the removals by gate
 * ("−2 other tenant"). Stages playback has not revealed yet are faded.
 *
 * Drawn by hand in SVG, in Plot's manner (as the ranking breakdown is): a weight that changes the
 * winner redraws it in that move's frame.
 */
import {gateOrder, gateRejectionReason, type GateId, type SelectionResult} from "../../../lib/selection/index.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {bandLayout, linearXAxis} from "../svg-axis.js";
import {REMAINING_COLOUR, REMOVED_COLOUR} from "./palette.js";

const BAR_COLOURS = {domain: ["remain after the stage", "left at this stage"], range: [REMAINING_COLOUR, REMOVED_COLOUR]};

export interface CandidatesChartOptions {
  width?: number;
  /** Stages revealed by playback (1-6); later stages are faded. Null shows every stage. */
  revealedStages?: number | null;
}

/** "−2 other tenant, −1 missing skill", counted by first failed gate, in gate order. */
export function stageRemovalLabel(result: SelectionResult, stageIndex: number): string {
  const decision = result.trace[stageIndex - 1];
  if (!decision) return "";
  if (decision.kind === "contract") return `${decision.candidatesAfter} ranked; ${decision.remainingAgentIds[0]} selected`;
  if (decision.kind === "incompatibility") return "no candidate left: incompatibility";
  if (decision.removed.length === 0) return decision.candidatesBefore === 0 ? "nothing left to check" : "none removed";
  const counts = new Map<GateId, number>();
  for (const agent of decision.removed) counts.set(agent.firstFailedGate, (counts.get(agent.firstFailedGate) ?? 0) + 1);
  return gateOrder
    .filter((gate) => counts.has(gate))
    .map((gate) => `−${counts.get(gate)} ${gateRejectionReason(gate, result.policy)}`)
    .join(", ");
}

const MARGIN = {top: 20, right: 30, bottom: 30, left: 170};
// The reason sits under each bar, so it can run the full width of the chart.
const ROW_HEIGHT = 58;
const BAR_HEIGHT = 24;
/** Room per tick label on a narrow chart (one per candidate up to 13, while they fit). */
const MIN_TICK_SPACING = 24;
/** Reason widths without measuring text: a generous average glyph width at 11 px. */
const REASON_CHAR_WIDTH = 6;
/**
 * Narrower than the stages' column and this much plot (a phone), each stage's name goes above its
 * bar and its reason wraps under it, so the bars get the chart's whole width.
 */
const MIN_PLOT_WIDTH = 240;
const NARROW_MARGIN = {top: 20, right: 16, bottom: 30, left: 4};
const REASON_LINE_HEIGHT = 13;

/** `text` in lines of at most `room` characters, broken at spaces (a longer word keeps its own line). */
export function wrapWords(text: string, room: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= room) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function CandidatesByStage(result: SelectionResult, {width = 640, revealedStages = null}: CandidatesChartOptions = {}): Element {
  const rows = result.trace.map((decision) => {
    const names = decision.removed.map((agent) => agent.agentId).join(", ");
    return {
      stage: `${decision.atSeconds} · ${decision.title.split(":")[0]}`,
      before: decision.candidatesBefore,
      after: decision.candidatesAfter,
      label: stageRemovalLabel(result, decision.atSeconds),
      opacity: revealedStages !== null && decision.atSeconds > revealedStages ? 0.25 : 1,
      title: `${decision.title}${names ? `. Left here: ${names}` : ""}`
    };
  });
  const narrow = width - MARGIN.left - MARGIN.right < MIN_PLOT_WIDTH;
  const margin = narrow ? NARROW_MARGIN : MARGIN;
  const reasonRoom = Math.max(1, Math.floor((width - margin.left - 4) / REASON_CHAR_WIDTH));
  const reasonLines = rows.map((row) => (narrow ? wrapWords(row.label, reasonRoom) : [row.label]));
  // Narrow: a step holds the name above the bar, the bar, and the longest reason's lines under it.
  const rowHeight = narrow ? BAR_HEIGHT + 21 + REASON_LINE_HEIGHT * Math.max(1, ...reasonLines.map((lines) => lines.length)) : ROW_HEIGHT;
  const padding = 1 - BAR_HEIGHT / rowHeight;
  const height = narrow ? Math.ceil(margin.top + margin.bottom + rowHeight * (rows.length + padding)) + 1 : 60 + rows.length * ROW_HEIGHT;
  // However narrow the chart, the plot area keeps a width (never a negative one).
  const [top, bottom, left] = [margin.top, height - margin.bottom, margin.left];
  const right = Math.max(left + 1, width - margin.right);
  const end = Math.max(1, result.agentCount);
  const x = (count: number) => Math.round((left + (count / end) * (right - left)) * 1000) / 1000;
  const {bandHeight, rowTop} = bandLayout(rows.length, top, bottom, padding);
  const centre = (index: number) => rowTop(index) + bandHeight / 2;
  const stageLabels = narrow
    ? svg("g", {class: "row-labels", "text-anchor": "start"}, rows.map((row, index) => svg("text", {x: left, y: rowTop(index) - 4, "fill-opacity": row.opacity}, row.stage)))
    : svg("g", {class: "row-labels", "text-anchor": "end"}, rows.map((row, index) => svg("text", {x: left - 8.5, y: centre(index), dy: "0.32em"}, row.stage)));
  const chart = svg(
    "svg",
    {class: "plot-d6a7b5", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height, viewBox: `0 0 ${width} ${height}`},
    stageLabels,
    linearXAxis({width, left, right, top, bottom, end, x, label: "candidates", tickCount: Math.min(result.agentCount, 13, (right - left) / MIN_TICK_SPACING)}),
    svg("rect", {class: "frame", fill: "none", stroke: "currentColor", "stroke-opacity": 0.15, x: left + 0.5, y: top + 0.5, width: right - left, height: bottom - top}),
    svg("g", {class: "remaining-bars", fill: BAR_COLOURS.range[0]}, rows.map((row, index) =>
      svg("rect", {x: left, width: Math.max(0, x(row.after) - left), y: rowTop(index), height: bandHeight, "fill-opacity": row.opacity}, svg("title", null, row.title)))),
    svg("g", {class: "removed-bars", fill: BAR_COLOURS.range[1], stroke: BAR_COLOURS.range[1], "stroke-dasharray": "3,2"}, rows.flatMap((row, index) => row.before > row.after
      ? [svg("rect", {x: x(row.after), width: Math.max(0, x(row.before) - x(row.after)), y: rowTop(index), height: bandHeight, "fill-opacity": 0.35 * row.opacity, "stroke-opacity": row.opacity}, svg("title", null, row.title))]
      : [])),
    svg("g", {class: "remaining-counts", fill: "white", "text-anchor": "end", "font-weight": "bold"}, rows.flatMap((row, index) => row.after > 0
      ? [svg("text", {x: x(row.after) - 3.5, y: centre(index), dy: "0.32em", "fill-opacity": row.opacity}, String(row.after))]
      : [])),
    // A reason too long for the plot area starts under the stage's name instead (a narrow screen).
    svg("g", {class: "removal-reasons", "text-anchor": "start", "font-size": 11}, rows.map((row, index) => narrow
      ? svg("text", {x: left + 0.5, y: centre(index) + BAR_HEIGHT / 2 + 3, "fill-opacity": row.opacity},
        reasonLines[index]!.map((line, lineIndex) => svg("tspan", {x: left + 0.5, dy: lineIndex === 0 ? "0.71em" : REASON_LINE_HEIGHT}, line)))
      : svg("text", {x: row.label.length * REASON_CHAR_WIDTH > right - left ? 8 : left + 0.5, y: centre(index) + BAR_HEIGHT / 2 + 3, dy: "0.71em", "fill-opacity": row.opacity}, row.label)))
  );
  return withLegends(chart, [colourLegend(BAR_COLOURS)]);
}
