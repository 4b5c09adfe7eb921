/**
 * Retention versus retry horizon: every scheduled attempt of one event, in two
 * lanes (re-signed with a fresh timestamp per attempt, or reusing attempt 1's
 * timestamp), on a symlog time axis so seconds and days fit one chart. Bars
 * show how long each dedup record is kept; a retry that lands after its record
 * expired slips past and is applied again.
 *
 * On the chart layer (d3), not Plot: four of the lab's sliders redraw it, and Plot was about 15 ms
 * of each move at 4x CPU throttle and, as lesson 4's only other use of it besides the race chart,
 * about 70 KB gzip of the page. d3's scaleSymlog is the scale Plot's "symlog" type is built on.
 */
import {scaleBand, scaleSymlog, type ScaleBand, type ScaleSymLog} from "d3-scale";
import {dedupRecordSpans} from "../../../lib/webhook-auth/lesson.js";
import type {RetryHorizonResult, RetryLaneResult} from "../../../lib/webhook-auth/rotation/retry-horizon.js";
import {bottomAxis, bottomAxisHeight, rowLabelsAbove, rowLabelsLeft} from "../chart/axes.js";
import {chartFrame, plotOutline, type ChartFrame} from "../chart/chart-frame.js";
import {markLegend, withLegends} from "../chart/legend.js";
import {placeRowLabels} from "../chart/row-labels.js";
import {crowdedRadius, symbolPath} from "../chart/symbols.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {formatDuration} from "../format/duration-format.js";
import {ATTEMPT_COLOURS, ATTEMPT_OUTCOMES, ATTEMPT_SYMBOLS, attemptOutcome, type AttemptOutcome} from "./palette.js";

import {LANE_LABELS} from "./horizon-lanes.js";

const SHORT_LANE_LABELS = {"re-signed": "re-signed", reused: "timestamp reused"} as const;
type Lane = keyof typeof LANE_LABELS;

/**
 * Round durations a reader knows (5 s, 15 s, half a minute, a minute, …, a week): the axis shows
 * those that fit. The shortest axis (30 s, a schedule of seconds) still has four.
 */
const TICKS = [0, 5, 15, 30, 60, 300, 1800, 7200, 21600, 86400, 259200, 604800];
/** A symbol's radius at 10 px type where attempts do not crowd, and the least it shrinks to where they do. */
const MAX_RADIUS = 6;
const MIN_RADIUS = 4;
/**
 * How far a symbol reaches from its centre: d3's symbols have the area of a circle of the radius,
 * so a star's points reach 1.67 radii, and its 1.5 px outline reaches past them. Labels and record
 * bars keep clear of this.
 */
const REACH_IN_RADII = 1.7;
const reach = (radius: number, type: TypeScale) => REACH_IN_RADII * radius + 1.5 * type.unit;

export interface RetryHorizonChartOptions {
  width?: number;
  type?: TypeScale;
}

interface AttemptMark {
  lane: Lane;
  at: number;
  attempt: number;
  outcome: AttemptOutcome;
  title: string;
}

function attemptMarks(lanes: readonly RetryLaneResult[]): AttemptMark[] {
  return lanes.flatMap((lane) =>
    lane.rows.map((row) => ({
      lane: lane.lane,
      at: row.arrivesAtSeconds,
      attempt: row.attempt,
      outcome: attemptOutcome(row),
      title: `Attempt ${row.attempt} (${LANE_LABELS[lane.lane]}) at ${formatDuration(row.arrivesAtSeconds)}: ${attemptOutcome(row)}. ${row.note}`
    }))
  );
}

