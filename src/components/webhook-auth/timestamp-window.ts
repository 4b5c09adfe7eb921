/**
 * The receiver's timestamp window: how old the request's webhook-timestamp looks on the
 * receiver's clock (its clock skew, the request being signed at true time), against the band
 * of ± the tolerance it accepts (bounds included, as the reference libraries do). The two
 * inputs that move it (clock skew and tolerance) sit beside it in the debugger's lab.
 *
 * Drawn by hand in SVG, in Plot's manner: a slider redraws it in the frame of every move.
 */
import {linearTicks, PX_PER_TICK} from "../chart-ticks.js";
import {svgElement as svg} from "../dom.js";
import {formatNumber} from "../number-format.js";
import {ATTEMPT_COLOURS} from "./palette.js";

export interface TimestampWindowInput {
  /** Receiver clock minus webhook-timestamp, in seconds: positive is in the past, negative in the future. */
  ageSeconds: number;
  toleranceSeconds: number;
}

const ACCEPTED = ATTEMPT_COLOURS["applied (id recorded)"];
const REFUSED = ATTEMPT_COLOURS["refused: timestamp too old (401)"];
const MARGIN = {top: 34, right: 14, bottom: 34, left: 14};
const HEIGHT = 118;

/** The verdict on the timestamp alone, as checkStandardWebhookTimestamp gives it. */
export function timestampVerdict({ageSeconds, toleranceSeconds}: TimestampWindowInput): "within" | "too old" | "too new" {
  return ageSeconds > toleranceSeconds ? "too old" : -ageSeconds > toleranceSeconds ? "too new" : "within";
}

const seconds = (value: number) => `${value < 0 ? "−" : ""}${formatNumber(Math.abs(value))} s`;

export function TimestampWindowChart(input: TimestampWindowInput, {width = 640}: {width?: number} = {}): SVGSVGElement {
  const {ageSeconds, toleranceSeconds} = input;
  const verdict = timestampVerdict(input);
  // Symmetric around the receiver's clock, with room beyond whichever reaches further.
  const extent = Math.max(60, 1.25 * Math.max(toleranceSeconds, Math.abs(ageSeconds)));
  const [left, top, bottom] = [MARGIN.left, MARGIN.top, HEIGHT - MARGIN.bottom];
  const right = Math.max(left + 1, width - MARGIN.right);
  const x = (value: number) => Math.round((left + ((value + extent) / (2 * extent)) * (right - left)) * 1000) / 1000;
  const ticks = linearTicks(-extent, extent, Math.max(2, (right - left) / PX_PER_TICK));
  const marker = x(ageSeconds);
  const colour = verdict === "within" ? ACCEPTED : REFUSED;
  const middle = (top + bottom) / 2;
  const label = `${verdict === "within" ? "✓" : "✗"} ${seconds(ageSeconds)}: ${verdict === "within" ? "within the window" : verdict}`;
  // The label reads from the marker towards the middle, so it never runs off either edge.
  const anchor = marker < left + (right - left) / 3 ? "start" : marker > right - (right - left) / 3 ? "end" : "middle";
  return svg(
    "svg",
    {class: "plot-d6a7b5 timestamp-window", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height: HEIGHT, viewBox: `0 0 ${width} ${HEIGHT}`},
    svg("g", {class: "x-axis"},
      svg("path", {class: "x-grid", fill: "none", stroke: "currentColor", "stroke-opacity": 0.1, d: ticks.map((tick) => `M${x(tick) + 0.5},${top}V${bottom}`).join("")}),
      svg("path", {class: "x-ticks", fill: "none", stroke: "currentColor", d: ticks.map((tick) => `M${x(tick) + 0.5},${bottom}v6`).join("")}),
      svg("g", {class: "x-tick-labels", "font-variant": "tabular-nums"}, ticks.map((tick) => svg("text", {x: x(tick) + 0.5, y: bottom + 9.5, dy: "0.71em"}, formatNumber(tick)))),
      svg("text", {class: "x-axis-label", x: width - 2.5, y: bottom + 27.5, "text-anchor": "end"}, width < 420 ? "timestamp's age on its clock (s) →" : "how old the timestamp is on the receiver's clock (s) →")),
    svg("rect", {class: "window-band", x: x(-toleranceSeconds), width: Math.max(0, x(toleranceSeconds) - x(-toleranceSeconds)), y: top, height: bottom - top, fill: ACCEPTED, "fill-opacity": 0.18, stroke: ACCEPTED, "stroke-width": 1.5},
      svg("title", null, `Accepted: from ${seconds(-toleranceSeconds)} to ${seconds(toleranceSeconds)} (the tolerance either way, bounds included)`)),
    svg("text", {class: "window-label", x: x(0), y: top - 6}, `accepted: ± ${formatNumber(toleranceSeconds)} s`),
    svg("path", {class: "receiver-now", stroke: "currentColor", "stroke-opacity": 0.5, "stroke-dasharray": "2,2", d: `M${x(0) + 0.5},${top}V${bottom}`}),
    svg("g", {class: "request-marker"},
      svg("path", {d: `M${marker},${middle - 9}l9,9l-9,9l-9,-9z`, fill: colour, stroke: colour},
        svg("title", null, `This request's webhook-timestamp is ${ageSeconds >= 0 ? `${formatNumber(ageSeconds)} s old` : `${formatNumber(-ageSeconds)} s in the future`} on the receiver's clock: ${verdict === "within" ? "within" : "outside"} ± ${formatNumber(toleranceSeconds)} s`)),
      svg("text", {x: marker + (anchor === "start" ? -6 : anchor === "end" ? 6 : 0), y: top - 20, "text-anchor": anchor, "font-weight": "bold", fill: colour}, label))
  );
}
