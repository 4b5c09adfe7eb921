/**
 * A signing-key rotation against the receiver's cached JWKS (issue #26): when each key is
 * published, which one the sender signs with, what the receiver's copy held from one fetch to the
 * next (and why it fetched), and each delivery's verdict where it arrived. The lesson is in the
 * gap between the second and fourth rows: a token signed with a kid the cached copy does not yet
 * hold fails, unless the receiver may refetch.
 *
 * On the chart layer (d3). Rows are drawn at their own heights (the cached JWKS needs a line for
 * its fetches' reasons), so their names are placed as the layer's row labels are. The verdict
 * legend is the layer's HTML legend above the chart, each verdict with its count. Keys are neutral (their kid written on them); colour is kept for the verdicts,
 * so failures stand out.
 */
import {scaleLinear, type ScaleLinear} from "d3-scale";
import {
  KEY_ROTATION_VERDICTS,
  ROTATION_KIDS,
  isFailedVerdict,
  type JwksFetch,
  type KeyRotationTimeline,
  type KeyRotationVerdict,
  type RotationKid
} from "../../../lib/webhook-auth/rotation/key-rotation.js";
import {bottomAxis, bottomAxisHeight} from "../chart/axes.js";
import {chartFrame, plotOutline, type ChartFrame} from "../chart/chart-frame.js";
import {placeRowLabels} from "../chart/row-labels.js";
import {markLegend, withLegends} from "../chart/legend.js";
import {crowdedRadius, symbolPath, type SymbolName} from "../chart/symbols.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {formatDuration} from "../format/duration-format.js";
import {ATTEMPT_COLOURS, EFFECT_COLOURS} from "./palette.js";

const ROWS = ["published-old", "published-new", "signing", "cache", "deliveries"] as const;
type Row = (typeof ROWS)[number];

const ROW_LABELS: Record<Row, string> = {
  "published-old": "published: old key",
  "published-new": "published: new key",
  signing: "sender signs with",
  cache: "receiver's cached JWKS",
  deliveries: "deliveries"
};
const SHORT_ROW_LABELS: Record<Row, string> = {
  "published-old": "old key",
  "published-new": "new key",
  signing: "signs with",
  cache: "cached JWKS",
  deliveries: "deliveries"
};

export const VERDICT_COLOURS: Record<KeyRotationVerdict, string> = {
  verified: ATTEMPT_COLOURS["applied (id recorded)"],
  "verified after refetch": ATTEMPT_COLOURS["duplicate, ignored (2xx)"],
  "unknown kid: refetch in cooldown": ATTEMPT_COLOURS["slipped past dedup: applied again"],
  "unknown kid: no refetch": ATTEMPT_COLOURS["refused: timestamp too old (401)"],
  // The darker red of the race chart: a mid-tone that still reads on the dark theme.
  "unknown kid: not published": EFFECT_COLOURS[2]!
};

export const VERDICT_SYMBOLS: Record<KeyRotationVerdict, SymbolName> = {
  verified: "circle",
  "verified after refetch": "square",
  "unknown kid: refetch in cooldown": "triangle",
  "unknown kid: no refetch": "times",
  "unknown kid: not published": "diamond"
};

/** Keys are told apart by their kid written on them and by shade, never by a verdict's colour. */
const KEY_OPACITY: Record<RotationKid, number> = {[ROTATION_KIDS.old]: 0.14, [ROTATION_KIDS.new]: 0.32};
const KEY_NAMES: Record<RotationKid, string> = {[ROTATION_KIDS.old]: "old key", [ROTATION_KIDS.new]: "new key"};

/** A delivery's symbol radius at 10 px type where deliveries do not crowd, and the least it shrinks to where they do. */
const MAX_RADIUS = 5;
const MIN_RADIUS = 2.5;
/** A failure's symbol is this much larger than a success's, and never smaller than FAILURE_MIN_RADIUS where deliveries crowd: it may cover its neighbours, never the reverse. */
const FAILURE_GROWTH = 1.35;
const FAILURE_MIN_RADIUS = 4.5;
/** How far a symbol reaches from its centre, in radii (a triangle's tip, a times' arms), plus its outline. */
const REACH_IN_RADII = 1.6;
const reach = (radius: number, type: TypeScale) => REACH_IN_RADII * radius + 1.5 * type.unit;

export interface KeyRotationChartOptions {
  width?: number;
  type?: TypeScale;
}

interface RowBox {
  top: number;
  height: number;
}

const at = (seconds: number) => formatDuration(seconds);

