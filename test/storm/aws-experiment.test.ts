import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {AWS_REFERENCE, awsBackoffExperiment, type AwsExperimentResult} from "../../lib/storm/aws-experiment.js";
import {STORM_STRATEGIES, type StormStrategy} from "../../lib/storm/strategy.js";

type Results = Record<StormStrategy, AwsExperimentResult>;

function everyStrategy(clients: number, seed: number, runs: number): Results {
  return Object.fromEntries(
    STORM_STRATEGIES.map((strategy) => [strategy, awsBackoffExperiment({clients, strategy, seed, runs})])
  ) as Results;
}

// Few runs per experiment keep the file fast; the orderings below held at this size for every
// seed tried (100–200 seeds per N), with the margins noted beside the closest ones.
const RUNS_PER_EXPERIMENT = 25;
const seeds = fc.integer({min: 0, max: 4_294_967_295});

describe("awsBackoffExperiment", () => {
  it("is deterministic for a seed and differs for another", () => {
    const options = {clients: 20, strategy: "full", seed: 7, runs: 5} as const;
    expect(awsBackoffExperiment(options)).toEqual(awsBackoffExperiment(options));
    expect(awsBackoffExperiment({...options, seed: 8})).not.toEqual(awsBackoffExperiment(options));
  });

  it("echoes its inputs", () => {
    expect(awsBackoffExperiment({clients: 3, strategy: "equal", seed: 0, runs: 2})).toMatchObject({
      clients: 3,
      strategy: "equal",
      runs: 2
    });
  });

  it("every client succeeds exactly once: writes minus failed writes is the number of clients", () => {
    fc.assert(
      fc.property(
        fc.integer({min: 1, max: 30}),
        fc.constantFrom(...STORM_STRATEGIES),
        seeds,
        fc.integer({min: 1, max: 5}),
        (clients, strategy, seed, runs) => {
          const result = awsBackoffExperiment({clients, strategy, seed, runs});
          expect(result.meanCalls - result.meanFailures).toBeCloseTo(clients, 9);
          expect(result.meanFailures).toBeGreaterThanOrEqual(0);
        }
      ),
      {numRuns: 100}
    );
  });

  it("a lone client never conflicts: one write, done after four network delays", () => {
    const result = awsBackoffExperiment({clients: 1, strategy: "exponential", seed: 3, runs: 50});
    expect(result).toMatchObject({meanCalls: 1, meanFailures: 0});
    // Four messages of |Normal(10, 2)| ms each.
    expect(result.meanCompletionMs).toBeGreaterThan(36);
    expect(result.meanCompletionMs).toBeLessThan(44);
  });

  describe("argument errors are RangeErrors that name the field and what it accepts", () => {
    const valid = {clients: 10, strategy: "full", seed: 1, runs: 1};
    it.each([
      ["clients", 0, "a whole number from 1 to 1000"],
      ["clients", 1001, "a whole number from 1 to 1000"],
      ["clients", 2.5, "a whole number from 1 to 1000"],
      ["clients", "10", "a whole number from 1 to 1000"],
      ["clients", Number.NaN, "a whole number from 1 to 1000"],
      ["runs", 0, "a whole number from 1 to 1000"],
      ["runs", undefined, "a whole number from 1 to 1000"],
      ["seed", -1, "a whole number from 0 to 4294967295"],
      ["seed", 2 ** 32, "a whole number from 0 to 4294967295"],
      ["seed", 0.5, "a whole number from 0 to 4294967295"],
      ["strategy", "linear", `one of "none", "exponential", "full", "equal", "decorrelated"`]
    ])("%s = %s", (field, value, accepted) => {
      const call = () => awsBackoffExperiment({...valid, [field]: value} as never);
      expect(call).toThrow(RangeError);
      expect(call).toThrow(`${field} must be ${accepted}`);
    });

    it("the argument itself must be an object", () => {
      expect(() => awsBackoffExperiment(null as never)).toThrow(RangeError);
    });

    it("the edges are accepted", () => {
      expect(() => awsBackoffExperiment({clients: 1, strategy: "none", seed: 4_294_967_295, runs: 1})).not.toThrow();
      expect(() => awsBackoffExperiment({clients: 1, strategy: "none", seed: 0, runs: 1000})).not.toThrow();
    });
  });

  describe.each([50, 100, 150])("the post's orderings hold for every seed, N = %i", (clients) => {
    it(`writes: none > exponential > decorrelated > equal ${clients <= 100 ? "≥ full" : "≈ full (within 3 %)"}`, () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const calls = (strategy: StormStrategy) => results[strategy].meanCalls;
          const results = everyStrategy(clients, seed, RUNS_PER_EXPERIMENT);
          expect(calls("none")).toBeGreaterThan(calls("exponential"));
          expect(calls("exponential")).toBeGreaterThan(calls("decorrelated"));
          expect(calls("decorrelated")).toBeGreaterThan(calls("equal"));
          // The closest margin, and it narrows as N grows: equal/full is 1.045 (N = 50) and 1.021
          // (N = 100) in AWS_REFERENCE, and 1.004–1.006 at N = 150 in the original simulator (100 runs,
          // seeds 0–2). 25 runs resolve it up to N = 100 (lowest seen over 200 seeds: 1.031, 1.012);
          // at N = 150 they do not (0.999 seen), so there the two only do about the same work.
          if (clients <= 100) expect(calls("equal")).toBeGreaterThanOrEqual(calls("full"));
          else expect(Math.abs(calls("equal") / calls("full") - 1)).toBeLessThanOrEqual(0.03);
        }),
        {numRuns: 4}
      );
    });

    it("completion time: exponential ≥ 4 × equal, equal > full, decorrelated > none", () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const time = (strategy: StormStrategy) => results[strategy].meanCompletionMs;
          const results = everyStrategy(clients, seed, RUNS_PER_EXPERIMENT);
          expect(time("exponential")).toBeGreaterThanOrEqual(4 * time("equal"));
          expect(time("equal")).toBeGreaterThan(time("full"));
          expect(time("decorrelated")).toBeGreaterThan(time("none"));
          if (clients >= 100) {
            // Full and decorrelated jitter finish within a quarter of each other from N = 100
            // (decorrelated/full 0.85–1.01 at N = 100, 0.95–1.12 at N = 150, over 100–200 seeds).
            expect(Math.abs(time("decorrelated") / time("full") - 1)).toBeLessThanOrEqual(0.25);
          } else {
            // At N = 50 they do not: decorrelated finishes about a quarter sooner (0.63–0.92 over 200
            // seeds), in the reference too (2204 ms against 2930 ms, 0.75).
            expect(time("decorrelated")).toBeLessThan(time("full"));
          }
        }),
        {numRuns: 4}
      );
    });
  });

  describe.each([50, 100] as const)(
    "at 100 runs, N = %i, each strategy against full matches AWS_REFERENCE within 10 % (the issue asks 25 %)",
    (clients) => {
      // Computed on first use, not while the file is collected.
      let computed: Results | undefined;
      const reference = AWS_REFERENCE[clients];
      it.each(STORM_STRATEGIES.filter((strategy) => strategy !== "full"))("%s", (strategy) => {
        const ours = (computed ??= everyStrategy(clients, 2015, 100));
        const callsRatio = ours[strategy].meanCalls / ours.full.meanCalls;
        const referenceCallsRatio = reference[strategy].meanCalls / reference.full.meanCalls;
        const timeRatio = ours[strategy].meanCompletionMs / ours.full.meanCompletionMs;
        const referenceTimeRatio = reference[strategy].meanCompletionMs / reference.full.meanCompletionMs;
        // The bar is 25%; at this seed the worst is 3.4% (equal's time at N = 50), so 10% still catches a drift.
        expect(Math.abs(callsRatio / referenceCallsRatio - 1)).toBeLessThanOrEqual(0.1);
        expect(Math.abs(timeRatio / referenceTimeRatio - 1)).toBeLessThanOrEqual(0.1);
      });
    }
  );
});
