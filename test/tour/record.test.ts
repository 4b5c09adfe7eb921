import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  forgetStep,
  parseTourRecord,
  recordReveal,
  scoreTour,
  serializeTourRecord,
  type TourRecord,
  mergeTourRecord
} from "../../lib/tour/record.js";

const revealed = fc.record({
  guess: fc.oneof(fc.nat(), fc.string({maxLength: 20})),
  actual: fc.oneof(fc.nat(), fc.string({maxLength: 20})),
  matches: fc.boolean()
});

describe("the predictions kept for the tab", () => {
  it("round-trip through their stored text", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({minLength: 1, maxLength: 20}), revealed, {maxKeys: 20}), (record) => {
        expect(parseTourRecord(serializeTourRecord(record))).toEqual({record, dropped: []});
      })
    );
  });

  it("from nothing stored, is empty with nothing to say", () => {
    expect(parseTourRecord(null)).toEqual({record: {}, dropped: []});
  });

  it.each(["", "not json", "[]", "null", "42", '"text"', "x".repeat(200_000)])(
    "read from %j, a text that is no record is dropped, and said so",
    (text) => {
      const reading = parseTourRecord(text);
      expect(reading.record).toEqual({});
      expect(reading.dropped).toHaveLength(1);
      expect(reading.dropped[0]).toMatch(/^the whole record/);
    }
  );

  it("drops only the steps it cannot read, each named", () => {
    const good = {guess: 4, actual: 8, matches: false};
    const text = JSON.stringify({
      a: good,
      b: {guess: 1},
      c: {guess: -1, actual: 1, matches: true},
      d: {...good, extra: 1},
      "<img>": good
    });
    const reading = parseTourRecord(text);
    expect(reading.record).toEqual({a: good, "<img>": good});
    expect(reading.dropped.map((text) => /“(.*)”/.exec(text)?.[1])).toEqual(["b", "c", "d"]);
  });

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

describe("two tabs of one lesson (mergeTourRecord)", () => {
  const a = {guess: 8, actual: 8, matches: true};
  const b = {guess: 3, actual: 4, matches: false};
  const c = {guess: "once", actual: "more", matches: false};

  it("keeps what another tab revealed since this one read the record", () => {
    // This tab read {}, revealed step-a; meanwhile the other tab stored step-b.
    expect(mergeTourRecord({"step-b": b}, {}, {"step-a": a})).toEqual({"step-a": a, "step-b": b});
  });

  it("takes this tab's change for the steps it changed, and forgets only what it forgot", () => {
    expect(mergeTourRecord({"step-a": a, "step-b": b}, {"step-a": a}, {"step-a": c})).toEqual({
      "step-a": c,
      "step-b": b
    });
    expect(mergeTourRecord({"step-a": a, "step-b": b}, {"step-a": a, "step-b": b}, {"step-b": b})).toEqual({
      "step-b": b
    });
  });
});