export function RetryHorizonChart(
  horizon: RetryHorizonResult,
  {width = 640, type = typeScale()}: RetryHorizonChartOptions = {}
): Element {
  const lanes = [horizon.resigned, horizon.reused];
  const rows: Lane[] = lanes.map((lane) => lane.lane);
  const attempts = attemptMarks(lanes);
  const xMax = Math.max(30, 1.6 * Math.max(0, ...attempts.map((attempt) => attempt.at)));
  const labels = placeRowLabels({
    width,
    marginRight: type.body,
    type,
    rows,
    labels: [(row) => LANE_LABELS[row as Lane], (row) => SHORT_LANE_LABELS[row as Lane]]
  });
  const above = labels.placement === "above";
  // A lane holds its attempts' numbers over their symbols; above the plot, narrow, its name too.
  const band = 2 * (reach(MAX_RADIUS * type.unit, type) + type.line);
  const step = band + (above ? 1.4 : 0.6) * type.line;
  const margin = {
    top: above ? 1.4 * type.line : 0.6 * type.line,
    right: type.body,
    bottom: bottomAxisHeight(type),
    left: labels.marginLeft
  };
  const frame = chartFrame({
    width,
    height: Math.ceil(margin.top + rows.length * step + margin.bottom),
    margin,
    type,
    className: "retry-horizon",
    label: "Each attempt of one event and the dedup records it meets"
  });
  const x = timeScale(frame, xMax, attempts);
  const radius = symbolRadius(x, attempts, type);
  const y = scaleBand<string>(rows, [frame.bottom - rows.length * step + (step - band), frame.bottom]).paddingInner(
    1 - band / step
  );
  if (above) rowLabelsAbove(frame, y, labels.label);
  else rowLabelsLeft(frame, y, labels.label);
  const long = "time since the first attempt (symlog scale)";
  bottomAxis(frame, x, {
    label: type.widthOf(`${long} →`) < width * 0.9 ? long : "time since attempt 1 (symlog)",
    values: TICKS.filter((tick) => tick <= xMax),
    format: formatDuration
  });
  plotOutline(frame);
  recordBars(frame, x, y, lanes, xMax, horizon.retentionSeconds, radius);
  attemptSymbols(frame, x, y, attempts, radius);
  attemptNumbers(frame, x, y, attempts, radius);
  const present = new Set(attempts.map((attempt) => attempt.outcome));
  const legend = ATTEMPT_OUTCOMES.filter((outcome) => present.has(outcome)).map((outcome) => ({
    label: outcome,
    colour: ATTEMPT_COLOURS[outcome],
    symbol: ATTEMPT_SYMBOLS[outcome]
  }));
  return withLegends(frame.svg.node()!, [markLegend(legend, type)]);
}

/**
 * Seconds to x on a symlog scale (Plot's "symlog" is d3's scaleSymlog, constant 1), inset so the
 * symbols at either end and the last attempt's number stay inside the plot.
 */
function timeScale(frame: ChartFrame, xMax: number, attempts: readonly AttemptMark[]): ScaleSymLog<number, number> {
  const {type} = frame;
  const inset = reach(MAX_RADIUS * type.unit, type) + 2 * type.unit;
  const lastNumber = `#${Math.max(1, ...attempts.map((attempt) => attempt.attempt))}`;
  return scaleSymlog()
    .domain([0, xMax])
    .range([
      frame.left + inset,
      frame.right - Math.max(inset, type.widthOf(lastNumber, type.small) / 2 + 2 * type.unit)
    ]);
}

/** A symbol's radius: MAX_RADIUS, smaller where a lane's attempts crowd (a retry schedule's last days), never under MIN_RADIUS: still a shape, not a dot. */
function symbolRadius(x: ScaleSymLog<number, number>, attempts: readonly AttemptMark[], type: TypeScale): number {
  let closest = Infinity;
  for (let index = 1; index < attempts.length; index++) {
    const [before, after] = [attempts[index - 1]!, attempts[index]!];
    if (before.lane === after.lane && after.at > before.at) closest = Math.min(closest, x(after.at) - x(before.at));
  }
  return crowdedRadius(closest, {most: MAX_RADIUS, least: MIN_RADIUS, reachInRadii: REACH_IN_RADII}, type);
}

/** The dedup records, as faint bars from the arrival that made one to its expiry (a dashed end), cut at the axis's end. */
function recordBars(
  frame: ChartFrame,
  x: ScaleSymLog<number, number>,
  y: ScaleBand<string>,
  lanes: readonly RetryLaneResult[],
  xMax: number,
  retentionSeconds: number,
  radius: number
): void {
  // Around the symbols, below their numbers: a bar's dashed end never crosses a label.
  const half = reach(radius, frame.type) + frame.type.unit;
  const centre = (lane: string) => y(lane)! + y.bandwidth() / 2;
  const spans = lanes.flatMap((lane) =>
    dedupRecordSpans(lane, retentionSeconds).map((span) => ({
      lane: lane.lane,
      ...span,
      shownUntil: Math.min(span.untilSeconds, xMax)
    }))
  );
  const g = frame.svg.append("g").attr("class", "record-bars");
  g.selectAll("rect")
    .data(spans)
    .join("rect")
    .attr("x", (span) => x(span.fromSeconds))
    .attr("width", (span) => Math.max(0, x(span.shownUntil) - x(span.fromSeconds)))
    .attr("y", (span) => centre(span.lane) - half)
    .attr("height", 2 * half)
    .attr("fill-opacity", 0.12)
    .append("title")
    .text(
      (span) =>
        `Record made by attempt ${span.attempt}: kept from ${formatDuration(span.fromSeconds)} until ${formatDuration(span.untilSeconds)}`
    );
  g.selectAll("path")
    .data(spans)
    .join("path")
    .attr("d", (span) => `M${x(span.shownUntil)},${centre(span.lane) - half}V${centre(span.lane) + half}`)
    .attr("stroke", "currentColor")
    .attr("stroke-opacity", 0.6)
    .attr("stroke-dasharray", "3,2");
}

