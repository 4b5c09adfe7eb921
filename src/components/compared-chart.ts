/**
 * One chart for two runs: the pinned run's drawing above the current one's, each named, as
 * small multiples on the same scales the chart already fixes (a lesson's time axis and lanes),
 * so a difference reads as a difference in position. Without a pinned run it is the chart itself.
 * Exports stack both with their names (standalone-svg.ts).
 */
import {comparedRunLabel, type RunLabel} from "../../lib/lesson-inputs/run-label.js";
import {element} from "./dom.js";
import {ExportableChart, type ExportOptions} from "./export-buttons.js";

export interface ComparedNames {
  /** "Pinned: Lesson defaults". */
  pinned: string;
  /** "Current: Receiver ignores seen event ids: off". */
  current: string;
}

export function ComparedChart(current: Element, pinned: Element | null, names: ComparedNames | null): Element {
  if (pinned === null || names === null) return current;
  const part = (chart: Element, name: string, role: string) =>
    element("section", {class: `compared-run compared-${role}`, "aria-label": name}, element("p", {class: "compared-name"}, name), chart);
  return element("div", {class: "compared-charts"}, part(pinned, names.pinned, "pinned"), part(current, names.current, "current"));
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
  return {names: {pinned: `Pinned run: ${pinned.caption}`, current: `Current run: ${current.caption}`}, run: comparedRunLabel(current, pinned)};
}

export interface ComparedExportOptions extends Omit<ExportOptions, "whole"> {
  /** True when the reader follows the pinned run (ReadRunChoice): its drawing carries the playback's marks. */
  readsPinned?: boolean;
}

/**
 * A chart of the current run and, when compared, the pinned one, with its export buttons.
 * `draw(run, other, followed)` draws one run: `other` is the run it shares its axes with, and
 * `followed` says whether it carries what follows the playback (a cursor, a selection). The
 * export draws both runs whole: nothing followed, nothing faded.
 */
export function ComparedExportable<Run>(draw: (run: Run, other: Run | null, followed: boolean) => Element, current: Run, pinned: Run | null, names: ComparedNames | null, {readsPinned = false, ...options}: ComparedExportOptions): HTMLElement {
  const both = (follows: boolean) => ComparedChart(draw(current, pinned, follows && !readsPinned), pinned === null ? null : draw(pinned, current, follows && readsPinned), names);
  return ExportableChart(both(true), {...options, whole: () => both(false)});
}
