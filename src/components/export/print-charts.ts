/**
 * Charts redrawn for the paper. A chart on screen is drawn at the screen's width with the page's
 * 11 px type; printed on A4 from a wide window it was scaled down to about 5 pt. When the page is
 * printed (`beforeprint`, or the print media query turning on), every exportable chart is drawn
 * again by its own view at the paper's width with the type scale's print size (PRINT_FONT_SIZE),
 * the whole run as an export shows it; style.css shows that drawing on paper instead of the
 * screen's. After printing the drawings are removed.
 */
import {drawChartAtSize} from "../chart/chart-at-size.js";
import {PRINT_FONT_SIZE, typeScale} from "../chart/type-scale.js";
import {element} from "../runtime/dom.js";
import {MORPH_KEEP_ATTRIBUTE} from "../runtime/morph.js";
import {flushRedraws} from "../runtime/offscreen-redraws.js";

/** The width a chart is drawn at for paper: inside A4's printable width (about 718 CSS px) and US Letter's. */
export const PRINT_WIDTH_PX = 640;
/** Room for a chart on a page: a chart chooses its height from its rows, so this only bounds it. */
const PRINT_HEIGHT_PX = 900;
const PRINT_DRAWING = "chart-print-drawing";

/**
 * Draws every exportable chart under `root` for the paper, beside its screen drawing: the last
 * child of the chart (style.css puts it first on paper), kept there by the chart's redraws.
 */
export function drawChartsForPrint(root: ParentNode = document): void {
  // Charts far from the screen wait to be drawn: draw them now, so the paper's drawing is of the current run.
  flushRedraws();
  const size = {width: PRINT_WIDTH_PX, height: PRINT_HEIGHT_PX, type: typeScale(PRINT_FONT_SIZE)};
  for (const chart of root.querySelectorAll(".exportable-chart")) {
    chart.querySelector(`:scope > .${PRINT_DRAWING}`)?.remove();
    const drawing = drawChartAtSize(chart, size, true);
    if (drawing !== null)
      chart.appendChild(
        element("div", {class: PRINT_DRAWING, "aria-hidden": "true", [MORPH_KEEP_ATTRIBUTE]: true}, drawing)
      );
  }
}

/** Removes the paper's drawings (the screen's are shown again). */
export function removePrintDrawings(root: ParentNode = document): void {
  for (const drawing of root.querySelectorAll(`.exportable-chart > .${PRINT_DRAWING}`)) drawing.remove();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeprint", () => drawChartsForPrint());
  window.addEventListener("afterprint", () => removePrintDrawings());
  if (typeof window.matchMedia === "function") {
    window
      .matchMedia("print")
      .addEventListener?.("change", (event) => (event.matches ? drawChartsForPrint() : removePrintDrawings()));
  }
}
