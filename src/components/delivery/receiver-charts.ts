/**
 * The receiver's side of a run, to read apart from the sender's acknowledgements:
 * what it decided for each arriving request (applied, ignored, refused), and what it
 * showed over time, with every regression marked.
 *
 * Drawn by hand in SVG, in Plot's manner (its margins, point rows, axes and marks, as the
 * swimlane is), so lesson 1 never loads Plot: its first use costs a page's load 35 ms of
 * building an Intl.NumberFormat, a long task on a slow phone.
 */
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import {withChartNote} from "../chart-note.js";
import {linearTicks} from "../chart-ticks.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {linearXAxis} from "../svg-axis.js";
import {OUTCOMES, attemptOutcomes, presentOutcomes, timeAxisEnd, timeUnitFor, updateLabel} from "./palette.js";

const STATE_COLOURS = {domain: ["sequence the receiver shows", "newest sequence applied", "regression"], range: ["#2da44e", "#6e7781", "#d1242f"]};
const REGRESSION_RED = STATE_COLOURS.range[2]!;
const MARGIN = {top: 20, right: 20, bottom: 30};
const ROW_HEIGHT = 30;

export interface ReceiverChartOptions {
  width?: number;
  /** The playback's modeled clock: later events are faded. Null shows everything. */
  cursorSeconds?: number | null;
  /** The other run of a comparison: both are drawn on one time axis. */
  alongside?: DeliveryRun | null;
}

/** Plot's coordinates: to the thousandth. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The plot area and its time scale, shared by both charts. */
function timeFrame(width: number, height: number, left: number, end: number) {
  const [top, bottom, right] = [MARGIN.top, height - MARGIN.bottom, width - MARGIN.right];
  const x = (seconds: number) => round(left + (seconds / end) * (right - left));
  const unit = timeUnitFor(end);
  return {
    top, bottom, left, right, x,
    axis: linearXAxis({width, left, right, top, bottom, end, x, label: `modeled time (${unit.name})`, tickUnit: unit.seconds}),
    frame: svg("rect", {class: "frame", fill: "none", stroke: "currentColor", "stroke-opacity": 0.15, x: left + 0.5, y: top + 0.5, width: right - left, height: bottom - top})
  };
}

const chartRoot = (width: number, height: number, label: string) =>
  svg("svg", {class: "plot-d6a7b5", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label});

function cursorRule(frame: ReturnType<typeof timeFrame>, cursorSeconds: number | null): SVGGElement {
  return svg("g", {class: "cursor"}, cursorSeconds === null ? null
    : svg("line", {x1: frame.x(cursorSeconds) + 0.5, x2: frame.x(cursorSeconds) + 0.5, y1: frame.top, y2: frame.bottom, stroke: "currentColor", "stroke-width": 2, "stroke-opacity": 0.6}));
}

/** One dot per request the receiver processed, in a row per kind of decision. */
export function ReceiverDecisions(run: DeliveryRun, {width = 640, cursorSeconds = null, alongside = null}: ReceiverChartOptions = {}): Element {
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
  const height = 50 + rows.length * ROW_HEIGHT;
  const left = 190;
  const frame = timeFrame(width, height, left, timeAxisEnd(run, alongside));
  // Plot's point scale: each row at the middle of its equal share of the plot area.
  const step = (frame.bottom - frame.top) / rows.length;
  const rowY = (row: string) => round(frame.top + step * (rows.indexOf(row) + 0.5));
  const colour = (outcome: (typeof OUTCOMES)[number]) => scale.range[scale.domain.indexOf(outcome)] ?? "currentColor";
  const chart = chartRoot(width, height, "Receiver decisions over time");
  chart.append(
    svg("g", {class: "row-ticks", fill: "none", stroke: "currentColor"}, svg("path", {d: rows.map((row) => `M${left},${rowY(row) + 0.5}h-6`).join("")})),
    svg("g", {class: "row-labels", "text-anchor": "end"}, rows.map((row) => svg("text", {x: left - 8.5, y: rowY(row) + 0.5, dy: "0.32em"}, row))),
    frame.axis,
    frame.frame,
    svg("g", {class: "arrival-dots"}, arrivals.map((arrival) =>
      svg("circle", {cx: frame.x(arrival.at) + 0.5, cy: rowY(arrival.outcome) + 0.5, r: 7, fill: colour(arrival.outcome), "fill-opacity": arrival.faded ? 0.25 : 1}, svg("title", null, arrival.title)))),
    svg("g", {class: "arrival-labels", "font-size": 9}, arrivals.map((arrival) =>
      svg("text", {x: frame.x(arrival.at) + 0.5, y: rowY(arrival.outcome) - 11.5, dy: "0.32em", "fill-opacity": arrival.faded ? 0.3 : 1}, arrival.label))),
    cursorRule(frame, cursorSeconds)
  );
  return withChartNote(chart, arrivals.length === 0 ? `No request reached the receiver.${run.summary.blockedReason ? ` ${run.summary.blockedReason}` : ""}` : null);
}

