/**
 * Class mode (issues #25 and #37): "Teach this lesson" and `present=` open a lesson's guided
 * steps as a 16:9 deck. Its keys, the class's answer against the run (computed here from lib), a
 * class plan's subset of steps (`steps=`), its speaker notes in a second page of the same browser
 * context kept in step both ways (keys without a click, choices, the deck closed, a flood merged),
 * every choice on its slide, and every slide's type and fit at 1024x768, 1920x1080 and 3840x2160.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {
  deliveryConfigFromInputs,
  deliveryExperiments,
  deliveryInputDefaults,
  simulateDelivery
} from "../../lib/delivery/index.js";
import {describeAnswer} from "../../lib/tour/index.js";
import {webhookExperiments} from "../../lib/webhook-auth/index.js";
import {measureSlideText, minimumSlideTextPx} from "../../scripts/slide-type-measure.js";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {letFramesPass, useBuiltSite, waitUntilSettled} from "./browser.js";

const site = useBuiltSite();

/** Lesson 1's step `index` as the deck sets it up: the defaults with the step's overrides. */
function deliveryAnswer(index: number): string {
  const step = deliveryExperiments[index]!;
  const run = simulateDelivery(deliveryConfigFromInputs({...deliveryInputDefaults, ...step.overrides}).config);
  return describeAnswer(step.prediction, step.prediction.answer(run));
}

const deck = (page: Page) => page.locator("dialog.class-deck");
const where = (page: Page) => deck(page).locator(".deck-where").textContent();
const present = (page: Page) => new URL(page.url()).searchParams.get("present");

/** Every element of the deck whose box leaves the window, or leaves the chart or figures place it is drawn in. */
const outOfPlace = (page: Page) =>
  page.evaluate(`(() => {
  const out = [];
  const inside = (r, box) => r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  for (const node of document.querySelectorAll("dialog.class-deck *")) {
    const r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (node.closest("[hidden], .deck-hidden-note") || getComputedStyle(node).visibility === "hidden") continue;
    const place = node.parentElement.closest(".deck-chart, .deck-figures, .deck-slide");
    if (!inside(r, screen) || (place && !inside(r, place.getBoundingClientRect()))) out.push(node.tagName.toLowerCase() + "." + (node.getAttribute("class") || "") + " " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
  }
  return out.slice(0, 8);
})()`) as Promise<string[]>;

/** The smallest and largest text of the slide's chart as drawn on screen, in CSS pixels. */
const chartTextPx = (page: Page) =>
  page.evaluate(`(() => {
  const sizes = [];
  for (const svg of document.querySelectorAll("dialog.class-deck .deck-chart svg")) {
    const box = svg.viewBox.baseVal;
    const scale = box && box.width ? svg.getBoundingClientRect().width / box.width : 1;
    for (const text of svg.querySelectorAll("text")) if (text.textContent.trim()) sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
  }
  return sizes.length ? {min: Math.min(...sizes), max: Math.max(...sizes), count: sizes.length} : null;
})()`) as Promise<{min: number; max: number; count: number} | null>;

