/**
 * Shared set-up for the real-browser tests: the built site on 127.0.0.1 and
 * Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
import {existsSync, readFileSync} from "node:fs";
import {createRequire} from "node:module";
import {chromium, type Browser, type BrowserContext, type Page} from "playwright-core";
import {afterAll, afterEach, beforeAll, expect} from "vitest";
import {findBrowser, INSTALL_BROWSER_HINT} from "../../scripts/find-browser.js";
import {startStaticServer, type RunningServer, type StaticServerOptions} from "../../scripts/static-server.js";

// As root with no network: no sandbox, and no background connections that the closed network refuses.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage"
];

export function requireBuiltSite(): void {
  if (!existsSync("dist/index.html"))
    throw new Error("dist/ has no built site: run `npm run build` first (npm test does).");
}

/** Launches the browser findBrowser finds (or the one given); says exactly how to install one when there is none. */
export async function launchBrowser(executablePath: string | null = findBrowser()): Promise<Browser> {
  if (executablePath === null || !existsSync(executablePath)) {
    throw new Error(
      executablePath === null ? INSTALL_BROWSER_HINT : `No browser at ${executablePath}. ${INSTALL_BROWSER_HINT}`
    );
  }
  return chromium.launch({executablePath, args: CHROMIUM_ARGS});
}

export function serveSite(options: Partial<StaticServerOptions> = {}): Promise<RunningServer> {
  // A generous request head, so a link holding 100 KB values reaches the page (a static host may refuse it sooner).
  return startStaticServer({root: "dist", maxHeaderSize: 8 * 1024 * 1024, ...options});
}

/** Everything a page did wrong while it was open. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  otherOrigins: string[];
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
}

/**
 * Runs in every page before its own scripts: whenever Framework renders an error cell (at
 * load or after any interaction, even one that a later redraw hides again), it is logged as
 * a console error, which the watcher collects and useBuiltSite's afterEach refuses.
 */
function reportErrorCells(): void {
  const seen = new WeakSet<Element>();
  const report = (node: Element) => {
    if (seen.has(node)) return;
    seen.add(node);
    console.error(`error cell: ${node.textContent ?? ""}`);
  };
  const scan = (root: Node) => {
    if (!(root instanceof Element)) return;
    if (root.classList.contains("observablehq--error")) report(root);
    for (const node of root.querySelectorAll(".observablehq--error")) report(node);
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === "attributes") scan(mutation.target);
      else for (const node of mutation.addedNodes) scan(node);
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
}

