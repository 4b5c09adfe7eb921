/**
 * Every webhook attempt of a run: one band of rows per update, one row per
 * attempt. A bar runs from dispatch to arrival, coloured by what the receiver
 * decided; a symbol marks what the sender saw and when. The outage window, the
 * config deletion and suppressed attempts are marked; a cursor follows playback.
 *
 * Drawn by hand in SVG, in Plot's manner (its class, axes, symbols and arrowheads), not
 * by Plot: this chart is redrawn in the frame of every input, and Plot's scales and
 * marks were most of that frame (lesson 1's slider: about 10 ms with Plot, 7 without).
 * A LiveView morphs one drawing into the next, so what an input did not move stays.
 */
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";
import {linearTicks, PX_PER_TICK} from "../chart-ticks.js";
import {listen, svgElement as svg, type Child} from "../dom.js";
import {cachedLegend, withLegends} from "../plot-legends.js";
import {attemptOutcomes, presentOutcomes, timeAxisEnd, updateLabel} from "./palette.js";
import {formatNumber} from "../number-format.js";

export interface SwimlaneOptions {
  width?: number;
  /** The playback's modeled clock: later events are faded. Null shows everything. */
  cursorSeconds?: number | null;
  /** Called with an update's index when the reader clicks its lane (the table's buttons do the same by keyboard). */
  onSelectUpdate?: (updateIndex: number) => void;
  /** The update chosen for inspection: its lane is outlined, so a click visibly lands. */
  selectedUpdate?: number | null;
  /** The other run of a comparison: both are drawn on one time axis. */
  alongside?: DeliveryRun | null;
}

const ROW_HEIGHT = 20;
const LANE_STRIPE = "#8c959f";
const SELECTED_LANE = "#2f6fde";
const SENDER_SYMBOLS = {
  "2xx received": "circle", "refusal received": "square", "503 received": "diamond",
  "timed out (slow)": "times", "timed out (2xx lost)": "triangle"
} as const;
type SenderView = keyof typeof SENDER_SYMBOLS;

function senderView(attempt: DeliveryAttempt): SenderView {
  if (attempt.sender.kind === "timeout") return attempt.sender.cause === "response-lost" ? "timed out (2xx lost)" : "timed out (slow)";
  const status = attempt.sender.httpStatus;
  return status >= 200 && status < 300 ? "2xx received" : status === 503 ? "503 received" : "refusal received";
}

function senderDetail(attempt: DeliveryAttempt): string {
  if (attempt.sender.kind === "response") return `sender got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s`;
  const why = attempt.sender.cause === "response-lost" ? "the 2xx was lost on its way back" : "no response by the deadline";
  return `sender timed out at ${attempt.sender.atSeconds} s (${why})`;
}

/** Row key of an update's attempt; the first attempt's row carries the update's label. */
function rowKey(updateIndex: number, attemptNumber: number): string {
  return `${updateIndex}/${attemptNumber}`;
}

/** Plot's default class: the site's plot.css styles it, and the legends beside it share it. */
const PLOT_CLASS = "plot-d6a7b5";
const MARGIN = {top: 24, right: 20, bottom: 30, left: 150};
const SUPPRESSED_RED = "#d1242f";
const OUTAGE_FILL = "#c69026";

/** d3's symbol paths at Plot's r = 5 (area 25π), as Plot draws them and its legend shows them. */
const SYMBOL_PATHS: Record<(typeof SENDER_SYMBOLS)[SenderView], string> = {
  circle: "M5,0A5,5,0,1,1,-5,0A5,5,0,1,1,5,0",
  square: "M-4.431,-4.431h8.862v8.862h-8.862Z",
  diamond: "M0,-8.247L4.762,0L0,8.247L-4.762,0Z",
  times: "M-5.425,-5.425L5.425,5.425M-5.425,5.425L5.425,-5.425",
  triangle: "M0,-7.776L6.734,3.888L-6.734,3.888Z"
};

/** Where things go: seconds to x, a row key to its band's centre. */
interface Frame {
  width: number;
  height: number;
  /** The plot area's top: labels above it sit in the margin. */
  top: number;
  x: (seconds: number) => number;
  rowCentre: (row: string) => number;
  rowTop: (row: string) => number;
  rowStep: number;
  xMax: number;
  rows: readonly string[];
}

