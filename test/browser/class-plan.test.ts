/**
 * The teachers page's class plan (issue #37, item 6): lessons 1 and 4's core steps fit 90 minutes,
 * the minutes follow the teacher's choices, each deck link opens exactly the planned steps, the plan
 * travels in its link (bad values named), and "Print the plan" prints a page per lesson.
 */
import {describe, expect, it} from "vitest";
import {CORE_STEPS, lessonPlanMinutes} from "../../lib/tour/class-plan.js";
import {deliveryExperiments} from "../../lib/delivery/index.js";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
const coreNumbers = deliveryExperiments.flatMap((step, index) =>
  CORE_STEPS["push delivery"]![step.id] ? [index + 1] : []
);

describe("the class plan", () => {
  it("starts with lessons 1 and 4's core steps inside 90 minutes, and follows the teacher's choices", async () => {
    const {page} = await site.open("for-teachers", {viewport: {width: 1280, height: 900}});
    const planner = page.locator(".class-planner");
    await expect
      .poll(() => planner.locator(".plan-total").textContent())
      .toMatch(/^\d+ of 90 minutes planned: \d+ minutes left/);
    const deckLink = planner.locator(".plan-decks a", {hasText: "Push delivery"});
    expect(new URL((await deckLink.getAttribute("href"))!, site.server.url).searchParams.get("steps")).toBe(
      coreNumbers.join(",")
    );
    // Step 4 is not core: adding it adds its minutes, and the deck link and the address carry it.
    const before = Number(/^(\d+)/.exec((await planner.locator(".plan-total").textContent())!)![1]);
    await planner.getByLabel("Step 4. Payload names another task").check();
    await expect
      .poll(async () => Number(/^(\d+)/.exec((await planner.locator(".plan-total").textContent())!)![1]))
      .toBe(before + 4);
    const withFour = [...coreNumbers, 4].sort((a, b) => a - b).join(",");
    await expect
      .poll(async () => new URL((await deckLink.getAttribute("href"))!, site.server.url).searchParams.get("steps"))
      .toBe(withFour);
    await expect.poll(() => new URL(page.url()).searchParams.get("plan")).toContain(`push-delivery:${withFour}`);
    // A short class is over: the total says so.
    await planner.getByLabel("Class length").fill("45");
    await expect.poll(() => planner.locator(".plan-total").textContent()).toMatch(/minutes over/);
    // The deck link opens the lesson's deck with exactly those steps.
    const href = (await deckLink.getAttribute("href"))!;
    const {page: lesson} = await site.open(href.replace(/^\.\//, ""), {viewport: {width: 1280, height: 800}});
    await expect
      .poll(() => lesson.locator("dialog.class-deck .deck-where").textContent())
      .toBe("Push delivery · title");
    await lesson.keyboard.press("ArrowRight");
    await expect
      .poll(() => lesson.locator("dialog.class-deck .deck-where").textContent())
      .toBe(`Push delivery · step 1 of ${coreNumbers.length + 1}`);
  });

  it("reads a plan from its link, names what it cannot use, and prints a page per lesson", async () => {
    const {page} = await site.open("for-teachers?plan=retry-storms:2,1;nowhere:1&minutes=60", {
      viewport: {width: 1280, height: 900}
    });
    const planner = page.locator(".class-planner");
    await expect
      .poll(() => planner.locator(".plan-total").textContent())
      .toMatch(new RegExp(`^${lessonPlanMinutes(2)} of 60 minutes planned`));
    expect(await planner.locator(".permalink-notices").textContent()).toContain("nowhere:1");
    expect(await planner.locator(".plan-decks li").count()).toBe(1);
    await page.evaluate("document.documentElement.classList.add('printing-plan')");
    await page.emulateMedia({media: "print"});
    const handout = planner.locator(".plan-handout");
    expect(await handout.isVisible()).toBe(true);
    expect(await handout.locator(".plan-handout-lesson").count()).toBe(1);
    expect(await handout.locator(".plan-handout-step").count()).toBe(2);
    expect(await handout.locator(".plan-handout-step").first().textContent()).toContain("Answer:");
    expect(await page.locator(".answer-key").first().isVisible()).toBe(false);
  });
});
