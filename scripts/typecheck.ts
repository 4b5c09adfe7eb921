/**
 * npm run typecheck: the TypeScript project (tsconfig.json) and every page's cells, in one
 * program. A page's cells are checked as one module against its bundle's TypeScript source
 * (page-cells.ts), so a cell that calls a lesson wrongly fails here, naming the page and line.
 */
import {readdirSync, readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import ts from "typescript";
import {cellModule, pageCells, type CellModule} from "./page-cells.js";

const ROOT = resolve(import.meta.dirname, "..");

function projectOptions(): ts.ParsedCommandLine {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
}

/**
 * Each page of src/ as a module beside it: src/push-delivery.md → src/push-delivery.md.cells.ts.
 * `pages` replaces a page's text or adds a page (a test puts a type error in a cell; the
 * authoring guide's example page is checked without being a page of the site).
 */
function pageModules(
  pages: Readonly<Record<string, string>>,
  givenOnly: boolean
): Map<string, {page: string; module: CellModule}> {
  const modules = new Map<string, {page: string; module: CellModule}>();
  const onDisk = givenOnly
    ? []
    : readdirSync(join(ROOT, "src"))
        .filter((file) => file.endsWith(".md"))
        .map((name) => `src/${name}`);
  for (const page of new Set([...onDisk, ...Object.keys(pages)])) {
    const module = cellModule(pageCells(pages[page] ?? readFileSync(join(ROOT, page), "utf8")));
    modules.set(join(ROOT, `${page}.cells.ts`), {page, module});
  }
  return modules;
}

function where(diagnostic: ts.Diagnostic, modules: Map<string, {page: string; module: CellModule}>): string {
  const file = diagnostic.file;
  if (!file || diagnostic.start === undefined) return "";
  const {line, character} = file.getLineAndCharacterOfPosition(diagnostic.start);
  const page = modules.get(file.fileName);
  if (page === undefined) return `${file.fileName.replace(`${ROOT}/`, "")}:${line + 1}:${character + 1}`;
  const pageLine = page.module.pageLine(line);
  return `${page.page}:${pageLine ?? "(prelude)"} (a cell)`;
}

interface TypecheckOptions {
  /** Pages by path (src/x.md), replacing or added to those on disk. */
  pages?: Readonly<Record<string, string>>;
  /** Source files by path that are not on disk (the authoring guide's page bundle). */
  files?: Readonly<Record<string, string>>;
  /** "cells": the pages' cells and what they import; "given": only the pages in `pages`. */
  only?: "cells" | "given";
}

/**
 * Every type error of the project and the pages' cells, each with where it is. `only: "cells"`
 * checks the pages' cells (and what they import) without the rest of the project's roots.
 */
export function typecheck({pages = {}, files = {}, only}: TypecheckOptions = {}): string[] {
  const options = projectOptions();
  const modules = pageModules(pages, only === "given");
  const virtual = new Map<string, string>(Object.entries(files).map(([path, text]) => [join(ROOT, path), text]));
  for (const [path, {module}] of modules) virtual.set(path, module.text);
  const host = ts.createCompilerHost(options.options);
  const readFile = host.readFile;
  host.readFile = (file) => virtual.get(resolve(file)) ?? readFile(file);
  host.fileExists = (file) => virtual.has(resolve(file)) || ts.sys.fileExists(file);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, language, ...rest) => {
    const text = virtual.get(resolve(file));
    return text !== undefined
      ? ts.createSourceFile(file, text, language, true)
      : getSourceFile(file, language, ...rest);
  };
  const roots = only !== undefined ? [...modules.keys()] : [...options.fileNames, ...modules.keys()];
  const program = ts.createProgram(roots, options.options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    return `${where(diagnostic, modules)} error TS${diagnostic.code}: ${message}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const errors = typecheck();
  for (const error of errors) console.error(error);
  if (errors.length > 0) {
    console.error(`\n${errors.length} type error(s).`);
    process.exit(1);
  }
  console.log("The project and every page's cells type-check.");
}
