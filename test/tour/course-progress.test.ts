/**
 * Course progress read back from localStorage (issue #25 item 6): each lesson's predictions and
 * where the reader left off are checked against the lesson's step outline, the only thing the
 * course home knows of a lesson; anything else is dropped and named, never quoted raw, and no
 * text, however tampered, makes the reading throw.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {courseStepOutlines} from "../../lib/index.js";
import {
  continueAt,
  parseCourseOutline,
  progressKeys,
  PROGRESS_KEY_PREFIX,
  readLessonProgress,
  readStoredPosition,
  stepOutline,
  storedPositionText,
  type ChoicePrediction,
  type LessonOutline,
  type NumberPrediction
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
const outline: LessonOutline = {
  slug: "some-lesson",
  lesson: "some lesson",
  name: "1. Some lesson",
  steps: steps.map(stepOutline)
};
const RLO = "\u202E";
/** Characters that reorder or hide text: none may reach a notice as itself. */
const UNSEEN =
  /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("the keys of the course's progress", () => {
  it("are the lesson's name under one prefix, so forgetting removes every lesson's", () => {
    expect(progressKeys("push delivery")).toEqual({
      record: "a2a-workbench:guided-lesson:push delivery",
      position: "a2a-workbench:guided-lesson-position:push delivery"
    });
    for (const key of Object.values(progressKeys("retry storms")))
      expect(key.startsWith(PROGRESS_KEY_PREFIX)).toBe(true);
  });
});

describe("a step's outline", () => {
  it("keeps what its answer box accepts, and no function", () => {
    expect(stepOutline(steps[0]!)).toEqual({
      id: "count",
      title: "Counting effects",
      prediction: {kind: "number", max: 40}
    });
    expect(stepOutline(steps[1]!)).toEqual({
      id: "pick",
      title: "Picking a winner",
      prediction: {kind: "choice", choices: pick.choices}
    });
    expect(JSON.parse(JSON.stringify(courseStepOutlines()))).toEqual(courseStepOutlines());
  });

  it("round-trips through the course outline's check, and a wrong shape fails loudly", () => {
    const course = courseStepOutlines().map(({lesson, steps: lessonSteps}) => ({
      slug: lesson.replace(/ /g, "-"),
      lesson,
      name: lesson,
      steps: lessonSteps
    }));
    expect(parseCourseOutline(JSON.parse(JSON.stringify(course)))).toEqual(course);
    expect(() =>
      parseCourseOutline([
        {slug: "x", lesson: "x", name: "x", steps: [{id: "a", title: "A", prediction: {kind: "number", max: -1}}]}
      ])
    ).toThrow();
    expect(() => parseCourseOutline({lessons: []})).toThrow();
  });
});

describe("where the reader left off", () => {
  it("is kept as the step's id (or the recap), never the start", () => {
    expect(storedPositionText({kind: "step", index: 1}, steps)).toBe("pick");
    expect(storedPositionText({kind: "recap"}, steps)).toBe("recap");
    expect(storedPositionText({kind: "start"}, steps)).toBeNull();
    expect(storedPositionText({kind: "step", index: 9}, steps)).toBeNull();
  });

  it("is read back by id, so a step added before it does not move the reader", () => {
    expect(readStoredPosition("pick", steps)).toEqual({position: {kind: "step", index: 1}, dropped: []});
    expect(readStoredPosition("pick", [{id: "new"}, ...steps])).toEqual({
      position: {kind: "step", index: 2},
      dropped: []
    });
    expect(readStoredPosition("recap", steps)).toEqual({position: {kind: "recap"}, dropped: []});
    expect(readStoredPosition(null, steps)).toEqual({position: null, dropped: []});
  });

  it.each([
    ["a step this lesson does not have", "gone"],
    ["a step number", "2"],
    ["markup", "<b>x</b>"],
    ["an empty text", ""]
  ])("drops %s and names it quoted as text", (_, text) => {
    const reading = readStoredPosition(text, steps);
    expect(reading.position).toBeNull();
    expect(reading.dropped).toEqual([`where you left off, “${text}” (this lesson has no such step)`]);
  });

  it("writes a bidi override as a token, so it cannot reorder the notice", () => {
    const reading = readStoredPosition(`${RLO}evil`, steps);
    expect(reading.dropped).toEqual(["where you left off, “⟨U+202E⟩evil” (this lesson has no such step)"]);
  });
});

