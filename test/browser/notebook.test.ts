/**
 * "Explore this run" in the built site: every lesson's starter Plot cell draws in its sandboxed
 * frame; a cell can reach no network (not by fetch, an image, a link or navigating its frame), not
 * the page, its storage or its address; an endless cell
 * is stopped while the page keeps drawing frames; a cell follows the lab's inputs; the kept and
 * the linked cell; lesson 1's "Copy as script" prints in Node what the page shows.
 */
import {execFileSync} from "node:child_process";
import {createServer} from "node:http";
import {rmSync, writeFileSync} from "node:fs";
import type {Frame, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {loadEveryPartWhenNear, useBuiltSite, waitForPage} from "./browser.js";

const site = useBuiltSite();

const cells = (page: Page) => page.locator(".notebook-cell");

/** The frame of the n-th cell's output, once it has one. */
async function cellFrame(page: Page, index: number): Promise<Frame> {
  const handle = await cells(page).nth(index).locator(".cell-output iframe").elementHandle({timeout: 30_000});
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`cell ${index + 1} has no output frame`);
  return frame;
}

async function runCell(page: Page, index: number): Promise<void> {
  const cell = cells(page).nth(index);
  await cell.scrollIntoViewIfNeeded();
  await cell.getByRole("button", {name: "Run cell"}).click();
}

const statusOf = (page: Page, index: number) => cells(page).nth(index).locator(".cell-status").textContent();

/** A new cell holding `code`, typed as a reader types it (the code editor loads on focus). */
async function addCell(page: Page, code: string): Promise<number> {
  await page.getByRole("button", {name: "Add cell"}).click();
  const index = (await cells(page).count()) - 1;
  const box = cells(page).nth(index).getByRole("textbox", {name: "Cell code"});
  await box.click();
  await expect.poll(() => cells(page).nth(index).locator(".cm-content").count(), {timeout: 30_000}).toBe(1);
  await cells(page).nth(index).locator(".cm-content").click();
  await page.keyboard.insertText(code);
  return index;
}

/** The index of the first cell whose code draws with Plot. */
async function firstPlotCell(page: Page): Promise<number> {
  const codes = await cells(page).locator("textarea, .cm-content").allTextContents();
  const values = await cells(page)
    .locator("textarea")
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
  const index = (values.length ? values : codes).findIndex((code) => code.includes("Plot.plot("));
  if (index < 0) throw new Error("no starter cell draws with Plot");
  return index;
}

describe("every lesson's starter Plot cell", () => {
  it.each([...LESSON_SLUGS])("%s: draws a chart in an opaque-origin frame", async (slug) => {
    const {page} = await site.open(slug);
    const index = await firstPlotCell(page);
    await runCell(page, index);
    await expect.poll(() => statusOf(page, index), {timeout: 30_000}).toMatch(/^Shows a chart/);
    const frame = await cellFrame(page, index);
    expect(await frame.locator("svg").count()).toBeGreaterThan(0);
    expect(await frame.evaluate("origin")).toBe("null");
    expect(await cells(page).nth(index).locator(".cell-exports").isVisible()).toBe(true);
  });
});

