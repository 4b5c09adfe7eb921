/**
 * User text shown as text, and never more of it than the page can lay out in a
 * moment: a 1 MiB request must not freeze the page. What is cut is said plainly.
 */
import {element} from "../runtime/dom.js";

export interface CappedText {
  shown: string;
  /** Characters (UTF-16 code units) not shown. */
  hidden: number;
}

/** The first `limit` code units of `text`, never splitting a surrogate pair. */
export function capText(text: string, limit: number): CappedText {
  if (text.length <= limit) return {shown: text, hidden: 0};
  const high = text.charCodeAt(limit - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit;
  return {shown: text.slice(0, cut), hidden: text.length - cut};
}

/** "… 12,345 more characters not shown" */
export function moreNotShown(count: number, noun = "character", plural = `${noun}s`): string {
  return `… ${count.toLocaleString("en-US")} more ${count === 1 ? noun : plural} not shown`;
}

/** A <pre> of user text (as text, never markup), cut at `limit` with a note saying how much is left out. */
export function CappedPre(text: string, limit: number, className = "verbatim", label = "Verbatim text"): HTMLElement {
  return CappedView(capText(text, limit), className, label);
}

/** A <pre> of text already cut by capText (and perhaps reshaped), with its note. */
export function CappedView({shown, hidden}: CappedText, className = "verbatim", label = "Verbatim text"): HTMLElement {
  // The <pre> scrolls past 24rem: focusable and named, like every region that can scroll.
  return element(
    "div",
    {class: "capped-text"},
    element("pre", {class: className, tabindex: 0, "aria-label": label}, shown),
    hidden > 0 ? element("p", {class: "capped-note"}, `${moreNotShown(hidden)}.`) : null
  );
}