export function KeyRotationChart(
  timeline: KeyRotationTimeline,
  {width = 640, type = typeScale()}: KeyRotationChartOptions = {}
): HTMLElement {
  const {horizonSeconds: horizon, rotateAtSeconds: rotate} = timeline.input;
  const labels = placeRowLabels({
    width,
    marginRight: type.body,
    type,
    rows: ROWS,
    labels: [(row) => ROW_LABELS[row as Row], (row) => SHORT_ROW_LABELS[row as Row]]
  });
  const above = labels.placement === "above";
  const maxReach = largestDeliveryReach(type);
  const heights = rowHeights(type);
  const gap = above ? 1.4 * type.line : 0.5 * type.line;
  // Names above the rows: the first row's name needs a line inside the plot too.
  const firstRowAt = above ? gap : 0.25 * type.line;
  const margin = {
    top: Math.ceil(0.5 * type.line + 1.4 * type.line),
    right: type.body,
    bottom: bottomAxisHeight(type),
    left: labels.marginLeft
  };
  const plotHeight =
    firstRowAt + ROWS.reduce((sum, row) => sum + heights[row], 0) + gap * (ROWS.length - 1) + 0.5 * type.line;
  const frame = chartFrame({
    width,
    height: Math.ceil(margin.top + plotHeight + margin.bottom),
    margin,
    type,
    className: "key-rotation",
    label: `A key rotation at ${at(rotate)} against the receiver's cached JWKS: ${timeline.summary.failures} of ${timeline.summary.deliveries} deliveries fail`
  });
  const boxes = rowBoxes(frame, heights, gap, firstRowAt);
  const inset = maxReach + 2 * type.unit;
  const x = scaleLinear()
    .domain([0, horizon])
    .range([frame.left + inset, Math.max(frame.left + inset + 1, frame.right - inset)]);
  // Above the rows a name has the plot's width: the full name where it fits, else the short one.
  const rowName = above ? fittedRowName(type, frame.right - frame.left) : labels.label;
  rowLabels(frame, boxes, rowName, above);
  const long = "minutes since the receiver's first fetch";
  bottomAxis(frame, x, {label: type.widthOf(`${long} →`) < width * 0.9 ? long : "time (min)", unit: 60});
  plotOutline(frame);
  keyRows(frame, x, boxes, timeline);
  // The fetch reasons keep clear of the switch's rule, which runs through their row's top.
  cacheSegments(frame, x, boxes.cache, timeline, rotate <= horizon ? Math.round(x(rotate)) + 0.5 : null);
  switchMarker(
    frame,
    x,
    rotate,
    horizon,
    above ? ROWS.map((row) => boxes[row]) : [{top: frame.top, height: frame.bottom - frame.top}]
  );
  deliveryMarks(frame, x, boxes.deliveries, timeline);
  return withLegends(frame.svg.node()!, [verdictLegend(timeline, type)]);
}

/** The largest a delivery's symbol reaches from its centre: a failure's, where deliveries do not crowd. */
const largestDeliveryReach = (type: TypeScale) => reach(FAILURE_GROWTH * MAX_RADIUS * type.unit, type);

/** Key rows are bars; the cached JWKS needs a line above its bar for its fetches' reasons; deliveries fit their largest symbol. */
function rowHeights(type: TypeScale): Record<Row, number> {
  const bar = Math.round(1.4 * type.line);
  return {
    "published-old": bar,
    "published-new": bar,
    signing: bar,
    cache: type.line + bar,
    deliveries: Math.ceil(2 * largestDeliveryReach(type))
  };
}

/** A row's full name where it fits in `widthPx` (the plot's width, for names above their rows), else its short one. */
function fittedRowName(type: TypeScale, widthPx: number): (row: string) => string {
  return (row) =>
    type.widthOf(ROW_LABELS[row as Row]) <= widthPx ? ROW_LABELS[row as Row] : SHORT_ROW_LABELS[row as Row];
}

/** The three key rows: when the old and the new key are published, and which one the sender signs with. */
function keyRows(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  boxes: Record<Row, RowBox>,
  timeline: KeyRotationTimeline
): void {
  keyBars(
    frame,
    x,
    boxes["published-old"],
    timeline.published.filter((span) => span.kid === ROTATION_KIDS.old),
    "published-keys",
    (span) =>
      `The old key (${span.kid}) is in the sender's JWKS from ${at(span.fromSeconds)} until ${at(span.untilSeconds)}`
  );
  keyBars(
    frame,
    x,
    boxes["published-new"],
    timeline.published.filter((span) => span.kid === ROTATION_KIDS.new),
    "published-keys",
    (span) => `The new key (${span.kid}) is in the sender's JWKS from ${at(span.fromSeconds)}`
  );
  keyBars(
    frame,
    x,
    boxes.signing,
    timeline.signing,
    "signing-keys",
    (span) =>
      `The sender signs with the ${KEY_NAMES[span.kid]} (${span.kid}) from ${at(span.fromSeconds)} until ${at(span.untilSeconds)}`
  );
}

