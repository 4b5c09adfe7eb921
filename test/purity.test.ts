/**
 * lib/ is a sans-I/O core: every .ts file under it is read here and checked for the clock,
 * randomness, the network, the DOM and Node's I/O modules. The caller passes time, seeds,
 * bytes and fetchers in (docs/architecture.md, "Sans-I/O").
 *
 * Each file is parsed with TypeScript's parser, so comments, strings and regular expressions
 * are told apart exactly; the rules then match the file's code text: its tokens with
 * comments dropped and string contents blanked, so prose about "fetch" does not count.
 *
 * The one allowed global: lib/webhook-auth reads Web Crypto as `globalThis.crypto.subtle`
 * (or `globalThis.crypto?.subtle`), as the default of a `subtle` parameter the caller may
 * pass, and once, in verifyStandardWebhook, to say that Web Crypto is missing. Web Crypto
 * is deterministic for a given key and input (HMAC, Ed25519 signatures, SHA-256); key
 * generation is random, but lib/webhook-auth/fixtures.ts only generates keys on a caller's
 * request. Any other read of `crypto` (getRandomValues, randomUUID) is refused.
 */
import {readFileSync, readdirSync} from "node:fs";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import ts from "typescript";
import {describe, expect, test} from "vitest";

const libDir = new URL("../lib/", import.meta.url);
const libFiles = readdirSync(libDir, {recursive: true, encoding: "utf8"})
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.split("\\").join("/"))
  .sort();

/** The named exception, only inside lib/webhook-auth (see the top of this file). */
const webCryptoRead = /\bglobalThis\s*\.\s*crypto\s*(?:\?\.|\.)\s*subtle\b/g;
const webCryptoFolder = "webhook-auth/";

/** Patterns in the code text, each with what it reaches outside the core. */
const forbiddenPatterns: readonly {reaches: string; pattern: RegExp}[] = [
  {
    reaches: "the clock",
    pattern:
      /\bDate\s*\.\s*now\b|\bnew\s+Date\s*\(\s*\)|(?<![.\w$]\s*)\bDate\s*\(|\bperformance\b|\bprocess\s*\.\s*hrtime\b/
  },
  {reaches: "randomness", pattern: /\bMath\s*\.\s*random\b|\bcrypto\s*(?:\?\.|\.)\s*(?:getRandomValues|randomUUID)\b/},
  {reaches: "a global object", pattern: /\bglobalThis\b|\bcrypto\b/},
  {reaches: "timers", pattern: /(?<![.\w$]\s*)\b(?:setTimeout|setInterval|setImmediate|requestAnimationFrame)\s*\(/}
];

/**
 * Globals read by bare name. A file that declares the name itself uses its own binding
 * (retry-horizon.ts has a `const window`, a timestamp window), and a property name
 * (`row.window`, `{window: ...}`) is not the global.
 */
const forbiddenGlobals: Readonly<Record<string, string>> = {
  document: "the DOM",
  window: "the DOM",
  navigator: "the DOM",
  localStorage: "browser storage",
  sessionStorage: "browser storage",
  indexedDB: "browser storage",
  fetch: "the network",
  XMLHttpRequest: "the network",
  WebSocket: "the network",
  EventSource: "the network",
  process: "the Node process",
  require: "Node's module loader",
  console: "the console"
};

/** Node's I/O modules, by import specifier. */
const nodeModule =
  /^(?:node:|(?:fs|net|http|https|http2|tls|dgram|dns|child_process|os|worker_threads|cluster|process|path)(?:\/|$))/;
/**
 * The packages lib may use: zod (validation), jose (JOSE on Web Crypto, lib/webhook-auth only) and
 * the Lezer JavaScript grammar (a pure parser: lib/notebook reads a reader's cell with it).
 */
const allowedPackages = new Set(["zod/mini", "jose", "@lezer/javascript"]);

interface ReadSource {
  /** Tokens with comments dropped and string, template and regex contents blanked. */
  code: string;
  /** Every import or re-export specifier, and the argument of a dynamic import(). */
  imports: string[];
  /** Names the file declares (variables, parameters, functions, classes, imports). */
  declared: Set<string>;
}

function readSource(fileName: string, text: string): ReadSource {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tokens: string[] = [];
  const imports: string[] = [];
  const declared = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      imports.push(specifier && ts.isStringLiteral(specifier) ? specifier.text : "(computed)");
    }
    const named = node as {name?: ts.Node};
    const declares =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isImportSpecifier(node) ||
      ts.isImportClause(node) ||
      ts.isNamespaceImport(node);
    if (declares && named.name && ts.isIdentifier(named.name)) declared.add(named.name.text);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return void tokens.push('""');
    if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return void tokens.push("`");
    if (ts.isRegularExpressionLiteral(node)) return void tokens.push("/regex/");
    const children = node.getChildren(source);
    if (children.length === 0) tokens.push(node.getText(source));
    else for (const child of children) visit(child);
  };
  visit(source);
  return {code: tokens.join(" "), imports, declared};
}