describe("a lesson's progress, read from its two kept texts", () => {
  const record = {count: {guess: 4, actual: 8, matches: false}};

  it("counts the steps predicted and keeps where the reader was", () => {
    const progress = readLessonProgress(outline, JSON.stringify(record), "pick");
    expect(progress).toMatchObject({record, done: 1, position: {kind: "step", index: 1}, dropped: []});
    expect(continueAt(progress)).toEqual({kind: "step", index: 1});
  });

  it("with nothing kept, has nothing done and continues at step 1", () => {
    const progress = readLessonProgress(outline, null, null);
    expect(progress).toMatchObject({record: {}, done: 0, position: null, dropped: []});
    expect(continueAt(progress)).toEqual({kind: "step", index: 0});
  });

  it("without a position, continues at the first step not predicted, or the recap once all are", () => {
    expect(continueAt(readLessonProgress(outline, JSON.stringify(record), null))).toEqual({kind: "step", index: 1});
    const all = {...record, pick: {guess: "a", actual: "a", matches: true}};
    expect(continueAt(readLessonProgress(outline, JSON.stringify(all), null))).toEqual({kind: "recap"});
  });

  it.each<[string, string, RegExp]>([
    ["text that is not JSON", "not json", /^the whole record \(not JSON\)$/],
    ["JSON of the wrong shape", "[1,2,3]", /^the whole record \(not an object of steps\)$/],
    [
      "a step the lesson does not have",
      JSON.stringify({...record, ghost: {guess: 1, actual: 1, matches: true}}),
      /^step “ghost” \(this lesson has no such step\)$/
    ],
    [
      "a value the step's box could not hold",
      JSON.stringify({...record, pick: {guess: "c", actual: "a", matches: false}}),
      /^step 2, “Picking a winner” \(the stored prediction is not one of the step's answers\)$/
    ],
    [
      "a bidi override in a step's name",
      JSON.stringify({...record, [`${RLO}count`]: {guess: 1, actual: 1, matches: true}}),
      /^step “⟨U\+202E⟩count” \(this lesson has no such step\)$/
    ]
  ])("drops %s, names it, and uses the rest", (_, text, named) => {
    const progress = readLessonProgress(outline, text, "count");
    expect(progress.dropped).toHaveLength(1);
    expect(progress.dropped[0]).toMatch(named);
    expect(progress.position).toEqual({kind: "step", index: 0});
    expect(progress.done).toBe(text.startsWith("{") ? 1 : 0);
  });

  it("never throws, whatever either text holds, and names what it drops without an unseen character", () => {
    const anyText = fc.option(
      fc.oneof(
        fc.string({unit: "binary"}),
        fc.json(),
        fc.constantFrom("recap", "count", "pick", `${RLO}pick`, "null", "{}", "[]")
      ),
      {nil: null}
    );
    fc.assert(
      fc.property(anyText, anyText, (recordText, positionText) => {
        const progress = readLessonProgress(outline, recordText, positionText);
        expect(progress.done).toBeGreaterThanOrEqual(0);
        expect(progress.done).toBeLessThanOrEqual(outline.steps.length);
        for (const text of progress.dropped) expect(UNSEEN.test(text), text).toBe(false);
      }),
      {numRuns: 500}
    );
  });

  it("keeps only values a step could have produced, whatever JSON object the record holds", () => {
    const entry = fc.record({
      guess: fc.oneof(fc.integer(), fc.string()),
      actual: fc.oneof(fc.integer(), fc.string()),
      matches: fc.boolean()
    });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("count", "pick", "other", "__proto__"), entry), (stored) => {
        const progress = readLessonProgress(outline, JSON.stringify(stored), null);
        for (const [id, kept] of Object.entries(progress.record)) {
          expect(["count", "pick"]).toContain(id);
          expect(kept.matches).toBe(Object.is(kept.guess, kept.actual));
        }
      }),
      {numRuns: 300}
    );
  });
});