/** Each row's box, top to bottom, below the legend and the switch's label. */
function rowBoxes(
  frame: ChartFrame,
  heights: Record<Row, number>,
  gap: number,
  firstRowAt: number
): Record<Row, RowBox> {
  let top = frame.top + firstRowAt;
  const boxes = {} as Record<Row, RowBox>;
  for (const row of ROWS) {
    boxes[row] = {top, height: heights[row]};
    top += heights[row] + gap;
  }
  return boxes;
}

/** Row names as the layer places them: right-aligned in a column left of the plot, or above each row from the plot's left edge. */
function rowLabels(
  frame: ChartFrame,
  boxes: Record<Row, RowBox>,
  label: (row: string) => string,
  above: boolean
): void {
  const {type} = frame;
  // The cached JWKS's name sits by its segments, below its line of fetch reasons.
  const centre = (row: Row) =>
    row === "cache"
      ? boxes.cache.top + type.line + (boxes.cache.height - type.line) / 2
      : boxes[row].top + boxes[row].height / 2;
  frame.svg
    .append("g")
    .attr("class", "row-labels")
    .attr("text-anchor", above ? "start" : "end")
    .selectAll("text")
    .data(ROWS)
    .join("text")
    .attr("x", above ? frame.left : frame.left - 8 * type.unit)
    .attr("y", (row) => (above ? boxes[row].top - 0.3 * type.body : centre(row)))
    .attr("dy", above ? null : "0.32em")
    .text(label);
}

/** Spans of a key as bars in its shade, its kid written on the bar where it fits. */
function keyBars<Span extends {kid: RotationKid; fromSeconds: number; untilSeconds: number}>(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  box: RowBox,
  spans: readonly Span[],
  className: string,
  title: (span: Span) => string
): void {
  const {type} = frame;
  const g = frame.svg.append("g").attr("class", className);
  g.selectAll("rect")
    .data(spans)
    .join("rect")
    .attr("x", (span) => x(span.fromSeconds))
    .attr("width", (span) => Math.max(0, x(span.untilSeconds) - x(span.fromSeconds)))
    .attr("y", box.top)
    .attr("height", box.height)
    .attr("fill-opacity", (span) => KEY_OPACITY[span.kid])
    .append("title")
    .text(title);
  g.append("g")
    .attr("font-size", type.small)
    .selectAll("text")
    .data(
      spans.filter(
        (span) => type.widthOf(span.kid, type.small) + 6 * type.unit <= x(span.untilSeconds) - x(span.fromSeconds)
      )
    )
    .join("text")
    .attr("x", (span) => (x(span.fromSeconds) + x(span.untilSeconds)) / 2)
    .attr("y", box.top + box.height / 2)
    .attr("dy", "0.32em")
    .text((span) => span.kid);
}

const FETCH_REASON_LABELS: Record<JwksFetch["reason"], string> = {
  start: "start",
  "max age": "max age",
  "unknown kid": "unknown kid"
};

/**
 * The receiver's copy from one fetch to the next, split in a band per kid it holds (in the key's
 * shade, kids written where they fit), a tick at each fetch and the fetch's reason above it where
 * it keeps clear of the last reason shown (every tick's title names its reason).
 */