function frameFor(width: number, rows: readonly string[], xMax: number, extraTop: number): Frame {
  const top = MARGIN.top + extraTop;
  const height = 60 + extraTop + rows.length * ROW_HEIGHT;
  const inner = height - top - MARGIN.bottom;
  // Whole-pixel bands, centred in the plot area, as Plot's rounded band scale lays them out.
  const rowStep = Math.floor(inner / Math.max(1, rows.length));
  const first = top + Math.round((inner - rowStep * rows.length) / 2);
  const index = new Map(rows.map((row, position) => [row, position]));
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const rowTop = (row: string) => first + (index.get(row) ?? 0) * rowStep;
  return {
    width, height, top, rowStep, xMax, rows, rowTop,
    x: (seconds) => round(MARGIN.left + (Math.min(Math.max(seconds, 0), xMax) / xMax) * plotWidth),
    rowCentre: (row) => rowTop(row) + rowStep / 2
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

export function AttemptSwimlane(run: DeliveryRun, {width = 640, cursorSeconds = null, onSelectUpdate, selectedUpdate = null, alongside = null}: SwimlaneOptions = {}): Element {
  const outcomes = attemptOutcomes(run);
  const future = (seconds: number) => cursorSeconds !== null && seconds > cursorSeconds;
  const {rows, rowLabels, stripes, selectedRows} = lanesOf(run, selectedUpdate);
  const xMax = timeAxisEnd(run, alongside);
  const outageUntil = run.config.receiverUnavailableUntilSeconds;
  const deletedAt = run.config.deleteConfigAtSeconds;
  // The outage's label ends where the outage does; the deletion's starts beside its rule. When they would meet, the outage's goes a line higher.
  const stacked = outageUntil > 0 && deletedAt !== null && marginLabelsMeet(width, xMax, outageUntil, deletedAt);
  const frame = frameFor(width, rows, xMax, stacked ? LABEL_LINE : 0);
  const colour = presentOutcomes(run.attempts.map((attempt) => outcomes.get(attempt)!));
  const colourOf = new Map(colour.domain.map((outcome, index) => [outcome, colour.range[index]!]));
  const top = frame.top;
  const bottom = frame.height - MARGIN.bottom;

  const attempts = run.attempts.map((attempt) => ({
    attempt,
    row: rowKey(attempt.updateIndex, attempt.attemptNumber),
    colour: colourOf.get(outcomes.get(attempt)!)!,
    opacity: future(attempt.dispatchedAtSeconds) ? 0.25 : 1,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s, receiver: ${outcomes.get(attempt)} (${attempt.httpStatus}); ${senderDetail(attempt)}`
  }));
  const chart = svg(
    "svg",
    {class: PLOT_CLASS, fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height: frame.height, viewBox: `0 0 ${width} ${frame.height}`},
    svg("g", {"aria-label": "y-axis tick label", "text-anchor": "end"},
      rows.map((row) => svg("text", {x: MARGIN.left - 8.5, y: frame.rowCentre(row), dy: "0.32em"}, rowLabels.get(row) ?? row))),
    timeAxis(frame, top, bottom),
    stripes.length ? svg("path", {"aria-label": "lanes", fill: LANE_STRIPE, "fill-opacity": 0.1, d: stripes.map((row) => lanePath(frame, row)).join("")}) : null,
    selectedRows.length ? svg("g", {class: "lane-chosen", fill: SELECTED_LANE, "fill-opacity": 0.18, stroke: SELECTED_LANE, "stroke-width": 1}, selectedRows.map((row) => laneRect(frame, row))) : null,
    outageUntil > 0 ? [
      svg("rect", {"aria-label": "outage", x: MARGIN.left, y: top, width: frame.x(outageUntil) - MARGIN.left, height: bottom - top, fill: OUTAGE_FILL, "fill-opacity": 0.16}),
      svg("text", {x: frame.x(outageUntil) - 4, y: top - 14 - (stacked ? LABEL_LINE : 0), dy: "0.71em", "text-anchor": "end", "font-size": 9}, OUTAGE_LABEL)
    ] : null,
    svg("rect", {"aria-label": "frame", fill: "none", stroke: "currentColor", "stroke-opacity": 0.15, x: MARGIN.left + 0.5, y: top + 0.5, width: width - MARGIN.left - MARGIN.right, height: bottom - top}),
    svg("g", {"aria-label": "link", fill: "none", "stroke-width": 4},
      attempts.map(({attempt, row, colour, opacity, title}) => svg("path", {
        d: `M${frame.x(attempt.dispatchedAtSeconds)},${frame.rowCentre(row)}L${frame.x(attempt.arrivesAtSeconds)},${frame.rowCentre(row)}`,
        stroke: colour, "stroke-opacity": opacity
      }, svg("title", null, title)))),
    // Plot's "arrow" marker, drawn in place (a marker needs a document-wide id, and ids that change on every
    // redraw would touch every bar): one path per colour and opacity, so a redraw builds few elements.
    svg("g", {"aria-label": "arrowhead", fill: "none", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round"},
      [...groupBy(attempts, ({colour, opacity}) => `${colour} ${opacity}`).values()].map((group) => svg("path", {
        d: group.map(({attempt, row}) => {
          const [x, y] = [frame.x(attempt.arrivesAtSeconds), frame.rowCentre(row)];
          return `M${round(x - 4)},${y - 8}L${round(x + 4)},${y}L${round(x - 4)},${y + 8}`;
        }).join(""),
        stroke: group[0]!.colour, "stroke-opacity": group[0]!.opacity
      }))),
    svg("g", {"aria-label": "dot", fill: "none", stroke: "currentColor", "stroke-width": 1.5},
      attempts.map(({attempt, row, opacity, title}) => svg("path", {
        transform: `translate(${frame.x(attempt.sender.atSeconds)},${frame.rowCentre(row)})`, d: SYMBOL_PATHS[SENDER_SYMBOLS[senderView(attempt)]], "stroke-opacity": opacity
      }, svg("title", null, title)))),
    suppressedMarks(run, frame),
    deletedAt !== null ? [
      svg("line", {"aria-label": "rule", x1: frame.x(deletedAt), x2: frame.x(deletedAt), y1: top, y2: bottom, stroke: SUPPRESSED_RED, "stroke-width": 1.5, "stroke-dasharray": "5,3"}),
      labelBeside(frame, deletedAt, top - 14, DELETION_LABEL, {dy: "0.71em"})
    ] : null,
    cursorSeconds !== null ? svg("line", {"aria-label": "cursor", x1: frame.x(cursorSeconds), x2: frame.x(cursorSeconds), y1: top, y2: bottom, stroke: "currentColor", "stroke-width": 2, "stroke-opacity": 0.6}) : null
  );
  // The scales, as a Plot chart offers them: the lesson's charts share one time axis.
  const scales = {x: {domain: [0, frame.xMax], range: [MARGIN.left, width - MARGIN.right]}, y: {domain: [...rows], range: [top, bottom]}};
  Object.assign(chart, {scale: (name: "x" | "y") => scales[name]});
  if (onSelectUpdate) selectLaneOnClick(chart, frame, onSelectUpdate);
  const symbol = {domain: Object.keys(SENDER_SYMBOLS), range: Object.values(SENDER_SYMBOLS)};
  const legends = [cachedLegend({color: colour}), cachedLegend({symbol, fill: "none", stroke: "currentColor"})];
  return withLegends(chart, colour.domain.length ? legends : legends.slice(1));
}

/** One more line of 9 px labels above the plot. */
const LABEL_LINE = 12;
/** Label widths without measuring text: a generous average glyph width at 9 px. */
const LABEL_CHAR_WIDTH = 5.2;
const OUTAGE_LABEL = "receiver answers 503 until here";
const DELETION_LABEL = "config deleted";

/** Whether the outage's label (ending at the outage's end) and the deletion's (beside its rule) would overlap on one line. */
function marginLabelsMeet(width: number, xMax: number, outageUntil: number, deletedAt: number): boolean {
  const x = (seconds: number) => MARGIN.left + (Math.min(seconds, xMax) / xMax) * (width - MARGIN.left - MARGIN.right);
  const outage = [x(outageUntil) - 4 - OUTAGE_LABEL.length * LABEL_CHAR_WIDTH, x(outageUntil) - 4];
  const nearEnd = deletedAt > 0.75 * xMax;
  const deletionWidth = DELETION_LABEL.length * LABEL_CHAR_WIDTH;
  const deletion = nearEnd ? [x(deletedAt) - 8 - deletionWidth, x(deletedAt) - 8] : [x(deletedAt) + 8, x(deletedAt) + 8 + deletionWidth];
  return outage[0]! < deletion[1]! && deletion[0]! < outage[1]!;
}

/** Rows: every attempt sent or suppressed, grouped by update, in attempt order; alternate updates striped. */
function lanesOf(run: DeliveryRun, selectedUpdate: number | null) {
  const attemptsPerUpdate = new Map<number, number>();
  for (const {updateIndex, attemptNumber} of [...run.attempts, ...run.suppressedAttempts]) {
    attemptsPerUpdate.set(updateIndex, Math.max(attemptsPerUpdate.get(updateIndex) ?? 0, attemptNumber));
  }
  const rows: string[] = [];
  const rowLabels = new Map<string, string>();
  const stripes: string[] = [];
  const selectedRows: string[] = [];
  for (const update of run.updates) {
    const count = Math.max(1, attemptsPerUpdate.get(update.updateIndex) ?? 0);
    for (let attempt = 1; attempt <= count; attempt++) {
      const key = rowKey(update.updateIndex, attempt);
      rows.push(key);
      rowLabels.set(key, attempt === 1 ? `${updateLabel(run, update.updateIndex)}  #1` : `#${attempt}`);
      if (update.updateIndex % 2 === 0) stripes.push(key);
      if (update.updateIndex === selectedUpdate) selectedRows.push(key);
    }
  }
  return {rows, rowLabels, stripes, selectedRows};
}

/** A lane's band as a path segment, so all the stripes are one element. */
function lanePath(frame: Frame, row: string): string {
  return `M${MARGIN.left},${frame.rowTop(row)}h${frame.width - MARGIN.left - MARGIN.right}v${frame.rowStep}h${MARGIN.left + MARGIN.right - frame.width}Z`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function laneRect(frame: Frame, row: string): SVGRectElement {
  return svg("rect", {x: MARGIN.left, y: frame.rowTop(row), width: frame.width - MARGIN.left - MARGIN.right, height: frame.rowStep});
}

/** Grid lines, ticks, tick labels and the axis label, as Plot draws a linear x axis. */
function timeAxis(frame: Frame, top: number, bottom: number): Child[] {
  const ticks = linearTicks(0, frame.xMax, (frame.width - MARGIN.left - MARGIN.right) / PX_PER_TICK);
  return [
    // Grid lines and tick marks as one path each: a redraw that moves them touches two elements.
    svg("path", {"aria-label": "x-grid", "aria-hidden": "true", fill: "none", stroke: "currentColor", "stroke-opacity": 0.1,
      d: ticks.map((tick) => `M${frame.x(tick) + 0.5},${top}V${bottom}`).join("")}),
    svg("path", {"aria-label": "x-axis tick", "aria-hidden": "true", fill: "none", stroke: "currentColor",
      d: ticks.map((tick) => `M${frame.x(tick) + 0.5},${bottom}v6`).join("")}),
    svg("g", {"aria-label": "x-axis tick label", "font-variant": "tabular-nums"},
      ticks.map((tick) => svg("text", {x: frame.x(tick) + 0.5, y: bottom + 9.5, dy: "0.71em"}, formatNumber(tick)))),
    svg("text", {"aria-label": "x-axis label", x: frame.width - MARGIN.right + 17.5, y: bottom + 27.5, "text-anchor": "end"}, "modeled time (s) →")
  ];
}

/** Each suppressed attempt: a red cross where it was due, and its label. */
function suppressedMarks(run: DeliveryRun, frame: Frame): Child[] {
  if (!run.suppressedAttempts.length) return [];
  const marks = run.suppressedAttempts.map((attempt) => ({
    at: attempt.wouldStartAtSeconds,
    y: frame.rowCentre(rowKey(attempt.updateIndex, attempt.attemptNumber)),
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s)`
  }));
  return [
    svg("g", {"aria-label": "suppressed", fill: "none", stroke: SUPPRESSED_RED, "stroke-width": 1.5},
      marks.map(({at, y, title}) => svg("path", {transform: `translate(${frame.x(at)},${y})`, d: SYMBOL_PATHS.times}, svg("title", null, title)))),
    marks.map(({at, y}) => labelBeside(frame, at, y, "suppressed", {dy: "0.32em"}))
  ];
}

/** A red label right of `seconds`, or left of it in the last quarter of the axis, so it stays inside the chart. */
function labelBeside(frame: Frame, seconds: number, y: number, text: string, {dy}: {dy: string}): SVGTextElement {
  const nearEnd = seconds > 0.75 * frame.xMax;
  return svg("text", {x: frame.x(seconds) + (nearEnd ? -8 : 8), y, dy, "text-anchor": nearEnd ? "end" : "start", fill: SUPPRESSED_RED, "font-size": 9}, text);
}

/** Maps a click inside the chart to the row under it, and the row to its update. */
function selectLaneOnClick(chart: SVGSVGElement, frame: Frame, onSelectUpdate: (updateIndex: number) => void): void {
  chart.style.cursor = "pointer";
  // listen(), and the svg read from the event: a LiveView may keep an older svg and hand this listener to it.
  listen(chart, "click", (event: Event) => {
    if (!(event instanceof MouseEvent)) return;
    const matrix = (event.currentTarget as SVGSVGElement).getScreenCTM();
    if (!matrix) return;
    const y = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()).y;
    const row = frame.rows.find((candidate) => y >= frame.rowTop(candidate) && y < frame.rowTop(candidate) + frame.rowStep);
    if (row !== undefined) onSelectUpdate(Number(row.split("/")[0]));
  });
}
