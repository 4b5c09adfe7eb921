/**
 * How many candidates remain after each of the six stages, and who left at each
 * one and why. One row per stage: the solid bar is what remains, the pale bar
 * beside it what this stage removed, and the label counts the removals by gate
 * ("−2 other tenant"). Stages playback has not revealed yet are faded.
 *
 * On the chart layer (d3), not Plot, as the ranking breakdown is: a weight that changes the
 * winner redraws it in that move's frame.
 */
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";
import {gateOrder, gateRejectionReason, type GateId, type SelectionResult} from "../../../lib/selection/index.js";
import {bottomAxis, bottomAxisHeight, rowLabelsAbove, rowLabelsLeft} from "../chart/axes.js";
import {chartFrame, plotOutline, type ChartFrame} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {placeRowLabels} from "../chart/row-labels.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {REMAINING_COLOUR, REMOVED_COLOUR} from "./palette.js";

const BAR_COLOURS = {
  domain: ["remain after the stage", "left at this stage"],
  range: [REMAINING_COLOUR, REMOVED_COLOUR]
};

export interface CandidatesChartOptions {
  width?: number;
  /** Stages revealed by playback (1-6); later stages are faded. Null shows every stage. */
  revealedStages?: number | null;
  type?: TypeScale;
}

/** "−2 other tenant, −1 missing skill", counted by first failed gate, in gate order. */
export function stageRemovalLabel(result: SelectionResult, stageIndex: number): string {
  const decision = result.trace[stageIndex - 1];
  if (!decision) return "";
  if (decision.kind === "contract")
    return `${decision.candidatesAfter} ranked; ${decision.remainingAgentIds[0]} selected`;
  if (decision.kind === "incompatibility") return "no candidate left: incompatibility";
  if (decision.removed.length === 0) return decision.candidatesBefore === 0 ? "nothing left to check" : "none removed";
  const counts = new Map<GateId, number>();
  for (const agent of decision.removed) counts.set(agent.firstFailedGate, (counts.get(agent.firstFailedGate) ?? 0) + 1);
  return gateOrder
    .filter((gate) => counts.has(gate))
    .map((gate) => `−${counts.get(gate)} ${gateRejectionReason(gate, result.policy)}`)
    .join(", ");
}

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

/** A stage's row name: "2 · Capability match". */
const stageName = (decision: SelectionResult["trace"][number]) =>
  `${decision.atSeconds} · ${decision.title.split(":")[0]}`;

interface StageRow {
  stage: string;
  before: number;
  after: number;
  /** The removal reason, in lines that fit under the bar. */
  reason: string[];
  opacity: number;
  title: string;
}

function stageRows(
  result: SelectionResult,
  revealedStages: number | null,
  reasonRoomPx: number,
  type: TypeScale
): StageRow[] {
  const charactersPerLine = Math.max(1, Math.floor(reasonRoomPx / type.widthOf("x")));
  return result.trace.map((decision) => {
    const names = decision.removed.map((agent) => agent.agentId).join(", ");
    return {
      stage: stageName(decision),
      before: decision.candidatesBefore,
      after: decision.candidatesAfter,
      reason: wrapWords(stageRemovalLabel(result, decision.atSeconds), charactersPerLine),
      opacity: revealedStages !== null && decision.atSeconds > revealedStages ? 0.25 : 1,
      title: `${decision.title}${names ? `. Left here: ${names}` : ""}`
    };
  });
}

