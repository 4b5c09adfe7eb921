/**
 * Handouts: every lesson printed (print media emulated, as the browser's print preview lays it
 * out) captions every chart with its run, prints no control (buttons, inputs, playback hints,
 * the verdicts on the reader's current run), and lesson 2 prints the request being analysed.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {useBuiltSite, waitUntilSettled} from "./browser.js";
import {requestEditorText} from "./request-editor.js";

const site = useBuiltSite();
const search = (page: Page) => new URL(page.url()).searchParams;
const LESSONS = ["push-delivery", "message-transaction", "agent-selection", "webhook-authentication", "retry-storms"];
/** Text that only makes sense at the screen. */
const CONTROL_TEXT = [
  "press Play",
  "does not show this",
  "Your current run shows this",
  "Checking your current run",
  "Slide 16:9",
  "PNG (2x)",
  "press Connect",
  "Connect:"
];
/** A4's printable width at the browser's default margins, in CSS pixels (210 mm less two 10 mm margins, at 96 px an inch). */
const A4_PRINTABLE_PX = (190 / 25.4) * 96;
/** A CSS pixel on paper, in points (72 pt an inch, 96 px an inch), when the drawing is not scaled down to fit. */
const PT_PER_PX = 72 / 96;

interface Printed {
  captions: {chart: string; caption: string | null}[];
  controls: string[];
  controlText: string[];
}

/** What the page shows under its current media: each chart's visible caption, visible controls outside tables, control text. */
function printed(page: Page): Promise<Printed> {
  return page.evaluate(`(() => {
    const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
    const main = document.querySelector("#observablehq-main");
    // A table's row buttons name their row (an update, an agent): on paper they are plain text (style.css).
    const controls = [...main.querySelectorAll("button, input, select, textarea")].filter((node) => shown(node) && !node.closest("table"))
      .map((node) => node.localName + ": " + (node.textContent || node.getAttribute("aria-label") || node.getAttribute("type") || "").trim().slice(0, 60));
    const text = main.innerText;
    const captions = [...main.querySelectorAll(".exportable-chart")].map((chart) => {
      const caption = chart.querySelector(":scope > .chart-print-caption");
      return {chart: chart.dataset.chart, caption: caption && shown(caption) ? caption.textContent : null};
    });
    return {captions, controls, controlText: ${JSON.stringify(CONTROL_TEXT)}.filter((phrase) => text.includes(phrase))};
  })()`);
}

/** Opens a lesson with every chart drawn (those below the fold too), as a reader who prints it after reading. */
async function openDrawn(path: string): Promise<Page> {
  const {page} = await site.open(path, {viewport: {width: 1280, height: 900}});
  await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
  await waitUntilSettled(page);
  return page;
}