describe("the deck's keys", () => {
  it("Teach this lesson opens the title; → sets a step up, R reveals the run's answer, ← and Esc move and leave", async () => {
    const {page} = await site.open("push-delivery", {viewport: {width: 1280, height: 800}});
    await page.getByRole("button", {name: "Teach this lesson"}).click();
    await expect.poll(() => where(page)).toBe("Push delivery · title");
    expect(present(page)).toBe("title");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => present(page)).toBe("1");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => where(page)).toBe("Push delivery · step 2 of 11");
    // The step's inputs are set up in the lab, so the link carries them.
    await expect.poll(() => page.url()).toContain("ignoreSeenEventIds=false");
    expect(await deck(page).locator(".deck-main-hidden").count()).toBe(1);
    await deck(page).locator(".tour-number").fill(deliveryAnswer(1).split(" ")[0]!);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => deck(page).locator(".deck-outcome").textContent())
      .toContain(`the run shows ${deliveryAnswer(1)}. ✓ Matched.`);
    expect(await deck(page).locator(".deck-main-hidden").count()).toBe(0);
    // The key figures are the lab's own, moved onto the slide while it is shown.
    expect(await deck(page).locator(".deck-figures .summary-figure").count()).toBeGreaterThan(3);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => present(page)).toBe("3");
    await page.keyboard.press("r");
    await expect
      .poll(() => deck(page).locator(".deck-outcome").textContent())
      .toBe(`The run shows ${deliveryAnswer(2)}. (The class did not answer.)`);
    // PageDown and PageUp, as presenter clickers send, move too.
    await page.keyboard.press("PageDown");
    await expect.poll(() => present(page)).toBe("4");
    await page.keyboard.press("PageUp");
    await expect.poll(() => present(page)).toBe("3");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => present(page)).toBe("2");
    expect(await deck(page).locator(".deck-outcome").textContent()).toContain("✓ Matched.");
    await page.keyboard.press("Escape");
    await expect.poll(() => deck(page).count()).toBe(0);
    expect(present(page)).toBeNull();
    // The figures and the playback are back in the lab; the guided lesson is where the deck left it.
    expect(await page.locator(".lab-figures .summary-figure").count()).toBeGreaterThan(3);
    expect(await page.locator(".lab-stage .playback").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("step")).toBe("2");
  });

  it("Space plays the run wherever the focus is, and Home restarts it", async () => {
    const {page} = await site.open("push-delivery?present=2", {viewport: {width: 1280, height: 800}});
    await deck(page).waitFor();
    await deck(page).getByRole("button", {name: "Skip"}).click();
    await deck(page).locator(".deck-outcome").waitFor();
    await deck(page).getByRole("button", {name: "Speaker notes"}).focus();
    const playButton = deck(page).locator(".deck-playback .playback button").first();
    await page.keyboard.press(" ");
    await expect.poll(() => playButton.textContent()).toBe("⏸ Pause");
    // Space on the focused "Speaker notes" button played the run instead of opening the notes.
    expect(page.context().pages()).toHaveLength(1);
    const position = deck(page)
      .locator(".deck-playback .playback")
      .getByText(/ decisions$/);
    await expect.poll(() => position.textContent(), {timeout: 10_000}).not.toMatch(/· 0\//);
    await page.keyboard.press(" ");
    await expect.poll(() => playButton.textContent()).toBe("▶ Play");
    await page.keyboard.press("Home");
    await expect.poll(() => position.textContent()).toMatch(/· 0\//);
  });

  it("a link's present= that names no slide is reported, and the deck opens at its title", async () => {
    const {page} = await site.open("push-delivery?present=%3Cb%3E99", {viewport: {width: 1280, height: 800}});
    await deck(page).waitFor();
    await expect.poll(() => where(page)).toBe("Push delivery · title");
    const notice = deck(page).locator(".permalink-notices");
    expect(await notice.textContent()).toContain("present");
    expect(await notice.textContent()).toContain("<b>99");
    expect(await notice.locator("b").count()).toBe(0);
  });
});

