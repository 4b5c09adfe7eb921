/**
 * "When the reader comes near": half a screen before an element shows. What a page loads only
 * then (runtime/loaded-when-near.ts, lesson 2's editor) costs a reader who never scrolls there
 * nothing, and Lighthouse's first-load window nothing either.
 */
const NEAR_MARGIN = "50% 0px";

/** Calls `act` once, when `target` comes near the screen (at once where nothing can tell); returns a way to stop watching. */
export function whenNear(target: Element, act: () => void): () => void {
  if (typeof IntersectionObserver !== "function") {
    queueMicrotask(act);
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      act();
    },
    {rootMargin: NEAR_MARGIN}
  );
  observer.observe(target);
  return () => observer.disconnect();
}
