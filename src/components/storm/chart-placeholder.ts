/**
 * What a chart's place holds until the worker's first storm is here: the chart's height, so
 * nothing below moves when it is drawn (Lighthouse counted a layout shift of 0.1 without it).
 */
import {element} from "../runtime/dom.js";

export function ChartPlaceholder(heightPx: number, text = "Running the storm…"): HTMLElement {
  return element("p", {class: "storm-placeholder", style: `min-height: ${Math.round(heightPx)}px`}, text);
}
