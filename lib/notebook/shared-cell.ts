/**
 * A cell shared as a link: its code in the page address's `cell` parameter. A link is text
 * anyone can write, so what arrives is checked (one parameter, at most a cell's length) and a
 * refusal names the parameter, what it held and what is accepted.
 */
import {CELL_PARAMETER} from "../lesson-inputs/permalink.js";
import {shownValue} from "../text/visible-text.js";
import {CELL_CODE_MAX_CHARS} from "./cell-limits.js";

export type SharedCellReading =
  | {kind: "none"}
  | {kind: "cell"; code: string}
  | {kind: "refused"; parameter: string; value: string; problem: string};

export function readSharedCell(search: string): SharedCellReading {
  const given = new URLSearchParams(search).getAll(CELL_PARAMETER);
  if (given.length === 0) return {kind: "none"};
  const code = given[0] ?? "";
  const refuse = (problem: string): SharedCellReading => ({
    kind: "refused",
    parameter: CELL_PARAMETER,
    value: shownValue(code, 60),
    problem
  });
  if (given.length > 1) return refuse(`given ${given.length} times; a link shares one cell, so none is shown`);
  if (code.trim() === "") return refuse("empty; a shared cell holds its code");
  if (code.length > CELL_CODE_MAX_CHARS)
    return refuse(`${code.length} characters long; a shared cell holds at most ${CELL_CODE_MAX_CHARS}`);
  return {kind: "cell", code};
}

/** The page's address with `code` as its shared cell (the other parameters kept). */
export function sharedCellSearch(search: string, code: string): string {
  const parameters = new URLSearchParams(search);
  parameters.set(CELL_PARAMETER, code);
  return `?${parameters}`;
}
