import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  deliveryInputDefaults,
  deliveryInputFields,
  selectionInputDefaults,
  selectionInputFields,
  stormLessonDefaults,
  stormLessonFields,
  webhookLessonDefaults,
  webhookLessonFields
} from "../../lib/index.js";
import type {FieldValues, NumberField} from "../../lib/lesson-inputs/fields.js";
import {numberTextProblem, numberTextRule, readNumberText} from "../../lib/lesson-inputs/number-text.js";
import {readPermalink} from "../../lib/lesson-inputs/permalink.js";
import {sliderGrid, sliderShows, valueAtSlider} from "../../lib/lesson-inputs/slider-grid.js";

const lessons: [string, readonly import("../../lib/lesson-inputs/fields.js").FieldSpec[], FieldValues][] = [
  ["push delivery", deliveryInputFields, deliveryInputDefaults],
  ["agent selection", selectionInputFields, selectionInputDefaults],
  ["webhook authentication", webhookLessonFields, webhookLessonDefaults as unknown as FieldValues],
  ["retry storms", stormLessonFields, stormLessonDefaults as unknown as FieldValues]
];
const numberFields = lessons.flatMap(([lesson, fields, defaults]) =>
  fields
    .filter((field): field is NumberField => field.kind === "number")
    .map((field) => ({lesson, field, defaultValue: defaults[field.name]}))
);

describe("a number written as text", () => {
  it("is read only in plain decimal", () => {
    expect(readNumberText("12.5")).toBe(12.5);
    expect(readNumberText("-3")).toBe(-3);
    for (const text of ["1e3", "1e-400", "0x10", "Infinity", "NaN", "", " 3", "3\u200B", "+3", "1.0000001", "1,000"])
      expect(readNumberText(text)).toBeUndefined();
  });

  it("reads back every number it writes with at most 6 decimals", () => {
    fc.assert(
      fc.property(fc.integer({min: -1e9, max: 1e9}), fc.integer({min: 0, max: 6}), (units, decimals) => {
        const value = units / 10 ** decimals;
        expect(readNumberText(value.toFixed(decimals))).toBe(Number(value.toFixed(decimals)));
      })
    );
  });

  it("states only the parts of the rule the field can use: a sign where it takes negatives, decimals where it is not whole", () => {
    expect(numberTextRule({min: 0, whole: true})).toBe(
      "written in plain decimal (digits; no exponent, spaces or other characters)"
    );
    expect(numberTextRule({min: 0})).toBe(
      "written in plain decimal (digits and at most 6 decimals; no exponent, spaces or other characters)"
    );
    expect(numberTextRule({min: -86400, whole: true})).toBe(
      "written in plain decimal (digits and an optional minus sign; no exponent, spaces or other characters)"
    );
    expect(numberTextRule({min: -1})).toBe(
      "written in plain decimal (digits, an optional minus sign and at most 6 decimals; no exponent, spaces or other characters)"
    );
  });

  it("states the rule it applied, in a link notice as in a box", () => {
    const field = deliveryInputFields.find((row) => row.name === "responseDelaySeconds") as NumberField;
    expect(numberTextProblem(field)).toContain(numberTextRule(field));
    const reading = readPermalink("?responseDelaySeconds=0.0000001", deliveryInputFields, deliveryInputDefaults);
    expect(reading.notices[0]!.problem).toMatch(/at most 6 decimals/);
  });
});

describe("a number field's slider", () => {
  it.each(
    numberFields.map(({lesson, field, defaultValue}) => [`${lesson}: ${field.name}`, field, defaultValue] as const)
  )("shows and reaches the default of %s", (_, field, defaultValue) => {
    const grid = sliderGrid(field);
    if (typeof defaultValue === "number" && defaultValue <= grid.max)
      expect(sliderShows(field, defaultValue)).toBe(true);
    expect(valueAtSlider(field, grid.min)).toBe(field.min);
    expect(grid.max).toBeGreaterThanOrEqual(Math.min(field.max, field.sliderMax ?? field.max));
  });

  it("starts its grid on a multiple of the step (capacity from 1 in steps of 10 shows 200)", () => {
    const capacity = stormLessonFields.find((row) => row.name === "capacityPerSecond") as NumberField;
    expect(sliderGrid(capacity).min).toBe(0);
    expect(sliderShows(capacity, 200)).toBe(true);
    const cap = stormLessonFields.find((row) => row.name === "capMs") as NumberField;
    expect(sliderShows(cap, 32_000)).toBe(true);
  });
});