export function CandidatesByStage(
  result: SelectionResult,
  {width = 640, revealedStages = null, type = typeScale()}: CandidatesChartOptions = {}
): Element {
  const marginRight = Math.ceil(3 * type.body);
  const stageNames = result.trace.map(stageName);
  const labels = placeRowLabels({width, marginRight, type, rows: stageNames, labels: [(row) => row]});
  const above = labels.placement === "above";
  // The reason sits under each bar; it may start under the stage's name and run the chart's width.
  const rows = stageRows(result, revealedStages, width - labels.marginLeft - 8, type);
  const barHeight = Math.round(type.line * 1.7);
  const reasonLines = Math.max(1, ...rows.map((row) => row.reason.length));
  const step = barHeight + Math.round(type.line * 0.6) + reasonLines * type.line + (above ? type.line : 0);
  const top = type.line + (above ? type.line : 0);
  const height = top + rows.length * step + bottomAxisHeight(type);
  const frame = chartFrame({
    width,
    height,
    type,
    label: "Candidates remaining after each selection stage",
    margin: {top, right: marginRight, bottom: bottomAxisHeight(type), left: labels.marginLeft}
  });
  const x = scaleLinear()
    .domain([0, Math.max(1, result.agentCount)])
    .range([frame.left, frame.right]);
  // Each stage's band is its bar; the rest of the step holds the reason's lines (and, above, the
  // name). Outer padding of half the inner, aligned to the top: bands start every step from the top, and the last reason keeps its room.
  const y = scaleBand(
    rows.map((row) => row.stage),
    [frame.top, frame.bottom]
  )
    .paddingInner(1 - barHeight / step)
    .paddingOuter((1 - barHeight / step) / 2)
    .align(0)
    .round(true);
  if (above) rowLabelsAbove(frame, y, labels.label);
  else rowLabelsLeft(frame, y, labels.label);
  bottomAxis(frame, x, {label: "candidates"});
  plotOutline(frame);
  drawStageBars(frame, rows, x, y);
  drawReasons(frame, rows, y, labels.marginLeft);
  return withLegends(frame.svg.node()!, [colourLegend(BAR_COLOURS, type)]);
}

function drawStageBars(
  frame: ChartFrame,
  rows: readonly StageRow[],
  x: ScaleLinear<number, number>,
  y: ScaleBand<string>
): void {
  frame.svg
    .append("g")
    .attr("class", "remaining-bars")
    .attr("fill", REMAINING_COLOUR)
    .selectAll("rect")
    .data(rows)
    .join("rect")
    .attr("x", frame.left)
    .attr("width", (row) => Math.max(0, x(row.after) - frame.left))
    .attr("y", (row) => y(row.stage)!)
    .attr("height", y.bandwidth())
    .attr("fill-opacity", (row) => row.opacity)
    .append("title")
    .text((row) => row.title);
  frame.svg
    .append("g")
    .attr("class", "removed-bars")
    .attr("fill", REMOVED_COLOUR)
    .attr("stroke", REMOVED_COLOUR)
    .attr("stroke-dasharray", "3,2")
    .selectAll("rect")
    .data(rows.filter((row) => row.before > row.after))
    .join("rect")
    .attr("x", (row) => x(row.after))
    .attr("width", (row) => Math.max(0, x(row.before) - x(row.after)))
    .attr("y", (row) => y(row.stage)!)
    .attr("height", y.bandwidth())
    .attr("fill-opacity", (row) => 0.35 * row.opacity)
    .attr("stroke-opacity", (row) => row.opacity)
    .append("title")
    .text((row) => row.title);
  frame.svg
    .append("g")
    .attr("class", "remaining-counts")
    .attr("fill", "white")
    .attr("text-anchor", "end")
    .attr("font-weight", "bold")
    .selectAll("text")
    .data(rows.filter((row) => row.after > 0))
    .join("text")
    .attr("x", (row) => x(row.after) - 3.5 * frame.type.unit)
    .attr("y", (row) => y(row.stage)! + y.bandwidth() / 2)
    .attr("dy", "0.32em")
    .attr("fill-opacity", (row) => row.opacity)
    .text((row) => String(row.after));
}

/** Each stage's reason under its bar, from the plot's left edge, one tspan per wrapped line. */
function drawReasons(frame: ChartFrame, rows: readonly StageRow[], y: ScaleBand<string>, left: number): void {
  frame.svg
    .append("g")
    .attr("class", "removal-reasons")
    .attr("text-anchor", "start")
    .selectAll("text")
    .data(rows)
    .join("text")
    .attr("x", left + 0.5)
    .attr("y", (row) => y(row.stage)! + y.bandwidth() + 0.3 * frame.type.line)
    .attr("fill-opacity", (row) => row.opacity)
    .selectAll("tspan")
    .data((row) => row.reason)
    .join("tspan")
    .attr("x", left + 0.5)
    .attr("dy", (line, index) => (index === 0 ? "0.71em" : frame.type.line))
    .text((line) => line);
}
