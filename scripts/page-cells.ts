/**
 * The reactive cells of a Framework page (```js blocks and ${…} expressions), with where each
 * starts in the Markdown, and the same cells as one TypeScript module the compiler can check:
 * in dependency order (Framework runs a cell after the cells it reads, wherever they are on the
 * page), each top-level value as a reader of it sees it (a generator's yield, a promise's value),
 * Framework's globals declared, and the page's bundle read as its TypeScript source.
 */
import ts from "typescript";

export interface PageCell {
  /** The cell's code. */
  code: string;
  /** Its first line in the Markdown, counted from 1. */
  line: number;
  /** How many lines of code it holds. */
  lines: number;
  /** True for a ${…} expression in the prose. */
  inline: boolean;
}

/** A fenced cell: ```js (or ts), not ```js run=false, which Framework shows as code without running it. */
const FENCE = /^```(js|ts)\b(?!.*\brun=false\b).*$/;

/** The ```js blocks and ${…} expressions of a page, in page order. */
export function pageCells(markdown: string): PageCell[] {
  const lines = markdown.split("\n");
  const cells: PageCell[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]!.startsWith("```")) {
      // Any fence: a cell when it is one, and nothing inside another fence (bash, html) is interpolated.
      const start = index + 1;
      let end = start;
      while (end < lines.length && !lines[end]!.startsWith("```")) end++;
      if (FENCE.test(lines[index]!))
        cells.push({code: lines.slice(start, end).join("\n"), line: start + 1, lines: end - start, inline: false});
      index = end;
    } else {
      for (const code of inlineExpressions(lines[index]!)) cells.push({code, line: index + 1, lines: 1, inline: true});
    }
  }
  return cells.sort((a, b) => a.line - b.line);
}

/** The ${…} expressions of one line of prose (braces balanced; none spans lines on these pages). */
function inlineExpressions(line: string): string[] {
  const found: string[] = [];
  for (let at = line.indexOf("${"); at !== -1; at = line.indexOf("${", at + 2)) {
    let depth = 1;
    let end = at + 2;
    for (; end < line.length && depth > 0; end++) depth += line[end] === "{" ? 1 : line[end] === "}" ? -1 : 0;
    if (depth === 0) found.push(line.slice(at + 2, end - 1));
  }
  return found;
}

/** Framework's globals the pages use, and how a reader of a cell's value sees it. */
const PRELUDE = [
  "declare function display<T>(value: T): T;",
  "declare const width: number;",
  "declare const invalidation: Promise<void>;",
  "declare function FileAttachment(name: string): {href: string; url(): Promise<string>; json(): Promise<unknown>; text(): Promise<string>};",
  "type CellValue<T> = T extends AsyncGenerator<infer U, unknown, unknown> ? U : T extends Generator<infer U, unknown, unknown> ? U : Awaited<T>;",
  "declare function cellValue<T>(value: T): CellValue<T>;"
];

export interface CellModule {
  /** The module's text. */
  text: string;
  /** For a line of the module (from 0): the Markdown line it came from, or null for the prelude. */
  pageLine(moduleLine: number): number | null;
}

/** The page's cells as one module: imports of "./bundles/x.js" read "./page-bundles/x.js". */
export function cellModule(cells: readonly PageCell[]): CellModule {
  const parsed = cells.map((cell) => parseCell(cell));
  const ordered = dependencyOrder(parsed);
  const parts = [...PRELUDE];
  const starts: {moduleLine: number; cell: PageCell}[] = [];
  let moduleLine = PRELUDE.length;
  for (const {cell, text} of ordered) {
    starts.push({moduleLine, cell});
    parts.push(text);
    moduleLine += text.split("\n").length;
  }
  parts.push("export {};");
  const text = parts.join("\n");
  return {
    text,
    pageLine: (moduleLine) => {
      const start = starts.filter((candidate) => candidate.moduleLine <= moduleLine).at(-1);
      if (start === undefined) return null;
      return moduleLine - start.moduleLine < start.cell.lines || start.cell.inline
        ? start.cell.line + (moduleLine - start.moduleLine)
        : null;
    }
  };
}

interface ParsedCell {
  cell: PageCell;
  text: string;
  declares: Set<string>;
  reads: Set<string>;
}

function parseCell(cell: PageCell): ParsedCell {
  const code = cell.inline ? `(${cell.code});` : cell.code.replaceAll('"./bundles/', '"./page-bundles/');
  const source = ts.createSourceFile("cell.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const declares = new Set<string>();
  const wraps: {start: number; end: number}[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) importedNames(statement, declares);
    else if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      if (statement.name) declares.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        boundNames(declaration.name, declares);
        if (declaration.initializer)
          wraps.push({start: declaration.initializer.getStart(), end: declaration.initializer.end});
      }
    }
  }
  const reads = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && !isPropertyName(node)) reads.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {cell, text: wrapInitializers(code, wraps), declares, reads};
}

/** `a.name`, `{name: value}`: a name that is not a variable. */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    (ts.isMethodDeclaration(parent) && parent.name === node)
  );
}

/** `const x = e` becomes `const x = cellValue(e)`: another cell reads e's yield, not the generator. */
function wrapInitializers(code: string, wraps: readonly {start: number; end: number}[]): string {
  let text = code;
  for (const {start, end} of [...wraps].reverse()) {
    text = `${text.slice(0, start)}cellValue(${text.slice(start, end)})${text.slice(end)}`;
  }
  return text;
}

function importedNames(statement: ts.ImportDeclaration, names: Set<string>): void {
  const clause = statement.importClause;
  if (!clause) return;
  if (clause.name) names.add(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  else if (bindings) for (const element of bindings.elements) names.add(element.name.text);
}

function boundNames(name: ts.BindingName, names: Set<string>): void {
  if (ts.isIdentifier(name)) names.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) boundNames(element.name, names);
}

/** Cells after the cells whose names they read, otherwise in page order (Framework allows any order). */
function dependencyOrder(cells: readonly ParsedCell[]): ParsedCell[] {
  const declaredBy = new Map<string, ParsedCell>();
  for (const cell of cells) for (const name of cell.declares) declaredBy.set(name, cell);
  const placed = new Set<ParsedCell>();
  const ordered: ParsedCell[] = [];
  const place = (cell: ParsedCell, visiting: Set<ParsedCell>): void => {
    if (placed.has(cell) || visiting.has(cell)) return;
    visiting.add(cell);
    for (const name of cell.reads) {
      const source = declaredBy.get(name);
      if (source !== undefined && source !== cell) place(source, visiting);
    }
    placed.add(cell);
    ordered.push(cell);
  };
  for (const cell of cells) place(cell, new Set());
  return ordered;
}
