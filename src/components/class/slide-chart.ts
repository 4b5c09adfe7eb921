/**
 * A chart on a 16:9 slide (the class deck, the presenter view): drawn by its own view at the
 * slide's size with slide type (chart-at-size.ts), and drawn again whenever the page redraws it
 * (an input, the playback's cursor) or the slide changes size.
 */
import {drawChartAtSize} from "../chart/chart-at-size.js";
import {SLIDE_FONT_SIZE, typeScale} from "../chart/type-scale.js";
import {element} from "../runtime/dom.js";
import {morph} from "../runtime/morph.js";

/** The slide width SLIDE_FONT_SIZE is chosen for; a smaller slide gets type in proportion. */
const SLIDE_WIDTH_PX = 1920;

/**
 * Draws the chart `holder` holds (or its view named `view`) into `place`, at `place`'s size on a
 * slide as wide as `slide`, until the returned function is called.
 */
export function drawOnSlide(holder: Element, place: HTMLElement, slide: Element, view?: string): () => void {
  let frame = 0;
  const draw = () => {
    frame = 0;
    const {clientWidth: width, clientHeight: height} = place;
    if (width < 10 || height < 10) return;
    const type = typeScale(
      Math.round(((SLIDE_FONT_SIZE * slide.getBoundingClientRect().width) / SLIDE_WIDTH_PX) * 10) / 10
    );
    const drawing = drawChartAtSize(holder, {width, height, type}, false, view);
    const shown = place.firstElementChild;
    if (drawing === null)
      place.replaceChildren(
        element("p", {class: "deck-no-chart"}, "This chart is on the page; it has no slide drawing.")
      );
    else if (
      shown !== null &&
      shown.nodeName === drawing.nodeName &&
      shown.getAttribute("class") === drawing.getAttribute("class")
    )
      morph(shown, drawing);
    else place.replaceChildren(drawing);
    fitToPlace(place);
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(draw);
  };
  const mutations = new MutationObserver(schedule);
  mutations.observe(holder, {subtree: true, childList: true, characterData: true, attributes: true});
  const resizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(schedule);
  resizes?.observe(place);
  schedule();
  return () => {
    mutations.disconnect();
    resizes?.disconnect();
    if (frame !== 0) cancelAnimationFrame(frame);
    frame = 0;
  };
}

/**
 * A chart whose own layout is taller (or wider) than its place is zoomed down to fit, so nothing
 * is cut: charts choose their height from their rows and type, not from the room given.
 */
function fitToPlace(place: HTMLElement): void {
  const drawn = place.firstElementChild as HTMLElement | SVGElement | null;
  if (drawn === null) return;
  drawn.style.zoom = "";
  // Zoomed text can wrap a little differently (a legend's row): measure again once, and take the smaller.
  let zoom = 1;
  for (let pass = 0; pass < 2; pass++) {
    const {width, height} = drawn.getBoundingClientRect();
    const scale = Math.min(1, place.clientWidth / width, place.clientHeight / height);
    if (scale >= 1) break;
    // A hair under the ratio: a zoomed box's layout rounds up by a fraction of a pixel.
    zoom = Math.floor(zoom * scale * 0.998 * 1000) / 1000;
    drawn.style.zoom = String(zoom);
  }
}
