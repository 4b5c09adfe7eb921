/**
 * Lesson 5 as a reader uses it. The storm runs in a Web Worker, and what the page shows is what
 * lib computes in Node for the same inputs (the same seed gives the same storm in both); every
 * strategy follows the chosen one; a newer input stops an older run; a long run shows progress;
 * a pinned run is compared; playback walks the run's history; every chart exports.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {awsBackoffExperiment, runStormLesson, stormExperiments, STORM_STRATEGIES} from "../../lib/storm/index.js";
import {expectEveryChartExports, useBuiltSite, waitUntilSettled} from "./browser.js";

const LESSON = "retry-storms";
const site = useBuiltSite();

const search = (page: Page) => new URL(page.url()).searchParams;
const figure = (page: Page, label: string | RegExp) =>
  page.locator(".lab-figures .summary-figure", {hasText: label}).first().locator(".figure-value").textContent();
const grouped = (value: number) => value.toLocaleString("en-US");
const panelNames = (page: Page, chart: string) =>
  page
    .locator(`.exportable-chart[data-chart='${chart}'] .panel-name`)
    .evaluateAll((names) => names.map((name) => name.firstChild?.textContent ?? ""));

describe("the storm in the page is lib's storm", () => {
  it("shows the defaults' figures as lib computes them in Node, and every strategy", async () => {
    const {page, context, problems} = await site.open(LESSON);
    const {totals} = runStormLesson({}).run;
    expect(await figure(page, "requests sent")).toBe(grouped(totals.attempts));
    expect(await figure(page, "s until drained")).toBe(String(Math.round(totals.drainedAtMs / 100) / 10));
    expect(await panelNames(page, "every strategy")).toEqual([
      "No backoff (fixed interval)",
      "Exponential, no jitter (chosen)",
      "Full jitter",
      "Equal jitter",
      "Decorrelated jitter"
    ]);
    expect(await page.locator(".strategy-table tbody tr").count()).toBe(STORM_STRATEGIES.length);
    // Each strategy's row holds lib's figures for that strategy on the same seed.
    for (const strategy of STORM_STRATEGIES) {
      const {run} = runStormLesson({strategy});
      const row = page.locator(".strategy-table tbody tr").nth(STORM_STRATEGIES.indexOf(strategy));
      expect(await row.locator("td").first().textContent(), strategy).toBe(grouped(run.totals.attempts));
    }
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });

  it("an experiment sets the inputs and the link, and its check follows the run", async () => {
    const {page, context} = await site.open(LESSON);
    const experiment = stormExperiments.find((one) => one.id === "cap-too-small")!;
    await page
      .locator(`[data-experiment="${experiment.id}"]`)
      .getByRole("button", {name: /^Try it/})
      .click();
    await expect.poll(() => search(page).get("capMs")).toBe(String(experiment.overrides.capMs));
    await waitUntilSettled(page);
    const {run} = runStormLesson(experiment.overrides);
    expect(await figure(page, /updates? given up/)).toBe(grouped(run.totals.exhaustedUpdates));
    await expect.poll(() => page.locator(`[data-experiment="${experiment.id}"] .experiment-shown`).count()).toBe(1);
    await context.close();
  });
});

describe("the worker keeps the page responsive", () => {
  it("a run over 100 ms shows its progress, and a newer input stops it: the page shows the newer run", async () => {
    const {page, context, problems} = await site.open(LESSON);
    const box = page.locator("input[type=number][id$=senders]");
    await box.fill("100000");
    await box.dispatchEvent("change");
    // Five storms of 100,000 senders take well over 100 ms: the progress bar comes up and counts.
    await expect
      .poll(() => page.locator(".storm-progress:not([hidden])").first().textContent(), {timeout: 20_000})
      .toMatch(/^Running the storm: \d+%$/);
    await page.locator("select[id$=-strategy]").selectOption("full");
    await expect.poll(() => page.locator(".storm-progress").first().getAttribute("data-superseded")).toBe("1");
    await waitUntilSettled(page);
    expect(await page.locator(".storm-progress").first().isHidden()).toBe(true);
    const {run} = runStormLesson({senders: 100_000, strategy: "full"});
    expect(await figure(page, "requests sent")).toBe(grouped(run.totals.attempts));
    expect(await panelNames(page, "every strategy")).toContain("Full jitter (chosen)");
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("comparing, playback and export", () => {
  it("pins a run and compares: two load panels, figures from pinned to current, and the link holds both", async () => {
    const {page, context} = await site.open(LESSON);
    await page.getByRole("button", {name: "Pin this run"}).click();
    await page.locator("select[id$=-strategy]").selectOption("full");
    await expect.poll(() => search(page).get("strategy")).toBe("full");
    await waitUntilSettled(page);
    expect(await panelNames(page, "receiver load")).toEqual([
      "Pinned run (Exponential, no jitter)",
      "Current run (Full jitter)"
    ]);
    const herd = runStormLesson({}).run.totals.attempts;
    const full = runStormLesson({strategy: "full"}).run.totals.attempts;
    expect(await figure(page, "requests sent")).toBe(`${grouped(herd)} → ${grouped(full)}, −${grouped(herd - full)}`);
    expect(
      await page.locator(".exportable-chart[data-chart='completion times'] .compared-name").allTextContents()
    ).toEqual(["Pinned run: Lesson defaults", "Current run: Retry strategy: Full jitter"]);
    expect(search(page).get("vs")).toBe("baseline");
    await context.close();
  });

  it("playback reveals the run's history stretch by stretch, with the cursor on the load chart", async () => {
    const {page, context} = await site.open(LESSON);
    const {history} = runStormLesson({}).run;
    await page.locator(".playback-next").click();
    await expect.poll(() => page.locator(".decision-trace > li").count(), {timeout: 10_000}).toBe(1);
    expect(await page.locator(".decision-trace > li").first().textContent()).toContain(history[0]!.title);
    expect(await page.locator(".exportable-chart[data-chart='receiver load'] .cursor line").count()).toBe(1);
    await page.locator(".playback-restart").click();
    await expect.poll(() => page.locator(".exportable-chart[data-chart='receiver load'] .cursor line").count()).toBe(0);
    await context.close();
  });

  it("every chart exports as a standalone SVG and PNG named for the lesson", async () => {
    const {page, context} = await site.open(`${LESSON}?senders=500`);
    const exports = await expectEveryChartExports(page, LESSON);
    expect(exports.map((chart) => chart.svgFileName)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a2a-workbench-retry-storms-receiver-load--/),
        expect.stringMatching(/every-strategy/),
        expect.stringMatching(/work-per-strategy/)
      ])
    );
    await context.close();
  });
});

describe("AWS's experiment in the page", () => {
  it("runs on request in a worker and shows, row by row, what lib computes in Node for the same seed", async () => {
    const {page, context, problems} = await site.open(LESSON);
    await page.getByRole("button", {name: /^Run AWS's experiment here/}).click();
    await expect
      .poll(() => page.locator(".aws-status").textContent(), {timeout: 60_000})
      .toMatch(/^Done: 10 experiments of 100 runs each, seed 2015/);
    const rows = page.locator(".aws-table tbody tr");
    expect(await rows.count()).toBe(10);
    const ours = awsBackoffExperiment({clients: 50, strategy: "decorrelated", seed: 2015, runs: 100});
    const row = rows.filter({hasText: "Decorrelated jitter"}).first();
    expect(await row.locator("td").nth(1).textContent()).toBe(
      `${Math.round(ours.meanCompletionMs).toLocaleString("en-US")} / ${Math.round(ours.meanCalls)}`
    );
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});