function cacheSegments(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  box: RowBox,
  timeline: KeyRotationTimeline,
  switchAt: number | null
): void {
  const {type} = frame;
  const top = box.top + type.line;
  const height = box.height - type.line;
  const g = frame.svg.append("g").attr("class", "cache-segments");
  const stripes = timeline.cache.flatMap((span) =>
    span.kids.map((kid, index) => ({span, kid, index, count: span.kids.length}))
  );
  g.selectAll("rect")
    .data(stripes)
    .join("rect")
    .attr("x", ({span}) => x(span.fromSeconds))
    .attr("width", ({span}) => Math.max(0, x(span.untilSeconds) - x(span.fromSeconds)))
    .attr("y", ({index, count}) => top + (index * height) / count)
    .attr("height", ({count}) => height / count)
    .attr("fill-opacity", ({kid}) => KEY_OPACITY[kid])
    .append("title")
    .text(
      ({span}) =>
        `From ${at(span.fromSeconds)} until ${at(span.untilSeconds)} the receiver's copy holds ${span.kids.length === 0 ? "no key" : span.kids.join(" and ")}`
    );
  const kidsText = (kids: readonly string[]) => (kids.length === 0 ? "none" : kids.join(" "));
  g.append("g")
    .attr("font-size", type.small)
    .selectAll("text")
    .data(
      timeline.cache.filter(
        (span) =>
          type.widthOf(kidsText(span.kids), type.small) + 6 * type.unit <= x(span.untilSeconds) - x(span.fromSeconds)
      )
    )
    .join("text")
    .attr("x", (span) => (x(span.fromSeconds) + x(span.untilSeconds)) / 2)
    .attr("y", top + height / 2)
    .attr("dy", "0.32em")
    .text((span) => kidsText(span.kids));
  const ticks = frame.svg.append("g").attr("class", "fetch-ticks").attr("stroke", "currentColor");
  ticks
    .selectAll("path")
    .data(timeline.fetches)
    .join("path")
    .attr("d", (fetch) => `M${Math.round(x(fetch.atSeconds)) + 0.5},${top - 3 * type.unit}V${top + height}`)
    .attr("stroke-width", (fetch) => (fetch.reason === "unknown kid" ? 2.5 : 1.5) * type.unit)
    .attr("stroke-opacity", (fetch) => (fetch.reason === "unknown kid" ? 0.9 : 0.55))
    .append("title")
    .text(
      (fetch) =>
        `The receiver fetches the JWKS at ${at(fetch.atSeconds)} (${fetch.reason}) and gets ${fetch.kids.length === 0 ? "no key" : fetch.kids.join(" and ")}`
    );
  const shown = spacedLabels(
    timeline.fetches.map((fetch) => ({at: x(fetch.atSeconds), text: FETCH_REASON_LABELS[fetch.reason], fetch})),
    frame,
    type.small,
    switchAt
  );
  frame.svg
    .append("g")
    .attr("class", "fetch-reasons")
    .attr("font-size", type.small)
    .selectAll("text")
    .data(shown)
    .join("text")
    .attr("x", (label) => label.x)
    .attr("y", top - 4 * type.unit)
    .attr("text-anchor", (label) => label.anchor)
    .attr("font-weight", (label) => (label.fetch.reason === "unknown kid" ? "bold" : null))
    .text((label) => label.text);
}

interface PlacedLabel<T> {
  x: number;
  anchor: "start" | "middle" | "end";
  text: string;
  fetch: T;
}

/**
 * Labels centred on their positions, or pushed to start (end) at the plot's left (right) edge so
 * they never run off. The first fetch and the unknown-kid fetches are placed first; a label that
 * would come within half an em of one already placed is left out. A label that a vertical rule at
 * `avoid` (the key switch) would cross moves to the rule's side its position is on.
 */
function spacedLabels<T extends {reason: JwksFetch["reason"]}>(
  labels: readonly {at: number; text: string; fetch: T}[],
  frame: ChartFrame,
  size: number,
  avoid: number | null = null
): PlacedLabel<T>[] {
  const {type} = frame;
  const placed: (PlacedLabel<T> & {start: number; end: number})[] = [];
  const rank = (label: {fetch: T}) => (label.fetch.reason === "max age" ? 1 : 0);
  for (const label of [...labels].sort((a, b) => rank(a) - rank(b))) {
    const width = type.widthOf(label.text, size);
    let start = label.at - width / 2;
    let anchor: PlacedLabel<T>["anchor"] = "middle";
    if (start < frame.left + 2 * type.unit) [start, anchor] = [frame.left + 2 * type.unit, "start"];
    else if (start + width > frame.right - 2 * type.unit)
      [start, anchor] = [frame.right - 2 * type.unit - width, "end"];
    const clear = 2 * type.unit;
    if (avoid !== null && start - clear < avoid && avoid < start + width + clear) {
      [start, anchor] = label.at <= avoid ? [avoid - clear - width, "end"] : [avoid + clear, "start"];
    }
    const end = start + width;
    if (
      start < frame.left ||
      end > frame.right ||
      placed.some((other) => start < other.end + size / 2 && other.start < end + size / 2)
    )
      continue;
    placed.push({
      x: anchor === "start" ? start : anchor === "end" ? end : label.at,
      anchor,
      text: label.text,
      fetch: label.fetch,
      start,
      end
    });
  }
  return placed.sort((a, b) => a.start - b.start).map(({x, anchor, text, fetch}) => ({x, anchor, text, fetch}));
}