/** What a file reaches outside the core, as "<what it reaches>: <code>" lines. */
function impurities(fileName: string, text: string): string[] {
  const {code: rawCode, imports, declared} = readSource(fileName, text);
  const code = fileName.startsWith(webCryptoFolder) ? rawCode.replace(webCryptoRead, "webCryptoSubtle") : rawCode;
  const found: string[] = [];
  for (const {reaches, pattern} of forbiddenPatterns) {
    for (const match of code.matchAll(new RegExp(pattern.source, "g")))
      found.push(`${reaches}: ${match[0].replace(/\s*([.?()])\s*/g, "$1")}`);
  }
  for (const [name, reaches] of Object.entries(forbiddenGlobals)) {
    if (declared.has(name)) continue;
    for (const match of code.matchAll(new RegExp(`\\b${name}\\b`, "g"))) {
      const before = code.slice(0, match.index).trimEnd().at(-1);
      const after = code.slice(match.index + name.length).trimStart()[0];
      const propertyName = before === "." || (after === ":" && before !== "?");
      if (!propertyName) found.push(`${reaches}: ${name}`);
    }
  }
  for (const specifier of imports) {
    if (nodeModule.test(specifier)) found.push(`Node I/O: import "${specifier}"`);
    else if (!specifier.startsWith(".") && !allowedPackages.has(specifier))
      found.push(`a package lib does not use: import "${specifier}"`);
  }
  return found;
}

