/**
 * The storm runner's line on the page: nothing while a run is quick, a progress bar named for
 * what it runs once the run outlasts PROGRESS_AFTER_MS, and the reason when a run fails.
 *
 * While the line is hidden, progress is only remembered: a quick run (most slider moves) leaves
 * the page as it was, where writing each fraction into a hidden bar changed it a dozen times
 * after the chosen storm was drawn (lesson 5's settle time, docs/performance.md).
 */
import {element, writeAttribute, writeHidden, writeText} from "../runtime/dom.js";

export const PROGRESS_AFTER_MS = 100;

export interface StormProgress {
  /** The line itself: the runner's element. */
  root: HTMLDivElement;
  /** A run starts: the bar appears only if it is still running after PROGRESS_AFTER_MS. */
  start(): void;
  /** How far the run has got (0 to 1). */
  show(fraction: number): void;
  /** The run is over: the line hides. */
  stop(): void;
  /** The run failed: the line says why, as an alert. */
  fail(reason: string): void;
}

export function StormProgress(label: string): StormProgress {
  const bar = element("progress", {max: 1, value: 0, "aria-label": `Progress of ${label}`});
  const text = element("span", {class: "storm-progress-text"});
  const root = element("div", {class: "storm-progress", role: "status", hidden: true}, text, bar);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let fraction = 0;

  const draw = () => {
    if (bar.value !== fraction) bar.value = fraction;
    writeText(text, `Running ${label}: ${Math.round(fraction * 100)}%`);
  };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    writeHidden(root, true);
  };
  return {
    root,
    show(next) {
      fraction = next;
      if (!root.hidden) draw();
    },
    stop,
    start() {
      stop();
      fraction = 0;
      timer = setTimeout(() => {
        writeAttribute(root, "role", "status");
        writeHidden(bar, false);
        draw();
        writeHidden(root, false);
      }, PROGRESS_AFTER_MS);
    },
    fail(reason) {
      stop();
      writeAttribute(root, "role", "alert");
      writeHidden(bar, true);
      writeText(text, `The storm could not be run (${reason}). Change an input to try again.`);
      writeHidden(root, false);
    }
  };
}
