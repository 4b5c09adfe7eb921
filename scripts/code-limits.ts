/**
 * The project's limits on code a reader has to hold at once, checked in npm run lint (issue #39):
 * - no function over 80 lines in the code that runs (lib, the pages' components and bundles, the
 *   receiver, the demo agent, the receiver checker);
 * - at most 2% of lines over 120 characters in lib/, src/components/, receiver/ and demo-agent/
 *   (Biome formats at 120 columns and leaves long strings and comments alone);
 * - a page's cells are thin: none over 15 lines, and at most 300 lines of cell code in src/*.md.
 */
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join, relative} from "node:path";
import ts from "typescript";
import {pageCells} from "./page-cells.js";

export const FUNCTION_LINES = 80;
export const FUNCTION_ROOTS = ["lib", "src/components", "src/page-bundles", "receiver", "demo-agent", "check-receiver"];
const LINE_CHARACTERS = 120;
const LONG_LINE_SHARE = 0.02;
const LINE_ROOTS = ["lib", "src/components", "receiver", "demo-agent"];
const CELL_LINES = 15;
const PAGE_CELL_LINES = 300;

export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every function-like node of one file with the lines it spans, its name as a reader finds it. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = lineOf(node.getStart(source));
      found.push({file, name: nameOf(node), line: start, lines: lineOf(node.getEnd()) - start + 1});
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & {name?: ts.Node};
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText();
  return "(anonymous)";
}

/** Every function of the code that runs, longest first. */
export function allFunctionLengths(): FunctionLength[] {
  return FUNCTION_ROOTS.flatMap(sourceFiles)
    .flatMap((file) => functionLengths(relative(".", file), readFileSync(file, "utf8")))
    .sort((a, b) => b.lines - a.lines);
}

/** What breaks a limit, one line each; empty when the code keeps them all. */
export function codeLimitProblems(): string[] {
  const problems = allFunctionLengths()
    .filter((entry) => entry.lines > FUNCTION_LINES)
    .map((entry) => `${entry.file}:${entry.line} ${entry.name} is ${entry.lines} lines (at most ${FUNCTION_LINES})`);
  const lines = LINE_ROOTS.flatMap(sourceFiles).flatMap((file) => readFileSync(file, "utf8").split("\n"));
  const long = lines.filter((line) => line.length > LINE_CHARACTERS).length;
  if (long > LONG_LINE_SHARE * lines.length)
    problems.push(
      `${long} of ${lines.length} lines are over ${LINE_CHARACTERS} characters (at most ${LONG_LINE_SHARE * 100}%)`
    );
  let cellLines = 0;
  for (const page of readdirSync("src").filter((file) => file.endsWith(".md"))) {
    for (const cell of pageCells(readFileSync(join("src", page), "utf8")).filter((one) => !one.inline)) {
      cellLines += cell.lines;
      if (cell.lines > CELL_LINES)
        problems.push(`src/${page}:${cell.line} a cell of ${cell.lines} lines (at most ${CELL_LINES})`);
    }
  }
  if (cellLines > PAGE_CELL_LINES)
    problems.push(`${cellLines} lines of cell code in src/*.md (at most ${PAGE_CELL_LINES})`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = codeLimitProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log("Functions, lines and page cells are within the project's limits.");
}
