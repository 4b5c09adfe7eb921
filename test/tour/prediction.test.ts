import {describe, expect, it} from "vitest";
import {
  describeAnswer,
  judgePrediction,
  readGuess,
  type ChoicePrediction,
  type NumberPrediction
} from "../../lib/tour/prediction.js";

const count: NumberPrediction<{effects: number}> = {
  kind: "number",
  question: "How many effects?",
  units: ["effect", "effects"],
  max: 40,
  answer: (run) => run.effects
};
const pick: ChoicePrediction<{winner: string}> = {
  kind: "choice",
  question: "Who wins?",
  choices: [
    {value: "a", label: "Agent A"},
    {value: "b", label: "Agent B"}
  ],
  answer: (run) => run.winner
};

describe("a reader's guess", () => {
  it("is a whole number within the prediction's bounds, spaces around it allowed", () => {
    expect(readGuess(count, "8")).toEqual({ok: true, guess: 8});
    expect(readGuess(count, " 40 ")).toEqual({ok: true, guess: 40});
    expect(readGuess(count, "0")).toEqual({ok: true, guess: 0});
  });

  it.each(["", "  ", "41", "-1", "2.5", "1e3", "eight", "0x10", "Infinity", "NaN", "１２"])(
    "refuses %j with what is accepted",
    (text) => {
      const reading = readGuess(count, text);
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(reading.problem).toMatch(/whole number from 0 to 40/);
    }
  );

  it("names a refused text as text, shortened", () => {
    const reading = readGuess(count, `<b>${"9".repeat(100)}</b>`);
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.problem).toContain("“<b>");
      expect(reading.problem.length).toBeLessThan(120);
    }
  });

  it("for a choice, is one of the values offered", () => {
    expect(readGuess(pick, "b")).toEqual({ok: true, guess: "b"});
    expect(readGuess(pick, null)).toEqual({ok: false, problem: "Choose one answer first."});
    expect(readGuess(pick, "c").ok).toBe(false);
  });
});

describe("an answer in words", () => {
  it("counts with the unit's number, and names a choice by its label", () => {
    expect(describeAnswer(count, 1)).toBe("1 effect");
    expect(describeAnswer(count, 0)).toBe("0 effects");
    expect(describeAnswer(count, 8)).toBe("8 effects");
    expect(describeAnswer(pick, "a")).toBe("Agent A");
  });
});

describe("judging a prediction", () => {
  it("reads the answer from the run, and matches only the same value", () => {
    expect(judgePrediction(count, 8, {effects: 8})).toEqual({actual: 8, matches: true});
    expect(judgePrediction(count, 4, {effects: 8})).toEqual({actual: 8, matches: false});
    expect(judgePrediction(pick, "a", {winner: "b"})).toEqual({actual: "b", matches: false});
  });
});
