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

/** Each page of src/ as a module beside it: src/push-delivery.md → src/push-delivery.md.cells.ts. */
function pageModules(): Map<string, {page: string; module: CellModule}> {
  const modules = new Map<string, {page: string; module: CellModule}>();
  for (const name of readdirSync(join(ROOT, "src")).filter((file) => file.endsWith(".md"))) {
    const page = `src/${name}`;
    const module = cellModule(pageCells(readFileSync(join(ROOT, page), "utf8")));
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

export function typecheck(): string[] {
  const options = projectOptions();
  const modules = pageModules();
  const host = ts.createCompilerHost(options.options);
  const readFile = host.readFile;
  host.readFile = (file) => modules.get(resolve(file))?.module.text ?? readFile(file);
  host.fileExists = (file) => modules.has(resolve(file)) || ts.sys.fileExists(file);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, language, ...rest) => {
    const page = modules.get(resolve(file));
    return page ? ts.createSourceFile(file, page.module.text, language, true) : getSourceFile(file, language, ...rest);
  };
  const program = ts.createProgram([...options.fileNames, ...modules.keys()], options.options, host);
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
