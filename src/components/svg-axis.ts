/**
 * A linear x axis from 0, drawn by hand as Plot draws one: grid lines, tick marks, tick labels
 * and the axis label with its arrow, for the charts redrawn in the frame of every input.
 */
import {linearTicks, PX_PER_TICK} from "./chart-ticks.js";
import {svgElement as svg} from "./dom.js";
import {formatNumber} from "./number-format.js";

export interface XAxisLayout {
  /** The chart's whole width; the label ends 2.5 px inside it, as Plot's does. */
  width: number;
  /** The plot area: the axis runs from `left` to `right` under `bottom`, its grid up to `top`. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  end: number;
  x: (value: number) => number;
  label: string;
}

export function linearXAxis({width, left, right, top, bottom, end, x, label}: XAxisLayout): SVGGElement {
  const ticks = linearTicks(0, end, (right - left) / PX_PER_TICK);
  return svg("g", {class: "x-axis"},
    // Grid lines and tick marks as one path each: a redraw that moves them touches two elements.
    svg("path", {class: "x-grid", fill: "none", stroke: "currentColor", "stroke-opacity": 0.1,
      d: ticks.map((tick) => `M${x(tick) + 0.5},${top}V${bottom}`).join("")}),
    svg("path", {class: "x-ticks", fill: "none", stroke: "currentColor",
      d: ticks.map((tick) => `M${x(tick) + 0.5},${bottom}v6`).join("")}),
    svg("g", {class: "x-tick-labels", "font-variant": "tabular-nums"},
      ticks.map((tick) => svg("text", {x: x(tick) + 0.5, y: bottom + 9.5, dy: "0.71em"}, formatNumber(tick)))),
    svg("text", {class: "x-axis-label", x: width - 2.5, y: bottom + 27.5, "text-anchor": "end"}, `${label} →`)
  );
}
