import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {joinQuery, readPermalink} from "../../lib/lesson-inputs/permalink.js";
import {
  movePosition,
  readDeckPosition,
  readTourPosition,
  TOUR_START,
  withDeckPosition,
  withTourPosition,
  type TourPosition
} from "../../lib/tour/position.js";

const STEPS = 8;

describe("the step in the link", () => {
  it("is absent at the start, 1-based for a step, and 'recap' for the recap", () => {
    expect(readTourPosition("", STEPS)).toEqual({position: TOUR_START, notices: []});
    expect(readTourPosition("?step=1", STEPS).position).toEqual({kind: "step", index: 0});
    expect(readTourPosition("?a=1&step=8", STEPS).position).toEqual({kind: "step", index: 7});
    expect(readTourPosition("?step=recap", STEPS).position).toEqual({kind: "recap"});
  });

  it.each(["0", "9", "2.5", "-1", "", "01e1", "Recap", "<script>", "%F0", "1".repeat(20)])(
    "step=%j names no step: a notice, and the start",
    (value) => {
      const reading = readTourPosition(`?step=${encodeURIComponent(value)}`, STEPS);
      expect(reading.position).toEqual(TOUR_START);
      expect(reading.notices).toHaveLength(1);
      expect(reading.notices[0]!.parameter).toBe("step");
      expect(reading.notices[0]!.problem).toContain("from 1 to 8");
    }
  );

  it("given twice, keeps the first and says so", () => {
    const reading = readTourPosition("?step=2&step=5", STEPS);
    expect(reading.position).toEqual({kind: "step", index: 1});
    expect(reading.notices.map((notice) => notice.problem)).toEqual(["given more than once; the first value is used"]);
  });

  const positions: fc.Arbitrary<TourPosition> = fc.oneof(
    fc.constant(TOUR_START),
    fc.constant({kind: "recap"} as const),
    fc.integer({min: 0, max: STEPS - 1}).map((index) => ({kind: "step", index}) as const)
  );

  it("round-trips every position, and leaves the other parameters as they were", () => {
    fc.assert(
      fc.property(
        positions,
        fc.dictionary(
          fc.constantFrom("senderTimeoutSeconds", "vs", "vs.credential", "example"),
          fc.string({maxLength: 8})
        ),
        (position, others) => {
          const search = `?${new URLSearchParams(others)}`;
          const written = withTourPosition(search, position);
          expect(readTourPosition(written, STEPS)).toEqual({position, notices: []});
          const kept = new URLSearchParams(written);
          kept.delete("step");
          expect([...kept]).toEqual([...new URLSearchParams(others)]);
        }
      )
    );
  });

  it("moves one step at a time, from the start to the recap and no further", () => {
    let position: TourPosition = TOUR_START;
    const visited: string[] = [];
    for (let i = 0; i < STEPS + 3; i++) visited.push(JSON.stringify((position = movePosition(position, 1, STEPS))));
    expect(position).toEqual({kind: "recap"});
    expect(new Set(visited).size).toBe(STEPS + 1);
    expect(movePosition({kind: "step", index: 0}, -1, STEPS)).toEqual(TOUR_START);
    expect(movePosition(TOUR_START, -1, STEPS)).toEqual(TOUR_START);
    expect(movePosition({kind: "recap"}, -1, STEPS)).toEqual({kind: "step", index: STEPS - 1});
  });

  it("is not a lesson input: no notice for it, and an input writer keeps it", () => {
    expect(readPermalink("?step=3", [], {}).notices).toEqual([]);
    expect(joinQuery("?step=3&old=1", "?credential=wrong", "vs=baseline")).toBe("?credential=wrong&vs=baseline&step=3");
    expect(joinQuery("?old=1", "", "")).toBe("");
  });
});

