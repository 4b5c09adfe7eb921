/**
 * Every webhook attempt of a run: one band of rows per update, one row per
 * attempt. A bar runs from dispatch to arrival, coloured by what the receiver
 * decided; a symbol marks what the sender saw and when. The outage window, the
 * config deletion and suppressed attempts are marked; a cursor follows playback.
 *
 * On the chart layer (d3), not Plot: this chart is redrawn in the frame of every input, and
 * Plot's scales and marks were most of that frame (lesson 1's slider: about 11 ms with Plot,
 * 8 without). A ViewSlot morphs one drawing into the next, so what an input did not move stays.
 */
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";
import {scaleBand, scaleLinear, type ScaleBand, type ScaleLinear} from "d3-scale";
import {bottomAxis, bottomAxisHeight, rowLabelsLeft} from "../chart/axes.js";
import {chartFrame, cursorRule, plotOutline, type ChartFrame, type ChartGroup} from "../chart/chart-frame.js";
import {colourLegend, symbolLegend, withLegends} from "../chart/legend.js";
import {placeRowLabels} from "../chart/row-labels.js";
import {symbolPath} from "../chart/symbols.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {listen} from "../runtime/dom.js";
import {attemptOutcomes, presentOutcomes, timeAxisEnd, timeUnitFor, updateLabel} from "./palette.js";

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
  type?: TypeScale;
}

const LANE_STRIPE = "#8c959f";
/** The lane the reader chose: the text's own colour, outlined, so it is never read as an outcome (duplicate's blue was). */
const SELECTED_LANE = "currentColor";
const SENDER_SYMBOLS = {
  "2xx received": "circle",
  "refusal received": "square",
  "503 received": "diamond",
  "timed out (slow)": "times",
  "timed out (2xx lost)": "triangle"
} as const;
type SenderView = keyof typeof SENDER_SYMBOLS;

function senderView(attempt: DeliveryAttempt): SenderView {
  if (attempt.sender.kind === "timeout")
    return attempt.sender.cause === "response-lost" ? "timed out (2xx lost)" : "timed out (slow)";
  if (attempt.sender.kind === "waiting") return "timed out (2xx lost)";
  const status = attempt.sender.httpStatus;
  return status >= 200 && status < 300 ? "2xx received" : status === 503 ? "503 received" : "refusal received";
}

function senderDetail(attempt: DeliveryAttempt): string {
  if (attempt.sender.kind === "response")
    return `sender got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s`;
  if (attempt.sender.kind === "waiting") return "the 2xx was lost and this sender has no timeout: it is still waiting";
  const why =
    attempt.sender.cause === "response-lost" ? "the 2xx was lost on its way back" : "no response by the deadline";
  return `sender timed out at ${attempt.sender.atSeconds} s (${why})`;
}

/** Row key of an update's attempt; the first attempt's row carries the update's label. */
function rowKey(updateIndex: number, attemptNumber: number): string {
  return `${updateIndex}/${attemptNumber}`;
}

const SUPPRESSED_RED = "#d1242f";
const OUTAGE_FILL = "#c69026";
const OUTAGE_LABEL = "receiver answers 503 until here";
const DELETION_LABEL = "config deleted";

/** Where things go: seconds to x, a row key to its band. */
interface Lanes {
  frame: ChartFrame;
  x: ScaleLinear<number, number>;
  y: ScaleBand<string>;
  centre: (row: string) => number;
}

/** One attempt as the marks draw it. */
interface AttemptMark {
  attempt: DeliveryAttempt;
  row: string;
  colour: string;
  opacity: number;
  title: string;
}