describe("a cell's sandbox", () => {
  it("reaches no network, not the page, its storage or its address", async () => {
    const hits: string[] = [];
    const bait = createServer((request, response) => {
      hits.push(request.url ?? "");
      response.end("bait");
    });
    await new Promise<void>((resolve) => bait.listen(0, "127.0.0.1", resolve));
    const baitUrl = `http://127.0.0.1:${(bait.address() as {port: number}).port}`;
    try {
      const watched = await site.open("push-delivery");
      const {page} = watched;
      await page.evaluate("localStorage.setItem('notebook-test', 'kept')");
      // The page's own storage, not the cells the notebook keeps there as the test adds them.
      const state = async () => ({
        url: page.url(),
        title: await page.title(),
        kept: await page.evaluate("localStorage.getItem('notebook-test')"),
        written: await page.evaluate("localStorage.getItem('cell')")
      });
      const before = await state();
      const index = await addCell(page, escapeAttempts(baitUrl));
      await page.keyboard.press("Shift+Enter");
      await expect.poll(() => statusOf(page, index), {timeout: 30_000}).toMatch(/^Shows/);
      const shown = await (await cellFrame(page, index)).locator("#output").textContent();
      // "refused" is what the cell saw; that nothing arrived is what `hits` proves (a fetch without CORS
      // headers would fail in the cell too, after reaching the bait).
      for (const attempt of ["fetch", "image", "top.document", "top.location", "localStorage", "webrtc", "cookie"])
        expect(shown, attempt).toContain(`${attempt}: refused`);
      // Navigating its own frame is the way out a sandbox leaves open: the page's frame-src 'none' refuses it.
      const navigating = await addCell(page, navigationAttempts(baitUrl));
      await page.keyboard.press("Shift+Enter");
      await expect.poll(() => statusOf(page, navigating), {timeout: 30_000}).toMatch(/^(Shows|Stopped)/);
      // Once the browser has said it refused the frame's navigation, a request it let through would have arrived.
      await expect
        .poll(() => watched.problems.consoleErrors.filter((message) => /frame-src/.test(message)).length, {
          timeout: 30_000
        })
        .toBeGreaterThan(0);
      expect(hits).toEqual([]);
      expect(await state()).toEqual(before);
      // The browser reports what the frame's policy and sandbox refused: expected here, and only these.
      const refusals =
        /Content Security Policy|Unsafe attempt to initiate navigation|sandboxed|Blocked|access-control/i;
      expect(watched.problems.consoleErrors.filter((message) => !refusals.test(message))).toEqual([]);
      watched.problems.consoleErrors.length = 0;
    } finally {
      bait.close();
    }
  });

  it("stops an endless cell and the page keeps drawing frames", async () => {
    const {page} = await site.open("push-delivery");
    const index = await addCell(page, "while (true) {}");
    await page.evaluate(
      "window.framesDrawn = 0; (function count() { window.framesDrawn++; requestAnimationFrame(count); })()"
    );
    await page.keyboard.press("Shift+Enter");
    // The bar: stopped within 8 s (the cell's limit is 2 s), while the page answers.
    await expect.poll(() => statusOf(page, index), {timeout: 8_000, interval: 100}).toMatch(/^Stopped/);
    expect(await page.evaluate("window.framesDrawn")).toBeGreaterThan(30);
    expect(await cells(page).nth(index).locator("iframe").count()).toBe(0);
    // The cell runs again in a fresh frame once changed.
    await cells(page).nth(index).locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText("6 * 7");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => statusOf(page, index), {timeout: 30_000}).toMatch(/^Shows 42/);
  });
});

describe("a cell follows the lab", () => {
  it("runs again when a slider moves", async () => {
    const {page} = await site.open("push-delivery");
    const index = await addCell(page, "inputs.receiverUnavailableUntilSeconds");
    await page.keyboard.press("Shift+Enter");
    await expect.poll(() => statusOf(page, index), {timeout: 30_000}).toMatch(/^Shows \d/);
    const first = await statusOf(page, index);
    await page.locator("input[type=number][id$='-receiverUnavailableUntilSeconds']").first().fill("17");
    await expect.poll(() => statusOf(page, index), {timeout: 30_000}).toMatch(/^Shows 17\b/);
    expect(first).not.toMatch(/^Shows 17\b/);
    expect(await (await cellFrame(page, index)).locator("#output").textContent()).toBe("17");
  });

  it("keeps a reader's cell across a reload, and shows a linked cell marked, run only when asked", async () => {
    const {page} = await site.open("push-delivery");
    const index = await addCell(page, "'kept ' + 1");
    await page.reload();
    await waitForPage(page);
    await loadEveryPartWhenNear(page);
    await expect
      .poll(
        () =>
          cells(page)
            .locator("textarea")
            .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value)),
        {timeout: 30_000}
      )
      .toContain("'kept ' + 1");
    expect(await cells(page).count()).toBe(index + 1);
    const linked = await site.open(`push-delivery?cell=${encodeURIComponent("'from a link'")}`);
    const first = cells(linked.page).first();
    await expect.poll(() => first.locator(".cell-name").textContent()).toBe("Cell from a link");
    expect(await first.locator(".cell-note").textContent()).toMatch(/sandboxed frame/);
    expect(await first.locator("iframe").count()).toBe(0);
    await runCell(linked.page, 0);
    await expect.poll(() => statusOf(linked.page, 0), {timeout: 30_000}).toMatch(/^Shows from a link/);
  });
});

