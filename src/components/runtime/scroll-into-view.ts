/**
 * Scrolls an element to the top of the screen and keeps it there for a few frames: blocks the
 * scroll passes over that were skipped off screen (content-visibility) take their real height
 * only once laid out, which moves the target after the first scroll.
 */
import {expectNear} from "./offscreen-redraws.js";

const SETTLE_FRAMES = 3;

export function scrollToTopOfScreen(target: Element, framesLeft = SETTLE_FRAMES): void {
  // What the scroll brings into sight is drawn now, not when the observer next reports.
  if (framesLeft === SETTLE_FRAMES) expectNear(target);
  target.scrollIntoView({block: "start"});
  if (framesLeft > 0) requestAnimationFrame(() => scrollToTopOfScreen(target, framesLeft - 1));
}
