/**
 * Reading a chart back as a reader does: an axis's labelled ticks give where each value is drawn,
 * so a mark's position can be turned back into the value it shows and compared with the model's.
 */
import {TICK_OFFSET} from "../../src/components/chart/axes.js";

/** The x (or y) of `element` in the chart's coordinates: its own attribute plus every enclosing translate. */
export function absolute(element: Element, axis: "x" | "y", attribute: string = axis): number {
  let position = Number(element.getAttribute(attribute) ?? 0);
  for (let node: Element | null = element; node && node.tagName.toLowerCase() !== "svg"; node = node.parentElement) {
    const match = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(node.getAttribute("transform") ?? "");
    if (match) position += Number(axis === "x" ? match[1] : match[2]);
  }
  return position;
}

export interface DrawnAxis {
  ticks: {at: number; value: number}[];
  /** The value drawn at `px`, by the line through the first and last labelled ticks. */
  valueAt(px: number): number;
  pxOf(value: number): number;
}

/** The linear axis d3-axis drew in `axisGroup` (a bottom axis reads x, a left one y). `unit` scales labels back to the data's unit (60 for minutes). */
export function drawnAxis(svg: Element, selector: string, {unit = 1}: {unit?: number} = {}): DrawnAxis {
  const group = svg.querySelector(selector);
  if (!group) throw new Error(`no axis ${selector}`);
  const axis = group.classList.contains("y-axis") ? "y" : "x";
  const ticks = [...group.querySelectorAll("g.tick")].map((tick) => ({
    // d3-axis draws each tick half a pixel off its value (TICK_OFFSET).
    at: absolute(tick, axis, "__none__") - TICK_OFFSET,
    value: unit * Number((tick.querySelector("text")!.textContent ?? "").replaceAll(",", "").replace("%", ""))
  }));
  const [first, last] = [ticks[0]!, ticks[ticks.length - 1]!];
  const perPx = (last.value - first.value) / (last.at - first.at);
  return {
    ticks,
    valueAt: (px) => first.value + (px - first.at) * perPx,
    pxOf: (value) => first.at + (value - first.value) / perPx
  };
}
