/**
 * Pages import lib/ and the view components through tree-shaken ES module builds,
 * made with esbuild into src/bundles/ (generated, not committed):
 *   bundles/<concept>.js       lib/<concept>/index.ts           (e.g. bundles/delivery.js)
 *   bundles/components.js      src/components/index.ts          (shared view pieces)
 *   bundles/<concept>-view.js  src/components/<concept>/index.ts (a lesson's charts)
 * so a lesson page loads only its own lesson; code splitting puts what entries
 * share (Plot, zod, htl, playback) in common chunks that load once.
 *
 * Why not import lib/ straight from a page: Framework bundles every npm package
 * whole, so Plot arrives with all of d3 (~177 KB gzip) and zod whole (~93 KB gzip),
 * past the 200 KB-per-page budget. esbuild keeps only what the code uses.
 */
import * as esbuild from "esbuild";
import {existsSync, readdirSync} from "node:fs";

export const BUNDLE_DIR = "src/bundles";

/** One entry per lib concept and per lesson view folder, found on disk so a new lesson needs no edit here. */
export function bundleEntries(): Record<string, string> {
  const folders = (root: string) => readdirSync(root, {withFileTypes: true}).filter((entry) => entry.isDirectory() && existsSync(`${root}/${entry.name}/index.ts`)).map((entry) => entry.name);
  const entries: Record<string, string> = {components: "src/components/index.ts"};
  for (const concept of folders("lib")) entries[concept] = `lib/${concept}/index.ts`;
  for (const concept of folders("src/components")) entries[`${concept}-view`] = `src/components/${concept}/index.ts`;
  return entries;
}

export const bundleOptions = (): esbuild.BuildOptions => ({
  entryPoints: bundleEntries(),
  outdir: BUNDLE_DIR,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: process.env.BUNDLE_MINIFY !== "0",
  legalComments: "none",
  logLevel: "warning"
});

export async function bundleOnce(): Promise<void> {
  await esbuild.build(bundleOptions());
}

export async function bundleAndWatch(): Promise<esbuild.BuildContext> {
  const context = await esbuild.context(bundleOptions());
  await context.watch();
  return context;
}
