/**
 * How many candidates remain after each of the six stages, and who left at each
 * one and why. One row per stage: the solid bar is what remains, the pale bar
 * beside it what this stage removed, and the label counts the removals by gate
 * ("−2 other tenant"). Stages playback has not revealed yet are faded.
 */
import * as Plot from "@observablehq/plot";
import {gateOrder, gateRejectionReason, type GateId, type SelectionResult} from "../../../lib/selection/index.js";
import {cachedLegend, withLegends} from "../plot-legends.js";
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

export function CandidatesByStage(result: SelectionResult, {width = 640, revealedStages = null}: CandidatesChartOptions = {}): Element {
  const rows = result.trace.map((decision) => {
    const stage = `${decision.atSeconds} · ${decision.title.split(":")[0]}`;
    const faded = revealedStages !== null && decision.atSeconds > revealedStages;
    const names = decision.removed.map((agent) => agent.agentId).join(", ");
    return {
      stage,
      before: decision.candidatesBefore,
      after: decision.candidatesAfter,
      label: stageRemovalLabel(result, decision.atSeconds),
      opacity: faded ? 0.25 : 1,
      title: `${decision.title}${names ? `. Left here: ${names}` : ""}`
    };
  });
  // The reason sits under each bar, so it can run the full width of the chart.
  const rowHeight = 58;
  const barHeight = 24;
  const chart = Plot.plot({
    width,
    height: 60 + rows.length * rowHeight,
    marginLeft: 170,
    marginRight: 30,
    x: {label: "candidates", domain: [0, Math.max(1, result.agentCount)], grid: true, ticks: Math.min(result.agentCount, 13), tickFormat: "d"},
    y: {label: null, domain: rows.map((row) => row.stage), padding: 1 - barHeight / rowHeight},
    color: BAR_COLOURS,
    marks: [
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.barX(rows, {y: "stage", x1: 0, x2: "after", fill: () => "remain after the stage", fillOpacity: "opacity", title: "title"}),
      Plot.barX(rows.filter((row) => row.before > row.after), {
        y: "stage", x1: "after", x2: "before", fill: () => "left at this stage", fillOpacity: (row: {opacity: number}) => 0.35 * row.opacity,
        stroke: () => "left at this stage", strokeOpacity: "opacity", strokeDasharray: "3,2", title: "title"
      }),
      Plot.text(rows, {
        y: "stage", x: "after", text: (row: {after: number}) => String(row.after), dx: -4, textAnchor: "end", fill: "white", fontWeight: "bold",
        filter: (row: {after: number}) => row.after > 0, fillOpacity: "opacity"
      }),
      Plot.text(rows, {
        y: "stage", x: 0, text: "label", textAnchor: "start", lineAnchor: "top", dy: barHeight / 2 + 3,
        fill: "currentColor", fillOpacity: "opacity", fontSize: 11
      })
    ]
  }) as Element;
  return withLegends(chart, [cachedLegend({color: BAR_COLOURS})]);
}
