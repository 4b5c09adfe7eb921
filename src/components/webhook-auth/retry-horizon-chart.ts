/**
 * Retention versus retry horizon: every scheduled attempt of one event, in two
 * lanes (re-signed with a fresh timestamp per attempt, or reusing attempt 1's
 * timestamp), on a symlog time axis so seconds and days fit one chart. Bars
 * show how long each dedup record is kept; a retry that lands after its record
 * expired slips past and is applied again.
 *
 * Plot, not the chart layer: a symlog time axis with its own ticks, dots with symbols and bars
 * per lane are a standard Plot chart; it is drawn once per change of its inputs, below the
 * page's first screen, where Plot is loaded on demand.
 */
import {dedupRecordSpans, type RetryHorizonResult, type RetryLaneResult} from "../../../lib/webhook-auth/index.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {PAGE_FONT_SIZE, type TypeScale, typeScale} from "../chart/type-scale.js";
import {formatDuration} from "../duration-format.js";
import {ATTEMPT_COLOURS, ATTEMPT_OUTCOMES, ATTEMPT_SYMBOLS, attemptOutcome} from "./palette.js";
import {loadedPlot} from "../plot-on-demand.js";

/** Where Plot puts a bottom axis's name below the plot, at its own 10 px type. */
const LABEL_OFFSET = 26;

export const LANE_LABELS = {"re-signed": "re-signed each attempt", reused: "timestamp of attempt 1 reused"} as const;
const TICKS = [0, 5, 60, 300, 1800, 7200, 21600, 86400, 259200, 604800];
/** A narrow chart's ticks: a minute, an hour, a day and a week apart. */
const NARROW_TICKS = [0, 60, 3600, 86400, 604800];
const MARGIN = {top: 20, right: 20, bottom: 36, left: 190};
/** Narrower than the lanes' column and this much plot (a phone), each lane's name goes under it. */
const MIN_PLOT_WIDTH = 240;
const NARROW_LANE_PADDING = 0.45;
/** Room one "#10" needs on the axis: an attempt number closer than this to the last one shown is left out (its dot's title names it). */
const ATTEMPT_LABEL_PX = 20;

export interface RetryHorizonChartOptions {
  width?: number;
  /** The chart layer's type scale: a slide's draws every size larger by body / PAGE_FONT_SIZE. */
  type?: TypeScale;
}

export function RetryHorizonChart(horizon: RetryHorizonResult, {width = 640, type = typeScale()}: RetryHorizonChartOptions = {}): Element {
  const Plot = loadedPlot();
  // Plot's sizes are drawn for the page's type; a larger type scales them all by one factor.
  // (Plot places the x axis's name LABEL_OFFSET px below the plot at its own 10 px; a slide's
  // larger dot at 0 s is kept off the lane names by an inset.)
  const k = type.body / PAGE_FONT_SIZE;
  const margin = {top: MARGIN.top * k, right: MARGIN.right * k, bottom: MARGIN.bottom * k, left: MARGIN.left * k};
  const lanes: RetryLaneResult[] = [horizon.resigned, horizon.reused];
  const attempts = lanes.flatMap((lane) => lane.rows.map((row) => ({
    lane: LANE_LABELS[lane.lane],
    at: row.arrivesAtSeconds,
    attempt: `#${row.attempt}`,
    outcome: attemptOutcome(row),
    title: `Attempt ${row.attempt} (${LANE_LABELS[lane.lane]}) at ${formatDuration(row.arrivesAtSeconds)}: ${attemptOutcome(row)}. ${row.note}`
  })));
  const lastAttempt = Math.max(0, ...attempts.map((attempt) => attempt.at));
  const xMax = Math.max(lastAttempt * 1.6, 30);
  const spans = lanes.flatMap((lane) => dedupRecordSpans(lane, horizon.retentionSeconds).map((span) => ({
    lane: LANE_LABELS[lane.lane],
    from: span.fromSeconds,
    until: Math.min(span.untilSeconds, xMax),
    title: `Record made by attempt ${span.attempt}: kept from ${formatDuration(span.fromSeconds)} until ${formatDuration(span.untilSeconds)}`
  })));
  const narrow = width - margin.left - margin.right < MIN_PLOT_WIDTH * k;
  const marginLeft = narrow ? 14 * k : margin.left;
  const plotWidth = Math.max(1, width - marginLeft - margin.right);
  // Plot's symlog (constant 1): where an attempt lands, so crowded numbers can be thinned.
  const at = (seconds: number) => (Math.log1p(seconds) / Math.log1p(xMax)) * plotWidth;
  const numbered = lanes.flatMap((lane) => {
    let last = -Infinity;
    return attempts.filter((attempt) => attempt.lane === LANE_LABELS[lane.lane]).filter((attempt) => {
      if (at(attempt.at) - last < ATTEMPT_LABEL_PX * k) return false;
      last = at(attempt.at);
      return true;
    });
  });
  const height = 190 * k;
  const step = (height - margin.top - margin.bottom) / (lanes.length + NARROW_LANE_PADDING);
  const present = new Set(attempts.map((attempt) => attempt.outcome));
  const domain = ATTEMPT_OUTCOMES.filter((outcome) => present.has(outcome));
  const colour = {domain, range: domain.map((outcome) => ATTEMPT_COLOURS[outcome])};
  const chart = Plot.plot({
    width,
    height,
    marginLeft,
    marginRight: margin.right,
    ...(narrow || k !== 1 ? {marginTop: margin.top, marginBottom: margin.bottom} : {}),
    ...(k !== 1 ? {style: {fontSize: `${10 * k}px`}} : {}),
    x: {...(k !== 1 ? {tickSize: 6 * k, tickPadding: 3 * k, labelOffset: LABEL_OFFSET * k, insetLeft: 8 * k} : {}), type: "symlog", domain: [0, xMax], ticks: (narrow ? NARROW_TICKS : TICKS).filter((tick) => tick <= xMax), tickFormat: (seconds: number) => formatDuration(seconds), label: narrow ? "time since attempt 1 (symlog)" : "time since the first attempt (symlog scale)", grid: true},
    y: narrow ? {domain: Object.values(LANE_LABELS), label: null, axis: null, padding: NARROW_LANE_PADDING} : {domain: Object.values(LANE_LABELS), label: null},
    color: colour,
    symbol: {domain, range: domain.map((outcome) => ATTEMPT_SYMBOLS[outcome])},
    marks: [
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.barX(spans, {y: "lane", x1: "from", x2: "until", fill: "currentColor", fillOpacity: 0.12, inset: 6 * k, title: "title"}),
      Plot.tickX(spans, {y: "lane", x: "until", stroke: "currentColor", strokeOpacity: 0.6, strokeDasharray: "3,2", inset: 6 * k}),
      // Outlined in its own colour: the × of a refusal has only an outline, which its legend swatch must match.
      Plot.dot(attempts, {x: "at", y: "lane", fill: "outcome", symbol: "outcome", stroke: "outcome", strokeWidth: 1.5 * k, r: 6 * k, title: "title"}),
      Plot.text(numbered, {x: "at", y: "lane", text: "attempt", dy: -14 * k, fontSize: 9 * k, fill: "currentColor"}),
      // Narrow: each lane's name under its dots.
      ...(narrow ? [Plot.text(Object.values(LANE_LABELS), {y: (d: string) => d, text: (d: string) => d, frameAnchor: "left", textAnchor: "start", dy: (step * (1 - NARROW_LANE_PADDING)) / 2 + 8 * k, fill: "currentColor"})] : [])
    ]
  }) as Element;
  return withLegends(chart, [colourLegend(colour, type)]);
}
