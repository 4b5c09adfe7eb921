/**
 * Comparing two runs in lesson 1: "Pin this run" keeps a run while inputs change; the lab's
 * charts and figures show both; the pinned run travels in the link (vs=baseline, vs.<input>)
 * and comes back from it, with the same checks and notices as the main inputs; an experiment
 * compares itself with the baseline in one click; an export names both runs.
 */
import {readFileSync} from "node:fs";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
const search = (page: Page) => new URL(page.url()).searchParams;
const figure = (page: Page, label: string) =>
  page.locator(".lab-figures .summary-figure", {hasText: label}).first().locator(".figure-value").textContent();
const swimlaneRuns = (page: Page) =>
  page.locator(".exportable-chart[data-chart='attempt swimlane'] .compared-name").allTextContents();

describe("comparing two runs", () => {
  it("pins a run, shows both while an input changes, and shares both in the link", async () => {
    const {page, context} = await site.open("push-delivery");
    await page.getByRole("button", {name: "Pin this run"}).click();
    await expect.poll(() => search(page).get("vs")).toBe("baseline");
    await page.getByLabel("Receiver ignores seen event ids").uncheck();
    await expect.poll(() => search(page).get("ignoreSeenEventIds")).toBe("false");
    await expect
      .poll(() => swimlaneRuns(page))
      .toEqual(["Pinned run: Lesson defaults", "Current run: Receiver ignores seen event ids: off"]);
    expect(await figure(page, "duplicate effects")).toBe("0 → 4, +4");
    // The receiver's charts are out of sight: they follow once the reader pauses.
    await expect.poll(() => page.locator(".compared-charts").count()).toBe(3);
    // The link brings back both runs.
    const again = await site.open(`push-delivery${new URL(page.url()).search}`);
    await expect
      .poll(() => swimlaneRuns(again.page))
      .toEqual(["Pinned run: Lesson defaults", "Current run: Receiver ignores seen event ids: off"]);
    expect(await figure(again.page, "effects applied")).toBe("4 → 8, +4");
    await again.page.getByRole("button", {name: "Stop comparing"}).click();
    await expect.poll(() => search(again.page).has("vs")).toBe(false);
    await expect.poll(() => again.page.locator(".compared-charts").count()).toBe(0);
    expect(await figure(again.page, "duplicate effects")).toBe("4");
    await context.close();
  });

  it("pins a run other than the defaults with vs.<input>, checked like any input", async () => {
    const {page} = await site.open("push-delivery?vs.senderTimeoutSeconds=1&vs.maxAttemptsPerUpdate=2.5");
    await expect
      .poll(() => swimlaneRuns(page))
      .toEqual(["Pinned run: Sender timeout: 1 s", "Current run: Lesson defaults"]);
    const notice = page.locator(".permalink-notices");
    expect(await notice.textContent()).toContain("vs.maxAttemptsPerUpdate=2.5");
    expect(await notice.textContent()).toMatch(/whole number/);
  });

  it("compares an experiment with the baseline in one click, and exports both runs named", async () => {
    const {page} = await site.open("push-delivery");
    await page.getByRole("button", {name: "Compare with baseline: Deduplication off"}).click();
    await expect.poll(() => search(page).get("vs")).toBe("baseline");
    expect(search(page).get("ignoreSeenEventIds")).toBe("false");
    const chart = page.locator(".exportable-chart[data-chart='attempt swimlane']");
    await expect.poll(() => swimlaneRuns(page)).toHaveLength(2);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as SVG/}).click()
    ]);
    expect(download.suggestedFilename()).toBe(
      "a2a-workbench-push-delivery-attempt-swimlane--ignoreSeenEventIds-false--vs--defaults.svg"
    );
    const svg = readFileSync((await download.path())!, "utf8");
    expect(svg).toContain("Pinned run: Lesson defaults");
    expect(svg).toContain("Current run: Receiver ignores seen event ids: off");
  });
});