describe("a class plan's steps (steps=)", () => {
  it("?present=1&steps=1,3 is a two-step deck, counted as such, then the recap of those two steps", async () => {
    const {page} = await site.open("push-delivery?present=1&steps=1,3", {viewport: {width: 1280, height: 800}});
    await deck(page).waitFor();
    await expect.poll(() => where(page)).toBe("Push delivery · step 1 of 2");
    expect(await deck(page).locator(".deck-title").textContent()).toContain(deliveryExperiments[0]!.title);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => where(page)).toBe("Push delivery · step 2 of 2");
    expect(present(page)).toBe("2");
    expect(new URL(page.url()).searchParams.get("steps")).toBe("1,3");
    expect(await deck(page).locator(".deck-title").textContent()).toContain(deliveryExperiments[2]!.title);
    // The step is the lesson's third: its inputs are set up, and the page's guided lesson is on step 3.
    await expect.poll(() => page.url()).toContain("credential=");
    expect(new URL(page.url()).searchParams.get("step")).toBe("3");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => where(page)).toBe("Push delivery · recap");
    expect(await deck(page).locator(".deck-recap tbody tr").count()).toBe(2);
    await page.keyboard.press("Escape");
    await expect.poll(() => deck(page).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("steps")).toBeNull();
  });

  it("a link repeating a parameter thousands of times gives a short notice, and the slide stays in view", async () => {
    const {page} = await site.open(
      `push-delivery?present=1${"&present=2".repeat(3000)}&steps=1,x,2${"&steps=3".repeat(2000)}`,
      {viewport: {width: 1024, height: 768}}
    );
    await deck(page).waitFor();
    const notices = deck(page).locator(".permalink-notices li");
    expect(await notices.count()).toBeLessThanOrEqual(6);
    expect(await deck(page).locator(".permalink-notices").textContent()).toContain("3,001 times");
    await expect.poll(() => outOfPlace(page)).toEqual([]);
  });
});

describe("every choice on its slide", () => {
  // Lesson 1's and lesson 4's choice steps, by their deck number.
  const choiceSteps = (steps: readonly {prediction: {kind: string}}[]) =>
    steps.flatMap((step, index) => (step.prediction.kind === "choice" ? [index + 1] : []));
  it.each([
    ["push-delivery", choiceSteps(deliveryExperiments)],
    ["webhook-authentication", choiceSteps(webhookExperiments)]
  ] as const)(
    "%s: each choice is shown large and clickable, and the class's choice is in the outcome",
    async (slug, numbers) => {
      expect(numbers.length).toBeGreaterThan(2);
      const {page} = await site.open(`${slug}?present=1&steps=${numbers.join(",")}`, {
        viewport: {width: 1024, height: 768}
      });
      await deck(page).waitFor();
      for (const [index] of numbers.entries()) {
        await expect.poll(() => where(page)).toContain(`step ${index + 1} of ${numbers.length}`);
        const choices = deck(page).locator(".deck-answer .tour-choice");
        const count = await choices.count();
        expect(count).toBeGreaterThan(1);
        for (let choice = 0; choice < count; choice++) {
          const box = (await choices.nth(choice).boundingBox())!;
          expect(box.width).toBeGreaterThan(100);
          expect(box.height).toBeGreaterThan(minimumSlideTextPx(1024));
        }
        const last = choices.nth(count - 1);
        const label = (await last.textContent())!.trim();
        await last.click();
        expect(await last.locator("input").isChecked()).toBe(true);
        await page.keyboard.press("r");
        await expect
          .poll(() => deck(page).locator(".deck-outcome").textContent())
          .toContain(`The class chose “${label}”; the run's answer is “`);
        await page.keyboard.press("ArrowRight");
      }
      await expect.poll(() => where(page)).toContain("recap");
      expect(await deck(page).locator(".deck-recap").textContent()).not.toContain("skipped");
    }
  );
});