export function AttemptSwimlane(
  run: DeliveryRun,
  {
    width = 640,
    cursorSeconds = null,
    onSelectUpdate,
    selectedUpdate = null,
    alongside = null,
    type = typeScale()
  }: SwimlaneOptions = {}
): Element {
  const outcomes = attemptOutcomes(run);
  const lanes = lanesOf(run, selectedUpdate);
  const xMax = timeAxisEnd(run, alongside);
  const {receiverUnavailableUntilSeconds: outageUntil, deleteConfigAtSeconds: deletedAt} = run.config;
  // Beside another run (compare, model vs real), both charts place their labels from both runs' names, so their plots start at one x.
  const names = [lanes, ...(alongside ? [lanesOf(alongside, null)] : [])].flatMap(({rows, rowLabels}) =>
    rows.map((row) => rowLabels.get(row) ?? row)
  );
  const placed = placeRowLabels({
    width,
    marginRight: 2 * type.body,
    type,
    rows: names,
    labels: [(name) => name, (name) => name.replace(/ · \S+/, "")]
  });
  const labels = {...placed, label: (row: string) => placed.label(lanes.rowLabels.get(row) ?? row)};
  const margin = {top: 2 * type.line, right: 2 * type.body, bottom: bottomAxisHeight(type), left: labels.marginLeft};
  const x = scaleLinear()
    .domain([0, xMax])
    .range([margin.left, Math.max(margin.left + 1, width - margin.right)])
    .clamp(true);
  // The outage's label ends where the outage does; the deletion's starts beside its rule. When they would meet, the outage's goes a line higher.
  const stacked = outageUntil > 0 && deletedAt !== null && marginLabelsMeet(x, xMax, outageUntil, deletedAt, type);
  if (stacked) margin.top += type.line;
  const rowHeight = Math.round(type.line * 1.45);
  const frame = chartFrame({
    width,
    height: margin.top + lanes.rows.length * rowHeight + margin.bottom,
    margin,
    type,
    label: "Every webhook attempt of the run, by update"
  });
  // One band per row, no padding: each update's attempts touch, so they read as one lane.
  const y = scaleBand(lanes.rows, [frame.top, frame.bottom]).round(true);
  const place: Lanes = {frame, x, y, centre: (row) => y(row)! + y.bandwidth() / 2};
  const colour = presentOutcomes(run.attempts.map((attempt) => outcomes.get(attempt)!));
  const colourOf = new Map(colour.domain.map((outcome, index) => [outcome, colour.range[index]!]));
  const attempts: AttemptMark[] = run.attempts.map((attempt) => ({
    attempt,
    row: rowKey(attempt.updateIndex, attempt.attemptNumber),
    colour: colourOf.get(outcomes.get(attempt)!)!,
    opacity: cursorSeconds !== null && attempt.dispatchedAtSeconds > cursorSeconds ? 0.25 : 1,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s, receiver: ${outcomes.get(attempt)} (${attempt.httpStatus}); ${senderDetail(attempt)}`
  }));
  rowLabelsLeft(frame, y, labels.label);
  const unit = timeUnitFor(xMax);
  bottomAxis(frame, x, {label: `modeled time (${unit.name})`, unit: unit.seconds});
  // Every mark is one group, present even when empty: morph matches children by position, so a
  // mark that came and went would shift, and rewrite, every mark after it.
  laneStripes(place, lanes.stripes);
  chosenLanes(place, lanes.selectedRows);
  outageMark(place, outageUntil, stacked);
  plotOutline(frame);
  attemptBars(place, attempts);
  arrowheads(place, attempts);
  senderDots(place, attempts);
  suppressedMarks(run, place);
  deletionMark(place, deletedAt);
  cursorRule(frame, x, cursorSeconds);
  const chart = frame.svg.node()!;
  if (onSelectUpdate) selectLaneOnClick(chart, y, onSelectUpdate);
  const symbol = {domain: Object.keys(SENDER_SYMBOLS), range: Object.values(SENDER_SYMBOLS)};
  const legends = [colourLegend(colour, type), symbolLegend(symbol, type)];
  return withLegends(chart, colour.domain.length ? legends : legends.slice(1));
}

/** Alternate updates sit on a light stripe, so each update's attempts read as one lane: one path for all. */
function laneStripes({frame, y}: Lanes, stripes: readonly string[]): void {
  const g = frame.svg.append("g").attr("class", "lane-stripes").attr("fill", LANE_STRIPE).attr("fill-opacity", 0.1);
  if (stripes.length)
    g.append("path").attr(
      "d",
      stripes.map((row) => `M${frame.left},${y(row)}H${frame.right}v${y.bandwidth()}H${frame.left}Z`).join("")
    );
}

/** The update chosen for inspection: its lane is outlined, so a click visibly lands. */
function chosenLanes({frame, y}: Lanes, rows: readonly string[]): void {
  frame.svg
    .append("g")
    .attr("class", "lane-chosen")
    .attr("fill", SELECTED_LANE)
    .attr("fill-opacity", 0.08)
    .attr("stroke", SELECTED_LANE)
    .attr("stroke-dasharray", `${4 * frame.type.unit} ${3 * frame.type.unit}`)
    .selectAll("rect")
    .data(rows)
    .join("rect")
    .attr("x", frame.left)
    .attr("y", (row) => y(row)!)
    .attr("width", frame.right - frame.left)
    .attr("height", y.bandwidth());
}

function outageMark({frame, x}: Lanes, outageUntil: number, stacked: boolean): void {
  const g = frame.svg.append("g").attr("class", "outage");
  if (outageUntil <= 0) return;
  g.append("rect")
    .attr("x", frame.left)
    .attr("y", frame.top)
    .attr("width", x(outageUntil) - frame.left)
    .attr("height", frame.bottom - frame.top)
    .attr("fill", OUTAGE_FILL)
    .attr("fill-opacity", 0.16);
  // The label ends where the outage does; a short outage on a narrow chart has no room on its left, so the label starts there instead.
  const fitsLeft = x(outageUntil) - 4 * frame.type.unit - frame.type.widthOf(OUTAGE_LABEL, frame.type.small) >= 0;
  g.append("text")
    .attr("x", x(outageUntil) + (fitsLeft ? -4 : 4) * frame.type.unit)
    .attr("y", frame.top - (stacked ? 2 : 1) * frame.type.line)
    .attr("dy", "0.71em")
    .attr("text-anchor", fitsLeft ? "end" : "start")
    .attr("font-size", frame.type.small)
    .text(fitsLeft ? OUTAGE_LABEL : `← ${OUTAGE_LABEL}`);
}

/** A bar per attempt from dispatch to arrival, coloured by what the receiver decided. */
function attemptBars({frame, x, centre}: Lanes, attempts: readonly AttemptMark[]): void {
  frame.svg
    .append("g")
    .attr("class", "attempt-bars")
    .attr("fill", "none")
    .attr("stroke-width", 4 * frame.type.unit)
    .selectAll("path")
    .data(attempts)
    .join("path")
    .attr("d", ({attempt, row}) => `M${x(attempt.dispatchedAtSeconds)},${centre(row)}H${x(attempt.arrivesAtSeconds)}`)
    .attr("stroke", (d) => d.colour)
    .attr("stroke-opacity", (d) => d.opacity)
    .append("title")
    .text((d) => d.title);
}

/**
 * An arrowhead at each bar's arrival, drawn in place (a marker needs a document-wide id, and ids
 * that change on every redraw would touch every bar): one path per colour and opacity, so a
 * redraw builds few elements.
 */
function arrowheads({frame, x, centre}: Lanes, attempts: readonly AttemptMark[]): void {
  const [reach, spread] = [4 * frame.type.unit, 8 * frame.type.unit];
  frame.svg
    .append("g")
    .attr("class", "arrowheads")
    .attr("fill", "none")
    .attr("stroke-width", 4 * frame.type.unit)
    .attr("stroke-linecap", "round")
    .attr("stroke-linejoin", "round")
    .selectAll("path")
    .data([...groupBy(attempts, ({colour, opacity}) => `${colour} ${opacity}`).values()])
    .join("path")
    .attr("d", (group) =>
      group
        .map(({attempt, row}) => {
          const [tipX, tipY] = [x(attempt.arrivesAtSeconds), centre(row)];
          return `M${tipX - reach},${tipY - spread}L${tipX + reach},${tipY}L${tipX - reach},${tipY + spread}`;
        })
        .join("")
    )
    .attr("stroke", (group) => group[0]!.colour)
    .attr("stroke-opacity", (group) => group[0]!.opacity);
}

/** A symbol where and when the sender saw each attempt's outcome. */
function senderDots({frame, x, centre}: Lanes, attempts: readonly AttemptMark[]): void {
  const radius = 5 * frame.type.unit;
  frame.svg
    .append("g")
    .attr("class", "sender-dots")
    .attr("fill", "none")
    .attr("stroke", "currentColor")
    .attr("stroke-width", 1.5 * frame.type.unit)
    // A sender still waiting (no timeout, its answer lost) saw nothing: no symbol.
    .selectAll("path")
    .data(attempts.filter(({attempt}) => attempt.sender.kind !== "waiting"))
    .join("path")
    .attr("transform", ({attempt, row}) => `translate(${x(attempt.sender.atSeconds)},${centre(row)})`)
    .attr("d", ({attempt}) => symbolPath(SENDER_SYMBOLS[senderView(attempt)], radius))
    .attr("stroke-opacity", (d) => d.opacity)
    .append("title")
    .text((d) => d.title);
}

function deletionMark(lanes: Lanes, deletedAt: number | null): void {
  const {frame, x} = lanes;
  const g = frame.svg.append("g").attr("class", "deletion");
  if (deletedAt === null) return;
  g.append("line")
    .attr("x1", x(deletedAt))
    .attr("x2", x(deletedAt))
    .attr("y1", frame.top)
    .attr("y2", frame.bottom)
    .attr("stroke", SUPPRESSED_RED)
    .attr("stroke-width", 1.5 * frame.type.unit)
    .attr("stroke-dasharray", "5,3");
  labelBeside(g, lanes, deletedAt, frame.top - frame.type.line, DELETION_LABEL, "0.71em");
}

/** Whether the outage's label (ending at the outage's end) and the deletion's (beside its rule) would overlap on one line. */
function marginLabelsMeet(
  x: (seconds: number) => number,
  xMax: number,
  outageUntil: number,
  deletedAt: number,
  type: TypeScale
): boolean {
  const outage = [x(outageUntil) - 4 * type.unit - type.widthOf(OUTAGE_LABEL, type.small), x(outageUntil)];
  const nearEnd = deletedAt > 0.75 * xMax;
  const deletionWidth = type.widthOf(DELETION_LABEL, type.small);
  const deletion = nearEnd
    ? [x(deletedAt) - 8 * type.unit - deletionWidth, x(deletedAt)]
    : [x(deletedAt), x(deletedAt) + 8 * type.unit + deletionWidth];
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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Each suppressed attempt: a red cross where it was due, and its label. */
function suppressedMarks(run: DeliveryRun, lanes: Lanes): void {
  const {frame, x, centre} = lanes;
  const marks = run.suppressedAttempts.map((attempt) => ({
    at: attempt.wouldStartAtSeconds,
    y: centre(rowKey(attempt.updateIndex, attempt.attemptNumber)),
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s)`
  }));
  const g = frame.svg.append("g").attr("class", "suppressed");
  g.append("g")
    .attr("fill", "none")
    .attr("stroke", SUPPRESSED_RED)
    .attr("stroke-width", 1.5 * frame.type.unit)
    .selectAll("path")
    .data(marks)
    .join("path")
    .attr("transform", (d) => `translate(${x(d.at)},${d.y})`)
    .attr("d", symbolPath("times", 5 * frame.type.unit))
    .append("title")
    .text((d) => d.title);
  const labels = g.append("g");
  for (const mark of marks) labelBeside(labels, lanes, mark.at, mark.y, "suppressed", "0.32em");
}

