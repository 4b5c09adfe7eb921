import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkFieldValue, fieldsSchema, type FieldSpec} from "../../lib/lesson-inputs/fields.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";
import * as z from "zod/mini";

const fields: FieldSpec[] = [
  {name: "timeoutSeconds", label: "Timeout", group: "g", kind: "number", min: 0, max: 60, step: 0.5, unit: "s"},
  {name: "deleteAtSeconds", label: "Delete", group: "g", kind: "number", min: 0, max: 100, step: 1, nullLabel: "never"},
  {name: "dedup", label: "Dedup", group: "g", kind: "boolean"},
  {name: "credential", label: "Credential", group: "g", kind: "choice", options: [{value: "matched", label: "Matched"}, {value: "wrong", label: "Wrong"}]},
  {name: "url", label: "URL", group: "g", kind: "text", maxLength: 40}
];
const defaults = {timeoutSeconds: 3, deleteAtSeconds: null, dedup: true, credential: "matched", url: "https://receiver.example/hook"};

describe("permalinks", () => {
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
      dedup: fc.boolean(),
      credential: fc.constantFrom("matched", "wrong"),
      url: fc.string({maxLength: 40})
    });
    fc.assert(fc.property(arbitraryValues, (values) => {
      const reading = readPermalink(writePermalink(values, fields, defaults), fields, defaults);
      expect(reading.notices).toEqual([]);
      expect(reading.values).toEqual(values);
    }), {numRuns: 1000});
  });

  it("reports an out-of-range value by name and keeps the default", () => {
    const reading = readPermalink("?timeoutSeconds=99", fields, defaults);
    expect(reading.values.timeoutSeconds).toBe(3);
    expect(reading.notices).toEqual([{
      parameter: "timeoutSeconds", value: "99",
      problem: "timeoutSeconds must be a number from 0 to 60 s; using the default (3)"
    }]);
  });

  it("rejects malformed numbers, booleans and choices", () => {
    for (const search of ["?timeoutSeconds=1e3", "?timeoutSeconds=0x10", "?timeoutSeconds=", "?timeoutSeconds=Infinity", "?dedup=yes", "?credential=Matched", "?deleteAtSeconds=never"]) {
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
    expect(reading.notices[0]!.problem).toContain("accepted: timeoutSeconds, deleteAtSeconds, dedup, credential, url");
  });

  it("never throws and always yields schema-valid values, whatever the URL says", () => {
    const schema = fieldsSchema(fields);
    fc.assert(fc.property(fc.string({maxLength: 200}), (search) => {
      const reading = readPermalink(search, fields, defaults);
      return z.safeParse(schema, reading.values).success;
    }), {numRuns: 2000});
  });

  it("derives one zod check per field from the table", () => {
    expect(checkFieldValue(fields[0]!, 60)).toBeNull();
    expect(checkFieldValue(fields[0]!, 60.5)).toMatch(/timeoutSeconds/);
    expect(checkFieldValue(fields[4]!, "x".repeat(41))).toBe("url must be text of at most 40 characters");
  });
});