describe("speaker notes in a second window", () => {
  it("follow the deck, show the answer lib computes, and move the deck both ways", async () => {
    const {page, context} = await site.open("push-delivery?present=2", {viewport: {width: 1280, height: 800}});
    await deck(page).waitFor();
    const notes = await context.newPage();
    const notesErrors: string[] = [];
    notes.on("pageerror", (error) => notesErrors.push(String(error)));
    notes.on("console", (message) => message.type() === "error" && notesErrors.push(message.text()));
    await notes.goto(`${site.server.url}speaker-notes?lesson=push-delivery`);
    const title = notes.locator(".notes-title");
    await expect.poll(() => title.textContent()).toBe(deliveryExperiments[1]!.title);
    await expect.poll(() => notes.locator(".notes-answer").textContent()).toBe(`Answer: ${deliveryAnswer(1)}`);
    expect(await notes.locator(".notes-why").textContent()).toBe(`Why: ${deliveryExperiments[1]!.why}`);
    expect(await notes.locator(".notes-next-title").textContent()).toBe(`Next slide: ${deliveryExperiments[2]!.title}`);
    expect(await notes.locator(".notes-clock").textContent()).toMatch(/since the deck opened/);
    // The notes move the deck ...
    await notes.getByRole("button", {name: "Next ›"}).click();
    await expect.poll(() => present(page)).toBe("3");
    await notes.getByRole("button", {name: "Reveal (R)"}).click();
    await expect.poll(() => deck(page).locator(".deck-outcome").count()).toBe(1);
    // ... and the deck moves the notes.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => title.textContent()).toBe(deliveryExperiments[3]!.title);
    // A message that is not one of the deck's or the notes' is ignored by both.
    await notes.evaluate(
      `new BroadcastChannel("a2a-workbench:class-deck:push-delivery").postMessage({kind: "go", by: 5})`
    );
    await notes.evaluate(
      `new BroadcastChannel("a2a-workbench:class-deck:push-delivery").postMessage({kind: "slide", title: "<img src=x onerror=alert(1)>"})`
    );
    await letFramesPass(page, 10);
    expect(present(page)).toBe("4");
    expect(await title.textContent()).toBe(deliveryExperiments[3]!.title);
    expect(notesErrors).toEqual([]);
  });

  it("take the deck's keys without a click, list a step's choices, merge a flood, and say when the deck closed", async () => {
    const {page, context} = await site.open("push-delivery?present=3", {viewport: {width: 1280, height: 800}});
    await deck(page).waitFor();
    const notes = await context.newPage();
    await notes.goto(`${site.server.url}speaker-notes?lesson=push-delivery`);
    await expect.poll(() => notes.locator(".notes-title").textContent()).toBe(deliveryExperiments[2]!.title);
    expect(await notes.locator(".notes-clock").textContent()).toMatch(/of \d+ min planned/);
    // No click in the notes: the keys are the window's as it opens.
    await notes.keyboard.press("PageDown");
    await expect.poll(() => present(page)).toBe("4");
    await notes.keyboard.press("ArrowRight");
    await expect.poll(() => present(page)).toBe("5");
    await notes.keyboard.press("PageUp");
    await expect.poll(() => present(page)).toBe("4");
    // Step 4 asks a choice: the notes list the choices the class sees.
    await expect.poll(() => notes.locator(".notes-choices li").count()).toBeGreaterThan(1);
    expect(await notes.locator(".notes-next-title").textContent()).toBe(`Next slide: ${deliveryExperiments[4]!.title}`);
    // A flood of moves from any page of the origin is merged: the deck moves to its end once, and the
    // notes hear a handful of slides, not ten thousand.
    await notes.evaluate(`(() => {
      window.heard = 0;
      new BroadcastChannel("a2a-workbench:class-deck:push-delivery").onmessage = (event) => { if (event.data && event.data.kind === "slide") window.heard++; };
      const flood = new BroadcastChannel("a2a-workbench:class-deck:push-delivery");
      for (let i = 0; i < 10000; i++) flood.postMessage({kind: "go", by: 1});
    })()`);
    await expect.poll(() => present(page)).toBe("recap");
    await letFramesPass(page, 10);
    expect(await notes.evaluate("window.heard")).toBeLessThan(10);
    await page.keyboard.press("Escape");
    await expect.poll(() => notes.locator(".notes-closed").count()).toBe(1);
    expect(await notes.locator(".notes-closed").textContent()).toContain("The deck is closed.");
  });

  it("an address naming no lesson is reported, and the notes follow the first lesson", async () => {
    const {page} = await site.open("speaker-notes?lesson=%3Cscript%3E");
    expect(await page.locator(".permalink-notices").textContent()).toContain("<script>");
    expect(await page.locator(".notes-lesson a").textContent()).toBe(LESSON_SLUGS[0]);
  });
});

