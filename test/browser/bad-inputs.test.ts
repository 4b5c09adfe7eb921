/**
 * No input breaks a lesson. Generated from the lessons' own field tables: every lesson is
 * loaded with its inputs set, in batches (one bad value for every input per page load), to a
 * corpus of bad values; then the same kinds of values are typed into every number box. After
 * each load and each typed value: no error cell, page error or console error (useBuiltSite
 * checks those), the lesson's charts are still drawn, and a visible notice names each input
 * that got a bad value. Hostile text that is valid text (HTML, RTL, NUL) must stay text.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {FieldSpec} from "../../lib/lesson-inputs/fields.js";
import {deliveryInputFields} from "../../lib/delivery/index.js";
import {selectionInputFields} from "../../lib/selection/index.js";
import {webhookLessonFields} from "../../lib/webhook-auth/index.js";
import {stormLessonFields} from "../../lib/storm/index.js";
import {LESSON_SLUGS, type LessonSlug} from "../../src/lessons.js";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();

const HUNDRED_KB = "9".repeat(100_000);
const MARKUP = `<b>bold</b><img src=x onerror="window.__injected=1"><script>window.__injected=1</script>`;
const RTL = "\u202e12\u200f";
const ZERO_WIDTH = "1\u200b";
const NUL = "\u0000";
/** Percent-encoded lone surrogate (U+D800 as UTF-8 bytes): URLSearchParams turns it into U+FFFD. */
const LONE_SURROGATE = "%ED%A0%80";

/**
 * One corpus per kind of field. Non-integers go to every number field, whole or not: whatever
 * the table says, none may break the page; where the row is whole they must also be named.
 */
function valuesFor(field: FieldSpec): string[] {
  const common = ["", HUNDRED_KB, MARKUP, RTL, ZERO_WIDTH, NUL, LONE_SURROGATE];
  switch (field.kind) {
    case "number":
      return [
        "2.5",
        "1.5",
        `${field.min}.000001`,
        "NaN",
        "Infinity",
        "-Infinity",
        "1e308",
        "-0",
        String(field.min - 1),
        String(field.max + 1),
        ...common
      ];
    case "boolean":
      return ["yes", "1", "TRUE", ...common];
    case "choice":
      return ["nope", field.options[0]!.value.toUpperCase() + "x", ...common];
    case "text":
      // Any text within maxLength is a valid value of a text row; only a longer one is refused by the row.
      return ["x".repeat(field.maxLength + 1), HUNDRED_KB];
  }
}

/** Whether a link value must be refused with a notice: the accepted forms, written here from the rules, not from lib's check. */
function mustBeRefused(field: FieldSpec, value: string): boolean {
  if (field.kind !== "number") return true;
  if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(value) || value === "-0") return true;
  const number = Number(value);
  return number < field.min || number > field.max || (field.whole === true && !Number.isInteger(number));
}

/** Valid text that must come back as text, never markup. */
const HOSTILE_TEXT = [MARKUP, RTL, NUL, ZERO_WIDTH];

interface Lesson {
  path: string;
  fields: readonly FieldSpec[];
}

/** Each lesson's field table (lesson 2's request is no field table: every-input.test.ts and message-transaction.test.ts cover it). */
const fieldTables: Record<LessonSlug, readonly FieldSpec[] | null> = {
  "push-delivery": deliveryInputFields,
  "message-transaction": null,
  "agent-selection": selectionInputFields,
  "webhook-authentication": webhookLessonFields,
  "retry-storms": stormLessonFields
};
const lessons: Lesson[] = LESSON_SLUGS.flatMap((path) => {
  const fields = fieldTables[path];
  return fields ? [{path, fields}] : [];
});

/** Round r: each field gets its r-th bad value (fields with fewer values sit the round out). */
function rounds(fields: readonly FieldSpec[]): {query: string; named: string[]}[] {
  const corpora = fields.map((field) => [field, valuesFor(field)] as const);
  const count = Math.max(...corpora.map(([, values]) => values.length));
  return Array.from({length: count}, (_, round) => {
    const parts: string[] = [];
    const named: string[] = [];
    for (const [field, values] of corpora) {
      const value = values[round];
      if (value === undefined) continue;
      if (mustBeRefused(field, value)) named.push(field.name);
      parts.push(`${field.name}=${value === LONE_SURROGATE ? value : encodeURIComponent(value)}`);
    }
    return {query: `?${parts.join("&")}`, named};
  });
}