describe("a printed lesson", () => {
  it.each(LESSONS)("%s: every chart is captioned with its run, and no control prints", async (lesson) => {
    const page = await openDrawn(lesson);
    const onScreen = await printed(page);
    // On screen the lab's inputs name the run: the caption is for paper.
    expect(onScreen.captions.every((chart) => chart.caption === null)).toBe(true);
    expect(onScreen.controls.length).toBeGreaterThan(0);
    await page.emulateMedia({media: "print"});
    const paper = await printed(page);
    expect(paper.captions.length).toBeGreaterThan(0);
    const expected = lesson === "message-transaction" ? "Run: Example: A valid message/send." : "Run: Lesson defaults.";
    expect(paper.captions).toEqual(paper.captions.map(({chart}) => ({chart, caption: expected})));
    expect(paper.controls).toEqual([]);
    expect(paper.controlText).toEqual([]);
  });

  it.each(LESSONS)("%s: on paper every chart is drawn again for the page, its type at least 8 pt", async (lesson) => {
    const page = await openDrawn(lesson);
    const charts = await page.locator(".exportable-chart:not(.lab-screen-only .exportable-chart)").count();
    await page.emulateMedia({media: "print"});
    // The print media query's change event draws them: wait for it (a condition, not a time).
    await expect.poll(() => page.locator(".exportable-chart > .chart-print-drawing").count()).toBeGreaterThan(0);
    const paper = (await page.evaluate(`(() => {
      const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
      const drawings = [...document.querySelectorAll(".exportable-chart > .chart-print-drawing")].filter(shown);
      let smallest = Infinity, widest = 0, texts = 0;
      for (const drawing of drawings) {
        for (const svg of drawing.querySelectorAll("svg")) {
          if (svg.parentElement.closest("svg")) continue;
          const box = svg.getBoundingClientRect();
          const drawnWidth = svg.viewBox.baseVal && svg.viewBox.baseVal.width || Number(svg.getAttribute("width")) || box.width;
          widest = Math.max(widest, box.width);
          for (const text of svg.querySelectorAll("text")) {
            if (!text.textContent.trim()) continue;
            texts++;
            smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * box.width / drawnWidth);
          }
        }
        // An HTML view drawn for paper (lesson 4's lanes) is measured as text.
        for (const node of drawing.querySelectorAll("p, li, td, th, span, code, small")) {
          if (node.closest("svg") || !node.textContent.trim() || !shown(node)) continue;
          texts++;
          smallest = Math.min(smallest, parseFloat(getComputedStyle(node).fontSize));
        }
      }
      return {drawings: drawings.length, smallest, widest, texts};
    })()`)) as {drawings: number; smallest: number; widest: number; texts: number};
    expect(paper.drawings).toBe(charts);
    expect(paper.texts).toBeGreaterThan(0);
    // Inside the page's width, so the paper shows it at the size it was drawn, and its type is at least 8 pt there.
    expect(paper.widest).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    expect(paper.smallest * PT_PER_PX).toBeGreaterThanOrEqual(8);
    await page.emulateMedia({media: "screen"});
    await expect.poll(() => page.locator(".chart-print-drawing").count()).toBe(0);
  });

  it("a compared chart's caption names both runs", async () => {
    const page = await openDrawn("push-delivery?vs=baseline&ignoreSeenEventIds=false");
    await page.emulateMedia({media: "print"});
    const {captions} = await printed(page);
    expect(new Set(captions.map((chart) => chart.caption))).toEqual(
      new Set([
        "Two runs compared. Pinned run: Lesson defaults; versus current run: Receiver ignores seen event ids: off."
      ])
    );
  });

  it("a caption follows an input change (every chart names the new run)", async () => {
    const page = await openDrawn("agent-selection");
    await page
      .getByRole("slider", {name: /^Latency weight/})
      .first()
      .fill("0");
    await waitUntilSettled(page);
    await page.emulateMedia({media: "print"});
    await expect
      .poll(async () => new Set((await printed(page)).captions.map((chart) => chart.caption)))
      .toEqual(new Set(["Run: Latency weight: 0 relative weight."]));
  });

  it("lesson 2 prints the request its editor holds, and the pinned one when compared", async () => {
    const page = await openDrawn("message-transaction");
    const request = page.locator(".printed-request pre");
    expect(await request.isVisible()).toBe(false);
    await page.getByLabel("Example", {exact: true}).selectOption("notification");

    await expect.poll(() => search(page).get("example")).toBe("notification");
    const notification = await requestEditorText(page);
    await page.getByRole("button", {name: "Pin this run"}).click();
    await page.getByLabel("Example", {exact: true}).selectOption("batch");
    await expect.poll(() => search(page).get("example")).toBe("batch");
    await expect.poll(() => page.locator(".exportable-chart .compared-run").count()).toBe(2);
    await waitUntilSettled(page);
    await page.emulateMedia({media: "print"});
    expect(await request.count()).toBe(2);
    expect(await request.first().isVisible()).toBe(true);
    expect(await request.allTextContents()).toEqual([await requestEditorText(page), notification]);
    expect(await page.locator(".printed-request-name").allTextContents()).toEqual([
      "The request analysed (A2A-Version 0.3):",
      "The pinned request it is compared with (A2A-Version 0.3):"
    ]);
    const {captions} = await printed(page);
    expect(captions).toHaveLength(1);
    expect(captions[0]!.caption).toMatch(
      /^Two runs compared\. Pinned run: Example: A notification; versus current run: Example: .*batch/i
    );
  });
});
