/**
 * A reader's cell as the body of an async function: its statements run in order and the value
 * of its last expression is returned, as an Observable or Jupyter cell shows its last value.
 * The cell is parsed with the Lezer JavaScript grammar CodeMirror highlights it with, so
 * what the editor sees as the last expression is what runs as one.
 */
import {parser} from "@lezer/javascript";
import {CELL_CODE_MAX_CHARS} from "./cell-limits.js";

export type CellProgram = {ok: true; body: string} | {ok: false; message: string};

export function cellProgram(code: string): CellProgram {
  if (code.length > CELL_CODE_MAX_CHARS)
    return {
      ok: false,
      message: `The cell holds ${code.length} characters; a cell holds at most ${CELL_CODE_MAX_CHARS}.`
    };
  const top = parser.parse(code).topNode;
  let last = top.lastChild;
  while (last !== null && isComment(last.name)) last = last.prevSibling;
  if (last?.name === "ImportDeclaration" || top.getChild("ImportDeclaration") !== null)
    return {ok: false, message: "A cell cannot import: it sees run, inputs, Plot, d3, lib and width."};
  if (last === null || last.name !== "ExpressionStatement") return {ok: true, body: code};
  const expression = code.slice(last.from, last.to).replace(/;\s*$/, "");
  // The expression keeps its own line, so a comment ending it cannot swallow the closing parenthesis.
  return {ok: true, body: `${code.slice(0, last.from)}return (\n${expression}\n);${code.slice(last.to)}`};
}

const isComment = (name: string): boolean => name === "LineComment" || name === "BlockComment";