describe("lib/ is sans-I/O", () => {
  test("reads every .ts file in lib/", () => {
    expect(libFiles.length).toBeGreaterThan(50);
    for (const folder of ["delivery/", "message/", "selection/", "webhook-auth/", "playback/", "lesson-inputs/"]) {
      expect(
        libFiles.some((file) => file.startsWith(folder)),
        folder
      ).toBe(true);
    }
  });

  test.each(libFiles)("lib/%s uses no clock, randomness, network, DOM, timers or Node I/O", (file) => {
    expect(impurities(file, readFileSync(new URL(file, libDir), "utf8"))).toEqual([]);
  });

  test("the check finds each kind of impurity and is not tripped by comments, strings or local names", () => {
    const check = (code: string, file = "delivery/example.ts") => impurities(file, code);
    expect(check("export const now = Date.now();")).toEqual(["the clock: Date.now"]);
    expect(check("const t = new Date();")).toEqual(["the clock: new Date()"]);
    expect(check("const t = performance.now();")).toEqual(["the clock: performance"]);
    expect(check("const r = Math.random();")).toEqual(["randomness: Math.random"]);
    expect(check("crypto.getRandomValues(bytes);")).toEqual([
      "randomness: crypto.getRandomValues",
      "a global object: crypto"
    ]);
    expect(check("const r = await fetch(url);")).toEqual(["the network: fetch"]);
    expect(check("document.title = x;")).toEqual(["the DOM: document"]);
    expect(check("localStorage.setItem(k, v);")).toEqual(["browser storage: localStorage"]);
    expect(check("const s = new WebSocket(u);")).toEqual(["the network: WebSocket"]);
    expect(check('import {readFileSync} from "node:fs";')).toEqual(['Node I/O: import "node:fs"']);
    expect(check('import * as http from "http";')).toEqual(['Node I/O: import "http"']);
    expect(check('const m = await import("@observablehq/plot");')).toEqual([
      'a package lib does not use: import "@observablehq/plot"'
    ]);
    // Web Crypto's subtle is the one named exception, and only in lib/webhook-auth.
    expect(check("const s = globalThis.crypto?.subtle;", "webhook-auth/example.ts")).toEqual([]);
    expect(check("const s = globalThis.crypto?.subtle;")).toEqual([
      "a global object: globalThis",
      "a global object: crypto"
    ]);
    expect(check("const b = globalThis.crypto.getRandomValues(a);", "webhook-auth/example.ts")).toEqual([
      "randomness: crypto.getRandomValues",
      "a global object: globalThis",
      "a global object: crypto"
    ]);
    // Not uses: comments, strings, regular expressions, property names and a file's own bindings.
    const harmless = [
      "// Date.now() would make runs differ; fetch is the caller's",
      "/** document, window, Math.random() */ export const x = 1;",
      'const message = "fetch the task with GetTask, then Date.now()";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test, not a template
      "const pattern = /https?:\\/\\/window.example\\/fetch/; const y = `${x} at new Date()`;",
      'const row = {window: "accepted"}; row.window; const r = input.fetchJwks(); input.fetch();',
      "const window = check(); if (!window.ok) return window.reason;",
      "interface RandomSource { getRandomValues(array: Uint8Array): Uint8Array }"
    ];
    for (const code of harmless) expect(check(code), code).toEqual([]);
  });
});

describe("lib/message is sans-I/O and light", () => {
  const dir = new URL("message/", libDir);
  const sources = libFiles
    .filter((file) => file.startsWith("message/"))
    .map((file) => ({file, text: readFileSync(new URL(file, libDir), "utf8")}));

  test("imports only its own modules, the shared Decision type, lib/shared's concepts, lesson inputs and guided-lesson steps, zod/mini and its data files (the v0.3.0 schema, the 1.0.1 proto table, the examples)", () => {
    for (const {file, text} of sources) {
      for (const from of readSource(file, text).imports) {
        const allowed =
          /^\.\/[a-z0-9-]+\.js$/.test(from) ||
          from === "../playback/decision.js" ||
          /^\.\.\/shared\/[a-z0-9-]+\.js$/.test(from) ||
          /^\.\.\/lesson-inputs\/[a-z0-9-]+\.js$/.test(from) ||
          /^\.\.\/tour\/[a-z0-9-]+\.js$/.test(from) ||
          from === "zod/mini" ||
          from === "../../data/message/spec/a2a-v0.3.0.json" ||
          from === "../../data/message/spec/a2a-v1.0-table.json" ||
          from === "../../data/message/examples.json";
        expect(allowed, `${file} imports ${from}`).toBe(true);
      }
    }
  });

  test("bundles for the browser without ajv, well inside the page budget", async () => {
    const result = await build({
      entryPoints: [new URL("index.ts", dir).pathname],
      bundle: true,
      format: "esm",
      platform: "browser",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent"
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((p) => p.includes("node_modules/ajv"))).toEqual([]);
    expect(inputs.filter((p) => p.includes("node_modules/") && !p.includes("node_modules/zod/"))).toEqual([]);
    const gzipped = gzipSync(result.outputFiles[0]!.contents).length;
    // 200 KB gzip is the whole page's budget. Two versions are about 62 KB: the v0.3.0
    // schema is about 10 KB of it, the 1.0.1 proto table 2 KB, the examples 5 KB, the translator 3 KB.
    expect(gzipped).toBeLessThan(70_000);
  });
});
