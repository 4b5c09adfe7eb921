/**
 * Every built page, in both themes: no console or page errors, no failed
 * requests, nothing from another origin, no rendered error, no serious or
 * critical accessibility violation, and the template repairs in place.
 */
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {listPages} from "../../scripts/site-files.js";
import type {RunningServer} from "../../scripts/static-server.js";
import {launchBrowser, openWatchedPage, renderedErrors, requireBuiltSite, seriousAccessibilityViolations, serveSite, waitForPage} from "./browser.js";

requireBuiltSite();
const pages = listPages("dist");
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  server = await serveSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each(["light", "dark"] as const)("every page in the %s theme", (colorScheme) => {
  it.each(pages)("%s loads cleanly and passes axe", async (file) => {
    const path = file === "index.html" ? "" : file.replace(/\.html$/, "");
    const {page, context, problems} = await openWatchedPage(browser, server.origin, {colorScheme});
    await page.goto(`${server.url}${path}`);
    await waitForPage(page);
    expect(await renderedErrors(page)).toEqual([]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getAttribute("meta[name=viewport]", "content")).not.toMatch(/maximum-scale|user-scalable=no/);
    expect((await page.getAttribute("meta[name=description]", "content"))?.length).toBeGreaterThan(20);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });
});

describe("a deploy under a sub-folder", () => {
  it("serves every page and its assets under /course/", async () => {
    const subFolder = await serveSite({basePath: "/course/"});
    try {
      for (const file of pages) {
        const {page, context, problems} = await openWatchedPage(browser, subFolder.origin);
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
