/**
 * One headline number with its label, as every lesson's summary shows them;
 * `alert` colours the number when it is something to look at. Compared with a pinned run, it
 * reads "pinned → current" with the difference ("4 → 8, +4").
 */
import {element} from "../runtime/dom.js";
import {formatNumber} from "../format/number-format.js";
import {figureLabelText, type FigureLabel} from "./lab-figure.js";

export type {FigureLabel} from "./lab-figure.js";

export function SummaryFigure(
  value: number,
  label: FigureLabel,
  alert = false,
  pinned: number | null = null
): HTMLElement {
  const difference = pinned === null ? 0 : value - pinned;
  return element(
    "div",
    {
      class: `summary-figure${alert ? " figure-alert" : ""}${pinned !== null && difference !== 0 ? " figure-changed" : ""}`
    },
    pinned === null
      ? element("span", {class: "figure-value"}, formatNumber(value))
      : element(
          "span",
          {class: "figure-value"},
          element("span", {class: "figure-pinned"}, formatNumber(pinned)),
          " → ",
          formatNumber(value),
          element(
            "span",
            {class: "figure-difference"},
            difference === 0 ? ", same" : `, ${difference > 0 ? "+" : "−"}${formatNumber(Math.abs(difference))}`
          )
        ),
    element("span", {class: "figure-label"}, figureLabelText(label, value))
  );
}