/**
 * The switch to the new key, a dashed rule across `spans` of the plot (all of it, or each row's box
 * where the rows' names are inside the plot, so it never crosses a name), named above the plot;
 * nothing when it falls past the horizon.
 */
function switchMarker(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  rotate: number,
  horizon: number,
  spans: readonly RowBox[]
): void {
  const g = frame.svg.append("g").attr("class", "switch-marker");
  if (rotate > horizon) return;
  const {type} = frame;
  const position = Math.round(x(rotate)) + 0.5;
  g.append("path")
    .attr("d", spans.map((span) => `M${position},${span.top}V${span.top + span.height}`).join(""))
    .attr("stroke", "currentColor")
    .attr("stroke-width", 1.5 * type.unit)
    .attr("stroke-dasharray", `${4 * type.unit},${3 * type.unit}`)
    .attr("stroke-opacity", 0.7)
    .append("title")
    .text(`The sender switches to the new key (${ROTATION_KIDS.new}) at ${at(rotate)}`);
  const long = `switch to ${ROTATION_KIDS.new} at ${formatDuration(rotate)}`;
  const text = type.widthOf(long) <= (frame.right - frame.left) / 2 ? long : `switch to ${ROTATION_KIDS.new}`;
  const third = (frame.right - frame.left) / 3;
  const anchor = position < frame.left + third ? "start" : position > frame.right - third ? "end" : "middle";
  g.append("text")
    .attr(
      "x",
      anchor === "start"
        ? Math.max(frame.left, position - 4 * type.unit)
        : anchor === "end"
          ? Math.min(frame.right, position + 4 * type.unit)
          : position
    )
    .attr("y", frame.top - 0.45 * type.line)
    .attr("text-anchor", anchor)
    .attr("font-weight", "bold")
    .text(text);
}

/** A delivery's radius: MAX_RADIUS, smaller where deliveries crowd (a narrow chart), never under MIN_RADIUS. */
function deliveryRadius(x: ScaleLinear<number, number>, timeline: KeyRotationTimeline, type: TypeScale): number {
  const spacing = x(timeline.input.deliveryIntervalSeconds) - x(0);
  return crowdedRadius(spacing, {most: MAX_RADIUS, least: MIN_RADIUS, reachInRadii: REACH_IN_RADII}, type);
}

/** One symbol per delivery where it arrives, by verdict; a failure larger, drawn last so no success covers it. */
function deliveryMarks(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  box: RowBox,
  timeline: KeyRotationTimeline
): void {
  const {type} = frame;
  const radius = deliveryRadius(x, timeline, type);
  const failureRadius = Math.max(FAILURE_GROWTH * radius, FAILURE_MIN_RADIUS * type.unit);
  const centre = box.top + box.height / 2;
  const ordered = [...timeline.deliveries].sort(
    (a, b) => Number(isFailedVerdict(a.verdict)) - Number(isFailedVerdict(b.verdict))
  );
  frame.svg
    .append("g")
    .attr("class", "delivery-marks")
    .attr("stroke-width", 1.5 * type.unit)
    .selectAll("path")
    .data(ordered)
    .join("path")
    .attr("class", (delivery) => (isFailedVerdict(delivery.verdict) ? "failed" : null))
    .attr("transform", (delivery) => `translate(${x(delivery.arrivesAtSeconds)},${centre})`)
    .attr("d", (delivery) =>
      symbolPath(VERDICT_SYMBOLS[delivery.verdict], isFailedVerdict(delivery.verdict) ? failureRadius : radius)
    )
    .attr("fill", (delivery) => VERDICT_COLOURS[delivery.verdict])
    .attr("fill-opacity", (delivery) => (isFailedVerdict(delivery.verdict) ? 1 : 0.55))
    .attr("stroke", (delivery) => VERDICT_COLOURS[delivery.verdict])
    .append("title")
    .text(
      (delivery) =>
        `Delivery ${delivery.delivery}: signed at ${at(delivery.signedAtSeconds)} with ${delivery.kid}, arrives at ${at(delivery.arrivesAtSeconds)}: ${delivery.verdict}`
    );
}

/** Every verdict with its count, in lib's order; a failure that happened in bold. */
function verdictLegend(timeline: KeyRotationTimeline, type: TypeScale): HTMLDivElement {
  return markLegend(
    KEY_ROTATION_VERDICTS.map((verdict) => {
      const count = timeline.summary.byVerdict[verdict];
      return {
        label: `${verdict} (${count})`,
        colour: VERDICT_COLOURS[verdict],
        symbol: VERDICT_SYMBOLS[verdict],
        strong: isFailedVerdict(verdict) && count > 0
      };
    }),
    type
  );
}
