/**
 * A region that may scroll (a wide table, a long trace). Whether it overflows depends on the
 * reader's fonts and width, so it is always keyboard-focusable and named: a region that
 * scrolls must be reachable without a mouse (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
import {element, type Child} from "./dom.js";

export function ScrollRegion(label: string, ...children: Child[]): HTMLDivElement {
  return element("div", {class: "table-scroll", tabindex: 0, role: "region", "aria-label": label}, ...children);
}
