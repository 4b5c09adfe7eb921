/**
 * A run as tidy tables: one row per observation, one column per variable, plain values. The
 * lessons' `…RunTables(run)` give them; these write one as CSV or JSON for a spreadsheet,
 * a notebook or Plot.
 */

export type RunTableValue = string | number | boolean | null;

export interface RunTableColumn {
  name: string;
  description: string;
}

export interface RunTable {
  name: string;
  title: string;
  columns: RunTableColumn[];
  rows: Record<string, RunTableValue>[];
}

// RFC 4180 section 2: records end in CRLF, and a field holding a comma, a quote or a line break is quoted.
const CSV_RECORD_END = "\r\n";
const NEEDS_QUOTES = /[",\r\n]/;
// A spreadsheet runs a cell starting with one of these as a formula (CSV injection, OWASP); a
// leading ' makes it text, so a request body or a reason read from a run cannot run there.
const FORMULA_START = /^[=+\-@]/;

function csvField(value: RunTableValue): string {
  if (value === null) return "";
  const text = typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table as RFC 4180 CSV: a header row of the column names, then one record per row; null is empty. */
export function runTableCsv(table: RunTable): string {
  const names = table.columns.map((column) => column.name);
  const records = [names.map(csvField), ...table.rows.map((row) => names.map((name) => csvField(row[name] ?? null)))];
  return records.map((fields) => fields.join(",") + CSV_RECORD_END).join("");
}

/** The table's rows as a JSON array of objects, keys in column order, indented by two spaces. */
export function runTableJson(table: RunTable): string {
  const names = table.columns.map((column) => column.name);
  const rows = table.rows.map((row) => Object.fromEntries(names.map((name) => [name, row[name] ?? null])));
  return JSON.stringify(rows, null, 2);
}

/** A table whose columns are given as `{name: description}`, in order: how each lesson declares its tables. */
export function runTable(
  name: string,
  title: string,
  columns: Readonly<Record<string, string>>,
  rows: Record<string, RunTableValue>[]
): RunTable {
  return {
    name,
    title,
    columns: Object.entries(columns).map(([column, description]) => ({name: column, description})),
    rows
  };
}