describe("Copy as script", () => {
  it("lesson 1: the copied script prints in Node the figures the page shows", async () => {
    const {page, context} = await site.open("push-delivery");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {origin: site.server.origin});
    await page.locator("input[type=number][id$='-receiverUnavailableUntilSeconds']").first().fill("9");
    await page.getByRole("button", {name: /Copy as script: this push delivery run/}).click();
    await expect.poll(() => page.locator(".copy-script-status").textContent()).toMatch(/^Copied/);
    const script = String(await page.evaluate("navigator.clipboard.readText()"));
    expect(script).toContain('"receiverUnavailableUntilSeconds": 9');
    const file = `.run-script-browser-${process.pid}.ts`;
    writeFileSync(file, script);
    let printed: string;
    try {
      printed = execFileSync(process.execPath, ["--import", "tsx", file], {encoding: "utf8"});
    } finally {
      rmSync(file, {force: true});
    }
    const shown = await page.locator(".lab-figures .summary-figures > *").evaluateAll((figures) =>
      // Each figure's parts (its number, its words) apart, as a reader reads them.
      figures.map((figure) =>
        [...figure.children].map((part) => (part.textContent ?? "").replace(/\s+/g, " ").trim()).join(" ")
      )
    );
    // Figure by figure, in the lab's order: the page shows "value label", the script prints "label: value".
    const printedFigures = printed
      .trim()
      .split("\n")
      .map((line) => {
        const [label, value] = line.split(/: (?=[^:]*$)/) as [string, string];
        return `${value} ${label}`;
      });
    expect(printedFigures).toEqual(shown);
  });
});

/** A cell that follows a link and sets its frame's address, both to the bait. */
function navigationAttempts(bait: string): string {
  return `const link = document.createElement("a");
link.href = ${JSON.stringify(bait)} + "/link";
document.body.append(link);
link.click();
location.href = ${JSON.stringify(bait)} + "/self";
"navigated"`;
}

/** A cell that tries each way out of its frame and reports, per attempt, whether it was refused. */
function escapeAttempts(bait: string): string {
  return `const tried = [];
const attempt = async (name, act) => {
  try { await act(); tried.push(name + ": allowed"); } catch (error) { tried.push(name + ": refused (" + error.name + ")"); }
};
await attempt("fetch", () => fetch(${JSON.stringify(bait)} + "/fetch"));
await attempt("image", () => new Promise((done, fail) => {
  const image = new Image(); image.onload = done; image.onerror = () => fail(new Error("not loaded"));
  image.src = ${JSON.stringify(bait)} + "/image"; document.body.append(image);
}));
await attempt("top.document", () => top.document.title);
await attempt("top.location", () => { top.location.href = ${JSON.stringify(bait)} + "/top"; });
await attempt("localStorage", () => localStorage.setItem("cell", "1"));
await attempt("webrtc", () => new RTCPeerConnection({iceServers: [{urls: "stun:127.0.0.1:3478"}]}));
await attempt("cookie", () => { document.cookie = "cell=1"; if (!document.cookie.includes("cell=1")) throw new Error("not kept"); });
tried.join("\\n")`;
}