/**
 * The sequence the receiver shows (the last update it applied) and the newest it
 * has ever applied. When they part, an older update overwrote a newer one: a regression.
 */
export function ReceiverState(run: DeliveryRun, {width = 640, cursorSeconds = null, alongside = null}: ReceiverChartOptions = {}): Element {
  // The last level holds to the end of the axis.
  const endsAt = timeAxisEnd(run, alongside);
  const steps = run.receiverStates.filter((sample) => sample.shownSequence !== null);
  const levels = (key: "shownSequence" | "newestAppliedSequence") => [
    ...steps.map((sample) => ({at: sample.atSeconds, sequence: sample[key]!})),
    ...(steps.length ? [{at: endsAt, sequence: steps[steps.length - 1]![key]!}] : [])
  ];
  const regressions = run.receiverStates.filter((sample) => sample.regression).map((sample) => ({
    at: sample.atSeconds,
    sequence: sample.shownSequence!,
    title: `Regression at ${sample.atSeconds} s: ${updateLabel(run, sample.updateIndex)} (sequence ${sample.shownSequence}) applied after sequence ${sample.newestAppliedSequence}`
  }));
  const maxSequence = Math.max(1, ...run.updates.map((update) => update.sequence));
  const height = 220;
  const frame = timeFrame(width, height, 50, endsAt);
  const yEnd = maxSequence + 0.5;
  const y = (sequence: number) => round(frame.bottom - (sequence / yEnd) * (frame.bottom - frame.top));
  // Plot's "d" tick format: whole numbers, no grouping.
  const yTicks = linearTicks(0, yEnd, Math.min(maxSequence, 10));
  const stepAfter = (points: readonly {at: number; sequence: number}[]) =>
    points.map((point, index) => index === 0 ? `M${frame.x(point.at)},${y(point.sequence)}` : `L${frame.x(point.at)},${y(points[index - 1]!.sequence)}L${frame.x(point.at)},${y(point.sequence)}`).join("");
  const chart = chartRoot(width, height, "What the receiver shows over time");
  chart.append(
    svg("g", {class: "y-axis"},
      svg("path", {class: "y-grid", fill: "none", stroke: "currentColor", "stroke-opacity": 0.1, d: yTicks.map((tick) => `M${frame.left},${y(tick) + 0.5}H${frame.right}`).join("")}),
      svg("path", {class: "y-ticks", fill: "none", stroke: "currentColor", d: yTicks.map((tick) => `M${frame.left},${y(tick) + 0.5}h-6`).join("")}),
      svg("g", {class: "y-tick-labels", "text-anchor": "end", "font-variant": "tabular-nums"}, yTicks.map((tick) => svg("text", {x: frame.left - 8.5, y: y(tick) + 0.5, dy: "0.32em"}, String(Math.round(tick))))),
      svg("text", {class: "y-axis-label", x: 3.5, y: frame.top - 16.5, dy: "0.71em", "text-anchor": "start"}, "↑ sequence")),
    frame.axis,
    frame.frame,
    svg("g", {class: "state-lines", fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round", transform: "translate(0.5,0.5)"},
      // The dashed newest-applied line goes on top: where the two agree it would hide under the shown one.
      steps.length ? [
        svg("path", {class: "shown", stroke: STATE_COLOURS.range[0], "stroke-width": 2.5, d: stepAfter(levels("shownSequence"))}),
        svg("path", {class: "newest-applied", stroke: STATE_COLOURS.range[1], "stroke-width": 1.5, "stroke-dasharray": "5,4", d: stepAfter(levels("newestAppliedSequence"))})
      ] : null),
    svg("g", {class: "regression-marks", transform: "translate(0.5,0.5)"}, regressions.flatMap((regression) => [
      svg("circle", {cx: frame.x(regression.at), cy: y(regression.sequence), r: 8, fill: "none", stroke: REGRESSION_RED, "stroke-width": 2.5}, svg("title", null, regression.title)),
      svg("text", {x: frame.x(regression.at), y: y(regression.sequence) + 16, dy: "0.32em", fill: REGRESSION_RED}, "regression")
    ])),
    cursorRule(frame, cursorSeconds)
  );
  return withChartNote(withLegends(chart, [colourLegend(STATE_COLOURS)]), steps.length === 0 ? "The receiver applied nothing." : null);
}
