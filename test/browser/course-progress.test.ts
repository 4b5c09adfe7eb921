/**
 * Course progress (issue #25 item 6): a lesson's predictions and where the reader left off are
 * kept in the browser (localStorage) through a reload and a move to another lesson; the course
 * home's map shows each lesson's steps predicted and continues where the reader left off; a
 * tampered value is reported in a notice (as text, unseen characters as tokens) and ignored, with
 * no console error (useBuiltSite refuses any); "Forget my progress" clears every lesson's.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {deliveryExperiments} from "../../lib/delivery/index.js";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
const STEPS = deliveryExperiments.length;
const tourOf = (page: Page) => page.locator(".tour");
const position = (page: Page) => tourOf(page).locator(".tour-position").textContent();
const mapRow = (page: Page, slug: string) => page.locator(`.course-map-lesson[data-lesson='${slug}']`);
const keptKeys = (page: Page) =>
  page.evaluate(
    "Object.keys(localStorage).filter((key) => key.startsWith('a2a-workbench:guided-lesson')).sort()"
  ) as Promise<string[]>;
const goTo = async (page: Page, path: string) => {
  await page.goto(new URL(path, site.server.url).href);
  await page.waitForFunction(() => !document.querySelector(".observablehq--loading"));
};

/** Predicts step 2 of lesson 1 ("Deduplication off", 8 effects), reached with Next. */
async function predictStep2(page: Page): Promise<void> {
  const tour = tourOf(page);
  await tour.getByRole("button", {name: "Next ›"}).click();
  await expect.poll(() => position(page)).toBe(`Step 2 of ${STEPS}`);
  await tour.getByRole("button", {name: "Set up this step"}).click();
  await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
  await tour.locator("input.tour-number").fill("8");
  await tour.getByRole("button", {name: "Reveal the run"}).click();
  await expect.poll(() => tour.locator(".tour-outcome").count()).toBe(1);
}

