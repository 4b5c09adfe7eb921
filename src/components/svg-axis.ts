/**
 * The scales of the charts drawn by hand, as Plot lays them out: a linear x axis from 0 (grid
 * lines, tick marks, tick labels, the label with its arrow) and rows of whole-pixel bands.
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
  /** About how many ticks; by default one per 80 px, as Plot asks. */
  tickCount?: number;
  /** Ticks fall on round numbers of this many of `x`'s units (60: minutes on a seconds scale), labelled in it. */
  tickUnit?: number;
}

export function linearXAxis({width, left, right, top, bottom, end, x, label, tickCount = (right - left) / PX_PER_TICK, tickUnit = 1}: XAxisLayout): SVGGElement {
  const ticks = linearTicks(0, end / tickUnit, tickCount).map((tick) => tick * tickUnit);
  return svg("g", {class: "x-axis"},
    // Grid lines and tick marks as one path each: a redraw that moves them touches two elements.
    svg("path", {class: "x-grid", fill: "none", stroke: "currentColor", "stroke-opacity": 0.1,
      d: ticks.map((tick) => `M${x(tick) + 0.5},${top}V${bottom}`).join("")}),
    svg("path", {class: "x-ticks", fill: "none", stroke: "currentColor",
      d: ticks.map((tick) => `M${x(tick) + 0.5},${bottom}v6`).join("")}),
    svg("g", {class: "x-tick-labels", "font-variant": "tabular-nums"},
      ticks.map((tick) => svg("text", {x: x(tick) + 0.5, y: bottom + 9.5, dy: "0.71em"}, formatNumber(tick / tickUnit)))),
    svg("text", {class: "x-axis-label", x: width - 2.5, y: bottom + 27.5, "text-anchor": "end"}, `${label} →`)
  );
}

/**
 * `count` bands between `start` and `end`, as Plot's band scale lays them out (d3's scaleBand
 * with `padding` inner and outer, centred and rounded; a test holds it to d3-scale): each band's
 * start and the bands' size.
 */
export function bandLayout(count: number, start: number, end: number, padding: number): {bandHeight: number; rowTop: (index: number) => number} {
  const step = Math.floor((end - start) / Math.max(1, count - padding + 2 * padding));
  const first = Math.round(start + (end - start - step * (count - padding)) / 2);
  return {bandHeight: Math.round(step * (1 - padding)), rowTop: (index: number) => first + index * step};
}
