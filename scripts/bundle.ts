/**
 * Pages import lib/ and the view components through one tree-shaken ES module
 * build, made with esbuild into src/bundles/ (generated, not committed).
 *
 * Why not import lib/ straight from a page: Framework bundles every npm package
 * whole, so Plot arrives with all of d3 (~177 KB gzip) and zod whole (~93 KB gzip),
 * past the 200 KB-per-page budget. esbuild keeps only what the code uses
 * (Plot + d3 ~92 KB, zod/mini ~5 KB). Code splitting lets the two entries share
 * chunks, so a page that imports both loads lib once.
 */
import * as esbuild from "esbuild";

export const BUNDLE_DIR = "src/bundles";

export const bundleOptions: esbuild.BuildOptions = {
  entryPoints: {lib: "lib/index.ts", components: "src/components/index.ts"},
  outdir: BUNDLE_DIR,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning"
};

export async function bundleOnce(): Promise<void> {
  await esbuild.build(bundleOptions);
}

export async function bundleAndWatch(): Promise<esbuild.BuildContext> {
  const context = await esbuild.context(bundleOptions);
  await context.watch();
  return context;
}
