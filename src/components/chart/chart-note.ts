/**
 * What a chart says about itself (why it is empty, why every bar ties), in HTML above its frame:
 * a sentence set as SVG text cannot wrap, so a long reason ran past the frame and over the axis
 * labels. The note is a paragraph that wraps at any width and that a screen reader reads as text.
 */
import {element} from "../runtime/dom.js";
import {withLegends} from "./legend.js";

/** The chart with `note` above it when `note` is not null; the chart unchanged otherwise. */
export function withChartNote(chart: Element, note: string | null): Element {
  if (note === null) return chart;
  const paragraph = element("p", {class: "chart-empty-note", role: "note"}, note);
  if (chart.tagName.toLowerCase() === "figure") {
    chart.prepend(paragraph);
    return chart;
  }
  return withLegends(chart, [paragraph]);
}