describe("the class deck in the link", () => {
  it("is closed without present=, and opens at the title, a step or the recap", () => {
    const every = Array.from({length: STEPS}, (_, index) => index);
    expect(readDeckPosition("?step=3", STEPS)).toEqual({position: null, order: every, notices: []});
    expect(readDeckPosition("?present=title", STEPS)).toEqual({position: TOUR_START, order: every, notices: []});
    expect(readDeckPosition("?present=", STEPS)).toEqual({position: TOUR_START, order: every, notices: []});
    expect(readDeckPosition("?present=4", STEPS).position).toEqual({kind: "step", index: 3});
    expect(readDeckPosition("?present=recap", STEPS).position).toEqual({kind: "recap"});
  });

  it.each(["0", "9", "Title", "<b>x</b>", "1".repeat(30)])(
    "present=%j names no slide: a notice naming present, and the title slide",
    (value) => {
      const reading = readDeckPosition(`?present=${encodeURIComponent(value)}`, STEPS);
      expect(reading.position).toEqual(TOUR_START);
      expect(reading.notices).toHaveLength(1);
      expect(reading.notices[0]).toMatchObject({parameter: "present"});
      expect(reading.notices[0]!.problem).toContain('from 1 to 8, "title" or "recap"');
    }
  );

  it("is written and removed without touching the other parameters, and an input writer keeps it", () => {
    const every = {order: Array.from({length: STEPS}, (_, index) => index), stepCount: STEPS};
    expect(withDeckPosition("?a=1&step=2", {position: {kind: "step", index: 1}, ...every})).toBe(
      "?a=1&step=2&present=2"
    );
    expect(withDeckPosition("?a=1&present=2", {position: TOUR_START, ...every})).toBe("?a=1&present=title");
    expect(withDeckPosition("?a=1&present=2&steps=1,2", null)).toBe("?a=1");
    expect(joinQuery("?present=recap&old=1", "?a=2")).toBe("?a=2&present=recap");
  });

  it("is not reported as an unknown input", () => {
    expect(readPermalink("?present=3&steps=1,3", [], {}).notices).toEqual([]);
  });
});

describe("a class plan's subset of steps (steps=)", () => {
  it("shows the listed steps in the listed order, and present= counts the deck's own steps", () => {
    expect(readDeckPosition("?present=1&steps=1,3,5", STEPS)).toEqual({
      position: {kind: "step", index: 0},
      order: [0, 2, 4],
      notices: []
    });
    expect(readDeckPosition("?present=2&steps=5,1", STEPS).order).toEqual([4, 0]);
    expect(readDeckPosition("?present=recap&steps=2", STEPS).position).toEqual({kind: "recap"});
    // Step 3 of a two-step deck names no slide.
    const beyond = readDeckPosition("?present=3&steps=1,3", STEPS);
    expect(beyond.position).toEqual(TOUR_START);
    expect(beyond.notices[0]!.problem).toContain("from 1 to 2");
  });

  it("leaves out what names no step, or a step given twice, with a notice; none at all shows every step", () => {
    const some = readDeckPosition("?present=1&steps=1,x,1,99,4", STEPS);
    expect(some.order).toEqual([0, 3]);
    expect(some.notices).toEqual([
      {
        parameter: "steps",
        value: "x,1,99",
        problem: "left out: the list must hold step numbers from 1 to 8, each once, separated by commas"
      }
    ]);
    const none = readDeckPosition("?present=1&steps=%3Cb%3E", STEPS);
    expect(none.order).toEqual(Array.from({length: STEPS}, (_, index) => index));
    expect(none.notices[0]).toMatchObject({parameter: "steps", value: "<b>"});
  });

  it("is written back only when it is a subset or another order", () => {
    expect(withDeckPosition("", {position: {kind: "step", index: 1}, order: [0, 2], stepCount: STEPS})).toBe(
      "?present=2&steps=1%2C3"
    );
    expect(withDeckPosition("", {position: {kind: "recap"}, order: [0, 1, 2, 3, 4, 5, 6, 7], stepCount: STEPS})).toBe(
      "?present=recap"
    );
  });

  it("a parameter repeated thousands of times is one notice", () => {
    const search = `?present=1&steps=1,2${"&present=2".repeat(5000)}${"&steps=3".repeat(3000)}`;
    const reading = readDeckPosition(search, STEPS);
    expect(reading.notices.map((notice) => notice.problem)).toEqual([
      "given more than once (3,001 times); the first value is used",
      "given more than once (5,001 times); the first value is used"
    ]);
  });
});
