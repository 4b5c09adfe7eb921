/**
 * npm run deck-walk: walks every lesson's class deck whole, as a teacher would (title, each step
 * asked and then revealed, the recap), at 1920x1080 and 1024x768, and prints the smallest text a
 * class reads on each slide against the minimum (slide-type-measure.ts). With `--shots DIR` it
 * also saves a screenshot of every slide, light and dark, to look at. Build first.
 *
 *   npm run deck-walk -- [--lesson push-delivery] [--size 1024x768] [--shots /tmp/deck] [--dark]
 */
import {mkdirSync} from "node:fs";
import {parseArgs} from "node:util";
import type {Page} from "playwright-core";
import {launchBrowser, serveSite} from "../test/browser/browser.js";
import {LESSON_SLUGS} from "../src/lessons.js";
import {measureSlideText, minimumSlideTextPx} from "./slide-type-measure.js";

const {values} = parseArgs({
  options: {
    lesson: {type: "string"},
    size: {type: "string"},
    shots: {type: "string"},
    dark: {type: "boolean", default: false},
    steps: {type: "string"}
  }
});
const lessons = values.lesson ? [values.lesson] : [...LESSON_SLUGS];
const sizes = (values.size ? [values.size] : ["1920x1080", "1024x768"]).map(
  (text) => text.split("x").map(Number) as [number, number]
);
const scheme = values.dark ? "dark" : "light";
if (values.shots) mkdirSync(values.shots, {recursive: true});

const server = await serveSite();
const browser = await launchBrowser();
let failures = 0;
try {
  for (const [width, height] of sizes) {
    for (const lesson of lessons) {
      const context = await browser.newContext({viewport: {width, height}, colorScheme: scheme});
      const page = await context.newPage();
      page.on("pageerror", (error) => console.log(`  page error: ${error}`));
      page.on("console", (message) => message.type() === "error" && console.log(`  console error: ${message.text()}`));
      await page.goto(`${server.url}${lesson}?present=title${values.steps ? `&steps=${values.steps}` : ""}`);
      await page.locator("dialog.class-deck").waitFor();
      console.log(
        `## ${lesson} at ${width}x${height} (${scheme}); minimum ${minimumSlideTextPx(slideWidth(width, height)).toFixed(1)} px`
      );
      failures += await walk(page, lesson, `${width}x${height}`, slideWidth(width, height));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(
  failures === 0 ? "Every slide's text is at or over the minimum." : `${failures} slides have text under the minimum.`
);

/** A few frames, as a string (tsx's name helpers do not exist in the page): the slide's chart is drawn a frame after it opens. */
function waitUntilSettled(page: Page): Promise<unknown> {
  return page.evaluate(
    `new Promise((done) => { let left = 12; const tick = () => (--left ? requestAnimationFrame(tick) : done()); requestAnimationFrame(tick); })`
  );
}

function slideWidth(width: number, height: number): number {
  return Math.min(width, (height * 16) / 9);
}

/** Every slide of the deck, in order; returns how many had text under the minimum. */
async function walk(page: Page, lesson: string, size: string, width: number): Promise<number> {
  let failing = 0;
  for (let slide = 0; slide < 60; slide++) {
    await waitUntilSettled(page);
    const where = (await page.locator(".deck-where").textContent()) ?? "";
    failing += await report(
      page,
      `${where}${(await page.locator(".deck-answer").count()) ? " (asked)" : ""}`,
      `${lesson}-${size}-${slide}a`,
      width
    );
    const skip = page.locator("dialog.class-deck .deck-skip");
    if (await skip.count()) {
      await skip.click();
      await page.locator("dialog.class-deck .deck-outcome").waitFor();
      await waitUntilSettled(page);
      failing += await report(page, `${where} (revealed)`, `${lesson}-${size}-${slide}b`, width);
    }
    if (await page.locator("dialog.class-deck .deck-next").isDisabled()) break;
    await page.keyboard.press("PageDown");
    await page.waitForFunction((before) => document.querySelector(".deck-where")?.textContent !== before, where);
  }
  return failing;
}

async function report(page: Page, label: string, shot: string, width: number): Promise<number> {
  const text = await measureSlideText(page);
  const under = text.min !== null && text.min < minimumSlideTextPx(width) - 0.05;
  const smallest = text.smallest
    .slice(0, under ? 3 : 1)
    .map((item) => `${item.px} px ${item.where} “${item.text}”`)
    .join("; ");
  console.log(`${under ? "✗" : " "} ${label.padEnd(48)} ${smallest}`);
  if (values.shots) await page.screenshot({path: `${values.shots}/${shot}-${scheme}.png`});
  return under ? 1 : 0;
}
