/**
 * The storm's headline figures (which ones, and why: lab-figures.ts). Compared with a pinned
 * run, each reads "pinned → current".
 */
import type {StormSummary} from "../../../lib/storm/summary.js";
import {element} from "../runtime/dom.js";
import {SummaryFigure} from "../chart/summary-figure.js";
import {stormLabFigures} from "./lab-figures.js";

export function StormFigures(summary: StormSummary, pinned: StormSummary | null = null): HTMLElement {
  return element(
    "div",
    {class: `summary-figures${pinned ? " storm-figures-compared" : ""}`, "aria-label": "Storm figures"},
    stormLabFigures(summary, pinned).map((figure) =>
      SummaryFigure(figure.value, figure.label, figure.alert, figure.pinned)
    )
  );
}
