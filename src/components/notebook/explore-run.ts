/**
 * A lesson's "Explore this run" section, under its lab: the run as tables, then the reader's own
 * cells, which see those tables as `run` and the lab's values as `inputs`. Both load when the
 * reader comes near them (runtime/loaded-when-near.ts): until then the page only keeps the newest
 * run's tables to hand, uncomputed.
 */
import type {RunTable} from "../../../lib/shared/run-table.js";
import {sameArguments} from "../../../lib/shared/remembered.js";
import {laterParts} from "../later/later-parts.js";
import {LoadedWhenNear} from "../runtime/loaded-when-near.js";
import type {ExploreParts} from "./explore-parts.js";
import type {LessonNotebookOptions} from "./lesson-notebook.js";

/** Where a lesson page's own files are: the script of its cells' sandboxed frame (a FileAttachment). */
export interface LessonPageFiles {
  cellFrame: string;
}

export interface ExploreThisRun {
  tables: HTMLElement;
  cells: HTMLElement;
  /**
   * The lab's newest run, as its tables (asked for only once the section has loaded: a lesson
   * remembers them by its run, so the same run gives the same tables) and the lab's values.
   */
  show(tables: () => readonly RunTable[], inputs: Readonly<Record<string, unknown>>): void;
}

export function ExploreThisRun(options: LessonNotebookOptions): ExploreThisRun {
  let newest: {tables: () => readonly RunTable[]; inputs: Readonly<Record<string, unknown>>} | null = null;
  let parts: ExploreParts | null = null;
  let shown: readonly unknown[] | null = null;
  const showNewest = () => {
    if (parts === null || newest === null) return;
    const tables = newest.tables();
    // The same tables and inputs: nothing to redraw or run again (a refused value can leave the run as it was).
    if (shown !== null && sameArguments(shown, [tables, newest.inputs])) return;
    shown = [tables, newest.inputs];
    parts.show(tables, newest.inputs);
  };
  // A failed load is tried again when asked again (the placeholder's button).
  const load = () =>
    laterParts.load().then((module) => {
      if (parts === null) {
        parts = module.ExploreParts(options);
        showNewest();
      }
      return parts;
    });
  const tables = LoadedWhenNear(load, {name: "This run's tables", show: (loaded) => loaded.tables, screenOnly: true});
  const cells = LoadedWhenNear(load, {name: "Your cells", show: (loaded) => loaded.cells, screenOnly: true});
  return {
    tables: tables.element,
    cells: cells.element,
    show(tables, inputs) {
      newest = {tables, inputs};
      showNewest();
    }
  };
}
