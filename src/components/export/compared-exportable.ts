/**
 * A chart of the current run and, when compared, the pinned one, with its export buttons: the one
 * way a lesson composes a chart of a run (compared, exported, on a slide, printed).
 */
import type {ChartSize, DrawAtSize} from "../chart/chart-at-size.js";
import {ComparedChart, drawnAtSize, type ComparedNames} from "../chart/compared-chart.js";
import {ExportableChart, type ExportOptions} from "./export-buttons.js";

export interface ComparedExportOptions extends Omit<ExportOptions, "whole"> {
  /** True when the reader follows the pinned run (ReadRunChoice): its drawing carries the playback's marks. */
  readsPinned?: boolean;
}

/**
 * A chart of the current run and, when compared, the pinned one, with its export buttons.
 * `draw(run, other, followed, size)` draws one run: `other` is the run it shares its axes with,
 * `followed` says whether it carries what follows the playback (a cursor, a selection), and `size`
 * (a slide's, see chart-at-size.ts) replaces the page's width and type when given. The export draws
 * both runs whole: nothing followed, nothing faded.
 */
export function ComparedExportable<Run>(
  draw: (run: Run, other: Run | null, followed: boolean, size?: ChartSize) => Element,
  current: Run,
  pinned: Run | null,
  names: ComparedNames | null,
  {readsPinned = false, ...options}: ComparedExportOptions
): HTMLElement {
  const both = (follows: boolean) =>
    ComparedChart(
      draw(current, pinned, follows && !readsPinned),
      pinned === null ? null : draw(pinned, current, follows && readsPinned),
      names
    );
  const drawAt: DrawAtSize = (size, whole) =>
    drawnAtSize<Run>(
      (run, other, half) => draw(run, other, !whole && (run === current) !== readsPinned, half),
      current,
      pinned,
      names
    )(size);
  return ExportableChart(both(true), {...options, whole: () => both(false), drawAt});
}
