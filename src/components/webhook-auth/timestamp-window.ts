/**
 * The receiver's timestamp window: how old the request's webhook-timestamp looks on the
 * receiver's clock (its clock skew, the request being signed at true time), against the band
 * of ± the tolerance it accepts (bounds included, as the reference libraries do). The two
 * inputs that move it (clock skew and tolerance) sit beside it in the debugger's lab.
 *
 * On the chart layer (d3), not Plot: a slider redraws it in the frame of every move.
 */
import {withLegends} from "../chart/legend.js";
import {scaleLinear} from "d3-scale";
import {bottomAxis, bottomAxisHeight} from "../chart/axes.js";
import {chartFrame} from "../chart/chart-frame.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {formatNumber} from "../format/number-format.js";
import {ATTEMPT_COLOURS} from "./palette.js";

export interface TimestampWindowInput {
  /** Receiver clock minus webhook-timestamp, in seconds: positive is in the past, negative in the future. */
  ageSeconds: number;
  toleranceSeconds: number;
}

const ACCEPTED = ATTEMPT_COLOURS["applied (id recorded)"];
const REFUSED = ATTEMPT_COLOURS["refused: timestamp too old (401)"];

/** The verdict on the timestamp alone, as checkStandardWebhookTimestamp gives it. */
export function timestampVerdict({
  ageSeconds,
  toleranceSeconds
}: TimestampWindowInput): "within" | "too old" | "too new" {
  return ageSeconds > toleranceSeconds ? "too old" : -ageSeconds > toleranceSeconds ? "too new" : "within";
}

const seconds = (value: number) => `${value < 0 ? "−" : ""}${formatNumber(Math.abs(value))} s`;

export function TimestampWindowChart(
  input: TimestampWindowInput,
  {width = 640, type = typeScale()}: {width?: number; type?: TypeScale} = {}
): HTMLElement {
  const {ageSeconds, toleranceSeconds} = input;
  const verdict = timestampVerdict(input);
  const plotHeight = Math.round(type.line * 3.6);
  const margin = {
    top: Math.round(type.line * 2.6),
    right: Math.ceil(type.body),
    bottom: bottomAxisHeight(type),
    left: Math.ceil(type.body)
  };
  const frame = chartFrame({
    width,
    height: margin.top + plotHeight + margin.bottom,
    margin,
    type,
    className: "timestamp-window",
    label: "The receiver's timestamp window and this request's timestamp"
  });
  // Symmetric around the receiver's clock, with room beyond whichever reaches further.
  const extent = Math.max(60, 1.25 * Math.max(toleranceSeconds, Math.abs(ageSeconds)));
  const x = scaleLinear().domain([-extent, extent]).range([frame.left, frame.right]);
  const long = "how old the timestamp is on the receiver's clock (s)";
  bottomAxis(frame, x, {label: type.widthOf(`${long} →`) < width - 4 ? long : "timestamp's age on its clock (s)"});
  const band = frame.svg
    .append("rect")
    .attr("class", "window-band")
    .attr("x", x(-toleranceSeconds))
    .attr("width", Math.max(0, x(toleranceSeconds) - x(-toleranceSeconds)))
    .attr("y", frame.top)
    .attr("height", frame.bottom - frame.top)
    .attr("fill", ACCEPTED)
    .attr("fill-opacity", 0.18)
    .attr("stroke", ACCEPTED)
    .attr("stroke-width", 1.5 * type.unit);
  band
    .append("title")
    .text(
      `Accepted: from ${seconds(-toleranceSeconds)} to ${seconds(toleranceSeconds)} (the tolerance either way, bounds included)`
    );
  frame.svg
    .append("text")
    .attr("class", "window-label")
    .attr("x", x(0))
    .attr("y", frame.top - 0.4 * type.line)
    .text(`accepted: ± ${formatNumber(toleranceSeconds)} s`);
  frame.svg
    .append("path")
    .attr("class", "receiver-now")
    .attr("stroke", "currentColor")
    .attr("stroke-opacity", 0.5)
    .attr("stroke-dasharray", "2,2")
    .attr("d", `M${x(0) + 0.5},${frame.top}V${frame.bottom}`);
  requestMarker(frame, x(ageSeconds), input, verdict);
  return withLegends(frame.svg.node()!, []);
}

/** A diamond at the request's age, with its verdict above the plot, reading from the marker towards the middle so it never runs off either edge. */
function requestMarker(
  frame: ReturnType<typeof chartFrame>,
  marker: number,
  {ageSeconds, toleranceSeconds}: TimestampWindowInput,
  verdict: ReturnType<typeof timestampVerdict>
): void {
  const {type} = frame;
  const colour = verdict === "within" ? ACCEPTED : REFUSED;
  const [middle, size] = [(frame.top + frame.bottom) / 2, 9 * type.unit];
  const label = `${verdict === "within" ? "✓" : "✗"} ${seconds(ageSeconds)}: ${verdict === "within" ? "within the window" : verdict}`;
  const third = (frame.right - frame.left) / 3;
  const anchor = marker < frame.left + third ? "start" : marker > frame.right - third ? "end" : "middle";
  const g = frame.svg.append("g").attr("class", "request-marker");
  g.append("path")
    .attr("d", `M${marker},${middle - size}l${size},${size}l${-size},${size}l${-size},${-size}z`)
    .attr("fill", colour)
    .attr("stroke", colour)
    .append("title")
    .text(
      `This request's webhook-timestamp is ${ageSeconds >= 0 ? `${formatNumber(ageSeconds)} s old` : `${formatNumber(-ageSeconds)} s in the future`} on the receiver's clock: ${verdict === "within" ? "within" : "outside"} ± ${formatNumber(toleranceSeconds)} s`
    );
  g.append("text")
    .attr("x", marker + (anchor === "start" ? -6 : anchor === "end" ? 6 : 0) * type.unit)
    .attr("y", frame.top - 1.6 * type.line)
    .attr("text-anchor", anchor)
    .attr("font-weight", "bold")
    .attr("fill", colour)
    .text(label);
}
