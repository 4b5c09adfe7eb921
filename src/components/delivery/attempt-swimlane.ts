/**
 * Every webhook attempt of a run: one band of rows per update, one row per
 * attempt. A bar runs from dispatch to arrival, coloured by what the receiver
 * decided; a symbol marks what the sender saw and when. The outage window, the
 * config deletion and suppressed attempts are marked; a cursor follows playback.
 *
 * Drawn by hand in SVG, in Plot's manner (its class, axes, symbols and arrowheads), not
 * by Plot: this chart is redrawn in the frame of every input, and Plot's scales and
 * marks were most of that frame (lesson 1's slider: about 11 ms with Plot, 8 without).
 * A LiveView morphs one drawing into the next, so what an input did not move stays.
 */
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";
import {listen, svgElement as svg} from "../dom.js";
import {colourLegend, symbolLegend, withLegends} from "../legends.js";
import {attemptOutcomes, presentOutcomes, timeAxisEnd, timeUnitFor, updateLabel} from "./palette.js";
import {bandLayout, linearXAxis} from "../svg-axis.js";

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
  if (attempt.sender.kind === "waiting") return "timed out (2xx lost)";
  const status = attempt.sender.httpStatus;
  return status >= 200 && status < 300 ? "2xx received" : status === 503 ? "503 received" : "refusal received";
}

