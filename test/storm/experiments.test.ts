import {describe, expect, it} from "vitest";
import {stormExperiments} from "../../lib/storm/experiments.js";
import {stormLessonDefaults, stormLessonFields} from "../../lib/storm/fields.js";
import {runStormLesson} from "../../lib/storm/lesson.js";
import {checkFieldValue} from "../../lib/lesson-inputs/fields.js";

const SEEDS = [1, 2, 3, 7, 42];
const runOf = (overrides: object, seed: number) => runStormLesson({...stormLessonDefaults, ...overrides, seed}).run;

describe("lesson 5's experiments", () => {
  it("have unique ids and overrides every field accepts", () => {
    expect(new Set(stormExperiments.map((experiment) => experiment.id)).size).toBe(stormExperiments.length);
    for (const experiment of stormExperiments) {
      for (const [name, value] of Object.entries(experiment.overrides)) {
        const field = stormLessonFields.find((row) => row.name === name);
        expect(field, `${experiment.id}: ${name}`).toBeDefined();
        expect(checkFieldValue(field!, value)).toBeNull();
      }
    }
  });

  it.each(stormExperiments.map((experiment) => [experiment.id, experiment] as const))(
    "%s shows its effect on every seed tried, and its answer is a guess the reader can type",
    (_, experiment) => {
      for (const seed of SEEDS) {
        const run = runOf(experiment.overrides, seed);
        expect(experiment.shows(run), `seed ${seed}`).toBe(true);
        const answer = experiment.prediction.answer(run);
        if (experiment.prediction.kind === "number") {
          expect(Number.isInteger(answer)).toBe(true);
          expect(answer as number).toBeLessThanOrEqual(experiment.prediction.max);
        }
      }
    }
  );

  it("each experiment's check tells it apart from the others: no other experiment's run passes it", () => {
    for (const experiment of stormExperiments) {
      for (const other of stormExperiments.filter((one) => one !== experiment)) {
        expect(experiment.shows(runOf(other.overrides, 1)), `${experiment.id} on ${other.id}'s run`).toBe(false);
      }
    }
  });

  it("the herd is worse than full jitter on the lesson's defaults: slower to drain and more work", () => {
    for (const seed of SEEDS) {
      const herd = runOf({}, seed).totals;
      const full = runOf({strategy: "full"}, seed).totals;
      expect(herd.drainedAtMs).toBeGreaterThan(2 * full.drainedAtMs);
      expect(herd.attempts).toBeGreaterThan(full.attempts);
    }
  });
});

describe("checkStormInputs", () => {
  it("lowers the max attempts to fit the attempt budget, and says so", async () => {
    const {checkStormInputs, MAX_ATTEMPT_BUDGET} = await import("../../lib/storm/fields.js");
    const {values, refused} = checkStormInputs({senders: 100_000, updatesPerSender: 10, maxAttemptsPerUpdate: 20});
    expect(values.maxAttemptsPerUpdate).toBe(2);
    expect(values.senders * values.updatesPerSender * values.maxAttemptsPerUpdate).toBeLessThanOrEqual(
      MAX_ATTEMPT_BUDGET
    );
    expect(refused).toEqual([
      expect.objectContaining({
        field: "maxAttemptsPerUpdate",
        value: "20",
        fallback: "2",
        problem: expect.stringContaining("100,000 × 10 × 20 = 20,000,000")
      })
    ]);
    // At the budget exactly, nothing is refused.
    expect(checkStormInputs({senders: 100_000, updatesPerSender: 2, maxAttemptsPerUpdate: 10}).refused).toEqual([]);
  });
});
