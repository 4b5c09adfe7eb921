/**
 * lib/ imports without a cycle: every file can be read after what it imports, and a module that
 * is loaded first never sees another half-initialised. Each file's imports are read with
 * TypeScript's own pre-processor (type-only imports included: a cycle of types is still a
 * cycle a reader has to untangle).
 */
import {readFileSync, readdirSync} from "node:fs";
import {dirname, join, normalize} from "node:path";
import ts from "typescript";
import {describe, expect, test} from "vitest";

const libDir = new URL("../lib/", import.meta.url).pathname;
const libFiles = readdirSync(libDir, {recursive: true, encoding: "utf8"})
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.split("\\").join("/"))
  .sort();

/** The lib files one file imports, as paths relative to lib/. */
function importsOf(file: string): string[] {
  const {importedFiles} = ts.preProcessFile(readFileSync(join(libDir, file), "utf8"), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => normalize(join(dirname(file), name)).replace(/\.js$/, ".ts"))
    .filter((path) => libFiles.includes(path));
}

/** Every cycle's files, found by a depth-first walk (Tarjan's strongly connected components). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("lib/ imports", () => {
  const graph = new Map(libFiles.map((file) => [file, importsOf(file)]));

  test("are read from the files themselves", () => {
    expect(graph.get("index.ts")).toContain("shared/base64.ts");
    expect(graph.get("message/json-source.ts")).toContain("shared/json-nodes.ts");
  });

  test("form no cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  test("the check finds a cycle when there is one", () => {
    expect(
      cycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["c.ts"]],
          ["c.ts", ["a.ts"]],
          ["d.ts", ["a.ts"]]
        ])
      )
    ).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  test("lib/shared/ stands below every lesson: it imports no lesson folder", () => {
    const lessons = new Set(libFiles.filter((file) => file.endsWith("/index.ts")).map((file) => file.split("/")[0]));
    const upward = libFiles
      .filter((file) => file.startsWith("shared/"))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter((imported) => lessons.has(imported.split("/")[0]!))
          .map((imported) => `${file} -> ${imported}`)
      );
    expect(upward).toEqual([]);
  });
});
