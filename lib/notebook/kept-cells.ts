/**
 * The cells a reader keeps per lesson, as the browser stores them. Storage is text anything on
 * the page's origin can rewrite, so it is read through a schema: a cell that does not fit is left
 * out and counted, never run as found.
 */
import * as z from "zod/mini";
import {CELL_CODE_MAX_CHARS} from "./cell-limits.js";

/** Enough for a lesson's questions; a page of more cells would be a notebook of its own. */
export const KEPT_CELLS_MAX = 12;

const keptCell = z.object({code: z.string().check(z.maxLength(CELL_CODE_MAX_CHARS))});

export interface KeptCellsReading {
  /** null when nothing was kept (the lesson's starter cells are shown). */
  cells: string[] | null;
  /** How many stored cells were left out, and why, in words that quote nothing stored. */
  dropped: string | null;
}

export function keptCellsKey(lesson: string): string {
  return `a2a-workbench:cells:${lesson}`;
}

export function readKeptCells(text: string | null): KeptCellsReading {
  if (text === null) return {cells: null, dropped: null};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {cells: null, dropped: "the kept cells are not JSON, so the starter cells are shown"};
  }
  if (!Array.isArray(parsed))
    return {cells: null, dropped: "the kept cells are not a list, so the starter cells are shown"};
  const cells = parsed.flatMap((item) => {
    const cell = keptCell.safeParse(item);
    return cell.success ? [cell.data.code] : [];
  });
  const left = parsed.length - cells.length;
  const overflow = Math.max(0, cells.length - KEPT_CELLS_MAX);
  const reasons = [
    left > 0
      ? `${left} kept cell${left === 1 ? " was" : "s were"} not a cell (code of at most ${CELL_CODE_MAX_CHARS} characters)`
      : "",
    overflow > 0 ? `${overflow} past the first ${KEPT_CELLS_MAX}` : ""
  ].filter(Boolean);
  return {
    cells: cells.slice(0, KEPT_CELLS_MAX),
    dropped: reasons.length > 0 ? `left out: ${reasons.join("; ")}` : null
  };
}

export function writeKeptCells(cells: readonly string[]): string {
  return JSON.stringify(cells.slice(0, KEPT_CELLS_MAX).map((code) => ({code})));
}
