/**
 * The smallest text a class reads on the class deck's slide, as drawn on screen: every text node
 * in the deck's slide (HTML and SVG), its font size times the zoom and SVG scale it is drawn at.
 * Controls are set aside (the head's buttons, the answer's buttons, the playback's controls): the
 * teacher reads them, the class does not. The class-deck browser test and `npm run deck-walk`
 * share this measure.
 */
import type {Page} from "playwright-core";

export interface SlideText {
  /** The smallest text's size in CSS pixels, or null when the slide has no text. */
  min: number | null;
  /** The smallest few, with what they say and where, for a reader of a failure. */
  smallest: {px: number; text: string; where: string}[];
}

/** The class's minimum: 18 px on a 1920 px wide slide, in proportion on a smaller one (9.6 px at 1024). */
export function minimumSlideTextPx(slideWidth: number): number {
  return (18 * slideWidth) / 1920;
}

export function measureSlideText(page: Page): Promise<SlideText> {
  return page.evaluate(`(() => {
    const slide = document.querySelector("dialog.class-deck .deck-slide");
    if (!slide) return {min: null, smallest: []};
    const skip = "button, select, input, .playback-controls, .deck-answer-actions, .export-buttons";
    const found = [];
    const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(skip)) continue;
      if (parent.closest("[hidden]") || getComputedStyle(parent).visibility === "hidden" || parent.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const svg = parent.closest("svg");
      const view = svg && svg.viewBox.baseVal;
      // An SVG's text is scaled by its viewBox (the rendered box includes any zoom); HTML by its zoom.
      const scale = view && view.width ? svg.getBoundingClientRect().width / view.width : (parent.currentCSSZoom || 1);
      const size = parseFloat(getComputedStyle(parent).fontSize) * scale;
      const where = parent.localName + (parent.getAttribute("class") ? "." + parent.getAttribute("class").split(" ")[0] : "");
      found.push({px: Math.round(size * 10) / 10, text: text.slice(0, 40), where});
    }
    found.sort((a, b) => a.px - b.px);
    return {min: found.length ? found[0].px : null, smallest: found.slice(0, 4)};
  })()`) as Promise<SlideText>;
}
