/**
 * Pages import lib/ and the view components through one tree-shaken ES module per page,
 * built by esbuild into src/bundles/ (generated, not committed):
 *   bundles/<page>.js   src/page-bundles/<page>.ts (e.g. bundles/push-delivery.js)
 * where src/page-bundles/<page>.ts re-exports the page's lesson from lib, the shared
 * view pieces and that lesson's views.
 *
 * Why not import lib/ straight from a page: Framework bundles every npm package
 * whole, so zod arrives whole (~93 KB gzip), past the 200 KB-per-page budget with
 * the rest. esbuild keeps only what the code uses.
 *
 * Why one file per page and no chunks shared between pages: on Lighthouse's slow 4G
 * every request costs a round trip, and Framework preloads every module a page imports
 * at high priority, which Lighthouse counts as render-blocking. Bundles code-split across
 * pages made each lesson load 15 modules (first paint 1.9-2.3 s simulated, performance
 * 95-97). Pages no longer share a cached chunk, which a course read one lesson at a time
 * hardly misses. What a page loads on demand (src/components/runtime/on-demand.ts) is its one chunk.
 */
import * as esbuild from "esbuild";
import {readdirSync} from "node:fs";
import {readFile} from "node:fs/promises";
import {withoutAnnotations} from "../lib/message/schema-annotations.js";

export const BUNDLE_DIR = "src/bundles";

export const PAGE_BUNDLE_DIR = "src/page-bundles";

/** Web Workers' scripts (src/workers/<name>.ts), each one classic script a page loads with FileAttachment. */
export const WORKER_DIR = "src/workers";

/**
 * The scripts of the reader's cells' sandboxed frames (src/cell-frames/<lesson>.ts, bundled as
 * bundles/cell-frame-<lesson>.js): classic scripts, since a module script from an opaque origin
 * needs CORS headers a static host does not send.
 */
export const CELL_FRAME_DIR = "src/cell-frames";

/** One entry per file in src/page-bundles, found on disk so a new lesson needs no edit here. */
export function bundleEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync(PAGE_BUNDLE_DIR)) {
    if (file.endsWith(".ts")) entries[file.slice(0, -".ts".length)] = `${PAGE_BUNDLE_DIR}/${file}`;
  }
  return entries;
}

/**
 * One esbuild build per page, each code-split on its own: the page's bundle holds all it loads
 * at once (a module two pages use is in both), and what it imports on demand (see
 * src/components/runtime/on-demand.ts) becomes a chunk of that page's that loads when asked for.
 */
export const bundleOptions = (): esbuild.BuildOptions[] => [
  ...pageBundleOptions(),
  ...classicScriptOptions(WORKER_DIR, ""),
  ...classicScriptOptions(CELL_FRAME_DIR, "cell-frame-")
];

/**
 * A page carries the v0.3.0 JSON Schema without the annotations its validator reads past
 * (lib/message/schema-annotations.ts): lesson 2's first load is 6 KB gzip lighter.
 */
const schemaWithoutAnnotations: esbuild.Plugin = {
  name: "a2a-schema-without-annotations",
  setup(build) {
    build.onLoad({filter: /a2a-v0\.3\.0\.json$/}, async ({path}) => ({
      contents: JSON.stringify(withoutAnnotations(JSON.parse(await readFile(path, "utf8")))),
      loader: "json"
    }));
  }
};

const pageBundleOptions = (): esbuild.BuildOptions[] =>
  Object.entries(bundleEntries()).map(([page, entry]) => ({
    entryPoints: {[page]: entry},
    plugins: [schemaWithoutAnnotations],
    outdir: BUNDLE_DIR,
    entryNames: "[name]",
    chunkNames: `chunks/${page}-[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: process.env.BUNDLE_MINIFY !== "0",
    legalComments: "none",
    logLevel: "warning"
  }));

/**
 * A worker is one self-contained classic script (IIFE): a page starts it with
 * `new Worker(url)`, which every browser supports, where a module worker needs Firefox 114.
 * So is a cell frame's script.
 */
const classicScriptOptions = (dir: string, prefix: string): esbuild.BuildOptions[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => ({
      entryPoints: {[prefix + file.slice(0, -".ts".length)]: `${dir}/${file}`},
      outdir: BUNDLE_DIR,
      entryNames: "[name]",
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2022",
      minify: process.env.BUNDLE_MINIFY !== "0",
      legalComments: "none",
      logLevel: "warning"
    }));

export async function bundleOnce(): Promise<void> {
  await Promise.all(bundleOptions().map((options) => esbuild.build(options)));
}

export async function bundleAndWatch(): Promise<esbuild.BuildContext[]> {
  const contexts = await Promise.all(bundleOptions().map((options) => esbuild.context(options)));
  await Promise.all(contexts.map((context) => context.watch()));
  return contexts;
}
