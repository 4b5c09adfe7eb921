/**
 * What each built page really loads: every JavaScript and CSS response Chromium
 * receives while the page runs, with its raw and gzip size (as a gzip-serving
 * static host would send it).
 */
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import type {Browser} from "playwright-core";

export interface PageWeight {
  page: string;
  jsFiles: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  cssRawBytes: number;
  cssGzipBytes: number;
}

export async function measurePageWeight(
  browser: Browser,
  siteUrl: string,
  distDir: string,
  pagePath: string
): Promise<PageWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loaded = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.href.startsWith(siteUrl) && /\.(js|css)$/.test(url.pathname))
      loaded.add(url.pathname.slice(new URL(siteUrl).pathname.length));
  });
  await page.goto(`${siteUrl}${pagePath}`);
  await page.waitForLoadState("networkidle");
  await context.close();
  const weight: PageWeight = {
    page: pagePath || "index",
    jsFiles: 0,
    jsRawBytes: 0,
    jsGzipBytes: 0,
    cssRawBytes: 0,
    cssGzipBytes: 0
  };
  for (const file of loaded) {
    const bytes = readFileSync(join(distDir, decodeURIComponent(file)));
    const gzip = gzipSync(bytes).length;
    if (file.endsWith(".js")) {
      weight.jsFiles++;
      weight.jsRawBytes += bytes.length;
      weight.jsGzipBytes += gzip;
    } else {
      weight.cssRawBytes += bytes.length;
      weight.cssGzipBytes += gzip;
    }
  }
  return weight;
}

/** Issue #40's goal for a lesson page's first-load JavaScript (gzip -9), read strictly: 120 KB of 1,000 bytes. */
export const FIRST_LOAD_GOAL_GZIP_BYTES = 120_000;

/**
 * The JavaScript a page loads first: every script its HTML references (its module scripts and
 * their modulepreloads), each compressed with gzip -9. What it loads on demand (the cells' editor
 * and frame, the live labs, the pasted-webhook verifier) is not counted: the HTML does not name it.
 */
export function firstLoadScripts(distDir: string, htmlFile: string): {files: number; gzipBytes: number} {
  const html = readFileSync(join(distDir, htmlFile), "utf8");
  const scripts = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!));
  let gzipBytes = 0;
  for (const script of scripts) {
    const path = new URL(script, `file:///${htmlFile}`).pathname.slice(1);
    gzipBytes += gzipSync(readFileSync(join(distDir, decodeURIComponent(path))), {level: 9}).length;
  }
  return {files: scripts.size, gzipBytes};
}
