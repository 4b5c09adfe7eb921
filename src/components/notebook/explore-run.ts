/**
 * A lesson's "Explore this run" section, under its lab: the run as tables, then the reader's own
 * cells, which see those tables as `run` and the lab's values as `inputs`.
 */
import type {RunTable} from "../../../lib/shared/run-table.js";
import {element} from "../runtime/dom.js";
import {LessonNotebook, type LessonNotebookOptions} from "./lesson-notebook.js";
import {RunTablesExplorer} from "./run-tables-view.js";

/** Where a lesson page's own files are: the script of its cells' sandboxed frame (a FileAttachment). */
export interface LessonPageFiles {
  cellFrame: string;
}

export interface ExploreThisRun {
  tables: HTMLElement;
  cells: HTMLElement;
  /** The lab's newest run: the tables are redrawn and the cells that have run run again. */
  show(tables: readonly RunTable[], inputs: Readonly<Record<string, unknown>>): void;
}

export function ExploreThisRun(options: LessonNotebookOptions): ExploreThisRun {
  const explorer = RunTablesExplorer(options.lesson);
  const notebook = LessonNotebook(options);
  let shown: readonly RunTable[] | null = null;
  return {
    tables: explorer.element,
    cells: element("div", {class: "explore-cells"}, notebook.element),
    show(tables, inputs) {
      // The same tables are the same run (a lesson remembers them by its run): nothing to redraw or run again.
      if (tables === shown) return;
      shown = tables;
      explorer.show(tables);
      notebook.show({run: Object.fromEntries(tables.map((table) => [table.name, table.rows])), inputs: {...inputs}});
    }
  };
}
