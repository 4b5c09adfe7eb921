/**
 * An action far from a lab brings the lab into view (issue #25, item 5): an experiment's "Try it"
 * or "Compare with baseline", a guided step's "Set up". The lab's top comes to the top of the
 * screen and what the run changed is marked for a moment (data-changed), with a static outline
 * instead of an animation when the reader asks for reduced motion.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {deliveryExperiments} from "../../lib/delivery/index.js";
import {webhookExperiments} from "../../lib/webhook-auth/index.js";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();

/** How far the lab named `label` is from where scrolling it to the top puts it (the top of the screen below the page's scroll padding), in pixels. */
const labOffset = (page: Page, label: string) =>
  page.evaluate(`(() => {
  const lab = document.querySelector('section.lab[aria-label="${label}"]');
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return Math.abs(lab.getBoundingClientRect().top - padding);
})()`) as Promise<number>;
const markedIn = (page: Page, selector: string) =>
  page.locator(`${selector} [data-changed], ${selector}[data-changed]`).count();

const outage = deliveryExperiments.find((experiment) => experiment.id === "long-outage")!;
const race = webhookExperiments.find((experiment) => experiment.section === "race")!;

describe("an experiment's button brings its lab into view", () => {
  it.each([
    {width: 1280, height: 800},
    {width: 390, height: 844}
  ])(
    "lesson 1 at $width px: Try it scrolls the lab to the top and marks the figures that changed",
    async (viewport) => {
      const {page} = await site.open("push-delivery", {viewport});
      const button = page.getByRole("button", {name: `Try it: ${outage.title}`});
      await button.scrollIntoViewIfNeeded();
      expect(await labOffset(page, "Push delivery lab")).toBeGreaterThan(viewport.height);
      await button.click();
      await expect.poll(() => labOffset(page, "Push delivery lab")).toBeLessThan(2);
      await expect.poll(() => markedIn(page, ".lab-figures")).toBeGreaterThan(0);
    }
  );

  it("lesson 4: Compare with baseline brings the race lab (no key figures) into view and marks its chart", async () => {
    const {page} = await site.open("webhook-authentication", {viewport: {width: 1024, height: 768}});
    const button = page.getByRole("button", {name: `Compare with baseline: ${race.title}`});
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect.poll(() => labOffset(page, "Race lab")).toBeLessThan(2);
    await expect.poll(() => markedIn(page, 'section.lab[aria-label="Race lab"] .lab-stage')).toBeGreaterThan(0);
  });

  it("with reduced motion, a changed figure is outlined, not animated", async () => {
    const {page} = await site.open("push-delivery", {viewport: {width: 1280, height: 800}});
    await page.emulateMedia({reducedMotion: "reduce"});
    await page.getByRole("button", {name: `Try it: ${outage.title}`}).click();
    const marked = page.locator(".lab-figures [data-changed]").first();
    await marked.waitFor();
    const style = await marked.evaluate((node) => {
      const computed = getComputedStyle(node);
      return {animation: computed.animationName, outline: computed.outlineStyle};
    });
    expect(style).toEqual({animation: "none", outline: "solid"});
  });
});

describe("a guided step's Set up brings its lab into view", () => {
  it("lesson 1 at 1280 px: the card's Set up scrolls the lab to the top", async () => {
    const {page} = await site.open("push-delivery?step=2", {viewport: {width: 1280, height: 800}});
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    await page.evaluate(`document.querySelector('.tour-set-up').scrollIntoView({block: 'end'})`);
    await page.locator(".tour-set-up").click();
    await expect.poll(() => labOffset(page, "Push delivery lab")).toBeLessThan(2);
  });
});
