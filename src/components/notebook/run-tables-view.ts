/**
 * The current run as tidy tables (lib/<lesson>/run-tables.ts): one table at a time, chosen by its
 * name, with its row count, sortable by any column, and downloadable whole as CSV or JSON. The
 * page shows the first rows; the download and the cells hold them all.
 */
import {type RunTable, type RunTableValue, runTableCsv, runTableJson} from "../../../lib/shared/run-table.js";
import {download} from "../export/image-files.js";
import {element} from "../runtime/dom.js";
import {ViewSlot} from "../runtime/view-slot.js";

/** The rows a table shows on the page: enough to read, few enough to redraw within a frame. */
export const SHOWN_ROWS = 40;

export interface TableChoice {
  table: string;
  sortBy: string | null;
  descending: boolean;
}

export interface RunTablesExplorer {
  element: HTMLElement;
  show(tables: readonly RunTable[]): void;
}

/** The tables of a lesson's run, with the reader's choice of table and sort kept across runs. */
export function RunTablesExplorer(lesson: string): RunTablesExplorer {
  const slot = ViewSlot();
  let tables: readonly RunTable[] = [];
  let choice: TableChoice = {table: "", sortBy: null, descending: false};
  const redraw = () => slot.draw(RunTablesView, tables, choice, on);
  const on: RunTablesActions = {
    choose(table) {
      choice = {table, sortBy: null, descending: false};
      redraw();
    },
    sort(column) {
      choice = {...choice, sortBy: column, descending: choice.sortBy === column && !choice.descending};
      redraw();
    },
    download(format) {
      const table = chosen(tables, choice);
      if (table === undefined) return;
      const text = format === "csv" ? runTableCsv(table) : runTableJson(table);
      const type = format === "csv" ? "text/csv" : "application/json";
      download(new Blob([text], {type}), `a2a-workbench ${lesson} ${table.name}.${format}`);
    }
  };
  return {
    element: slot,
    show(next) {
      tables = next;
      redraw();
    }
  };
}

interface RunTablesActions {
  choose(table: string): void;
  sort(column: string): void;
  download(format: "csv" | "json"): void;
}

function RunTablesView(tables: readonly RunTable[], choice: TableChoice, on: RunTablesActions): HTMLElement {
  const table = chosen(tables, choice);
  if (table === undefined) return element("p", {class: "run-tables-empty"}, "This run has no tables.");
  return element(
    "div",
    {class: "run-tables"},
    element(
      "div",
      {class: "run-table-choice", role: "group", "aria-label": "Tables of this run"},
      tables.map((each) =>
        element(
          "button",
          {
            type: "button",
            "aria-pressed": each.name === table.name ? "true" : "false",
            onclick: () => on.choose(each.name)
          },
          `${each.name} (${each.rows.length})`
        )
      )
    ),
    element(
      "div",
      {class: "run-table-actions"},
      element("span", {class: "run-table-count"}, rowCount(table)),
      element(
        "button",
        {type: "button", onclick: () => on.download("csv"), "aria-label": `Download ${table.name} as CSV`},
        "CSV"
      ),
      element(
        "button",
        {type: "button", onclick: () => on.download("json"), "aria-label": `Download ${table.name} as JSON`},
        "JSON"
      )
    ),
    element(
      "div",
      {class: "run-table-scroll", tabindex: 0, role: "region", "aria-label": `${table.title} (scrolls)`},
      TableElement(table, choice, on)
    )
  );
}

function TableElement(table: RunTable, choice: TableChoice, on: RunTablesActions): HTMLElement {
  const rows = sortedRows(table, choice).slice(0, SHOWN_ROWS);
  return element(
    "table",
    {class: "run-table"},
    element("caption", null, table.title),
    element(
      "thead",
      null,
      element(
        "tr",
        null,
        table.columns.map((column) =>
          element(
            "th",
            {scope: "col", "aria-sort": ariaSort(choice, column.name), title: column.description},
            element(
              "button",
              {type: "button", class: "run-table-sort", onclick: () => on.sort(column.name)},
              column.name
            )
          )
        )
      )
    ),
    element(
      "tbody",
      null,
      rows.map((row) =>
        element(
          "tr",
          null,
          table.columns.map((column) => cell(row[column.name] ?? null))
        )
      )
    )
  );
}

function cell(value: RunTableValue): HTMLElement {
  const numeric = typeof value === "number";
  return element("td", {class: numeric ? "run-table-number" : null}, value === null ? "" : String(value));
}

function rowCount(table: RunTable): string {
  const count = table.rows.length;
  const rows = `${count.toLocaleString("en-US")} row${count === 1 ? "" : "s"}`;
  return count > SHOWN_ROWS ? `${rows}; the first ${SHOWN_ROWS} shown, all in the downloads and cells` : rows;
}

const chosen = (tables: readonly RunTable[], choice: TableChoice): RunTable | undefined =>
  tables.find((table) => table.name === choice.table) ?? tables[0];

function ariaSort(choice: TableChoice, column: string): string {
  if (choice.sortBy !== column) return "none";
  return choice.descending ? "descending" : "ascending";
}

function sortedRows(table: RunTable, choice: TableChoice): RunTable["rows"] {
  const column = choice.sortBy;
  if (column === null || !table.columns.some((each) => each.name === column)) return table.rows;
  const sign = choice.descending ? -1 : 1;
  return [...table.rows].sort((a, b) => compareValues(a[column] ?? null, b[column] ?? null, sign));
}

/** Numbers by value, anything else as text; empty cells last whichever way. */
function compareValues(a: RunTableValue, b: RunTableValue, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return sign * (a - b);
  return sign * String(a).localeCompare(String(b), "en");
}
