/**
 * The time axis and value axes lesson 5's hand-drawn charts share: seconds from 0 on x, a
 * linear value axis on y, as Plot lays them out (see svg-axis.ts). Drawn by hand so the page
 * never loads Plot.
 */
import {linearTicks} from "../chart-ticks.js";
import {svgElement as svg} from "../dom.js";
import {formatNumber} from "../number-format.js";
import {linearXAxis} from "../svg-axis.js";
import type {StormSummary} from "../../../lib/storm/summary.js";

/** The time every chart of several storms runs to: the longest storm, so shapes compare by position. */
export function sharedEndSeconds(summaries: readonly StormSummary[]): number {
  return Math.max(1, ...summaries.map((summary) => summary.load.startSeconds.length * (summary.load.bucketMs / 1000)));
}

/** Plot's coordinates: to the thousandth. */
export const round = (value: number) => Math.round(value * 1000) / 1000;

export interface Band {
  top: number;
  bottom: number;
  /** The value at the band's top. */
  max: number;
  y: (value: number) => number;
}

export function band(top: number, bottom: number, max: number): Band {
  return {top, bottom, max, y: (value: number) => round(bottom - (Math.min(value, max) / max) * (bottom - top))};
}

/** A compact left axis: a few round values with grid lines across [left, right]. */
export function valueAxis(b: Band, left: number, right: number, format: (value: number) => string = formatNumber): SVGGElement {
  const ticks = linearTicks(0, b.max, Math.max(2, (b.bottom - b.top) / 30));
  return svg("g", {class: "y-axis", "font-variant": "tabular-nums", "text-anchor": "end"},
    svg("path", {fill: "none", stroke: "currentColor", "stroke-opacity": 0.1, d: ticks.map((tick) => `M${left},${b.y(tick) + 0.5}H${right}`).join("")}),
    ticks.map((tick) => svg("text", {x: left - 4, y: b.y(tick), dy: "0.32em"}, format(tick)))
  );
}

export function timeAxis(width: number, left: number, right: number, top: number, bottom: number, endSeconds: number, x: (seconds: number) => number): SVGGElement {
  return linearXAxis({width, left, right, top, bottom, end: endSeconds, x, label: "modeled time (s)"});
}

export const chartRoot = (width: number, height: number, label: string, ...children: SVGElement[]) =>
  svg("svg", {class: "plot-d6a7b5", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label}, ...children);

/** A step line through per-bucket values: each value holds over its bucket. */
export function stepPath(starts: readonly number[], widthSeconds: number, values: readonly number[], x: (s: number) => number, y: (v: number) => number): string {
  let d = "";
  values.forEach((value, index) => {
    const from = x(starts[index]!);
    d += `${index === 0 ? "M" : "L"}${from},${y(value)}H${x(starts[index]! + widthSeconds)}`;
  });
  return d;
}

/** The same step line closed down to the band's bottom, as an area. */
export function stepArea(starts: readonly number[], widthSeconds: number, values: readonly number[], x: (s: number) => number, b: Band): string {
  if (values.length === 0) return "";
  const end = x(starts[starts.length - 1]! + widthSeconds);
  return `M${x(starts[0]!)},${b.bottom}${stepPath(starts, widthSeconds, values, x, b.y).replace(/^M/, "L")}L${end},${b.bottom}Z`;
}

/** The playback's cursor and the fading of what it has not reached. */
export function cursorMarks(cursorSeconds: number | null, x: (s: number) => number, top: number, bottom: number, right: number): SVGGElement {
  if (cursorSeconds === null) return svg("g", {class: "cursor"});
  const at = Math.min(right, x(cursorSeconds));
  return svg("g", {class: "cursor"},
    svg("rect", {class: "cursor-fade", x: at, y: top, width: Math.max(0, right - at), height: bottom - top, style: "fill: var(--theme-background, white)", "fill-opacity": 0.7}),
    svg("line", {x1: at + 0.5, x2: at + 0.5, y1: top, y2: bottom, stroke: "currentColor", "stroke-width": 2, "stroke-opacity": 0.6})
  );
}
