/**
 * A chart's frame: its root <svg>, its margins and the plot area inside them, its type scale.
 * Every chart on the course's chart layer starts here, so they share one root element, one class
 * (styled by chart.css) and one way of sizing text. Written with d3-selection, as d3's examples are.
 */
import {create, type Selection} from "d3-selection";
import {type TypeScale, typeScale} from "./type-scale.js";

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface FrameOptions {
  width: number;
  height: number;
  margin: Margin;
  /** What a screen reader says the chart is. */
  label: string;
  type?: TypeScale;
  /** A class of the chart's own, beside the layer's "chart". */
  className?: string;
}

export type ChartSvg = Selection<SVGSVGElement, undefined, null, undefined>;
/** A group of marks appended to a chart. */
export type ChartGroup = Selection<SVGGElement, undefined, null, undefined>;

export interface ChartFrame {
  svg: ChartSvg;
  width: number;
  height: number;
  /** The plot area: marks go between these. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  type: TypeScale;
}

export function chartFrame({width, height, margin, label, type = typeScale(), className}: FrameOptions): ChartFrame {
  const svg = create("svg")
    .attr("class", className ? `chart ${className}` : "chart")
    .attr("width", width)
    .attr("height", height)
    .attr("viewBox", [0, 0, width, height].join(" "))
    .attr("role", "img")
    .attr("aria-label", label)
    .attr("fill", "currentColor")
    .attr("font-family", "system-ui, sans-serif")
    .attr("font-size", type.body)
    .attr("text-anchor", "middle");
  // However narrow the chart, the plot area keeps a width and a height (never a negative one).
  const left = margin.left;
  const top = margin.top;
  return {
    svg,
    width,
    height,
    left,
    top,
    right: Math.max(left + 1, width - margin.right),
    bottom: Math.max(top + 1, height - margin.bottom),
    type
  };
}

/** The plot area's faint outline, drawn once the marks are in. */
export function plotOutline(frame: ChartFrame): void {
  frame.svg
    .append("rect")
    .attr("class", "plot-outline")
    .attr("fill", "none")
    .attr("stroke", "currentColor")
    .attr("stroke-opacity", 0.15)
    .attr("x", frame.left + 0.5)
    .attr("y", frame.top + 0.5)
    .attr("width", frame.right - frame.left)
    .attr("height", frame.bottom - frame.top);
}

export interface CursorOptions {
  /** Where the cursor is drawn (a panel's group); the chart's SVG by default. */
  parent?: ChartGroup | ChartFrame["svg"];
  /** The rule's top and bottom; the plot area's by default. */
  span?: readonly [number, number];
  /** Fade what the playback has not reached yet, right of the rule. */
  fade?: boolean;
}

/** The playback's modeled clock as a rule across the plot area; nothing when there is no cursor. */
export function cursorRule(
  frame: ChartFrame,
  x: (value: number) => number,
  at: number | null,
  {parent = frame.svg, span = [frame.top, frame.bottom], fade = false}: CursorOptions = {}
): void {
  const g = (parent as ChartGroup).append("g").attr("class", "cursor");
  if (at === null) return;
  const position = Math.min(frame.right, x(at));
  const [top, bottom] = span;
  if (fade)
    g.append("rect")
      .attr("class", "cursor-fade")
      .attr("x", position)
      .attr("y", top)
      .attr("width", Math.max(0, frame.right - position))
      .attr("height", bottom - top)
      .attr("style", "fill: var(--theme-background, white)")
      .attr("fill-opacity", 0.7);
  g.append("line")
    .attr("x1", position + 0.5)
    .attr("x2", position + 0.5)
    .attr("y1", top)
    .attr("y2", bottom)
    .attr("stroke", "currentColor")
    .attr("stroke-width", 2 * frame.type.unit)
    .attr("stroke-opacity", 0.6);
}
