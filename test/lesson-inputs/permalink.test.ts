import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkFieldValue, type FieldSpec} from "../../lib/lesson-inputs/fields.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";

const fields: FieldSpec[] = [
  {name: "timeoutSeconds", label: "Timeout", group: "g", kind: "number", min: 0, max: 60, step: 0.5, unit: "s"},
  {name: "deleteAtSeconds", label: "Delete", group: "g", kind: "number", min: 0, max: 100, step: 1, nullLabel: "never"},
  {name: "attempts", label: "Attempts", group: "g", kind: "number", min: 1, max: 10, step: 1, whole: true},
  {name: "dedup", label: "Dedup", group: "g", kind: "boolean"},
  {
    name: "credential",
    label: "Credential",
    group: "g",
    kind: "choice",
    options: [
      {value: "matched", label: "Matched"},
      {value: "wrong", label: "Wrong"}
    ]
  },
  {name: "url", label: "URL", group: "g", kind: "text", maxLength: 40}
];
const defaults = {
  timeoutSeconds: 3,
  deleteAtSeconds: null,
  attempts: 4,
  dedup: true,
  credential: "matched",
  url: "https://receiver.example/hook"
};

describe("permalinks", () => {
  it("a parameter repeated thousands of times is one notice, counting them, and the first value is used", () => {
    const reading = readPermalink(`?attempts=3${"&attempts=9".repeat(4999)}&dedup=false&dedup=true`, fields, defaults);
    expect(reading.values.attempts).toBe(3);
    expect(reading.values.dedup).toBe(false);
    expect(reading.notices).toEqual([
      {parameter: "attempts", value: "9", problem: "given more than once (5,000 times); the first value is used"},
      {parameter: "dedup", value: "true", problem: "given more than once; the first value is used"}
    ]);
  });

  it("writes only the values that differ from the defaults, and reads them back", () => {
    const values = {...defaults, timeoutSeconds: 7.5, deleteAtSeconds: 3, dedup: false};
    const search = writePermalink(values, fields, defaults);
    expect(search).toBe("?timeoutSeconds=7.5&deleteAtSeconds=3&dedup=false");
    expect(readPermalink(search, fields, defaults)).toEqual({values, notices: []});
    expect(writePermalink(defaults, fields, defaults)).toBe("");
  });

  it("round-trips every valid set of values without notices", () => {
    const arbitraryValues = fc.record({
      timeoutSeconds: fc.integer({min: 0, max: 120}).map((half) => half / 2),
      deleteAtSeconds: fc.option(fc.integer({min: 0, max: 100}), {nil: null}),
      attempts: fc.integer({min: 1, max: 10}),
      dedup: fc.boolean(),
      credential: fc.constantFrom("matched", "wrong"),
      url: fc.string({maxLength: 40})
    });
    fc.assert(
      fc.property(arbitraryValues, (values) => {
        const reading = readPermalink(writePermalink(values, fields, defaults), fields, defaults);
        expect(reading.notices).toEqual([]);
        expect(reading.values).toEqual(values);
      }),
      {numRuns: 1000}
    );
  });

  it("reports an out-of-range value by name and keeps the default", () => {
    const reading = readPermalink("?timeoutSeconds=99", fields, defaults);
    expect(reading.values.timeoutSeconds).toBe(3);
    expect(reading.notices).toEqual([
      {
        parameter: "timeoutSeconds",
        value: "99",
        problem: "must be a number from 0 to 60 s; using the default (3)"
      }
    ]);
  });

  it("rejects malformed numbers, booleans and choices", () => {
    for (const search of [
      "?timeoutSeconds=1e3",
      "?timeoutSeconds=0x10",
      "?timeoutSeconds=",
      "?timeoutSeconds=Infinity",
      "?dedup=yes",
      "?credential=Matched",
      "?deleteAtSeconds=never"
    ]) {
      const reading = readPermalink(search, fields, defaults);
      expect(reading.values, search).toEqual(defaults);
      expect(reading.notices, search).toHaveLength(1);
    }
  });

  it("accepts none for a nullable number only", () => {
    expect(readPermalink("?deleteAtSeconds=none", fields, defaults).notices).toEqual([]);
    expect(readPermalink("?timeoutSeconds=none", fields, defaults).notices).toHaveLength(1);
  });

  it("names unknown and repeated parameters", () => {
    const reading = readPermalink("?bogus=1&dedup=false&dedup=true", fields, defaults);
    expect(reading.values.dedup).toBe(false);
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["bogus", "dedup"]);
    expect(reading.notices[0]!.problem).toContain(
      "accepted: timeoutSeconds, deleteAtSeconds, attempts, dedup, credential, url"
    );
  });

  it("never throws, and every value it takes is one this test's own reading of the table accepts", () => {
    // An oracle written from the table by hand, not the schema the reader itself uses.
    const accepts: Record<string, (raw: string) => unknown> = {
      timeoutSeconds: (raw) => (/^\d+(\.\d+)?$/.test(raw) && Number(raw) <= 60 ? Number(raw) : undefined),
      deleteAtSeconds: (raw) =>
        raw === "none" ? null : /^\d+(\.\d+)?$/.test(raw) && Number(raw) <= 100 ? Number(raw) : undefined,
      attempts: (raw) => (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 10 ? Number(raw) : undefined),
      dedup: (raw) => (raw === "true" ? true : raw === "false" ? false : undefined),
      credential: (raw) => (raw === "matched" || raw === "wrong" ? raw : undefined),
      url: (raw) => (raw.length <= 40 ? raw : undefined)
    };
    const parameter = fc.oneof(fc.constantFrom(...Object.keys(accepts)), fc.string({maxLength: 8}));
    const value = fc.oneof(
      fc.string({maxLength: 50}),
      fc.constantFrom("2.5", "-0", "0", "1e308", "10", "11", "none", "true", "wrong", "60.000001", "NaN")
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(parameter, value), {maxLength: 6}), (pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const reading = readPermalink(search, fields, defaults);
        for (const field of fields) {
          const first = new URLSearchParams(search).get(field.name);
          const expected = first === null ? undefined : accepts[field.name]!(first);
          expect([field.name, (reading.values as Record<string, unknown>)[field.name]]).toEqual([
            field.name,
            expected === undefined ? (defaults as Record<string, unknown>)[field.name] : expected
          ]);
        }
      }),
      {numRuns: 2000}
    );
  });

  it("refuses a non-integer for a whole-number field, by name", () => {
    for (const raw of ["2.5", "1.5", "4.000001"]) {
      const reading = readPermalink(`?attempts=${raw}`, fields, defaults);
      expect(reading.values.attempts).toBe(4);
      expect(reading.notices).toEqual([
        {parameter: "attempts", value: raw, problem: "must be a whole number from 1 to 10; using the default (4)"}
      ]);
    }
  });

  it("derives one zod check per field from the table", () => {
    expect(checkFieldValue(fields[0]!, 60)).toBeNull();
    expect(checkFieldValue(fields[0]!, 60.5)).toBe("must be a number from 0 to 60 s");
    expect(checkFieldValue(fields[5]!, "x".repeat(41))).toBe("must be text of at most 40 characters");
  });
});

describe("parameters of the page that are not inputs", () => {
  it("names experiment= (nothing reads it) and leaves step and vs to their readers", async () => {
    const {deliveryInputDefaults, deliveryInputFields} = await import("../../lib/delivery/index.js");
    const reading = readPermalink(
      "?experiment=%3Cb%3Ex%3C%2Fb%3E&step=2&vs=baseline&vs.x=1",
      deliveryInputFields,
      deliveryInputDefaults
    );
    expect(reading.notices).toEqual([
      expect.objectContaining({
        parameter: "experiment",
        value: "<b>x</b>",
        problem: expect.stringMatching(/^not an input/)
      })
    ]);
  });
});