/** A symbol per attempt where it arrives, filled and outlined in its outcome's colour (a refusal's × has only an outline). */
function attemptSymbols(
  frame: ChartFrame,
  x: ScaleSymLog<number, number>,
  y: ScaleBand<string>,
  attempts: readonly AttemptMark[],
  radius: number
): void {
  frame.svg
    .append("g")
    .attr("class", "attempt-symbols")
    .attr("stroke-width", 1.5 * frame.type.unit)
    .selectAll("path")
    .data(attempts)
    .join("path")
    .attr("transform", (attempt) => `translate(${x(attempt.at)},${y(attempt.lane)! + y.bandwidth() / 2})`)
    .attr("d", (attempt) => symbolPath(ATTEMPT_SYMBOLS[attempt.outcome], radius))
    .attr("fill", (attempt) => ATTEMPT_COLOURS[attempt.outcome])
    .attr("stroke", (attempt) => ATTEMPT_COLOURS[attempt.outcome])
    .append("title")
    .text((attempt) => attempt.title);
}

/**
 * "#n" over an attempt's symbol. Attempts whose labels would crowd (a schedule's last days) share
 * one label naming them all, "#8–10", over their middle: every attempt is counted, none unlabelled.
 */
function attemptNumbers(
  frame: ChartFrame,
  x: ScaleSymLog<number, number>,
  y: ScaleBand<string>,
  attempts: readonly AttemptMark[],
  radius: number
): void {
  const labels = crowdedLabels(attempts, x, frame.type);
  frame.svg
    .append("g")
    .attr("class", "attempt-numbers")
    .attr("font-size", frame.type.small)
    .selectAll("text")
    .data(labels)
    .join("text")
    .attr("x", (label) => label.x)
    .attr("y", (label) => y(label.lane)! + y.bandwidth() / 2 - reach(radius, frame.type) - 3 * frame.type.unit)
    .text((label) => label.text);
}

interface AttemptLabel {
  lane: Lane;
  first: number;
  last: number;
  x: number;
  text: string;
}

/** Each lane's attempts grouped where their numbers would overlap, each group with its label and where it stands. */
function crowdedLabels(
  attempts: readonly AttemptMark[],
  x: ScaleSymLog<number, number>,
  type: TypeScale
): AttemptLabel[] {
  const gap = type.body;
  const labels: AttemptLabel[] = [];
  const labelOf = (lane: Lane, first: AttemptMark, last: AttemptMark): AttemptLabel => ({
    lane,
    first: first.attempt,
    last: last.attempt,
    x: (x(first.at) + x(last.at)) / 2,
    text: first.attempt === last.attempt ? `#${first.attempt}` : `#${first.attempt}–${last.attempt}`
  });
  const crowd = (left: AttemptLabel, right: AttemptLabel) =>
    left.lane === right.lane &&
    right.x - left.x < (type.widthOf(left.text, type.small) + type.widthOf(right.text, type.small)) / 2 + gap;
  const firstOf = new Map<AttemptLabel, AttemptMark>();
  for (const attempt of attempts) {
    const previous = labels.at(-1);
    const candidate = labelOf(attempt.lane, attempt, attempt);
    if (previous === undefined || !crowd(previous, candidate)) {
      labels.push(candidate);
      firstOf.set(candidate, attempt);
      continue;
    }
    // Joins the crowd: one label from its first attempt to this one; a wider label can crowd the one before it too.
    let merged = labelOf(attempt.lane, firstOf.get(previous)!, attempt);
    firstOf.set(merged, firstOf.get(previous)!);
    labels.pop();
    for (let before = labels.at(-1); before !== undefined && crowd(before, merged); before = labels.at(-1)) {
      labels.pop();
      const joined = labelOf(attempt.lane, firstOf.get(before)!, attempt);
      firstOf.set(joined, firstOf.get(before)!);
      merged = joined;
    }
    labels.push(merged);
  }
  return labels;
}
