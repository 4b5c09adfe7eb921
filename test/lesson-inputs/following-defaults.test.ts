import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkInputs} from "../../lib/lesson-inputs/check.js";
import type {FieldSpec, FieldValues} from "../../lib/lesson-inputs/fields.js";
import {defaultsFor, experimentState, overDefaults, withFollowers} from "../../lib/lesson-inputs/following-defaults.js";
import {deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import {MESSAGE_LINK_DEFAULTS, MESSAGE_LINK_FIELDS} from "../../lib/message/index.js";
import {selectionInputDefaults, selectionInputFields} from "../../lib/selection/index.js";
import {webhookLessonDefaults, webhookLessonFields} from "../../lib/webhook-auth/index.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";
import {describeRun} from "../../lib/lesson-inputs/run-label.js";

const BODIES = {a: "body of a", b: "body of b"};
const fields: FieldSpec[] = [
  {
    name: "body",
    label: "Body",
    group: "g",
    kind: "text",
    maxLength: 20,
    defaultFollows: {field: "version", values: BODIES}
  },
  {
    name: "version",
    label: "Version",
    group: "g",
    kind: "choice",
    courseWide: true,
    options: [
      {value: "a", label: "A"},
      {value: "b", label: "B"}
    ]
  },
  {name: "count", label: "Count", group: "g", kind: "number", min: 0, max: 9, step: 1, whole: true}
];
const defaults = {body: BODIES.a, version: "a", count: 1};

describe("an input whose default follows another", () => {
  it("takes the default for the followed input's value, wherever defaults are filled in", () => {
    expect(defaultsFor(fields, defaults, {...defaults, version: "b"})).toEqual({...defaults, body: BODIES.b});
    expect(defaultsFor(fields, defaults, defaults)).toEqual(defaults);
    expect(checkInputs({version: "b"}, fields, defaults)).toEqual({
      values: {body: BODIES.b, version: "b", count: 1},
      refused: []
    });
    expect(readPermalink("?version=b", fields, defaults)).toEqual({
      values: {body: BODIES.b, version: "b", count: 1},
      notices: []
    });
    expect(overDefaults(fields, defaults, {version: "b"})).toEqual({body: BODIES.b, version: "b", count: 1});
    expect(overDefaults(fields, defaults, {version: "b", body: "mine"})).toEqual({
      body: "mine",
      version: "b",
      count: 1
    });
  });

  it("every lesson's defaults are their own defaults: a following row agrees with the lesson's default", () => {
    for (const [name, rows, values] of [
      ["lesson 1", deliveryInputFields, deliveryInputDefaults],
      ["lesson 2's link", MESSAGE_LINK_FIELDS, MESSAGE_LINK_DEFAULTS],
      ["lesson 3", selectionInputFields, selectionInputDefaults],
      ["lesson 4", webhookLessonFields, webhookLessonDefaults]
    ] as const) {
      expect([name, defaultsFor(rows, values as FieldValues, values)]).toEqual([name, values]);
      // Every followed input exists and is a choice whose every value has a default.
      for (const row of rows.filter((candidate) => candidate.defaultFollows)) {
        const followed = rows.find((candidate) => candidate.name === row.defaultFollows!.field);
        expect(
          followed?.kind === "choice" &&
            followed.options.every((option) => Object.hasOwn(row.defaultFollows!.values, option.value)),
          `${name}: ${row.name}`
        ).toBe(true);
      }
    }
  });

  it("a refused followed value falls back, and its follower follows the fallback unless given", () => {
    expect(checkInputs({version: "toString"}, fields, defaults)).toMatchObject({
      values: {version: "a", body: BODIES.a},
      refused: [{field: "version"}]
    });
    expect(checkInputs({version: "zzz", body: BODIES.b}, fields, defaults).values).toMatchObject({
      version: "a",
      body: BODIES.b
    });
    // Refusals keep the table's order, whichever row was checked first.
    expect(checkInputs({body: 1, version: 2}, fields, defaults).refused.map((refused) => refused.field)).toEqual([
      "body",
      "version"
    ]);
    expect(readPermalink("?version=toString", fields, defaults).values.body).toBe(BODIES.a);
  });

  it("experiments, restore and the baseline keep a course-wide input as the reader has it", () => {
    const reader = {...defaults, version: "b", body: BODIES.b, count: 7};
    expect(experimentState(fields, defaults, reader)).toEqual({...defaults, version: "b", body: BODIES.b});
    expect(experimentState(fields, defaults, reader, {count: 3})).toEqual({version: "b", body: BODIES.b, count: 3});
    expect(experimentState(fields, defaults, reader, {version: "a"})).toEqual({...defaults, version: "a"});
  });

  it("falls back to the default for the followed value, and says so", () => {
    const checked = checkInputs({version: "b", body: 42}, fields, defaults);
    expect(checked.values.body).toBe(BODIES.b);
    expect(checked.refused).toEqual([expect.objectContaining({field: "body", fallback: BODIES.b})]);
    const read = readPermalink(`?body=${"x".repeat(21)}&version=b`, fields, defaults);
    expect(read.values.body).toBe(BODIES.b);
    expect(read.notices).toEqual([
      expect.objectContaining({parameter: "body", problem: expect.stringContaining(`using the default (${BODIES.b})`)})
    ]);
  });

  it("is left out of links and run labels while it holds its default, and written once edited", () => {
    expect(writePermalink({...defaults, version: "b", body: BODIES.b}, fields, defaults)).toBe("?version=b");
    expect(writePermalink({...defaults, version: "b", body: BODIES.a}, fields, defaults)).toBe(
      `?body=body+of+a&version=b`
    );
    expect(describeRun({...defaults, version: "b", body: BODIES.b}, fields, defaults).caption).toBe("Version: B");
  });

  it("moves with its input while untouched, and stays once the reader set it", () => {
    const moved = withFollowers(fields, defaults, defaults, "version", "b");
    expect(moved).toEqual({...defaults, version: "b", body: BODIES.b});
    const edited = withFollowers(fields, defaults, {...defaults, body: "mine"}, "version", "b");
    expect(edited.body).toBe("mine");
    // Changing the follower itself, or another input, leaves the rest alone.
    expect(withFollowers(fields, defaults, moved, "body", "x")).toEqual({...moved, body: "x"});
    expect(withFollowers(fields, defaults, moved, "count", 3)).toEqual({...moved, count: 3});
  });

  it("a link written from any state reads back as that state", () => {
    const state = fc.record({
      body: fc.oneof(fc.constantFrom(BODIES.a, BODIES.b), fc.string({maxLength: 20})),
      version: fc.constantFrom("a", "b"),
      count: fc.integer({min: 0, max: 9})
    });
    fc.assert(
      fc.property(state, (values) => {
        expect(readPermalink(writePermalink(values, fields, defaults), fields, defaults)).toEqual({
          values,
          notices: []
        });
      }),
      {numRuns: 500}
    );
  });
});
