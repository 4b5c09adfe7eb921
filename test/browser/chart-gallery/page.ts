/**
 * The chart gallery (entry.ts) as a page a browser can open: bundled by esbuild with the
 * chart layer's stylesheet, served from memory by a route on the page's context.
 */
import {readFileSync} from "node:fs";
import {build} from "esbuild";
import type {BrowserContext} from "playwright-core";

export const GALLERY_ORIGIN = "http://chart-gallery.test";

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: ["test/browser/chart-gallery/entry.ts"],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent"
  });
  return result.outputFiles[0]!.text;
}

function html(script: string): string {
  const styles = readFileSync("src/components/chart/chart.css", "utf8");
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><style>
${styles}
body { margin: 0; padding: 0; font-family: system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #161616; color: #ddd; } }
section { margin: 0 0 24px; }
h2 { font-size: 13px; margin: 8px 0; font-weight: 600; }
.chart-empty-note { font-size: 12px; }
</style></head><body><script type="module">${script.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
}

/** Routes the gallery's origin to the bundled page; open `${GALLERY_ORIGIN}/?width=390&type=11`. */
export async function routeGallery(context: BrowserContext): Promise<void> {
  const page = html(await bundle());
  await context.route(`${GALLERY_ORIGIN}/**`, (route) =>
    route.fulfill({status: 200, contentType: "text/html; charset=utf-8", body: page})
  );
}
