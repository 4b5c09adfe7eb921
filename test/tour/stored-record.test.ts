/**
 * Predictions read back from sessionStorage (issue #23 item 9): a value is shown only once it
 * is one its step could have produced; anything else is left out and named in the lesson's own
 * words, never quoted raw.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  quoteStoredText,
  readStoredTourRecord,
  serializeTourRecord,
  type ChoicePrediction,
  type NumberPrediction,
  type RevealedPrediction
} from "../../lib/tour/index.js";

const count: NumberPrediction<unknown> = {
  kind: "number",
  question: "How many effects?",
  units: ["effect", "effects"],
  max: 40,
  answer: () => 0
};
const pick: ChoicePrediction<unknown> = {
  kind: "choice",
  question: "Who wins?",
  choices: [
    {value: "a", label: "Agent A"},
    {value: "b", label: "Agent B"}
  ],
  answer: () => "a"
};
const steps = [
  {id: "count", title: "Counting effects", prediction: count},
  {id: "pick", title: "Picking a winner", prediction: pick}
];
const RLO = "\u202E";

const read = (stored: Record<string, unknown>) => readStoredTourRecord(JSON.stringify(stored), steps);
const good = {count: {guess: 4, actual: 8, matches: false}, pick: {guess: "b", actual: "b", matches: true}};

describe("stored predictions are checked against their step", () => {
  it("keeps what each step could have produced, and says nothing", () => {
    expect(read(good)).toEqual({record: good, dropped: []});
    expect(read({count: {guess: 0, actual: 40, matches: false}})).toEqual({
      record: {count: {guess: 0, actual: 40, matches: false}},
      dropped: []
    });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "a number step holding a text",
      {count: {guess: "banana", actual: 8, matches: false}},
      /^step 1, “Counting effects” \(the stored prediction is not a whole number from 0 to 40\)$/
    ],
    [
      "a number step holding a digit text",
      {count: {guess: "8", actual: 8, matches: false}},
      /the stored prediction is not a whole number/
    ],
    [
      "a number beyond the step's bounds",
      {count: {guess: 41, actual: 8, matches: false}},
      /the stored prediction is not a whole number from 0 to 40/
    ],
    [
      "a huge whole number",
      {count: {guess: Number.MAX_SAFE_INTEGER, actual: 8, matches: false}},
      /the stored prediction is not a whole number from 0 to 40/
    ],
    [
      "a run's answer beyond the bounds",
      {count: {guess: 4, actual: 9_999_999, matches: false}},
      /the stored run's answer is not a whole number from 0 to 40/
    ],
    [
      "a choice step holding a number",
      {pick: {guess: 1, actual: "a", matches: false}},
      /^step 2, “Picking a winner” \(the stored prediction is not one of the step's answers\)$/
    ],
    [
      "a choice id the step does not offer",
      {pick: {guess: "c", actual: "a", matches: false}},
      /the stored prediction is not one of the step's answers/
    ],
    [
      "a choice id with an RLO",
      {pick: {guess: `${RLO}a`, actual: "a", matches: false}},
      /the stored prediction is not one of the step's answers/
    ],
    [
      "a choice's label instead of its id",
      {pick: {guess: "Agent A", actual: "a", matches: false}},
      /the stored prediction is not/
    ],
    [
      "a verdict the values do not give",
      {pick: {guess: "a", actual: "b", matches: true}},
      /the stored verdict does not follow/
    ],
    [
      "a verdict comparing across kinds",
      {count: {guess: 8, actual: 8, matches: false}},
      /the stored verdict does not follow/
    ]
  ])("leaves out %s, naming the step", (_, stored, named) => {
    const reading = read({...good, ...stored});
    const [stepId] = Object.keys(stored);
    expect(reading.record[stepId!]).toBeUndefined();
    expect(Object.keys(reading.record)).toHaveLength(1);
    expect(reading.dropped).toHaveLength(1);
    expect(reading.dropped[0]).toMatch(named);
  });

  it.each([2.5, -1, 1e21])(
    "leaves out the non-whole number %s: the record's shape already refuses it, and names the step",
    (guess) => {
      const reading = read({...good, count: {guess, actual: 8, matches: false}});
      expect(reading.record).toEqual({pick: good.pick});
      expect(reading.dropped).toEqual([expect.stringMatching(/^step “count” \(not a revealed prediction/)]);
    }
  );

  it("leaves out a step the lesson does not have, naming its key with the RLO escaped", () => {
    const reading = read({...good, [`${RLO}evil`]: {guess: 1, actual: 1, matches: true}});
    expect(reading.record).toEqual(good);
    expect(reading.dropped).toEqual(["step “⟨U+202E⟩evil” (this lesson has no such step)"]);
  });

  it("never quotes a stored value: huge strings and bidi controls do not reach a sentence", () => {
    const huge = "x".repeat(150);
    const hostile = {
      count: {guess: huge, actual: 8, matches: false},
      pick: {guess: `${RLO}${huge}`, actual: "a", matches: false},
      [huge + RLO]: {guess: 1, actual: 1, matches: true}
    };
    const reading = read(hostile);
    expect(reading.record).toEqual({});
    expect(reading.dropped).toHaveLength(3);
    for (const text of reading.dropped) {
      expect(text).not.toContain(RLO);
      expect(text.length).toBeLessThan(120);
      expect(text).not.toContain("x".repeat(41));
    }
  });

  it("keeps exactly what was recorded by the tour itself, for any guess the boxes accept", () => {
    const numbers = fc.integer({min: 0, max: 40});
    const choices = fc.constantFrom("a", "b");
    fc.assert(
      fc.property(numbers, numbers, choices, choices, (g, a, cg, ca) => {
        const record: Record<string, RevealedPrediction> = {
          count: {guess: g, actual: a, matches: g === a},
          pick: {guess: cg, actual: ca, matches: cg === ca}
        };
        expect(readStoredTourRecord(serializeTourRecord(record), steps)).toEqual({record, dropped: []});
      })
    );
  });

  it("whatever the storage holds, only values a step could produce survive", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("count", "pick", "other", RLO),
          fc.record({
            guess: fc.oneof(fc.integer(), fc.string(), fc.double()),
            actual: fc.oneof(fc.integer(), fc.string()),
            matches: fc.boolean()
          })
        ),
        (stored) => {
          const reading = read(stored);
          for (const [stepId, revealed] of Object.entries(reading.record)) {
            if (stepId === "count")
              expect(
                [revealed.guess, revealed.actual].every(
                  (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 40
                )
              ).toBe(true);
            else
              expect(
                stepId === "pick" &&
                  ["a", "b"].includes(revealed.guess as string) &&
                  ["a", "b"].includes(revealed.actual as string)
              ).toBe(true);
          }
          for (const text of reading.dropped) expect(text).not.toContain(RLO);
        }
      )
    );
  });
});

describe("a stored text named in a sentence", () => {
  it("is quoted, shortened to 40 code points, with controls and bidi characters escaped", () => {
    expect(quoteStoredText("plain")).toBe("“plain”");
    expect(quoteStoredText(`a${RLO}b\n\u2066\u200B`)).toBe("“a⟨U+202E⟩b⟨U+000A⟩⟨U+2066⟩⟨U+200B⟩”");
    expect(quoteStoredText("😀".repeat(50))).toBe(`“${"😀".repeat(20)}…”`);
    expect(quoteStoredText("\ud800x")).toBe("“⟨U+D800⟩x”");
  });
});
