/** What "Explore this run" loads when the reader comes near it: the tables' view and the cells. */
import type {RunTable} from "../../../lib/shared/run-table.js";
import {element} from "../runtime/dom.js";
import {LessonNotebook, type LessonNotebookOptions} from "./lesson-notebook.js";
import {RunTablesExplorer} from "./run-tables-view.js";

export interface ExploreParts {
  tables: HTMLElement;
  cells: HTMLElement;
  show(tables: readonly RunTable[], inputs: Readonly<Record<string, unknown>>): void;
}

export function ExploreParts(options: LessonNotebookOptions): ExploreParts {
  const explorer = RunTablesExplorer(options.lesson);
  const notebook = LessonNotebook(options);
  return {
    tables: explorer.element,
    cells: element("div", {class: "explore-cells"}, notebook.element),
    show(tables, inputs) {
      explorer.show(tables);
      notebook.show({run: Object.fromEntries(tables.map((table) => [table.name, table.rows])), inputs: {...inputs}});
    }
  };
}
