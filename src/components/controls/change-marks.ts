/**
 * Marks, for a moment, the parts of a view whose text changed after an action far from them
 * ("Try it" in an experiment list, a tour step's "Set up"): the reader's eye goes to the key
 * figures that moved, not to the whole lab. A part keeps `data-changed` for MARK_MS; the style
 * sheet animates it, or (prefers-reduced-motion) outlines it without motion.
 *
 * The change may come a frame later (a page cell) or much later (lesson 5's run in a worker), so
 * the parts are watched until they change or WATCH_MS passes.
 */
export const CHANGED_ATTRIBUTE = "data-changed";
const MARK_MS = 2500;
const WATCH_MS = 10_000;

/** Watches `root` and marks each of `parts()` whose text differs from now once it next changes. */
export function markNextChanges(root: Element, parts: () => readonly Element[]): void {
  if (typeof MutationObserver === "undefined") return;
  const before = textsOf(parts());
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    // The page's cells redraw the figures one by one: compare once the frame's redraws are done.
    requestAnimationFrame(() => {
      scheduled = false;
      const changed = parts().filter(
        (part, index) => before[index] !== undefined && before[index] !== part.textContent
      );
      if (changed.length === 0) return;
      stop();
      for (const part of changed) mark(part);
    });
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timeout);
  };
  const timeout = setTimeout(stop, WATCH_MS);
  observer.observe(root, {subtree: true, childList: true, characterData: true});
}

function textsOf(parts: readonly Element[]): (string | null)[] {
  return parts.map((part) => part.textContent);
}

function mark(part: Element): void {
  part.setAttribute(CHANGED_ATTRIBUTE, "");
  setTimeout(() => part.removeAttribute(CHANGED_ATTRIBUTE), MARK_MS);
}
