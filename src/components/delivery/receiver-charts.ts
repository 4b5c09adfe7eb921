/**
 * The receiver's side of a run, to read apart from the sender's acknowledgements:
 * what it decided for each arriving request (applied, ignored, refused), and what it
 * showed over time, with every regression marked.
 *
 * On the chart layer (d3), not Plot, as the swimlane is: lesson 1 never loads Plot, whose first
 * use costs a page's load 35 ms of building an Intl.NumberFormat, a long task on a slow phone.
 */
import {scaleBand, scaleLinear, type ScaleLinear} from "d3-scale";
import {line, curveStepAfter} from "d3-shape";
import type {DeliveryRun, ReceiverStateSample} from "../../../lib/delivery/index.js";
import {bottomAxis, bottomAxisHeight, leftAxis, rowLabelsLeft, tickLabelsWidth} from "../chart/axes.js";
import {chartFrame, cursorRule, plotOutline, type ChartFrame} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {placeRowLabels} from "../chart/row-labels.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {withChartNote} from "../chart/chart-note.js";
import {OUTCOMES, attemptOutcomes, presentOutcomes, timeAxisEnd, timeUnitFor, updateLabel} from "./palette.js";

const STATE_COLOURS = {
  domain: ["sequence the receiver shows", "newest sequence applied", "regression"],
  range: ["#2da44e", "#6e7781", "#d1242f"]
};
const REGRESSION_RED = STATE_COLOURS.range[2]!;

export interface ReceiverChartOptions {
  width?: number;
  /** The playback's modeled clock: later events are faded. Null shows everything. */
  cursorSeconds?: number | null;
  /** The other run of a comparison: both are drawn on one time axis. */
  alongside?: DeliveryRun | null;
  type?: TypeScale;
}

/** The time axis both charts share with the swimlane: one end, one unit. */
function timeAxis(frame: ChartFrame, end: number) {
  const x = scaleLinear().domain([0, end]).range([frame.left, frame.right]).clamp(true);
  const unit = timeUnitFor(end);
  bottomAxis(frame, x, {label: `modeled time (${unit.name})`, unit: unit.seconds});
  return x;
}

