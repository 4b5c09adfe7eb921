/**
 * Every chart of the course drawn by the chart gallery (chart-gallery/) in Chromium at a phone's,
 * a laptop's and a slide's size, and measured as drawn: the plot area's share of the chart, the
 * labelled ticks on every axis, the size of every text, and no text outside its chart.
 */
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {PAGE_FONT_SIZE, SLIDE_FONT_SIZE} from "../../src/components/chart/type-scale.js";
import {launchBrowser} from "./browser.js";
import {GALLERY_ORIGIN, routeGallery} from "./chart-gallery/page.js";

interface DrawnChart {
  name: string;
  /** Drawn on the chart layer: its root <svg> has the layer's class. */
  layer: boolean;
  width: number;
  plotShare: number | null;
  /** Labelled ticks of each axis. */
  axisTicks: number[];
  smallestText: number;
  /** Texts whose box leaves the chart's box. */
  outside: string[];
}

const SIZES = [
  // On a phone the plot keeps 60% of the width (labels go above their rows); wider, a chart may give its labels and notes more room.
  {name: "a phone", width: 390, type: PAGE_FONT_SIZE, minText: 9, minPlotShare: 0.6},
  {name: "a laptop", width: 1280, type: PAGE_FONT_SIZE, minText: 9, minPlotShare: 0.45},
  {name: "a 1920×1080 slide", width: 1840, type: SLIDE_FONT_SIZE, minText: 24, minPlotShare: 0.45}
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function drawGallery(width: number, type: number): Promise<{charts: DrawnChart[]; errors: string[]}> {
  const context = await browser.newContext({viewport: {width: width + 40, height: 1000}});
  await routeGallery(context);
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  await page.goto(`${GALLERY_ORIGIN}/?width=${width}&type=${type}`);
  await page.waitForFunction(
    () => document.body.dataset.drawn === "true" || document.body.dataset.failed !== undefined
  );
  const failed = await page.evaluate(() => document.body.dataset.failed ?? null);
  if (failed) errors.push(failed);
  const charts = await page.$$eval("section", (sections) =>
    sections.map((section) => {
      const svg = [...section.querySelectorAll("svg")].find((candidate) => !candidate.closest("[class$='-swatch']"))!;
      const box = svg.getBoundingClientRect();
      const span = (elements: Element[]) => {
        if (elements.length === 0) return null;
        const rects = elements.map((element) => element.getBoundingClientRect());
        return Math.max(...rects.map((rect) => rect.right)) - Math.min(...rects.map((rect) => rect.left));
      };
      const plot = span([...svg.querySelectorAll(".plot-outline, .stage-cells rect, .window-band, .race-bars rect")]);
      const texts = [...svg.querySelectorAll("text")].filter((text) => (text.textContent ?? "").trim() !== "");
      return {
        name: section.dataset.chart!,
        layer: svg.classList.contains("chart"),
        width: box.width,
        plotShare: plot === null ? null : plot / box.width,
        axisTicks: [...svg.querySelectorAll(".x-axis, .y-axis")].map(
          (axis) => [...axis.querySelectorAll(".tick text")].filter((text) => text.textContent !== "").length
        ),
        smallestText: Math.min(...texts.map((text) => parseFloat(getComputedStyle(text).fontSize))),
        outside: texts
          .filter((text) => {
            const rect = text.getBoundingClientRect();
            return (
              rect.left < box.left - 1 ||
              rect.right > box.right + 1 ||
              rect.top < box.top - 1 ||
              rect.bottom > box.bottom + 1
            );
          })
          .map((text) => text.textContent ?? "")
      };
    })
  );
  await context.close();
  return {charts, errors};
}

describe.each(SIZES)("every chart at $name ($width px, $type px type)", ({width, type, minText, minPlotShare}) => {
  let drawn: {charts: DrawnChart[]; errors: string[]};
  beforeAll(async () => {
    drawn = await drawGallery(width, type);
  });

  it("draws every chart on the chart layer without an error", () => {
    expect(drawn.errors).toEqual([]);
    expect(drawn.charts.length).toBeGreaterThanOrEqual(15);
    expect(drawn.charts.filter((chart) => !chart.layer).map(({name}) => name)).toEqual([]);
  });

  it("keeps every text inside its chart", () => {
    expect(drawn.charts.filter((chart) => chart.outside.length).map(({name, outside}) => ({name, outside}))).toEqual(
      []
    );
  });

  it(`gives the plot area at least ${minPlotShare * 100}% of the chart's width, and every axis three labelled ticks or more`, () => {
    expect(
      drawn.charts
        .filter((chart) => chart.plotShare !== null && chart.plotShare < minPlotShare)
        .map(({name, plotShare}) => ({name, plotShare}))
    ).toEqual([]);
    expect(
      drawn.charts
        .filter((chart) => chart.axisTicks.some((ticks) => ticks < 3))
        .map(({name, axisTicks}) => ({name, axisTicks}))
    ).toEqual([]);
  });

  it(`sets no text on the chart layer smaller than ${minText} px`, () => {
    expect(
      drawn.charts.filter((chart) => chart.smallestText < minText).map(({name, smallestText}) => ({name, smallestText}))
    ).toEqual([]);
  });
});
