import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {forgetStep, parseTourRecord, recordReveal, scoreTour, serializeTourRecord, type TourRecord} from "../../lib/tour/record.js";

const revealed = fc.record({guess: fc.oneof(fc.nat(), fc.string({maxLength: 20})), actual: fc.oneof(fc.nat(), fc.string({maxLength: 20})), matches: fc.boolean()});

describe("the predictions kept for the tab", () => {
  it("round-trip through their stored text", () => {
    fc.assert(fc.property(fc.dictionary(fc.string({minLength: 1, maxLength: 20}), revealed, {maxKeys: 20}), (record) => {
      expect(parseTourRecord(serializeTourRecord(record))).toEqual(record);
    }));
  });

  it.each([null, "", "not json", "[]", "null", "42", '{"a": {"guess": 1}}', '{"a": {"guess": -1, "actual": 1, "matches": true}}', '{"a": {"guess": 1, "actual": 1, "matches": true, "extra": 1}}', "x".repeat(200_000)])(
    "read from %j, a bad text is an empty record",
    (text) => {
      expect(parseTourRecord(text)).toEqual({});
    }
  );

  it("record, forget and score the steps", () => {
    let record: TourRecord = {};
    record = recordReveal(record, "a", {guess: 4, actual: 8, matches: false});
    record = recordReveal(record, "b", {guess: "x", actual: "x", matches: true});
    expect(scoreTour(record, ["a", "b", "c"])).toEqual({revealed: 2, matched: 1});
    record = forgetStep(record, "b");
    expect(scoreTour(record, ["a", "b", "c"])).toEqual({revealed: 1, matched: 0});
    // A step the lesson no longer has is not counted.
    expect(scoreTour(record, ["b", "c"])).toEqual({revealed: 0, matched: 0});
  });
});