describe("course progress", () => {
  it("two tabs of one lesson keep both tabs' predictions (each write merges per step)", async () => {
    const {page: first, context} = await site.open("push-delivery?step=1");
    const second = await context.newPage();
    await second.goto(`${site.server.url}push-delivery?step=3`);
    await tourOf(second).waitFor();
    // The first tab predicts step 2 after the second tab has read the (empty) record.
    await predictStep2(first);
    const tour = tourOf(second);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    await tour.locator("input.tour-number").fill("1");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    await expect.poll(() => tour.locator(".tour-outcome").count()).toBe(1);
    const kept = JSON.parse(
      (await second.evaluate(`localStorage.getItem("a2a-workbench:guided-lesson:push delivery")`)) as string
    ) as Record<string, unknown>;
    expect(Object.keys(kept).sort()).toEqual(["dedup-off", "wrong-credential"]);
  });

  it("keeps a prediction and where the reader left off through a reload and a move between lessons, and the course map shows it", async () => {
    const {page} = await site.open("push-delivery?step=1");
    await predictStep2(page);
    expect(await keptKeys(page)).toEqual([
      "a2a-workbench:guided-lesson-position:push delivery",
      "a2a-workbench:guided-lesson:push delivery"
    ]);
    await page.reload();
    await expect
      .poll(() => tourOf(page).locator(".tour-outcome").textContent())
      .toContain("You predicted 8 effects; the run showed 8 effects.");

    // To lesson 3 and back to lesson 1's start: the card says where the reader left off.
    await goTo(page, "agent-selection");
    await expect.poll(() => position(page)).toMatch(/^\d+ steps$/);
    expect(await tourOf(page).locator(".tour-left-off").count()).toBe(0);
    await goTo(page, "push-delivery");
    const leftOff = tourOf(page).locator(".tour-left-off");
    await expect
      .poll(() => leftOff.textContent())
      .toBe(
        `You left off at step 2 of ${STEPS}, “Deduplication off” (1 of ${STEPS} steps predicted). Continue at step 2`
      );
    await leftOff.getByRole("button", {name: "Continue at step 2"}).click();
    await expect.poll(() => position(page)).toBe(`Step 2 of ${STEPS}`);
    expect(new URL(page.url()).searchParams.get("step")).toBe("2");
    expect(await tourOf(page).locator(".tour-outcome").textContent()).toContain("You predicted 8 effects");

    // The course home: lesson 1's count and a link back to step 2; the other lessons not started.
    await goTo(page, "");
    const row = mapRow(page, "push-delivery");
    await expect.poll(() => row.locator(".course-map-done").textContent()).toBe(` 1 of ${STEPS} steps predicted`);
    expect(
      await row
        .locator("progress")
        .evaluate((bar) => [(bar as HTMLProgressElement).value, (bar as HTMLProgressElement).max])
    ).toEqual([1, STEPS]);
    expect(await row.locator(".course-map-continue").getAttribute("href")).toBe("./push-delivery?step=2");
    expect(await row.locator(".course-map-continue").textContent()).toBe("Continue at step 2: Deduplication off");
    expect(await mapRow(page, "agent-selection").locator(".course-map-continue").textContent()).toMatch(/^Not started/);
    expect(await mapRow(page, "agent-selection").locator("a").count()).toBe(1);
    expect(await page.locator(".course-progress-notice").count()).toBe(0);
    await row.locator(".course-map-continue").click();
    await page.waitForURL(/push-delivery\?step=2$/);
    await expect.poll(() => tourOf(page).locator(".tour-outcome").textContent()).toContain("You predicted 8 effects");
  });

  it("reports a tampered value in a notice, as text, and ignores it", async () => {
    const {page} = await site.open("");
    await page.evaluate(`
      localStorage.setItem("a2a-workbench:guided-lesson:push delivery", JSON.stringify({"dedup-off": {guess: 8, actual: 8, matches: true}, "no-such-step": {guess: 1, actual: 1, matches: true}}));
      localStorage.setItem("a2a-workbench:guided-lesson-position:push delivery", "\\u202Eevil<img src=x onerror=alert(1)>");
      localStorage.setItem("a2a-workbench:guided-lesson:message transaction", "{not json");
      localStorage.setItem("a2a-workbench:guided-lesson:agent selection", JSON.stringify([1, 2, 3]));
      localStorage.setItem("a2a-workbench:guided-lesson:retry storms", JSON.stringify({"herd": {guess: "<b>soon</b>", actual: 161, matches: false}}));
    `);
    await page.reload();
    const notice = page.locator(".course-progress-notice");
    await expect.poll(() => notice.count()).toBe(1);
    const text = (await notice.textContent())!;
    expect(text).toContain(
      "1. Push delivery: step “no-such-step” (this lesson has no such step); where you left off, “⟨U+202E⟩evil<img src=x onerror=alert(1)>” (this lesson has no such step)."
    );
    expect(text).toContain("2. Message transaction: the whole record (not JSON).");
    expect(text).toContain("3. Agent selection: the whole record (not an object of steps).");
    expect(text).toMatch(/5\. Retry storms: step 1, “[^”]+” \(the stored prediction is not a whole number/);
    expect(text).not.toContain("\u202E");
    expect(text).not.toContain("soon");
    expect(await page.locator("main img, main b").count()).toBe(0);
    // What could be read is used: lesson 1's one real step; the others count nothing.
    expect(await mapRow(page, "push-delivery").locator(".course-map-done").textContent()).toBe(
      ` 1 of ${STEPS} steps predicted`
    );
    expect(await mapRow(page, "push-delivery").locator(".course-map-continue").getAttribute("href")).toBe(
      "./push-delivery?step=1"
    );
    expect(await mapRow(page, "retry-storms").locator(".course-map-done").textContent()).toMatch(
      /^ 0 of \d+ steps predicted$/
    );

    // The lesson reports the same values beside its guided lesson, and starts without them.
    await goTo(page, "push-delivery");
    const lessonNotice = tourOf(page).locator(".tour-storage-notice");
    await expect
      .poll(() => lessonNotice.textContent())
      .toContain("where you left off, “⟨U+202E⟩evil<img src=x onerror=alert(1)>” (this lesson has no such step)");
    expect(await lessonNotice.textContent()).toContain("step “no-such-step” (this lesson has no such step)");
    expect(await tourOf(page).locator(".tour-left-off").textContent()).toBe(`1 of ${STEPS} steps predicted.`);
    expect(await page.locator("main img").count()).toBe(0);
  });

  it("forgets every lesson's progress on request, and says so", async () => {
    const {page} = await site.open("push-delivery?step=1");
    await predictStep2(page);
    await goTo(page, "");
    await expect
      .poll(() => mapRow(page, "push-delivery").locator(".course-map-done").textContent())
      .toBe(` 1 of ${STEPS} steps predicted`);
    const forget = page.getByRole("button", {name: "Forget my progress"});
    await forget.click();
    await expect
      .poll(() => page.locator(".course-forget-status").textContent())
      .toBe(
        "Your progress is forgotten: every lesson's predictions and where you left off are removed from this browser."
      );
    expect(await mapRow(page, "push-delivery").locator(".course-map-done").textContent()).toBe(
      ` 0 of ${STEPS} steps predicted`
    );
    expect(await keptKeys(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Forget my progress");
    await forget.click();
    await expect
      .poll(() => page.locator(".course-forget-status").textContent())
      .toBe("There was no progress kept in this browser to forget.");
    await goTo(page, "push-delivery");
    await expect.poll(() => position(page)).toBe(`${STEPS} steps`);
    expect(await tourOf(page).locator(".tour-left-off").count()).toBe(0);
  });

  it("the teachers page forgets it too, and shows each step's answer from lib", async () => {
    const {page} = await site.open("push-delivery?step=1");
    await predictStep2(page);
    await goTo(page, "for-teachers");
    const step2 = page.locator(".answer-key-step[data-step='dedup-off']");
    await expect.poll(() => step2.locator(".answer-key-answer").textContent()).toBe("Answer: 8 effects");
    expect(await step2.getByRole("link").getAttribute("href")).toBe("./push-delivery?step=2");
    expect(await page.locator(".answer-key-step").count()).toBeGreaterThan(30);
    await page.getByRole("button", {name: "Forget my progress"}).click();
    await expect
      .poll(() => page.locator(".course-forget-status").textContent())
      .toContain("Your progress is forgotten");
    expect(await keptKeys(page)).toEqual([]);
  });
});
