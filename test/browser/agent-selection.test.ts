/**
 * The agent selection lesson, used as a reader would: each experiment one click
 * away (inputs and link), permalinks restored and bad values reported (by the
 * link reader, and by parsePolicy for what the range check lets through), playback
 * stepping the six stages and resetting on an input change, the agent inspector,
 * and every chart exported as SVG and 2x PNG. Expected text comes from lib/selection.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {writePermalink} from "../../lib/lesson-inputs/permalink.js";
import {
  defaultPolicy,
  defaultRegistry,
  selectAgent,
  selectionExperimentPolicy,
  selectionExperiments,
  selectionInputDefaults,
  selectionInputFields,
  type Policy
} from "../../lib/selection/index.js";
import {expectEveryChartExports, seriousAccessibilityViolations, useBuiltSite, type WatchedPage} from "./browser.js";

const LESSON = "agent-selection";
const site = useBuiltSite();

function openLesson(query = "", colorScheme: "light" | "dark" = "light"): Promise<WatchedPage> {
  return site.open(`${LESSON}${query}`, {colorScheme});
}

const summaryText = (page: Page) => page.locator(".selection-summary").textContent();
const summaryOf = (policy: Policy) => selectAgent(defaultRegistry, policy).summary;
const revealedCount = (page: Page) => page.locator(".decision-trace > li").count();

describe("experiments", () => {
  it.each(selectionExperiments.map((experiment) => [experiment.id, experiment] as const))(
    "%s: one click sets the policy and the link, and the result shows it",
    async (_id, experiment) => {
      const {page, context, problems} = await openLesson();
      await page.getByRole("button", {name: `Try it: ${experiment.title}`}).click();
      const policy = selectionExperimentPolicy(experiment);
      await expect.poll(() => summaryText(page)).toBe(summaryOf(policy));
      await expect
        .poll(() => new URL(page.url()).search)
        .toBe(writePermalink(policy, selectionInputFields, selectionInputDefaults));
      await expect.poll(() => page.locator(`[data-experiment="${experiment.id}"] .experiment-shown`).count()).toBe(1);
      expect(problems.pageErrors).toEqual([]);
      await context.close();
    }
  );

  it("streaming with HTML ends in an incompatibility naming the streaming requirement, and no contract", async () => {
    const {page, context} = await openLesson("?outputMode=text%2Fhtml&requireStreaming=true", "dark");
    const incompatibility = page.locator(".incompatibility");
    await expect.poll(() => incompatibility.count()).toBe(1);
    expect(await incompatibility.textContent()).toContain('failed the requirement "supports streaming (required)"');
    expect(await page.locator(".contract").count()).toBe(0);
    expect(await summaryText(page)).toMatch(/^0\/13 agents eligible: /);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("permalinks", () => {
  it("a link restores the policy, and Restore defaults clears it", async () => {
    const {page, context} = await openLesson("?additionalElapsedSeconds=7200&costWeight=0");
    expect(await page.locator("input[type=number][id$=additionalElapsedSeconds]").inputValue()).toBe("7200");
    expect(await summaryText(page)).toBe(summaryOf({...defaultPolicy, additionalElapsedSeconds: 7200, costWeight: 0}));
    await page.getByRole("button", {name: "Restore defaults"}).click();
    await expect.poll(() => summaryText(page)).toBe(summaryOf(defaultPolicy));
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("bad values are reported by name where the link is read, and fall back", async () => {
    // tenant=acme is not an option; 2.5 cents is in range but not whole: the rows refuse both.
    const {page, context, problems} = await openLesson("?tenant=acme&costBudgetCents=2.5&minimumObservations=0");
    const linkNotice = page.locator(".permalink-notices");
    await expect.poll(() => linkNotice.count()).toBe(1);
    const text = await linkNotice.textContent();
    expect(text).toContain("tenant=acme");
    expect(text).toContain("costBudgetCents=2.5");
    expect(text).toContain("must be a whole number from 0 to 100 cents per call");
    expect(text).toContain(`using the default (${defaultPolicy.costBudgetCents})`);
    // The valid value in the same link is kept; the refused ones use their defaults.
    expect(await summaryText(page)).toBe(summaryOf({...defaultPolicy, minimumObservations: 0}));
    expect(await page.locator("select[id$=tenant]").inputValue()).toBe(defaultPolicy.tenant);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("playback", () => {
  it("Next reveals one stage at a time, and an input change starts again, paused", async () => {
    const {page, context} = await openLesson();
    const control = page.locator(".playback").first();
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(1);
    expect(await control.locator(".playback-modeled").textContent()).toBe("Stage: 1 · 1/6 stages");
    // The removal table grows with playback: after stage 1, only the other tenant's agents.
    await expect.poll(() => page.locator(".removal-table tbody tr").count()).toBe(2);
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(2);
    expect(await page.locator(".decision-trace .decision-latest .decision-title").textContent()).toBe(
      selectAgent(defaultRegistry, defaultPolicy).trace[1]!.title
    );

    await page.locator("input[type=number][id$=additionalElapsedSeconds]").fill("7200");
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    expect(await page.locator(".playback .playback-play").first().getAttribute("aria-label")).toBe("Play");
    await context.close();
  });

  it("playing through never ages the metadata", async () => {
    const {page, context} = await openLesson();
    const control = page.locator(".playback").first();
    await control.locator(".playback-timeline").fill("1000");
    await expect.poll(() => revealedCount(page)).toBe(6);
    expect(await summaryText(page)).toBe(summaryOf(defaultPolicy));
    expect(await page.locator(".contract h3").textContent()).toContain("northwind-swift");
    await context.close();
  });
});

describe("agent inspector", () => {
  it("shows any agent, including one that never reached ranking, with every gate", async () => {
    const {page, context} = await openLesson();
    const inspector = page.locator(".agent-inspector");
    expect(await inspector.locator("h3").textContent()).toBe("northwind-swift: selected");
    await page.getByLabel("Agent to inspect").selectOption("contoso-summarizer");
    await expect.poll(() => inspector.locator("h3").textContent()).toBe("contoso-summarizer: rejected at stage 1");
    expect(await inspector.locator(".gate-results tbody tr").count()).toBe(8);
    expect(await inspector.textContent()).toContain("tenant contoso, not northwind");
    expect(await inspector.locator("pre").textContent()).toContain('"costPerCallCents": 1');
    await page.getByRole("button", {name: "Inspect northwind-twin-b"}).click();
    await expect.poll(() => inspector.locator("h3").textContent()).toBe("northwind-twin-b: eligible, rank 5 of 5");
    expect(await inspector.locator(".score-terms tbody tr").count()).toBe(3);
    await context.close();
  });
});

describe("chart export", () => {
  it.each(["light", "dark"] as const)(
    "every chart downloads a standalone SVG and a 2x PNG (%s theme)",
    async (colorScheme) => {
      const {page, context, problems} = await openLesson("", colorScheme);
      const exports = await expectEveryChartExports(page, "agent-selection");
      expect(exports.map((chart) => chart.svgFileName)).toEqual([
        "a2a-workbench-agent-selection-ranking-breakdown--defaults.svg",
        "a2a-workbench-agent-selection-candidates-by-stage--defaults.svg"
      ]);
      expect(exports[0]!.svg).toContain("northwind-swift");
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  );
});