/** A red label right of `seconds`, or left of it in the last quarter of the axis, so it stays inside the chart. */
function labelBeside(
  parent: ChartGroup,
  {frame, x}: Lanes,
  seconds: number,
  y: number,
  text: string,
  dy: string
): void {
  const nearEnd = seconds > 0.75 * x.domain()[1]!;
  parent
    .append("text")
    .attr("x", x(seconds) + (nearEnd ? -8 : 8) * frame.type.unit)
    .attr("y", y)
    .attr("dy", dy)
    .attr("text-anchor", nearEnd ? "end" : "start")
    .attr("fill", SUPPRESSED_RED)
    .attr("font-size", frame.type.small)
    .text(text);
}

/** Maps a click inside the chart to the row under it, and the row to its update. */
function selectLaneOnClick(
  chart: SVGSVGElement,
  y: ScaleBand<string>,
  onSelectUpdate: (updateIndex: number) => void
): void {
  chart.style.cursor = "pointer";
  // listen(), and the svg read from the event: a ViewSlot may keep an older svg and hand this listener to it.
  listen(chart, "click", (event: Event) => {
    if (!(event instanceof MouseEvent)) return;
    const matrix = (event.currentTarget as SVGSVGElement).getScreenCTM();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()).y;
    const row = y.domain().find((candidate) => at >= y(candidate)! && at < y(candidate)! + y.bandwidth());
    if (row !== undefined) onSelectUpdate(Number(row.split("/")[0]));
  });
}
