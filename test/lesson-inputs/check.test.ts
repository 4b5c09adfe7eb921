import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkInputs, showValue} from "../../lib/lesson-inputs/check.js";
import {checkFieldValue, type FieldSpec} from "../../lib/lesson-inputs/fields.js";

const fields: FieldSpec[] = [
  {name: "attempts", label: "Attempts", group: "g", kind: "number", min: 1, max: 10, step: 1, whole: true},
  {name: "delaySeconds", label: "Delay", group: "g", kind: "number", min: 0, max: 60, step: 0.5, nullLabel: "never"},
  {name: "dedup", label: "Dedup", group: "g", kind: "boolean"},
  {
    name: "mode",
    label: "Mode",
    group: "g",
    kind: "choice",
    options: [
      {value: "a", label: "A"},
      {value: "b", label: "B"}
    ]
  },
  {name: "note", label: "Note", group: "g", kind: "text", maxLength: 5}
];
const defaults = {attempts: 4, delaySeconds: null, dedup: true, mode: "a", note: ""};

describe("checkInputs", () => {
  it("keeps accepted values, takes defaults for left-out ones, and reports nothing", () => {
    expect(checkInputs({attempts: 7, mode: "b"}, fields, defaults)).toEqual({
      values: {...defaults, attempts: 7, mode: "b"},
      refused: []
    });
  });

  it("reports each refused value with its label, the value as text, the rule and the default used", () => {
    const {values, refused} = checkInputs(
      {attempts: 2.5, delaySeconds: -0, dedup: "yes", mode: "<b>c</b>", note: "toolong", colour: "blue"},
      fields,
      defaults
    );
    expect(values).toEqual(defaults);
    expect(refused).toEqual([
      {
        field: "attempts",
        label: "Attempts",
        value: "2.5",
        problem: "must be a whole number from 1 to 10",
        fallback: "4"
      },
      {
        field: "delaySeconds",
        label: "Delay",
        value: "-0",
        problem: 'must be a number from 0 to 60, or "none" (never)',
        fallback: "none"
      },
      {field: "dedup", label: "Dedup", value: "yes", problem: 'must be "true" or "false"', fallback: "true"},
      {field: "mode", label: "Mode", value: "<b>c</b>", problem: 'must be one of "a", "b"', fallback: "a"},
      {
        field: "note",
        label: "Note",
        value: "toolong",
        problem: "must be text of at most 5 characters",
        fallback: "empty"
      },
      {
        field: "colour",
        label: "colour",
        value: "blue",
        problem: "not an input of this lesson (accepted: attempts, delaySeconds, dedup, mode, note)",
        fallback: "ignored"
      }
    ]);
  });

  it("never throws, and always gives every field a value its row accepts", () => {
    const names = [...fields.map((field) => field.name), "other", "__proto__"];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.anything()), (values) => {
        const checked = checkInputs(values, fields, defaults);
        expect(Object.keys(checked.values).sort()).toEqual(fields.map((field) => field.name).sort());
        for (const field of fields)
          expect([field.name, checkFieldValue(field, (checked.values as Record<string, unknown>)[field.name])]).toEqual(
            [field.name, null]
          );
        for (const refused of checked.refused) expect(typeof refused.value).toBe("string");
      }),
      {numRuns: 1000}
    );
  });
});

describe("showValue", () => {
  it("shows any value as short text, whatever it is", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(showValue("x".repeat(100))).toBe(`${"x".repeat(80)}…`);
    expect(showValue("")).toBe("empty");
    expect(showValue(null)).toBe("none");
    expect(showValue(10n)).toBe("10");
    expect(showValue(Number.NaN)).toBe("NaN");
    expect(showValue(cyclic)).toBe("a object");
    expect(showValue(Symbol("s"))).toBe("Symbol(s)");
  });
});
