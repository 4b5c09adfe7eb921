/**
 * One chart for two runs: the pinned run's drawing above the current one's, each named, as
 * small multiples on the same scales the chart already fixes (a lesson's time axis and lanes),
 * so a difference reads as a difference in position. Without a pinned run it is the chart itself.
 * Exports stack both with their names (standalone-svg.ts); a slide (Slide 16:9, Present, the class
 * deck) draws them side by side at its size (drawnAtSize).
 */
import {comparedRunLabel, type RunLabel} from "../../../lib/lesson-inputs/run-label.js";
import type {ChartSize} from "./chart-at-size.js";
import {element} from "../runtime/dom.js";

export interface ComparedNames {
  /** "Pinned: Lesson defaults". */
  pinned: string;
  /** "Current: Receiver ignores seen event ids: off". */
  current: string;
}

export function ComparedChart(
  current: Element,
  pinned: Element | null,
  names: ComparedNames | null,
  {sideBySide = false}: {sideBySide?: boolean} = {}
): Element {
  if (pinned === null || names === null) return current;
  const part = (chart: Element, name: string, role: string) =>
    element(
      "section",
      {class: `compared-run compared-${role}`, "aria-label": name},
      element("p", {class: "compared-name"}, name),
      chart
    );
  return element(
    "div",
    {class: `compared-charts${sideBySide ? " compared-side-by-side" : ""}`},
    part(pinned, names.pinned, "pinned"),
    part(current, names.current, "current")
  );
}

/** The room between two runs drawn side by side, and above each for its name, as parts of the body type. */
const SIDE_GAP_EMS = 2;
const NAME_LINES = 1.6;

/**
 * Two runs on a wide slide: side by side, each at half the width (less a gap), the pinned run on
 * the left; one run alone at the whole size.
 */
export function drawnAtSize<Run>(
  draw: (run: Run, other: Run | null, size: ChartSize) => Element,
  current: Run,
  pinned: Run | null,
  names: ComparedNames | null
): (size: ChartSize) => Element {
  return (size) => {
    if (pinned === null || names === null) return draw(current, null, size);
    const half = {
      width: Math.floor((size.width - SIDE_GAP_EMS * size.type.body) / 2),
      height: size.height - NAME_LINES * size.type.line,
      type: size.type
    };
    return ComparedChart(draw(current, pinned, half), draw(pinned, current, half), names, {sideBySide: true});
  };
}

export interface Comparison {
  /** The charts' run names, or null when nothing is pinned. */
  names: ComparedNames | null;
  /** What an export says it shows: the current run, or both. */
  run: RunLabel;
}

/** The current run (lib's run label) against the pinned one, if any. */
export function compareRuns(current: RunLabel, pinned: RunLabel | null): Comparison {
  if (pinned === null) return {names: null, run: current};
  return {
    names: {pinned: `Pinned run: ${pinned.caption}`, current: `Current run: ${current.caption}`},
    run: comparedRunLabel(current, pinned)
  };
}