/** One dot per request the receiver processed, in a row per kind of decision. */
export function ReceiverDecisions(
  run: DeliveryRun,
  {width = 640, cursorSeconds = null, alongside = null, type = typeScale()}: ReceiverChartOptions = {}
): Element {
  const outcomes = attemptOutcomes(run);
  const arrivals = run.attempts.map((attempt) => ({
    at: attempt.arrivesAtSeconds,
    outcome: outcomes.get(attempt)!,
    label: `U${attempt.updateIndex + 1}`,
    faded: cursorSeconds !== null && attempt.arrivesAtSeconds > cursorSeconds,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber} arrived at ${attempt.arrivesAtSeconds} s: ${outcomes.get(attempt)} (HTTP ${attempt.httpStatus})`
  }));
  const scale = presentOutcomes(arrivals.map((arrival) => arrival.outcome));
  const rows: readonly string[] = scale.domain.length ? scale.domain : [OUTCOMES[0]];
  const marginRight = Math.ceil(2 * type.body);
  // The outcome names are long; on a phone they shorten to their first words.
  const labels = placeRowLabels({
    width,
    marginRight,
    type,
    rows,
    labels: [(row) => row, (row) => row.split(" (")[0]!.split(",")[0]!]
  });
  const step = Math.round(type.line * 2.3);
  const frame = chartFrame({
    width,
    height: type.line * 2 + rows.length * step + bottomAxisHeight(type),
    type,
    label: "Receiver decisions over time",
    margin: {
      top: type.line * 2,
      right: marginRight,
      bottom: bottomAxisHeight(type),
      left: labels.placement === "left" ? labels.marginLeft : marginRight
    }
  });
  const x = timeAxis(frame, timeAxisEnd(run, alongside));
  // Each row an equal share of the plot area, its dots on the share's middle line.
  const band = scaleBand(rows, [frame.top, frame.bottom]);
  const y = (row: string) => band(row)! + band.bandwidth() / 2;
  if (labels.placement === "left") rowLabelsLeft(frame, band, labels.label, {ticks: true});
  plotOutline(frame);
  const colour = (outcome: (typeof OUTCOMES)[number]) => scale.range[scale.domain.indexOf(outcome)] ?? "currentColor";
  const radius = 7 * type.unit;
  frame.svg
    .append("g")
    .attr("class", "arrival-dots")
    .selectAll("circle")
    .data(arrivals)
    .join("circle")
    .attr("cx", (d) => x(d.at))
    .attr("cy", (d) => y(d.outcome))
    .attr("r", radius)
    .attr("fill", (d) => colour(d.outcome))
    .attr("fill-opacity", (d) => (d.faded ? 0.25 : 1))
    .append("title")
    .text((d) => d.title);
  frame.svg
    .append("g")
    .attr("class", "arrival-labels")
    .attr("font-size", type.small)
    .selectAll("text")
    .data(arrivals)
    .join("text")
    .attr("x", (d) => x(d.at))
    .attr("y", (d) => y(d.outcome) - radius - 0.5 * type.line)
    .attr("fill-opacity", (d) => (d.faded ? 0.3 : 1))
    .text((d) => d.label);
  // On a phone the outcome's name is the dots' colour, read from the legend.
  const chart =
    labels.placement === "left" ? frame.svg.node()! : withLegends(frame.svg.node()!, [colourLegend(scale, type)]);
  cursorRule(frame, x, cursorSeconds);
  return withChartNote(
    chart,
    arrivals.length === 0
      ? `No request reached the receiver.${run.summary.blockedReason ? ` ${run.summary.blockedReason}` : ""}`
      : null
  );
}

interface Level {
  at: number;
  sequence: number;
}

type SequenceScale = ScaleLinear<number, number>;

/**
 * The sequence the receiver shows (the last update it applied) and the newest it
 * has ever applied. When they part, an older update overwrote a newer one: a regression.
 */
export function ReceiverState(
  run: DeliveryRun,
  {width = 640, cursorSeconds = null, alongside = null, type = typeScale()}: ReceiverChartOptions = {}
): Element {
  const endsAt = timeAxisEnd(run, alongside);
  const steps = run.receiverStates.filter((sample) => sample.shownSequence !== null);
  const maxSequence = Math.max(1, ...run.updates.map((update) => update.sequence));
  const frame = chartFrame({
    width,
    height: Math.round(type.line * 16),
    type,
    label: "What the receiver shows over time",
    margin: {
      top: type.line * 2,
      right: Math.ceil(2 * type.body),
      bottom: bottomAxisHeight(type),
      left: tickLabelsWidth(0, maxSequence + 0.5, Math.min(maxSequence, 10), type)
    }
  });
  const x = timeAxis(frame, endsAt);
  const y = scaleLinear()
    .domain([0, maxSequence + 0.5])
    .range([frame.bottom, frame.top]);
  // Sequences are whole numbers: ticks at whole numbers only.
  leftAxis(frame, y, {
    label: "sequence",
    count: Math.min(maxSequence, 10),
    format: (value) => String(Math.round(value))
  });
  plotOutline(frame);
  stateLines(frame, x, y, steps, endsAt);
  regressionMarks(frame, x, y, regressionsOf(run));
  cursorRule(frame, x, cursorSeconds);
  return withChartNote(
    withLegends(frame.svg.node()!, [colourLegend(STATE_COLOURS, type)]),
    steps.length === 0 ? "The receiver applied nothing." : null
  );
}

/** A stepped line each for the shown and the newest applied sequence; each last level holds to the axis's end. */
function stateLines(
  frame: ChartFrame,
  x: SequenceScale,
  y: SequenceScale,
  steps: readonly ReceiverStateSample[],
  endsAt: number
): void {
  const {type} = frame;
  const levels = (key: "shownSequence" | "newestAppliedSequence"): Level[] => [
    ...steps.map((sample) => ({at: sample.atSeconds, sequence: sample[key]!})),
    ...(steps.length ? [{at: endsAt, sequence: steps[steps.length - 1]![key]!}] : [])
  ];
  const stepped = line<Level>()
    .x((d) => x(d.at))
    .y((d) => y(d.sequence))
    .curve(curveStepAfter);
  const lines = frame.svg
    .append("g")
    .attr("class", "state-lines")
    .attr("fill", "none")
    .attr("stroke-linejoin", "round")
    .attr("stroke-linecap", "round");
  if (!steps.length) return;
  // The dashed newest-applied line goes on top: where the two agree it would hide under the shown one.
  lines
    .append("path")
    .attr("class", "shown")
    .attr("stroke", STATE_COLOURS.range[0]!)
    .attr("stroke-width", 2.5 * type.unit)
    .attr("d", stepped(levels("shownSequence")));
  lines
    .append("path")
    .attr("class", "newest-applied")
    .attr("stroke", STATE_COLOURS.range[1]!)
    .attr("stroke-width", 1.5 * type.unit)
    .attr("stroke-dasharray", "5,4")
    .attr("d", stepped(levels("newestAppliedSequence")));
}

interface Regression extends Level {
  title: string;
}

/** Every moment an older update overwrote a newer one, named for the mark's tooltip. */
function regressionsOf(run: DeliveryRun): Regression[] {
  return run.receiverStates
    .filter((sample) => sample.regression)
    .map((sample) => ({
      at: sample.atSeconds,
      sequence: sample.shownSequence!,
      title: `Regression at ${sample.atSeconds} s: ${updateLabel(run, sample.updateIndex)} (sequence ${sample.shownSequence}) applied after sequence ${sample.newestAppliedSequence}`
    }));
}

/** A red ring, named "regression", where the shown sequence went back. */
function regressionMarks(
  frame: ChartFrame,
  x: SequenceScale,
  y: SequenceScale,
  regressions: readonly Regression[]
): void {
  const {type} = frame;
  const marks = frame.svg
    .append("g")
    .attr("class", "regression-marks")
    .selectAll("g")
    .data(regressions)
    .join("g")
    .attr("transform", (d) => `translate(${x(d.at)},${y(d.sequence)})`);
  marks
    .append("circle")
    .attr("r", 8 * type.unit)
    .attr("fill", "none")
    .attr("stroke", REGRESSION_RED)
    .attr("stroke-width", 2.5 * type.unit)
    .append("title")
    .text((d) => d.title);
  marks
    .append("text")
    .attr("y", 8 * type.unit + 0.8 * type.line)
    .attr("fill", REGRESSION_RED)
    .text("regression");
}
