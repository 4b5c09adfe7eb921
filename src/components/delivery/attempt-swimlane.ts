/**
 * Every webhook attempt of a run: one band of rows per update, one row per
 * attempt. A bar runs from dispatch to arrival, coloured by what the receiver
 * decided; a symbol marks what the sender saw and when. The outage window, the
 * config deletion and suppressed attempts are marked; a cursor follows playback.
 *
 * One y scale of rows rather than Plot facets: facets re-run every mark per lane,
 * and this chart is redrawn on every input change.
 */
import * as Plot from "@observablehq/plot";
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";
import {listen} from "../dom.js";
import {cachedLegend, withLegends} from "../plot-legends.js";
import {findChartSvg} from "../standalone-svg.js";
import {attemptOutcomes, presentOutcomes, timeAxisEnd, updateLabel} from "./palette.js";

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

/**
 * A label right of each mark, or left of it in the last quarter of the axis, so it
 * stays inside the chart (Plot's textAnchor is one value per mark, hence two marks).
 */
function labelsBeside<T>(data: readonly T[], at: (d: T) => number, xMax: number, options: Plot.TextOptions): Plot.Markish[] {
  const nearEnd = (d: T) => at(d) > 0.75 * xMax;
  const [early, late] = [data.filter((d) => !nearEnd(d)), data.filter(nearEnd)];
  // Empty marks are left out: the chart is redrawn on every input, and each mark costs time even with no data.
  return [
    early.length ? Plot.text(early, {...options, x: at, textAnchor: "start", dx: 8}) : null,
    late.length ? Plot.text(late, {...options, x: at, textAnchor: "end", dx: -8}) : null
  ];
}

/** Row key of an update's attempt; the first attempt's row carries the update's label. */
function rowKey(updateIndex: number, attemptNumber: number): string {
  return `${updateIndex}/${attemptNumber}`;
}