describe("comparing two runs in lessons 3 and 4", () => {
  it("lesson 3 draws the pinned and the current ranking and names both decisions", async () => {
    const {page} = await site.open("agent-selection?vs=baseline&latencyWeight=0");
    const ranking = page.locator(".exportable-chart[data-chart='ranking breakdown'] .compared-name");
    await expect
      .poll(() => ranking.allTextContents())
      .toEqual(["Pinned run: Lesson defaults", "Current run: Latency weight: 0 relative weight"]);
    expect(await page.locator(".lab-figures .headline-pinned").count()).toBe(1);
    expect(await page.locator(".exportable-chart[data-chart='candidates by stage'] .compared-run").count()).toBe(2);
  });

  it("lesson 4 compares an experiment with the baseline in its timestamp-window, retry-horizon, race and key-rotation charts", async () => {
    const {page} = await site.open("webhook-authentication");
    await page.locator("[data-experiment] button", {hasText: "Compare with baseline"}).first().click();
    await expect.poll(() => search(page).get("vs")).toBe("baseline");
    // The reconciliation lanes (not a chart) are compared too.
    await expect.poll(() => page.locator(".compared-charts").count()).toBe(5);
    await page.getByRole("button", {name: "Stop comparing"}).click();
    await expect.poll(() => page.locator(".compared-charts").count()).toBe(0);
  });
});

describe("comparing two requests in lesson 2", () => {
  const stageRuns = (page: Page) =>
    page.locator(".exportable-chart[data-chart='stages per request'] .compared-name").allTextContents();

  it("pins a request, shows both while the text changes, and shares both in the link", async () => {
    const {page} = await site.open("message-transaction");
    await page.getByRole("button", {name: "Pin this run"}).click();
    await expect.poll(() => search(page).get("vs")).toBe("baseline");
    await page.getByLabel("Example", {exact: true}).selectOption("notification");
    await expect.poll(() => search(page).get("example")).toBe("notification");
    await expect.poll(() => stageRuns(page)).toHaveLength(2);
    const [pinnedName, currentName] = await stageRuns(page);
    expect(pinnedName).toContain("A valid message/send");
    expect(currentName).toContain("A notification");
    expect(await figure(page, "response objects sent back")).toBe("1 → 0, −1");
    const again = await site.open(`message-transaction${new URL(page.url()).search}`);
    await expect.poll(() => stageRuns(again.page)).toEqual([pinnedName, currentName]);
    await again.page.getByRole("button", {name: "Stop comparing"}).click();
    await expect.poll(() => search(again.page).has("vs")).toBe(false);
    await expect.poll(() => again.page.locator(".compared-charts").count()).toBe(0);
  });

  it("reads a pinned request from vs.example and vs.request, checked like the main ones", async () => {
    const {page} = await site.open("message-transaction?vs.example=batch&vs.request=%21%21");
    const notice = page.locator(".permalink-notices");
    expect(await notice.textContent()).toContain("vs.request=!!");
    expect(await notice.textContent()).toContain("base64url");
    await expect.poll(() => stageRuns(page)).toHaveLength(2);
    expect((await stageRuns(page))[0]).toContain("A batch");
  });
});

describe("reading either run of a comparison", () => {
  const decisionCount = async (page: Page) =>
    Number(/\/(\d+) decisions/.exec((await page.locator(".lab .playback-modeled").textContent()) ?? "")?.[1]);

  it("lesson 1's playback, trace, table and inspector follow the run the reader chooses", async () => {
    const {page} = await site.open("push-delivery?vs=baseline&credential=wrong");
    const choice = page.getByRole("group", {name: "Trace and inspector of"});
    await expect.poll(() => choice.isVisible()).toBe(true);
    const currentDecisions = await decisionCount(page);
    const table = page.locator(".update-table");
    // The table below the lab is redrawn when idle or when it comes near the screen: wait for it.
    await expect.poll(() => table.textContent()).toContain("refused");
    await choice.getByLabel("the pinned run").check();
    await expect.poll(() => table.textContent()).not.toContain("refused");
    const pinnedDecisions = await decisionCount(page);
    expect(pinnedDecisions).not.toBe(currentDecisions);
    await page.getByRole("button", {name: "Next decision"}).click();
    await expect.poll(() => page.locator(".lab .decision-trace li").count()).toBe(1);
    // Without a pinned run there is nothing to choose: the choice goes, and the current run is read again.
    await page.getByRole("button", {name: "Stop comparing"}).click();
    await expect.poll(() => choice.isVisible()).toBe(false);
    await expect.poll(() => decisionCount(page)).toBe(currentDecisions);
    await expect.poll(() => table.textContent()).toContain("refused");
  });
});
