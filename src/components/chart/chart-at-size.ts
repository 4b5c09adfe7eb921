/**
 * A chart drawn again at another size than the page's: a 16:9 slide export, or the class deck's
 * slide. The chart's own code draws it (the same view, with the size's width and type scale), so
 * nothing is scaled up as a picture.
 *
 * Whoever holds a chart asks it through its element (`drawChartAtSize`); the chart answers with a
 * listener (`answersDrawAtSize`) set with element()'s props, so a ViewSlot's morph hands the newest
 * drawing's answer to the node on show, as it does for the export buttons' clicks.
 */
import type {TypeScale} from "./type-scale.js";
import {element} from "../runtime/dom.js";

export interface ChartSize {
  /** The width to draw at, in CSS pixels. */
  width: number;
  /** The height there is room for: a chart taller than this is scaled down to it by whoever shows it. */
  height: number;
  type: TypeScale;
}

/**
 * Draws the chart at `size`. `whole`: the whole run, as an export shows it (no playback cursor, no
 * fading); otherwise as the page shows it now (the class deck follows the playback).
 */
export type DrawAtSize = (size: ChartSize, whole: boolean) => Element;

const DRAW_AT_SIZE_EVENT = "drawatsize";

interface DrawAtSizeRequest {
  size: ChartSize;
  whole: boolean;
  drawing: Element | null;
}

/** The props that make an element answer drawChartAtSize with `draw`: spread them into element()'s props. */
export function answersDrawAtSize(draw: DrawAtSize): {ondrawatsize: (event: Event) => void} {
  return {
    ondrawatsize(event: Event) {
      const request = (event as CustomEvent<DrawAtSizeRequest>).detail;
      request.drawing = draw(request.size, request.whole);
      event.stopPropagation();
    }
  };
}

/**
 * The chart `holder` (or the first chart inside it, or the view inside it named `view`) drawn at
 * `size`; null when none answers.
 */
export function drawChartAtSize(holder: Element, size: ChartSize, whole: boolean, view?: string): Element | null {
  const request: DrawAtSizeRequest = {size, whole, drawing: null};
  const named =
    view === undefined
      ? null
      : [...holder.querySelectorAll(`[${SLIDE_VIEW_ATTRIBUTE}]`)].find(
          (node) => node.getAttribute(SLIDE_VIEW_ATTRIBUTE) === view
        );
  if (named) {
    named.dispatchEvent(new CustomEvent(DRAW_AT_SIZE_EVENT, {detail: request}));
    return request.drawing;
  }
  holder.dispatchEvent(new CustomEvent(DRAW_AT_SIZE_EVENT, {detail: request}));
  if (request.drawing !== null) return request.drawing;
  const inside = holder.querySelector("[data-draws-at-size]");
  if (inside === null || inside === holder) return null;
  inside.dispatchEvent(new CustomEvent(DRAW_AT_SIZE_EVENT, {detail: request}));
  return request.drawing;
}

/** The attribute that marks an element answering drawChartAtSize (set it beside answersDrawAtSize's props). */
export const DRAWS_AT_SIZE_ATTRIBUTE = "data-draws-at-size";
/** The name a view answers to when a step's slide asks for it (TourStep.slideView). */
const SLIDE_VIEW_ATTRIBUTE = "data-slide-view";

/**
 * A view that is not an exportable chart (lesson 4's reconciliation lanes, a table) made to
 * answer drawChartAtSize: drawn by `drawAt`, in type of the size's body for an HTML view. `name`:
 * the name a step's slide asks for it by, when it is not its lab's first chart.
 */
export function AnswersAtSize(view: Element, drawAt: DrawAtSize, name?: string): HTMLElement {
  return element(
    "div",
    {
      class: "answers-at-size",
      ...answersDrawAtSize(drawAt),
      [DRAWS_AT_SIZE_ATTRIBUTE]: true,
      ...(name === undefined ? {} : {[SLIDE_VIEW_ATTRIBUTE]: name})
    },
    view
  );
}

/** An HTML view at a size: its text in the size's body type. */
export function HtmlAtSize(view: Element, size: ChartSize): HTMLElement {
  return element("div", {class: "html-at-size", style: `font-size: ${size.type.body}px`}, view);
}
