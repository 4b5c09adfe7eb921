/**
 * The guided lesson: steps in the link (`step=`), back and forward by button and by key, a step's
 * inputs set in one click with the lab's run hidden until the reader predicts, the reveal read from
 * the live run, predictions kept in the tab, and a recap. Nothing plays by itself.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {runStormLesson, stormExperiments} from "../../lib/storm/index.js";
import {
  deliveryConfigFromInputs,
  deliveryExperiments,
  deliveryInputDefaults,
  simulateDelivery
} from "../../lib/delivery/index.js";
import {webhookExperiments} from "../../lib/webhook-auth/index.js";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
/** Lesson 1's guided lesson has a step per experiment. */
const STEPS = deliveryExperiments.length;
const search = (page: Page) => new URL(page.url()).searchParams;
const tourOf = (page: Page) => page.locator(".tour");
const position = (page: Page) => tourOf(page).locator(".tour-position").textContent();
const figure = (page: Page, label: string) =>
  page.locator(".lab-figures .summary-figure", {hasText: label}).first().locator(".figure-value").textContent();
const resultsHidden = (page: Page) => page.locator(".lab-results-hidden").count();

describe("the guided lesson", () => {
  it("steps forward and back, keeps the step in the link, and plays nothing by itself", async () => {
    const {page} = await site.open("push-delivery");
    const tour = tourOf(page);
    expect(await position(page)).toBe(`${STEPS} steps`);
    await tour.getByRole("button", {name: "Start with step 1"}).click();
    await expect.poll(() => search(page).get("step")).toBe("1");
    expect(await position(page)).toBe(`Step 1 of ${STEPS}`);
    await tour.getByRole("button", {name: "Next ›"}).click();
    await expect.poll(() => position(page)).toBe(`Step 2 of ${STEPS}`);
    expect(await tour.locator(".tour-title").textContent()).toBe("Deduplication off");
    // The keys move the tour when the focus is in the card (but not in a text box).
    await tour.locator(".tour-title").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => position(page)).toBe(`Step 3 of ${STEPS}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => position(page)).toBe(`Step 2 of ${STEPS}`);
    await tour.locator("input.tour-number").press("ArrowRight");
    expect(await position(page)).toBe(`Step 2 of ${STEPS}`);
    // Moving through steps changes no input, and the playback is still at its start.
    expect([...search(page).keys()]).toEqual(["step"]);
    expect(await page.locator(".lab .playback-modeled").textContent()).toMatch(/· 0\/\d+ decisions/);
    // The link opens the same step.
    const again = await site.open(`push-delivery${new URL(page.url()).search}`);
    expect(await position(again.page)).toBe(`Step 2 of ${STEPS}`);
    expect(await resultsHidden(again.page)).toBe(0);
  });

  it("sets a step up in one click, hides the run until the prediction, then reveals the live run", async () => {
    const {page} = await site.open("push-delivery?step=2");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => search(page).get("ignoreSeenEventIds")).toBe("false");
    expect(search(page).get("step")).toBe("2");
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    expect(await resultsHidden(page)).toBe(1);
    // The first lab's stage: lesson 1's live lab (its own stage) is further down and never hidden by the tour.
    expect(
      await page
        .locator(".lab-stage")
        .first()
        .evaluate((stage) => (stage as HTMLElement).inert)
    ).toBe(true);
    // A reveal needs a prediction, and a bad one is named with what is accepted.
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    expect(await tour.locator(".tour-problem").textContent()).toBe("Type a whole number from 0 to 2,000,000 first.");
    await tour.locator("input.tour-number").fill("<b>4</b>");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    expect(await tour.locator(".tour-problem").textContent()).toBe(
      "“<b>4</b>” is not a whole number from 0 to 2,000,000."
    );
    expect(await resultsHidden(page)).toBe(1);
    await tour.locator("input.tour-number").fill("4");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    await expect.poll(() => resultsHidden(page)).toBe(0);
    const effects = await figure(page, "effects applied");
    expect(await tour.locator(".tour-outcome").textContent()).toContain(
      `You predicted 4 effects; the run showed ${effects} effects.`
    );
    expect(await tour.locator(".tour-live-check").textContent()).toBe("✓ Your run shows this.");
    // The live check follows the run: turning deduplication back on no longer shows the step.
    await page.getByLabel("Receiver ignores seen event ids").check();
    await expect.poll(() => tour.locator(".tour-live-check").textContent()).toContain("does not show this now");
    expect(await tour.locator(".tour-live-check").textContent()).toContain(
      `It now answers ${await figure(page, "effects applied")} effects.`
    );
    expect(await tour.getAttribute("data-set-up")).toBeNull();
  });

  it("keeps a set-up step's run hidden through a reload and a new prediction, until the reader reveals or asks to see it", async () => {
    const {page} = await site.open("push-delivery?step=2");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => search(page).get("ignoreSeenEventIds")).toBe("false");
    // A reload (or a shared link) of a step set up and not yet predicted hides its run again.
    await page.reload();
    await expect.poll(() => resultsHidden(page)).toBe(1);
    // Seeing it first is the reader's choice, and the focus goes to what it shows.
    await page.getByRole("button", {name: "Show the run now"}).click();
    await expect.poll(() => resultsHidden(page)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("lab-stage"))).toBe(true);
    await tour.locator("input.tour-number").fill("8");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    await expect.poll(() => tour.locator(".tour-outcome").count()).toBe(1);
    // Predicting again hides the run of the step (still set up) once more, and the focus is on the answer.
    await tour.getByRole("button", {name: "Predict again"}).click();
    await expect.poll(() => resultsHidden(page)).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("tour-number"))).toBe(true);
    // Moving to another step shows the run again.
    await tour.getByRole("button", {name: "Next ›"}).click();
    await expect.poll(() => resultsHidden(page)).toBe(0);
  });

  it("says, beside the tour, what it could not read of the predictions kept in the tab", async () => {
    const {page} = await site.open("push-delivery?step=2");
    await page.evaluate(() =>
      localStorage.setItem(
        "a2a-workbench:guided-lesson:push delivery",
        JSON.stringify({"dedup-off": {guess: 4, actual: 8, matches: false}, baseline: {guess: "<b>x</b>"}})
      )
    );
    await page.reload();
    const notice = tourOf(page).locator(".tour-storage-notice");
    await expect.poll(() => notice.textContent()).toContain("step “baseline”");
    expect(await tourOf(page).locator(".tour-outcome").textContent()).toContain("You predicted 4 effects");
  });

  it("shows no stored value the step could not have produced: a wrong kind or a reversed line is named and left out", async () => {
    const {page} = await site.open("push-delivery?step=2");
    await page.evaluate(() =>
      localStorage.setItem(
        "a2a-workbench:guided-lesson:push delivery",
        JSON.stringify({
          "dedup-off": {guess: "banana", actual: 8, matches: false},
          "\u202Eevil": {guess: 1, actual: 1, matches: true}
        })
      )
    );
    await page.reload();
    const notice = tourOf(page).locator(".tour-storage-notice");
    await expect
      .poll(() => notice.textContent())
      .toMatch(/step 2, “[^”]+” \(the stored prediction is not a whole number/);
    expect(await notice.textContent()).toContain("“⟨U+202E⟩evil”");
    expect(await tourOf(page).textContent()).not.toContain("banana");
  });

  it("keeps predictions in the tab and recaps them", async () => {
    const {page} = await site.open("push-delivery?step=3");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    await tour.locator("input.tour-number").fill("1");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    const attempts = await figure(page, "requests sent");
    await page.reload();
    await expect
      .poll(() => tour.locator(".tour-outcome").textContent())
      .toContain(`You predicted 1 attempt; the run showed ${attempts} attempts.`);
    // The last step's Next is the recap.
    await page.goto(new URL(`push-delivery?step=${STEPS}`, site.server.url).href);
    await tour.getByRole("button", {name: "Recap ›"}).click();
    await expect.poll(() => search(page).get("step")).toBe("recap");
    expect(await tour.locator(".tour-title").textContent()).toBe(
      `Recap: ${attempts === "1" ? 1 : 0} of 1 prediction matched the run (${STEPS - 1} steps not predicted).`
    );
    expect(await tour.locator(".tour-recap li").count()).toBe(STEPS);
    expect(await tour.locator(".tour-recap li[data-step='wrong-credential']").textContent()).toContain(
      `You predicted 1 attempt; the run showed ${attempts} attempts.`
    );
    expect(await tour.locator(".tour-recap li[data-step='dedup-off']").textContent()).toContain("Not predicted.");
    await tour.getByRole("button", {name: "Start again (forget the predictions)"}).click();
    await expect.poll(() => position(page)).toBe(`Step 1 of ${STEPS}`);
    await page.goto(new URL("push-delivery?step=3", site.server.url).href);
    await expect.poll(() => tour.getByRole("button", {name: "Reveal the run"}).count()).toBe(1);
  });

  it("names a step the link cannot mean, and starts at the beginning", async () => {
    for (const slug of LESSON_SLUGS) {
      const {page} = await site.open(`${slug}?step=2.5&step=%3Cscript%3E`);
      const notices = tourOf(page).locator(".permalink-notices");
      expect(await notices.textContent(), slug).toContain("step=2.5");
      expect(await notices.textContent(), slug).toMatch(/must be a step number from 1 to \d+, or "recap"/);
      expect(await notices.textContent(), slug).toContain("given more than once");
      expect(await position(page), slug).toMatch(/^\d+ steps$/);
    }
  });
});

describe("the guided lesson in the other lessons", () => {
  it("lesson 2 puts a step's example in the editor and counts the responses", async () => {
    const {page} = await site.open("message-transaction?step=1");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => search(page).get("example")).toBe("notification");
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    await tour.locator("input.tour-number").fill("1");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    expect(await tour.locator(".tour-outcome").textContent()).toContain(
      "You predicted 1 response; the run showed 0 responses."
    );
    expect(await figure(page, "response objects sent back")).toBe("0");
  });

  it("lesson 3 asks for a choice, and the reveal names the agent the lab selected", async () => {
    const {page} = await site.open("agent-selection?step=1");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    await tour.getByLabel("northwind-swift").check();
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    const outcome = await tour.locator(".tour-outcome").textContent();
    const winner = /the run's answer was “(\S+)”\./.exec(outcome ?? "")?.[1];
    expect(outcome).toContain("You chose “northwind-swift”;");
    expect(await page.locator(".lab-figures").textContent()).toContain(winner);
  });

  it("a reveal after Next (the step not set up) sets the step up and scores it against the step's own run", async () => {
    const {page} = await site.open("push-delivery?step=1");
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    await tour.getByRole("button", {name: "Next ›"}).click();
    await expect.poll(() => position(page)).toBe(`Step 2 of ${STEPS}`);
    // The lab still holds step 1's inputs: the reveal must not score step 2's prediction against them.
    expect(search(page).get("ignoreSeenEventIds")).toBeNull();
    await tour.locator("input.tour-number").fill("8");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    await expect.poll(() => tour.locator(".tour-outcome").count()).toBe(1);
    await expect.poll(() => search(page).get("ignoreSeenEventIds")).toBe("false");
    const step = deliveryExperiments[1]!;
    const own = simulateDelivery(deliveryConfigFromInputs({...deliveryInputDefaults, ...step.overrides}).config);
    const actual = step.prediction.answer(own);
    expect(await tour.locator(".tour-outcome").textContent()).toContain(
      `You predicted 8 effects; the run showed ${actual} effects.`
    );
  });

  it("lesson 4 moves the card to the lab of its step", async () => {
    const {page} = await site.open("webhook-authentication?step=8");
    const horizonLab = page.getByRole("region", {name: "Retention and retry horizon lab", exact: true});
    await expect.poll(() => horizonLab.locator(".tour").count()).toBe(1);
    await tourOf(page).getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => horizonLab.locator(".lab-results-hidden").count()).toBe(1);
    expect(await page.locator(".lab-results-hidden").count()).toBe(1);
    await tourOf(page).getByRole("button", {name: "‹ Back"}).click();
    const debuggerLab = page.getByRole("region", {name: "Signature debugger lab", exact: true});
    await expect.poll(() => debuggerLab.locator(".tour").count()).toBe(1);
    expect(await page.locator(".lab-results-hidden").count()).toBe(0);
    expect(await position(page)).toBe(`Step 7 of ${webhookExperiments.length}`);
  });

  it("lesson 5 hides the storm until the prediction, and the reveal reads the worker's run: lib's answer in Node", async () => {
    const step = stormExperiments.findIndex((experiment) => experiment.id === "decorrelated-cap");
    const {page} = await site.open(`retry-storms?step=${step + 1}`);
    const tour = tourOf(page);
    await tour.getByRole("button", {name: "Set up this step"}).click();
    await expect.poll(() => search(page).get("capMs")).toBe("2000");
    // Set up once the worker's run for the step's inputs is here; until then the lab is hidden.
    await expect.poll(() => tour.getAttribute("data-set-up")).toBe("");
    expect(await page.locator(".lab-results-hidden").count()).toBe(1);
    await tour.locator("input.tour-number").fill("50");
    await tour.getByRole("button", {name: "Reveal the run"}).click();
    const experiment = stormExperiments[step]!;
    const answer = experiment.prediction.answer(runStormLesson(experiment.overrides).run);
    expect(await tour.locator(".tour-outcome").textContent()).toContain(
      `You predicted 50 sleeps; the run showed ${answer} sleeps.`
    );
    expect(await page.locator(".lab-results-hidden").count()).toBe(0);
  });
});
