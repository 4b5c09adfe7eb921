import {readFileSync, readdirSync} from "node:fs";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import {describe, expect, test} from "vitest";

const dir = new URL("../../lib/message/", import.meta.url);
const sources = readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => ({file: f, text: readFileSync(new URL(f, dir), "utf8")}));

/** Source text without comments and string literals, so prose about "fetch" or "ajv" does not count. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, "``")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''");
}

describe("lib/message is sans-I/O and light", () => {
  test("imports only its own modules, the shared Decision type and lesson inputs, zod/mini and its data files", () => {
    for (const {file, text} of sources) {
      for (const [, from] of text.matchAll(/from\s+"([^"]+)"/g)) {
        // lib/lesson-inputs is pure too (field tables and permalinks); the purity test below covers this folder only.
        const allowed = /^\.\/[a-z0-9-]+\.js$/.test(from!) || from === "../playback/decision.js" || from === "../lesson-inputs/fields.js" || from === "../lesson-inputs/permalink.js" || from === "zod/mini" || from === "../../data/message/spec/a2a-v0.3.0.json" || from === "../../data/message/examples.json";
        expect(allowed, `${file} imports ${from}`).toBe(true);
      }
    }
  });

  test("uses no clock, randomness, network, DOM or process", () => {
    const forbidden = /\b(Math\.random|Date|performance|fetch|XMLHttpRequest|document|window|process|require|setTimeout|setInterval|console|crypto)\b/;
    for (const {file, text} of sources) expect(code(text).match(forbidden)?.[0], file).toBeUndefined();
  });

  test("bundles for the browser without ajv, well inside the page budget", async () => {
    const result = await build({entryPoints: [new URL("index.ts", dir).pathname], bundle: true, format: "esm", platform: "browser", minify: true, write: false, metafile: true, logLevel: "silent"});
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((p) => p.includes("node_modules/ajv"))).toEqual([]);
    expect(inputs.filter((p) => p.includes("node_modules/") && !p.includes("node_modules/zod/"))).toEqual([]);
    const gzipped = gzipSync(result.outputFiles[0]!.contents).length;
    // 200 KB gzip is the whole page's budget (Plot included); the schema alone is about 10 KB of it.
    expect(gzipped).toBeLessThan(50_000);
  });
});