export function AttemptSwimlane(run: DeliveryRun, {width = 640, cursorSeconds = null, onSelectUpdate, selectedUpdate = null, alongside = null}: SwimlaneOptions = {}): Element {
  const outcomes = attemptOutcomes(run);
  const future = (seconds: number) => cursorSeconds !== null && seconds > cursorSeconds;

  // Rows: every attempt sent or suppressed, grouped by update, in attempt order.
  const attemptsPerUpdate = new Map<number, number>();
  for (const {updateIndex, attemptNumber} of [...run.attempts, ...run.suppressedAttempts]) {
    attemptsPerUpdate.set(updateIndex, Math.max(attemptsPerUpdate.get(updateIndex) ?? 0, attemptNumber));
  }
  const rows: string[] = [];
  const rowLabels = new Map<string, string>();
  const stripes: {row: string}[] = [];
  const selectedRows: {row: string}[] = [];
  for (const update of run.updates) {
    const count = Math.max(1, attemptsPerUpdate.get(update.updateIndex) ?? 0);
    for (let attempt = 1; attempt <= count; attempt++) {
      const key = rowKey(update.updateIndex, attempt);
      rows.push(key);
      rowLabels.set(key, attempt === 1 ? `${updateLabel(run, update.updateIndex)}  #1` : `#${attempt}`);
      if (update.updateIndex % 2 === 0) stripes.push({row: key});
      if (update.updateIndex === selectedUpdate) selectedRows.push({row: key});
    }
  }

  const attempts = run.attempts.map((attempt) => ({
    row: rowKey(attempt.updateIndex, attempt.attemptNumber),
    dispatched: attempt.dispatchedAtSeconds,
    arrives: attempt.arrivesAtSeconds,
    senderAt: attempt.sender.atSeconds,
    outcome: outcomes.get(attempt)!,
    sender: senderView(attempt),
    opacity: future(attempt.dispatchedAtSeconds) ? 0.25 : 1,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s, receiver: ${outcomes.get(attempt)} (${attempt.httpStatus}); ${senderDetail(attempt)}`
  }));
  const suppressed = run.suppressedAttempts.map((attempt) => ({
    row: rowKey(attempt.updateIndex, attempt.attemptNumber),
    at: attempt.wouldStartAtSeconds,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s)`
  }));
  const outageUntil = run.config.receiverUnavailableUntilSeconds;
  const deletedAt = run.config.deleteConfigAtSeconds;
  const xMax = timeAxisEnd(run, alongside);

  const colour = presentOutcomes(attempts.map((attempt) => attempt.outcome));
  const symbol = {domain: Object.keys(SENDER_SYMBOLS), range: Object.values(SENDER_SYMBOLS)};
  const chart = Plot.plot({
    width,
    height: 60 + rows.length * ROW_HEIGHT,
    marginLeft: 150,
    marginRight: 20,
    marginTop: 24,
    x: {label: "modeled time (s)", domain: [0, xMax], grid: true},
    y: {label: null, domain: rows, tickFormat: (key: string) => rowLabels.get(key) ?? key, tickSize: 0, padding: 0},
    color: colour,
    symbol,
    marks: [
      // Alternate updates sit on a light stripe, so each update's attempts read as one lane.
      Plot.barX(stripes, {y: "row", x1: 0, x2: xMax, fill: LANE_STRIPE, fillOpacity: 0.1}),
      selectedRows.length ? Plot.barX(selectedRows, {y: "row", x1: 0, x2: xMax, fill: SELECTED_LANE, fillOpacity: 0.18, stroke: SELECTED_LANE, strokeWidth: 1, className: "lane-chosen"}) : null,
      outageUntil > 0 ? Plot.rectX([{}], {x1: 0, x2: Math.min(outageUntil, xMax), fill: "#c69026", fillOpacity: 0.16}) : null,
      outageUntil > 0 ? Plot.text([{}], {x: Math.min(outageUntil, xMax), frameAnchor: "top", text: () => "receiver answers 503 until here", textAnchor: "end", dx: -4, dy: -14, fill: "currentColor", fontSize: 9}) : null,
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.link(attempts, {
        x1: "dispatched", x2: "arrives", y1: "row", y2: "row", stroke: "outcome", strokeWidth: 4,
        strokeOpacity: "opacity", markerEnd: "arrow", title: "title"
      }),
      Plot.dot(attempts, {x: "senderAt", y: "row", symbol: "sender", stroke: "currentColor", fill: "none", r: 5, strokeWidth: 1.5, strokeOpacity: "opacity", title: "title"}),
      suppressed.length ? Plot.dot(suppressed, {x: "at", y: "row", symbol: "times", stroke: "#d1242f", r: 5, title: "title"}) : null,
      labelsBeside(suppressed, (d) => d.at, xMax, {y: "row", text: () => "suppressed", fill: "#d1242f", fontSize: 9}),
      deletedAt !== null ? Plot.ruleX([deletedAt], {stroke: "#d1242f", strokeDasharray: "5,3", strokeWidth: 1.5}) : null,
      deletedAt !== null ? labelsBeside([deletedAt], (d) => d, xMax, {frameAnchor: "top", text: () => "config deleted", dy: -14, fill: "#d1242f", fontSize: 9}) : null,
      cursorSeconds !== null ? Plot.ruleX([cursorSeconds], {stroke: "currentColor", strokeWidth: 2, strokeOpacity: 0.6}) : null
    ]
  }) as Element;
  if (onSelectUpdate) selectLaneOnClick(chart, rows, onSelectUpdate);
  const legends = [cachedLegend({color: colour}), cachedLegend({symbol, fill: "none", stroke: "currentColor"})];
  return colour.domain.length ? withLegends(chart, legends) : withLegends(chart, legends.slice(1));
}

/** Maps a click inside the plot to the row under it, and the row to its update. */
function selectLaneOnClick(chart: Element, rows: readonly string[], onSelectUpdate: (updateIndex: number) => void): void {
  const svg = findChartSvg(chart);
  const scale = (chart as unknown as {scale(name: "y"): {range: [number, number]} | undefined}).scale("y");
  if (!svg || !scale) return;
  svg.style.cursor = "pointer";
  // listen(), and the svg read from the event: a LiveView may keep an older svg and hand this listener to it.
  listen(svg, "click", (event: Event) => {
    if (!(event instanceof MouseEvent)) return;
    const matrix = (event.currentTarget as SVGSVGElement).getScreenCTM();
    if (!matrix) return;
    const y = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()).y;
    const [top, bottom] = scale.range;
    const row = rows[Math.floor(((y - top) / (bottom - top)) * rows.length)];
    if (row !== undefined) onSelectUpdate(Number(row.split("/")[0]));
  });
}