function senderDetail(attempt: DeliveryAttempt): string {
  if (attempt.sender.kind === "response") return `sender got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s`;
  if (attempt.sender.kind === "waiting") return "the 2xx was lost and this sender has no timeout: it is still waiting";
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

/** Where things go: seconds to x, a row key to its band. */
interface Frame {
  width: number;
  height: number;
  /** The plot area's top and bottom: labels above it sit in the margin. */
  top: number;
  bottom: number;
  x: (seconds: number) => number;
  rowCentre: (row: string) => number;
  rowTop: (row: string) => number;
  rowStep: number;
  xMax: number;
  rows: readonly string[];
}

/** Seconds to x on a plot area `width` wide, clamped to the axis [0, xMax]. */
function timeScale(width: number, xMax: number): (seconds: number) => number {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  return (seconds) => round(MARGIN.left + (Math.min(Math.max(seconds, 0), xMax) / xMax) * plotWidth);
}

function frameFor(width: number, rows: readonly string[], xMax: number, extraTop: number): Frame {
  const top = MARGIN.top + extraTop;
  const height = 60 + extraTop + rows.length * ROW_HEIGHT;
  const bottom = height - MARGIN.bottom;
  // One band per row, no padding: each update's attempts touch, so they read as one lane.
  const {bandHeight: rowStep, rowTop: topOfIndex} = bandLayout(rows.length, top, bottom, 0);
  const index = new Map(rows.map((row, position) => [row, position]));
  const rowTop = (row: string) => topOfIndex(index.get(row) ?? 0);
  return {width, height, top, bottom, rowStep, xMax, rows, rowTop, x: timeScale(width, xMax), rowCentre: (row) => rowTop(row) + rowStep / 2};
}

const round = (value: number) => Math.round(value * 100) / 100;

/** One attempt as the marks draw it. */
interface AttemptMark {
  attempt: DeliveryAttempt;
  row: string;
  colour: string;
  opacity: number;
  title: string;
}

export function AttemptSwimlane(run: DeliveryRun, {width = 640, cursorSeconds = null, onSelectUpdate, selectedUpdate = null, alongside = null}: SwimlaneOptions = {}): Element {
  const outcomes = attemptOutcomes(run);
  const lanes = lanesOf(run, selectedUpdate);
  const xMax = timeAxisEnd(run, alongside);
  const {receiverUnavailableUntilSeconds: outageUntil, deleteConfigAtSeconds: deletedAt} = run.config;
  // The outage's label ends where the outage does; the deletion's starts beside its rule. When they would meet, the outage's goes a line higher.
  const stacked = outageUntil > 0 && deletedAt !== null && marginLabelsMeet(timeScale(width, xMax), xMax, outageUntil, deletedAt);
  const frame = frameFor(width, lanes.rows, xMax, stacked ? LABEL_LINE : 0);
  const colour = presentOutcomes(run.attempts.map((attempt) => outcomes.get(attempt)!));
  const colourOf = new Map(colour.domain.map((outcome, index) => [outcome, colour.range[index]!]));
  const attempts: AttemptMark[] = run.attempts.map((attempt) => ({
    attempt,
    row: rowKey(attempt.updateIndex, attempt.attemptNumber),
    colour: colourOf.get(outcomes.get(attempt)!)!,
    opacity: cursorSeconds !== null && attempt.dispatchedAtSeconds > cursorSeconds ? 0.25 : 1,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s, receiver: ${outcomes.get(attempt)} (${attempt.httpStatus}); ${senderDetail(attempt)}`
  }));
  // Every mark is one group, present even when empty: morph matches children by position, so a
  // mark that came and went would shift, and rewrite, every mark after it.
  const chart = svg(
    "svg",
    {class: PLOT_CLASS, fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height: frame.height, viewBox: `0 0 ${width} ${frame.height}`},
    rowLabelsMark(frame, lanes.rowLabels),
    timeAxis(frame),
    laneStripes(frame, lanes.stripes),
    chosenLanes(frame, lanes.selectedRows),
    outageMark(frame, outageUntil, stacked),
    svg("rect", {class: "frame", fill: "none", stroke: "currentColor", "stroke-opacity": 0.15, x: MARGIN.left + 0.5, y: frame.top + 0.5, width: width - MARGIN.left - MARGIN.right, height: frame.bottom - frame.top}),
    attemptBars(frame, attempts),
    arrowheads(frame, attempts),
    senderDots(frame, attempts),
    suppressedMarks(run, frame),
    deletionMark(frame, deletedAt),
    cursorMark(frame, cursorSeconds)
  );
  if (onSelectUpdate) selectLaneOnClick(chart, frame, onSelectUpdate);
  const symbol = {domain: Object.keys(SENDER_SYMBOLS), range: Object.values(SENDER_SYMBOLS)};
  const legends = [colourLegend(colour), symbolLegend(symbol)];
  return withLegends(chart, colour.domain.length ? legends : legends.slice(1));
}

function rowLabelsMark(frame: Frame, rowLabels: ReadonlyMap<string, string>): SVGGElement {
  return svg("g", {class: "row-labels", "text-anchor": "end"},
    frame.rows.map((row) => svg("text", {x: MARGIN.left - 8.5, y: frame.rowCentre(row), dy: "0.32em"}, rowLabels.get(row) ?? row)));
}

/** Alternate updates sit on a light stripe, so each update's attempts read as one lane: one path for all. */
function laneStripes(frame: Frame, stripes: readonly string[]): SVGGElement {
  return svg("g", {class: "lane-stripes", fill: LANE_STRIPE, "fill-opacity": 0.1},
    stripes.length ? svg("path", {d: stripes.map((row) => lanePath(frame, row)).join("")}) : null);
}

/** The update chosen for inspection: its lane is outlined, so a click visibly lands. */
function chosenLanes(frame: Frame, rows: readonly string[]): SVGGElement {
  return svg("g", {class: "lane-chosen", fill: SELECTED_LANE, "fill-opacity": 0.18, stroke: SELECTED_LANE, "stroke-width": 1}, rows.map((row) => laneRect(frame, row)));
}

function outageMark(frame: Frame, outageUntil: number, stacked: boolean): SVGGElement {
  return svg("g", {class: "outage"}, outageUntil > 0 ? [
    svg("rect", {x: MARGIN.left, y: frame.top, width: frame.x(outageUntil) - MARGIN.left, height: frame.bottom - frame.top, fill: OUTAGE_FILL, "fill-opacity": 0.16}),
    svg("text", {x: frame.x(outageUntil) - 4, y: frame.top - 14 - (stacked ? LABEL_LINE : 0), dy: "0.71em", "text-anchor": "end", "font-size": 9}, OUTAGE_LABEL)
  ] : null);
}

/** A bar per attempt from dispatch to arrival, coloured by what the receiver decided. */
function attemptBars(frame: Frame, attempts: readonly AttemptMark[]): SVGGElement {
  return svg("g", {class: "attempt-bars", fill: "none", "stroke-width": 4},
    attempts.map(({attempt, row, colour, opacity, title}) => svg("path", {
      d: `M${frame.x(attempt.dispatchedAtSeconds)},${frame.rowCentre(row)}L${frame.x(attempt.arrivesAtSeconds)},${frame.rowCentre(row)}`,
      stroke: colour, "stroke-opacity": opacity
    }, svg("title", null, title))));
}

/**
 * Plot's "arrow" marker, drawn in place (a marker needs a document-wide id, and ids that change
 * on every redraw would touch every bar): one path per colour and opacity, so a redraw builds few elements.
 */
function arrowheads(frame: Frame, attempts: readonly AttemptMark[]): SVGGElement {
  return svg("g", {class: "arrowheads", fill: "none", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round"},
    [...groupBy(attempts, ({colour, opacity}) => `${colour} ${opacity}`).values()].map((group) => svg("path", {
      d: group.map(({attempt, row}) => {
        const [x, y] = [frame.x(attempt.arrivesAtSeconds), frame.rowCentre(row)];
        return `M${round(x - 4)},${y - 8}L${round(x + 4)},${y}L${round(x - 4)},${y + 8}`;
      }).join(""),
      stroke: group[0]!.colour, "stroke-opacity": group[0]!.opacity
    })));
}

/** A symbol where and when the sender saw each attempt's outcome. */
function senderDots(frame: Frame, attempts: readonly AttemptMark[]): SVGGElement {
  return svg("g", {class: "sender-dots", fill: "none", stroke: "currentColor", "stroke-width": 1.5},
    // A sender still waiting (no timeout, its answer lost) saw nothing: no symbol.
    attempts.filter(({attempt}) => attempt.sender.kind !== "waiting").map(({attempt, row, opacity, title}) => svg("path", {
      transform: `translate(${frame.x(attempt.sender.atSeconds)},${frame.rowCentre(row)})`, d: SYMBOL_PATHS[SENDER_SYMBOLS[senderView(attempt)]], "stroke-opacity": opacity
    }, svg("title", null, title))));
}

function deletionMark(frame: Frame, deletedAt: number | null): SVGGElement {
  return svg("g", {class: "deletion"}, deletedAt !== null ? [
    svg("line", {x1: frame.x(deletedAt), x2: frame.x(deletedAt), y1: frame.top, y2: frame.bottom, stroke: SUPPRESSED_RED, "stroke-width": 1.5, "stroke-dasharray": "5,3"}),
    labelBeside(frame, deletedAt, frame.top - 14, DELETION_LABEL, {dy: "0.71em"})
  ] : null);
}

/** The playback's modeled clock. */
function cursorMark(frame: Frame, cursorSeconds: number | null): SVGGElement {
  return svg("g", {class: "cursor"}, cursorSeconds !== null
    ? svg("line", {x1: frame.x(cursorSeconds), x2: frame.x(cursorSeconds), y1: frame.top, y2: frame.bottom, stroke: "currentColor", "stroke-width": 2, "stroke-opacity": 0.6})
    : null);
}

/** One more line of 9 px labels above the plot. */
const LABEL_LINE = 12;
/** Label widths without measuring text: a generous average glyph width at 9 px. */
const LABEL_CHAR_WIDTH = 5.2;
const OUTAGE_LABEL = "receiver answers 503 until here";
const DELETION_LABEL = "config deleted";

/** Whether the outage's label (ending at the outage's end) and the deletion's (beside its rule) would overlap on one line. */
function marginLabelsMeet(x: (seconds: number) => number, xMax: number, outageUntil: number, deletedAt: number): boolean {
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

function timeAxis(frame: Frame): SVGGElement {
  const {width, top, bottom, xMax: end, x} = frame;
  const unit = timeUnitFor(end);
  return linearXAxis({width, left: MARGIN.left, right: width - MARGIN.right, top, bottom, end, x, label: `modeled time (${unit.name})`, tickUnit: unit.seconds});
}

/** Each suppressed attempt: a red cross where it was due, and its label. */
function suppressedMarks(run: DeliveryRun, frame: Frame): SVGGElement {
  const marks = run.suppressedAttempts.map((attempt) => ({
    at: attempt.wouldStartAtSeconds,
    y: frame.rowCentre(rowKey(attempt.updateIndex, attempt.attemptNumber)),
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s)`
  }));
  return svg("g", {class: "suppressed"},
    svg("g", {fill: "none", stroke: SUPPRESSED_RED, "stroke-width": 1.5},
      marks.map(({at, y, title}) => svg("path", {transform: `translate(${frame.x(at)},${y})`, d: SYMBOL_PATHS.times}, svg("title", null, title)))),
    svg("g", null, marks.map(({at, y}) => labelBeside(frame, at, y, "suppressed", {dy: "0.32em"}))));
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