export async function openWatchedPage(
  browser: Browser,
  origin: string,
  options: {colorScheme?: "light" | "dark"; viewport?: {width: number; height: number}} = {}
): Promise<WatchedPage> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? "light",
    acceptDownloads: true,
    ...(options.viewport ? {viewport: options.viewport} : {})
  });
  await context.addInitScript(reportErrorCells);
  const page = await context.newPage();
  const problems: PageProblems = {consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []};
  page.on("console", (message) => {
    if (message.type() === "error") problems.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => problems.pageErrors.push(String(error)));
  page.on("requestfailed", (request) =>
    problems.failedRequests.push(`${request.url()} (${request.failure()?.errorText})`)
  );
  page.on("response", (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.url()} (HTTP ${response.status()})`);
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) problems.otherOrigins.push(url);
  });
  return {page, context, problems};
}

/** Loads every part still waiting for the reader to come near (runtime/when-near.ts), and waits until each is shown. */
export async function loadEveryPartWhenNear(page: Page): Promise<void> {
  // Asked by the placeholders' own buttons, from the page (a class deck a link opened covers them).
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(".loaded-when-near button")) button.click();
  });
  await page.waitForFunction(() => document.querySelector(".loaded-when-near") === null, null, {timeout: 30_000});
  // Parts that load as they come near and have no button (lesson 2's editor): brought into view, as a reader scrolls.
  // One at a time: the page learns what is in view only when it next draws.
  const waiting = page.locator("[data-loads-when-near]");
  if ((await waiting.count()) === 0) return;
  for (let count = await waiting.count(); count > 0; count = await waiting.count()) {
    await waiting.first().evaluate((part) => part.scrollIntoView());
    await page.waitForFunction((before) => document.querySelectorAll("[data-loads-when-near]").length < before, count, {
      timeout: 30_000
    });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until Framework has run every cell of the page and every view put off for idle time is drawn. */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector(".observablehq--loading"), null, {timeout: 30_000});
  await page.waitForFunction(() => !document.documentElement.hasAttribute("data-redraws-pending"), null, {
    timeout: 30_000
  });
}

/**
 * Lets the page run `frames` animation frames (playback ticks and Framework's redraws run in
 * them): a wait counted in the page's own frames, for "nothing more happens" checks, instead
 * of a fixed sleep.
 */
export async function letFramesPass(page: Page, frames = 30): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      }),
    frames
  );
}

/**
 * Waits until no cell is pending (Framework marks a cell waiting on a promise as loading) and every
 * view is current, those out of sight too (redrawn once the reader pauses), then a few frames.
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(".observablehq--loading") &&
      !document.documentElement.hasAttribute("data-redraws-pending") &&
      !document.documentElement.hasAttribute("data-redraws-unseen")
  );
  await letFramesPass(page, 10);
}

export async function renderedErrors(page: Page): Promise<string[]> {
  return page.$$eval(".observablehq--error", (nodes) => nodes.map((node) => node.textContent ?? ""));
}

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core, injected from node_modules; returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({path: require.resolve("axe-core/axe.min.js")});
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object
          ): Promise<{violations: {id: string; impact: string | null; help: string; nodes: {target: string[]}[]}[]}>;
        };
      }
    ).axe;
    const result = await axe.run(document, {resultTypes: ["violations"]});
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" "))
      }));
  });
}

/** What one chart's SVG and PNG (2x) downloads contained. */
export interface ChartExport {
  svgFileName: string;
  pngFileName: string;
  svg: string;
  svgWidth: number;
  svgHeight: number;
  png: Buffer;
  pngWidth: number;
  pngHeight: number;
}

/** Clicks SVG then PNG under every chart of the page and reads both downloads back. */
export async function exportEveryChart(page: Page): Promise<ChartExport[]> {
  const charts = page.locator(".exportable-chart");
  const exports: ChartExport[] = [];
  for (let index = 0; index < (await charts.count()); index++) {
    const chart = charts.nth(index);
    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as SVG/}).click()
    ]);
    const svg = readFileSync((await svgDownload.path())!, "utf8");
    const [pngDownload] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as PNG/}).click()
    ]);
    const png = readFileSync((await pngDownload.path())!);
    exports.push({
      svgFileName: svgDownload.suggestedFilename(),
      pngFileName: pngDownload.suggestedFilename(),
      svg,
      svgWidth: Number(svg.match(/^<svg[^>]* width="(\d+(?:\.\d+)?)"/)?.[1]),
      svgHeight: Number(svg.match(/^<svg[^>]* height="(\d+(?:\.\d+)?)"/)?.[1]),
      png,
      pngWidth: png.readUInt32BE(16),
      pngHeight: png.readUInt32BE(20)
    });
  }
  return exports;
}

/**
 * Downloads every chart on the page as SVG and as PNG (2x) and checks each file
 * stands alone: named after the lesson, SVG namespace, no theme-dependent paint,
 * a PNG twice the SVG's size. Returns the exports for further checks.
 */
export async function expectEveryChartExports(page: Page, lessonSlug: string): Promise<ChartExport[]> {
  const exports = await exportEveryChart(page);
  expect(exports.length).toBeGreaterThan(0);
  for (const chart of exports) {
    // Named after the lesson, the chart and the run ("--defaults", or the inputs that differ).
    expect(chart.svgFileName).toMatch(new RegExp(`^a2a-workbench-${lessonSlug}-[a-z0-9-]+--[A-Za-z0-9._+-]+\\.svg$`));
    expect(chart.pngFileName).toBe(chart.svgFileName.replace(/\.svg$/, ".png"));
    expect(chart.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(chart.svg).not.toMatch(/currentColor|var\(--/i);
    expect(chart.png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(chart.pngWidth).toBe(Math.round(chart.svgWidth * 2));
    expect(chart.pngHeight).toBe(Math.round(chart.svgHeight * 2));
  }
  return exports;
}

export interface BuiltSite {
  readonly browser: Browser;
  readonly server: RunningServer;
  /** Opens a page of the site ("push-delivery?x=1", "" for the home page) and waits until every cell has run. */
  /**
   * `loadWhenNear: false` leaves the parts a page loads when the reader comes near them (the live
   * labs, the pasted-webhook verifier) as placeholders; by default they are loaded, as for a reader
   * who scrolled through the page.
   */
  open(
    path: string,
    options?: {colorScheme?: "light" | "dark"; viewport?: {width: number; height: number}; loadWhenNear?: boolean}
  ): Promise<WatchedPage>;
}

/**
 * The built site on 127.0.0.1 and a Chromium, started before the calling test
 * file's tests and stopped after them. Call it at the file's top level.
 *
 * Every page a test opens through it is held to the course's rule: no page error and no
 * console error (error cells included, see reportErrorCells) at load or after anything the
 * test did. A test that fails that rule fails in afterEach, whatever it asserted itself.
 */
export function useBuiltSite(): BuiltSite {
  requireBuiltSite();
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let openedInTest: {path: string; watched: WatchedPage}[] = [];
  afterEach(async () => {
    const opened = openedInTest;
    openedInTest = [];
    for (const {path, watched} of opened) {
      if (!watched.page.isClosed()) expect(await renderedErrors(watched.page), `error cells on ${path}`).toEqual([]);
      expect({path, consoleErrors: watched.problems.consoleErrors, pageErrors: watched.problems.pageErrors}).toEqual({
        path,
        consoleErrors: [],
        pageErrors: []
      });
      await watched.context.close().catch(() => undefined);
    }
  });
  beforeAll(async () => {
    server = await serveSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const site: BuiltSite = {
    get browser() {
      if (!browser) throw new Error("the browser starts in beforeAll: use the site inside a test");
      return browser;
    },
    get server() {
      if (!server) throw new Error("the server starts in beforeAll: use the site inside a test");
      return server;
    },
    async open(path, options = {}) {
      const watched = await openWatchedPage(site.browser, site.server.origin, options);
      openedInTest.push({path, watched});
      await watched.page.goto(`${site.server.url}${path}`);
      await waitForPage(watched.page);
      if (options.loadWhenNear !== false) await loadEveryPartWhenNear(watched.page);
      return watched;
    }
  };
  return site;
}
