/**
 * Lesson 4 as a reader uses it: experiments set inputs and the link, a link
 * restores them, a bad link value is reported and falls back, playback steps
 * through an interleaving and resets on an input change, a fast sequence of
 * changes never leaves a stale verdict, keys are fresh per load, and every
 * chart exports.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {STANDARD_WEBHOOKS_TEST_SECRET} from "../../lib/webhook-auth/index.js";
import {expectEveryChartExports, useBuiltSite, waitUntilSettled, type WatchedPage} from "./browser.js";

const LESSON = "webhook-authentication";
const site = useBuiltSite();

function openLesson(query = "", colorScheme: "light" | "dark" = "light"): Promise<WatchedPage> {
  return site.open(`${LESSON}${query}`, {colorScheme});
}

const search = (page: Page) => new URL(page.url()).searchParams;
const verdict = (page: Page) => page.locator(".debug-verdict").first().textContent();
const experiment = (page: Page, id: string) => page.locator(`[data-experiment="${id}"]`);
const revealedCount = (page: Page) => page.locator(".decision-trace > li").count();

describe("experiments", () => {
  it("a debugger experiment sets the toggle and the link, and the verdict follows", async () => {
    const {page, context, problems} = await openLesson();
    expect(await verdict(page)).toContain("✓ accepts");
    await experiment(page, "reserialized-body")
      .getByRole("button", {name: /^Try it/})
      .click();
    await expect.poll(() => search(page).get("reserializedBody")).toBe("true");
    expect(await page.locator("input[type=checkbox][id$=reserializedBody]").isChecked()).toBe(true);
    await expect.poll(() => verdict(page)).toContain("✗ refuses");
    expect(await page.locator(".debug-verdict").nth(1).textContent()).toContain("✓ accepts");
    expect(await page.locator(".debug-difference").textContent()).toMatch(/first differ at byte \d+/);
    await expect.poll(() => experiment(page, "reserialized-body").locator(".experiment-shown").count()).toBe(1);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("a retention experiment sets the retention and shows retries slipping past", async () => {
    const {page, context} = await openLesson();
    await experiment(page, "spec-example-retention")
      .getByRole("button", {name: /^Try it/})
      .click();
    await expect.poll(() => search(page).get("retentionSeconds")).toBe("300");
    expect(await page.locator("input[type=number][id$=retentionSeconds]").inputValue()).toBe("300");
    await expect.poll(() => page.locator(".horizon-summary").textContent()).toMatch(/slipped past dedup/);
    await context.close();
  });

  it("the tampering experiments all answer as expected with the page's own keys", async () => {
    const {page, context} = await openLesson();
    const results = page.locator(".tampering-experiment");
    expect(await results.count()).toBe(6);
    expect(await page.locator(".tampering-experiment .verdict-bad").count()).toBe(0);
    const byteChanged = page.locator('[data-tampering="byte-changed"]');
    await byteChanged.locator("summary").click();
    expect(await byteChanged.locator(".check-fail").count()).toBe(1);
    expect(await byteChanged.locator(".check-skipped").count()).toBe(5);
    await context.close();
  });
});

describe("permalinks", () => {
  it("a link restores the inputs", async () => {
    const {page, context} = await openLesson(
      "?retryPreset=a2a-js-sdk-default-sender&unreachableAttempts=1&raceStrategy=insert-if-absent"
    );
    expect(await page.getByLabel("Sender retry schedule").inputValue()).toBe("a2a-js-sdk-default-sender");
    expect(await page.getByLabel("Dedup strategy to step through").inputValue()).toBe("insert-if-absent");
    expect(await page.locator(".horizon-summary").textContent()).toContain("update lost");
    expect(await experiment(page, "sdk-outage").locator(".experiment-shown").count()).toBe(1);
    await context.close();
  });

  it("a bad value is reported by name and the input falls back to its default", async () => {
    const {page, context, problems} = await openLesson("?raceWorkers=9&clockSkewSeconds=abc");
    const notice = page.locator(".permalink-notices");
    await expect.poll(() => notice.count()).toBe(1);
    const text = await notice.textContent();
    expect(text).toContain("raceWorkers=9");
    expect(text).toContain("clockSkewSeconds=abc");
    expect(await page.locator("input[type=number][id$=raceWorkers]").inputValue()).toBe("2");
    expect(await page.locator("input[type=number][id$=clockSkewSeconds]").inputValue()).toBe("0");
    expect(await verdict(page)).toContain("✓ accepts");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

describe("playback and asynchronous results", () => {
  it("Next reveals one step of the interleaving, and an input change resets playback", async () => {
    const {page, context} = await openLesson();
    const control = page.locator(".playback");
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(1);
    expect(await page.locator(".decision-trace > li").first().textContent()).toContain("A: check");
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(2);
    expect(await control.locator(".playback-modeled").textContent()).toMatch(/Step: 2 · 2\/6 steps/);
    await page.getByLabel("Dedup strategy to step through").selectOption("insert-if-absent");
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    expect(await page.locator(".playback .playback-modeled").textContent()).toMatch(/0\/4 steps/);
    expect(await page.locator(".playback .playback-play").getAttribute("aria-label")).toBe("Play");
    await context.close();
  });

  it("a fast sequence of changes ends on the verdict of the last state, never a stale one", async () => {
    const {page, context} = await openLesson();
    const wrongSecret = page.getByLabel("Receiver holds another endpoint's secret");
    for (let i = 0; i < 7; i++) await wrongSecret.click();
    await expect.poll(() => search(page).get("wrongSecret")).toBe("true");
    await expect.poll(() => verdict(page)).toContain("✗ refuses");
    await waitUntilSettled(page); // every pending computation has landed: the last one must be the last state's
    expect(await verdict(page)).toContain("✗ refuses");
    await wrongSecret.click();
    await expect.poll(() => verdict(page)).toContain("✓ accepts");
    await context.close();
  });
});

describe("keys", () => {
  it("are drawn in the page on every load, never the published fixtures", async () => {
    const eventIds: string[] = [];
    for (let load = 0; load < 2; load++) {
      const {page, context} = await openLesson();
      const headers = await page.locator(".signature-debugger pre").nth(1).textContent();
      eventIds.push(headers!.match(/webhook-id: (msg_[0-9a-f]{32})/)![1]!);
      expect(await page.locator(".note").textContent()).not.toContain(STANDARD_WEBHOOKS_TEST_SECRET.slice(0, 12));
      await context.close();
    }
    expect(eventIds[0]).not.toBe(eventIds[1]);
  });

  it("the v1a demo verifies with Ed25519 or says why it cannot", async () => {
    const {page, context} = await openLesson();
    const v1a = page.locator(".v1a-demo, .v1a-unsupported");
    await expect.poll(() => v1a.count()).toBe(1);
    const text = await v1a.textContent();
    expect(text).toMatch(/Unchanged body: v1a signature entry 1 verifies|Not available in this browser/);
    await context.close();
  });
});

describe("chart export", () => {
  it.each(["light", "dark"] as const)(
    "every chart downloads a standalone SVG and a 2x PNG (%s theme)",
    async (colorScheme) => {
      const {page, context, problems} = await openLesson("", colorScheme);
      // The timestamp window, the retry horizon, the race and the key rotation.
      expect(await expectEveryChartExports(page, "webhook-authentication")).toHaveLength(4);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  );
});

describe("the timestamp window beside the debugger's inputs", () => {
  it("draws the request inside ± the tolerance, and outside once the skew passes it, either way", async () => {
    const {page} = await site.open("webhook-authentication");
    const chart = page.locator(".exportable-chart[data-chart='timestamp window']");
    // In the debugger's lab, with the inputs that move it.
    expect(await chart.evaluate((node) => node.closest(".lab")?.getAttribute("aria-label"))).toBe(
      "Signature debugger lab"
    );
    await expect.poll(() => chart.locator("svg.timestamp-window").textContent()).toContain("✓ 0 s: within the window");
    expect(await chart.locator("svg.timestamp-window").textContent()).toContain("accepted: ± 300 s");
    const slider = (name: string) => page.getByRole("slider", {name: new RegExp(`^${name}`)});
    await slider("Timestamp tolerance").fill("30");
    await expect.poll(() => chart.locator("svg.timestamp-window").textContent()).toContain("accepted: ± 30 s");
    await slider("Receiver clock skew").fill("100");
    await expect.poll(() => chart.locator("svg.timestamp-window").textContent()).toContain("✗ 100 s: too old");
    // The verdict agrees with the chart.
    await expect.poll(() => verdict(page)).toContain("✗ refuses");
    await slider("Receiver clock skew").fill("-100");
    await expect.poll(() => chart.locator("svg.timestamp-window").textContent()).toContain("✗ −100 s: too new");
    await slider("Timestamp tolerance").fill("100");
    // The bounds are included, as the reference libraries include them.
    await expect
      .poll(() => chart.locator("svg.timestamp-window").textContent())
      .toContain("✓ −100 s: within the window");
    await expect.poll(() => verdict(page)).toContain("✓ accepts");
  });
});
