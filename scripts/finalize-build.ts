/**
 * Runs after `observable build`. Framework exits 0 even when a page rendered an
 * error, and its page template has no <html lang> and a viewport that forbids zoom.
 * This step repairs the template and fails the build on anything that must not ship.
 */
import {existsSync, readFileSync, writeFileSync} from "node:fs";
import {dirname, join, normalize} from "node:path";
import {listFiles} from "./site-files.js";

export const SITE_LANGUAGE = "en";
const ZOOMABLE_VIEWPORT = `<meta name="viewport" content="width=device-width, initial-scale=1">`;

export interface BuildProblem {
  file: string;
  problem: string;
}

/**
 * Fixes Framework's page template: the page language, a viewport that allows zoom
 * (WCAG 1.4.4), an accessible name for the sidebar toggle (it has only a title),
 * and the sidebar's close control, which sits inside an <ol> where only <li> may.
 */
export function repairTemplate(html: string): string {
  return html
    .replace(/<html(?![^>]*\blang=)/, `<html lang="${SITE_LANGUAGE}"`)
    .replace(/<meta name="viewport"[^>]*>/, ZOOMABLE_VIEWPORT)
    .replace(
      /<input id="observablehq-sidebar-toggle"(?![^>]*aria-label)([^>]*)>/,
      `<input id="observablehq-sidebar-toggle" aria-label="Toggle sidebar"$1>`
    )
    .replace(/<ol>(\s*)(<label id="observablehq-sidebar-close"[^>]*><\/label>)/, "$2\n  <ol>$1");
}

/** What a built file must not contain: rendered errors, and anything fetched from another origin. */
export function findProblems(file: string, text: string): BuildProblem[] {
  const problems: BuildProblem[] = [];
  if (file.endsWith(".html")) {
    for (const match of text.matchAll(/<div class="[^"]*observablehq--error[^"]*">([^<]*)</g)) {
      problems.push({file, problem: `rendered error: ${match[1]}`});
    }
    // Links a reader may follow (<a href>) are fine; anything the page itself loads is not.
    const loads =
      /<(?:script|img|iframe|source|audio|video|embed|track|object)\b[^>]*\b(?:src|data)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)|<link\b[^>]*\bhref\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi;
    for (const match of text.matchAll(loads)) {
      problems.push({file, problem: `loads from another origin: ${match[1] ?? match[2]}`});
    }
  }
  if (file.endsWith(".js") || file.endsWith(".css") || file.endsWith(".html")) {
    for (const match of text.matchAll(
      /(?:import\s*\(?\s*["']|from\s*["']|@import\s+url\(\s*["']?)((?:https?:)?\/\/[^"')\s]+)/g
    )) {
      problems.push({file, problem: `imports from another origin: ${match[1]}`});
    }
  }
  return problems;
}

/** Links between pages must land on a built page (Framework only warns about broken ones). */
export function findBrokenLinks(distDir: string, file: string, html: string): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    const href = match[1]!;
    if (/^([a-z]+:|#|\/\/)/i.test(href)) continue;
    const target = normalize(join(dirname(file), href.replace(/[?#].*$/, "")));
    const candidates = [target, `${target}.html`, join(target, "index.html")];
    if (!candidates.some((candidate) => existsSync(join(distDir, candidate)) && !candidate.endsWith("/"))) {
      problems.push({file, problem: `broken link: ${href}`});
    }
  }
  return problems;
}

export function finalizeBuild(distDir: string): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const file of listFiles(distDir)) {
    if (!/\.(html|js|css)$/.test(file)) continue;
    const path = join(distDir, file);
    let text = readFileSync(path, "utf8");
    if (file.endsWith(".html")) {
      text = repairTemplate(text);
      writeFileSync(path, text);
      problems.push(...findBrokenLinks(distDir, file, text));
    }
    problems.push(...findProblems(file, text));
  }
  return problems;
}