describe("a slide fits and its type is large", () => {
  /** Walks the whole deck, each step asked then revealed (skipped): the smallest text on any slide, and anything out of place. */
  async function walkDeck(page: Page): Promise<{smallest: number; where: string}> {
    let smallest = {px: Infinity, where: ""};
    const look = async (label: string) => {
      await waitUntilSettled(page);
      await expect.poll(() => outOfPlace(page)).toEqual([]);
      const text = await measureSlideText(page);
      if (text.min !== null && text.min < smallest.px)
        smallest = {px: text.min, where: `${label}: ${JSON.stringify(text.smallest[0])}`};
    };
    for (let slide = 0; slide < 60; slide++) {
      const label = (await where(page))!;
      await look(label);
      if (await deck(page).locator(".deck-skip").count()) {
        await deck(page).locator(".deck-skip").click();
        await deck(page).locator(".deck-outcome").waitFor();
        await look(`${label}, revealed`);
      }
      if (await deck(page).locator(".deck-next").isDisabled()) break;
      await page.keyboard.press("PageDown");
      await expect.poll(() => where(page)).not.toBe(label);
    }
    return {smallest: smallest.px, where: smallest.where};
  }

  it.each(
    LESSON_SLUGS.flatMap(
      (slug) =>
        [
          [slug, 1024, 768],
          ...(slug === "push-delivery" || slug === "webhook-authentication" ? [[slug, 1920, 1080] as const] : [])
        ] as const
    )
  )(
    "%s at %ix%i: every slide, asked and revealed, fits, and no text a class reads is under the minimum",
    async (slug, width, height) => {
      const {page} = await site.open(`${slug}?present=title`, {viewport: {width, height}});
      await deck(page).waitFor();
      const walked = await walkDeck(page);
      expect(walked.smallest, walked.where).toBeGreaterThanOrEqual(minimumSlideTextPx(width) - 0.05);
    }
  );

  // Lesson 4's first step draws the signature's evidence, not a chart: its fourth draws the timestamp window.
  it.each(LESSON_SLUGS.map((slug) => [slug, slug === "webhook-authentication" ? 4 : 1] as const))(
    "%s at 1920x1080: step %i's chart text is slide-sized",
    async (slug, number) => {
      const {page} = await site.open(`${slug}?present=${number}`, {viewport: {width: 1920, height: 1080}});
      await deck(page).waitFor();
      await deck(page).getByRole("button", {name: "Skip"}).click();
      await deck(page).locator(".deck-outcome").waitFor();
      await expect.poll(() => chartTextPx(page)).not.toBeNull();
      await expect.poll(() => outOfPlace(page)).toEqual([]);
      const text = (await chartTextPx(page))!;
      expect(text.max).toBeGreaterThanOrEqual(24 - 0.5);
      expect(text.min).toBeGreaterThanOrEqual(0.85 * 24 - 0.5);
    }
  );

  it("at 3840x2160 the whole recap and a step fit too", async () => {
    const {page} = await site.open("webhook-authentication?present=recap", {viewport: {width: 3840, height: 2160}});
    await deck(page).waitFor();
    expect(await outOfPlace(page)).toEqual([]);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => deck(page).locator(".deck-answer").count()).toBe(1);
    expect(await outOfPlace(page)).toEqual([]);
  });

  it("a portrait phone is asked to turn, instead of 3 px text", async () => {
    const {page} = await site.open("push-delivery?present=1", {viewport: {width: 390, height: 844}});
    await deck(page).waitFor();
    await expect.poll(() => deck(page).locator(".deck-turn").isVisible()).toBe(true);
    expect(await deck(page).locator(".deck-turn").textContent()).toContain("Turn the phone");
  });
});