// A chart is drawn when its frame holds an SVG (legends add more SVGs, and how many depends on the run).
const chartCount = (page: Page) => page.locator(".exportable-chart:has(svg)").count();
const noticeText = (page: Page) =>
  page
    .locator(".permalink-notices")
    .allTextContents()
    .then((texts) => texts.join("\n"));
const injected = (page: Page) => page.evaluate(() => (window as unknown as {__injected?: number}).__injected ?? null);

async function cleanChartCount(path: string): Promise<number> {
  const {page} = await site.open(path);
  const count = await chartCount(page);
  expect(count, `${path} draws charts on a clean load`).toBeGreaterThan(0);
  return count;
}

describe.each(lessons)("$path: bad values in the link", ({path, fields}) => {
  it("every input, every bad value: the page names the input, keeps its charts, shows no error", async () => {
    const charts = await cleanChartCount(path);
    for (const {query, named} of rounds(fields)) {
      const {page} = await site.open(`${path}${query}`);
      expect(await chartCount(page), query.slice(0, 120)).toBe(charts);
      const notices = await noticeText(page);
      for (const name of named) expect(notices, `${path}: ${name} in ${query.slice(0, 120)}`).toContain(name);
      expect(await injected(page)).toBeNull();
      await page.context().close();
    }
  });

  it("names duplicated and unknown parameters, and uses the first value", async () => {
    const number = fields.find((field) => field.kind === "number")!;
    const {page} = await site.open(
      `${path}?${number.name}=${number.min}&${number.name}=${number.max}&noSuchInput=1&%3Cb%3E=2`
    );
    const notices = await noticeText(page);
    expect(notices).toContain(`${number.name}=${number.max}`);
    expect(notices).toContain("given more than once");
    expect(notices).toContain("noSuchInput=1");
    expect(notices).toContain("<b>=2");
    expect(await page.locator(".permalink-notices b").count()).toBe(0);
  });

  it.skipIf(!fields.some((field) => field.kind === "text"))("shows valid but hostile text as text", async () => {
    const text = fields.filter((field) => field.kind === "text");
    for (const value of HOSTILE_TEXT) {
      const query = text.map((field) => `${field.name}=${encodeURIComponent(value)}`).join("&");
      const {page} = await site.open(`${path}?${query}`);
      expect(await injected(page)).toBeNull();
      expect(await page.locator("main img[src=x], main b:has-text('bold')").count()).toBe(0);
      await page.context().close();
    }
  });
});

/** Values a reader can type into a number box (Chromium takes only number syntax there). */
function typedValuesFor(field: FieldSpec & {kind: "number"}): string[] {
  return [
    "2.5",
    `${field.min}.000001`,
    "1e308",
    "1e3",
    "1e-400",
    "-0",
    String(field.min - 1),
    String(field.max + 1),
    ""
  ];
}

describe.each(lessons)("$path: bad values typed into number boxes", ({path, fields}) => {
  it("each box names its input and the value, and the lesson keeps its last good value", async () => {
    const {page} = await site.open(path);
    const charts = await chartCount(page);
    const numbers = fields.filter((field): field is FieldSpec & {kind: "number"} => field.kind === "number");
    for (const field of numbers) {
      const box = page.locator(`.field-number:has(input[type=number][id$="-${field.name}"]) input[type=number]`);
      const problem = page.locator(`[id$="-${field.name}-problem"]`);
      // An optional number that is off: switch it on first, as a reader would, to type into it.
      if (await box.isDisabled()) await page.locator(`input[type=checkbox][id$="-${field.name}-on"]`).click();
      const original = await box.inputValue();
      for (const value of typedValuesFor(field)) {
        await box.fill(value);
        if (mustBeRefused(field, value)) {
          await expect
            .poll(() => problem.textContent(), {message: `${field.name} typed ${JSON.stringify(value)}`})
            .toContain(field.label);
          expect(await problem.textContent()).toContain(value === "" ? "empty" : value);
        } else {
          await expect
            .poll(() => problem.textContent(), {message: `${field.name} typed ${JSON.stringify(value)}`})
            .toBe("");
        }
        expect(await chartCount(page)).toBe(charts);
      }
      await box.fill(original);
      await expect.poll(() => problem.textContent()).toBe("");
    }
  });
});
