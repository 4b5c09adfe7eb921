/**
 * Nothing is silent and nothing is changed on the way in (issue #23 items 4-8): every link
 * parameter that is not an input is named; a box shows the exact value the lesson uses
 * (invisible characters as ⟨U+XXXX⟩) and keeps it exact through an edit; a number box refuses
 * what a link refuses; an export is a well-formed file whatever characters the run shows.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {exportEveryChart, useBuiltSite, waitUntilSettled} from "./browser.js";

const site = useBuiltSite();
const noticeText = (page: Page) =>
  page
    .locator(".permalink-notices")
    .allTextContents()
    .then((texts) => texts.join("\n"));

/** Whether the page's own XML parser accepts `svg` (a real parser: a control character fails it). */
const wellFormed = (page: Page, svg: string) =>
  page.evaluate(
    (text) => new DOMParser().parseFromString(text, "application/xml").querySelector("parsererror") === null,
    svg
  );

describe.each(LESSON_SLUGS)("%s: parameters that are not inputs", (path) => {
  it("names each one and pins nothing for them", async () => {
    const {page} = await site.open(`${path}?vs.step=zzz&vs.vs=garbage&vs.experiment=%3Cb%3Ex%3C%2Fb%3E&experiment=1`);
    const notices = await noticeText(page);
    for (const expected of ["vs.step=zzz", "vs.vs=garbage", "vs.experiment=<b>x</b>", "experiment=1"])
      expect(notices).toContain(expected);
    expect(await page.locator(".permalink-notices b").count()).toBe(0);
    await waitUntilSettled(page);
    expect(new URL(page.url()).searchParams.get("vs")).toBeNull();
  });
});

describe("a box shows the exact value in use", () => {
  it("a one-line box shows a line feed and a NUL as tokens, and an edit keeps them", async () => {
    const {page} = await site.open("push-delivery?callbackUrl=https%3A%2F%2Freceiver.example%2Fhook%0A%00");
    const box = page.getByLabel("Callback URL", {exact: true});
    expect(await box.inputValue()).toBe("https://receiver.example/hook⟨U+000A⟩⟨U+0000⟩");
    await box.press("End");
    await box.press("x");
    await expect
      .poll(() => new URL(page.url()).searchParams.get("callbackUrl"))
      .toBe("https://receiver.example/hook\n\u0000x");
  });

  it("lesson 4's body keeps its line break through the first keystroke", async () => {
    const {page} = await site.open(`webhook-authentication?body=${encodeURIComponent('{"a":1}\n{"b":2}')}`);
    const box = page.getByLabel("Request body (raw)", {exact: true});
    expect(await box.inputValue()).toBe('{"a":1}\n{"b":2}');
    await box.press("End");
    await box.press("ControlOrMeta+End");
    await box.press(" ");
    await expect.poll(() => new URL(page.url()).searchParams.get("body")).toBe('{"a":1}\n{"b":2} ');
  });

  it("a notice writes invisible characters as tokens and names the rule it applied", async () => {
    const {page} = await site.open("retry-storms?updatesPerSender=3%E2%80%8B&baseMs=1e3");
    const notices = await noticeText(page);
    expect(notices).toContain("updatesPerSender=3⟨U+200B⟩");
    expect(notices).toContain("baseMs=1e3");
    expect(notices).toMatch(/no exponent/);
  });

  it("a number box refuses 1e3 and 1e-400 as a link does", async () => {
    const {page} = await site.open("retry-storms");
    const box = page.locator('input[type=number][id$="-senders"]');
    const problem = page.locator('[id$="-senders-problem"]');
    await box.fill("1e3");
    await expect.poll(() => problem.textContent()).toMatch(/“1e3” is not accepted.*no exponent/);
    await box.fill("1e-400");
    await expect.poll(() => problem.textContent()).toMatch(/“1e-400” is not accepted/);
  });
});

describe("exports of runs that show characters XML cannot hold", () => {
  it.each([
    ["push-delivery?callbackUrl=https%3A%2F%2Freceiver.example%2Fhook%01"],
    [`push-delivery?updates=${encodeURIComponent("2 evt-\u0001 1 submitted\n12 evt-2 2 working")}`],
    [`webhook-authentication?body=${encodeURIComponent('{"a":"\u0000\u0001"}')}`]
  ])("%s: every chart exports a well-formed SVG and a PNG", async (path) => {
    const {page} = await site.open(path);
    const exports = await exportEveryChart(page);
    expect(exports.length).toBeGreaterThan(0);
    for (const chart of exports) {
      expect(await wellFormed(page, chart.svg), chart.svgFileName).toBe(true);
      expect(chart.png.subarray(1, 4).toString("latin1")).toBe("PNG");
    }
  });
});
