import {describe, expect, it} from "vitest";
import {listPages} from "../../scripts/site-files.js";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {
  openWatchedPage,
  renderedErrors,
  seriousAccessibilityViolations,
  serveSite,
  useBuiltSite,
  waitForPage,
  waitUntilSettled
} from "./browser.js";

const site = useBuiltSite();

/**
 * Every element that can scroll (overflow auto or scroll), whether or not it overflows with
 * this machine's fonts, must be keyboard-focusable and named; returns the ones that are not.
 * Form fields scroll on their own and are focusable by nature.
 */
function unreachableScrollRegions(page: import("playwright-core").Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (value: string) => value === "auto" || value === "scroll";
    const missing: string[] = [];
    for (const node of document.querySelectorAll("main *")) {
      if (node instanceof HTMLTextAreaElement || node instanceof HTMLInputElement || node instanceof HTMLSelectElement)
        continue;
      // An editor's scroller (CodeMirror) is reached and scrolled through its named, focusable text box.
      if (node.querySelector(':scope > [contenteditable="true"][tabindex="0"]:is([aria-label], [aria-labelledby])'))
        continue;
      const style = getComputedStyle(node);
      if (!scrolls(style.overflowX) && !scrolls(style.overflowY)) continue;
      const focusable = node.getAttribute("tabindex") === "0";
      const named = Boolean(node.getAttribute("aria-label") || node.getAttribute("aria-labelledby"));
      if (!focusable || !named) missing.push(`${node.tagName.toLowerCase()}.${[...node.classList].join(".")}`);
    }
    return missing;
  });
}
const pages = listPages("dist");

describe.each(["light", "dark"] as const)("every page in the %s theme", (colorScheme) => {
  it.each(pages)("%s loads cleanly and passes axe", async (file) => {
    const path = file === "index.html" ? "" : file.replace(/\.html$/, "");
    const {page, context, problems} = await site.open(path, {colorScheme});
    expect(await renderedErrors(page)).toEqual([]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getAttribute("meta[name=viewport]", "content")).not.toMatch(/maximum-scale|user-scalable=no/);
    expect((await page.getAttribute("meta[name=description]", "content"))?.length).toBeGreaterThan(20);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await unreachableScrollRegions(page)).toEqual([]);
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });
});

describe("printed", () => {
  it.each(LESSON_SLUGS)("%s shows its narrative, charts and figures, and no control", async (lesson) => {
    const {page, context} = await site.open(lesson);
    await page.emulateMedia({media: "print"});
    const shown = (selector: string) =>
      page.$$eval(
        selector,
        (nodes) =>
          nodes.filter(
            (node) => (node as HTMLElement).offsetParent !== null || getComputedStyle(node).position === "fixed"
          ).length
      );
    expect(await shown("main input, main select, main textarea, main button:not(table button)")).toBe(0);
    expect(
      await page.$$eval(
        "main table button",
        (buttons) => buttons.filter((button) => getComputedStyle(button).borderTopStyle !== "none").length
      )
    ).toBe(0);
    expect(await shown("main h1, main p")).toBeGreaterThan(3);
    expect(await shown(".exportable-chart svg, .lab-figures")).toBeGreaterThan(0);
    // Nothing is cut off by a scrolling box or a pinned column on paper.
    expect(
      await page.$$eval(".lab-stage, .lab-results", (nodes) =>
        nodes.map((node) => getComputedStyle(node).overflowY + " " + getComputedStyle(node).position)
      )
    ).toEqual(expect.not.arrayContaining([expect.stringMatching(/auto|sticky/)]));
    await context.close();
  });
});

describe("one chart layer", () => {
  it.each(LESSON_SLUGS)(
    "%s draws every chart on the chart layer, and loads no charting library beside it",
    async (lesson) => {
      const {page, context, problems} = await site.open(lesson);
      await waitUntilSettled(page);
      const charts = await page.$$eval(".exportable-chart", (wrappers) =>
        wrappers.map((wrapper) => {
          const svg = [...wrapper.querySelectorAll("svg")].find(
            (candidate) => !candidate.closest("[class$='-swatch']")
          );
          return svg?.getAttribute("class")?.split(" ")[0] ?? "(none)";
        })
      );
      expect(charts.length).toBeGreaterThan(0);
      expect(new Set(charts)).toEqual(new Set(["chart"]));
      expect(await page.locator("svg[class^='plot-'], .live-view-loading").count()).toBe(0);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => /\.js(\?|$)/.test(name))
      );
      expect(scripts.filter((name) => /plot/i.test(name.replace(/.*\//, "")))).toEqual([]);
      expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
      await context.close();
    }
  );
});

describe("a deploy under a sub-folder", () => {
  it("serves every page and its assets under /course/", async () => {
    const subFolder = await serveSite({basePath: "/course/"});
    try {
      for (const file of pages) {
        const {page, context, problems} = await openWatchedPage(site.browser, subFolder.origin);
        await page.goto(`${subFolder.url}${file === "index.html" ? "" : file.replace(/\.html$/, "")}`);
        await waitForPage(page);
        expect(await renderedErrors(page), file).toEqual([]);
        expect(problems, file).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
        await context.close();
      }
    } finally {
      await subFolder.close();
    }
  });
});
