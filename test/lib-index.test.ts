/**
 * lib/index.ts is the public API: every lesson's lib/<lesson>/index.ts must be reachable from
 * it, each export either under its own name or through a namespace (`export * as x from`),
 * for a lesson whose names would clash. The lessons are listed from disk, so a new
 * lib/<lesson>/index.ts that is not wired in fails here.
 */
import {existsSync, readdirSync} from "node:fs";
import ts from "typescript";
import {describe, expect, it} from "vitest";
import * as publicApi from "../lib/index.js";

const libDir = new URL("../lib/", import.meta.url);
/** Folders of lib/ with an index.ts: the lessons. */
const lessons = readdirSync(libDir, {withFileTypes: true})
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/index.ts`, libDir)))
  .map((entry) => entry.name)
  .sort();
const lessonIndexes = lessons.map((lesson) => `${lesson}/index.ts`);

const publicValues = publicApi as Record<string, unknown>;

describe("lib/index.ts", () => {
  it("finds the lessons on disk", () => {
    // A floor, not the list: the list is whatever is on disk.
    expect(lessons).toEqual(expect.arrayContaining(["delivery", "message", "selection", "webhook-auth"]));
  });

  it.each(lessons)("re-exports every value of lib/%s/index.ts, as the same value", async (name) => {
    const lesson = (await import(`../lib/${name}/index.ts`)) as Record<string, unknown>;
    const names = Object.keys(lesson);
    expect(names.length).toBeGreaterThan(0);
    // `export * as x` gives the lesson's module namespace object itself.
    const throughNamespace = Object.values(publicValues).includes(lesson);
    const missing = names.filter((name) => !throughNamespace && publicValues[name] !== lesson[name]);
    expect(missing, `lib/${name}/index.ts exports these, lib/index.ts does not`).toEqual([]);
  });

  it.each(["message-version", "base64", "run-table"])(
    "re-exports every value of lib/shared/%s.ts, a concept pages read",
    async (name) => {
      const shared = (await import(`../lib/shared/${name}.ts`)) as Record<string, unknown>;
      const missing = Object.keys(shared).filter((exported) => publicValues[exported] !== shared[exported]);
      expect(missing, `lib/shared/${name}.ts exports these, lib/index.ts does not`).toEqual([]);
    }
  );

  it("re-exports every type of every lesson too", () => {
    const path = (file: string) => new URL(file, libDir).pathname;
    const program = ts.createProgram([path("index.ts"), ...lessonIndexes.map(path)], {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      resolveJsonModule: true,
      noEmit: true,
      skipLibCheck: true,
      types: []
    });
    const checker = program.getTypeChecker();
    const moduleOf = (file: string): ts.Symbol => {
      const source = program.getSourceFile(path(file));
      const symbol = source && checker.getSymbolAtLocation(source);
      if (!symbol) throw new Error(`cannot read lib/${file}`);
      return symbol;
    };
    const original = (symbol: ts.Symbol): ts.Symbol =>
      symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const publicExports = new Map(
      checker.getExportsOfModule(moduleOf("index.ts")).map((symbol) => [symbol.name, original(symbol)])
    );
    const namespaces = new Set(publicExports.values());
    for (const file of lessonIndexes) {
      const lesson = moduleOf(file);
      if (namespaces.has(lesson)) continue;
      const exported = checker.getExportsOfModule(lesson);
      expect(exported.length).toBeGreaterThan(0);
      const missing = exported
        .filter((symbol) => publicExports.get(symbol.name) !== original(symbol))
        .map((symbol) => symbol.name);
      expect(missing, `lib/${file} exports these, lib/index.ts does not`).toEqual([]);
    }
  });
});
