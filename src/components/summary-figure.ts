/**
 * One headline number with its label, as every lesson's summary shows them;
 * `alert` colours the number when it is something to look at.
 */
import {element} from "./dom.js";

export function SummaryFigure(value: number, label: string, alert = false): HTMLElement {
  return element(
    "div",
    {class: `summary-figure${alert ? " figure-alert" : ""}`},
    element("span", {class: "figure-value"}, value),
    element("span", {class: "figure-label"}, label)
  );
}
