import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {seededRandom} from "../../lib/random/seeded-random.js";
import {backoffSleep, exponentialCeiling} from "../../lib/storm/strategy.js";

const backoffs = fc.record({baseMs: fc.integer({min: 1, max: 5_000}), capMs: fc.integer({min: 1, max: 100_000})});
const failures = fc.integer({min: 1, max: 20});

describe("backoffSleep", () => {
  it("none sleeps base; exponential sleeps v = min(cap, base × 2^n)", () => {
    fc.assert(
      fc.property(backoffs, failures, (backoff, n) => {
        expect(backoffSleep("none", backoff, n, 0, Math.random)).toBe(backoff.baseMs);
        expect(backoffSleep("exponential", backoff, n, 0, Math.random)).toBe(
          Math.min(backoff.capMs, backoff.baseMs * 2 ** n)
        );
      })
    );
    expect(exponentialCeiling({baseMs: 5, capMs: 2_000}, 1)).toBe(10);
  });

  it("full jitter is in [0, v), equal jitter in [v/2, v), and they span them", () => {
    fc.assert(
      fc.property(backoffs, failures, fc.integer({min: 0, max: 2 ** 32 - 1}), (backoff, n, seed) => {
        const random = seededRandom(seed);
        const v = exponentialCeiling(backoff, n);
        const full = Array.from({length: 50}, () => backoffSleep("full", backoff, n, 0, random));
        const equal = Array.from({length: 50}, () => backoffSleep("equal", backoff, n, 0, random));
        for (const sleep of full) expect(sleep >= 0 && sleep < v).toBe(true);
        for (const sleep of equal) expect(sleep >= v / 2 && sleep < v).toBe(true);
        expect(Math.min(...full)).toBeLessThan(v / 2);
      })
    );
  });

  it("decorrelated jitter draws from [base, 3 × previous) and caps it", () => {
    fc.assert(
      fc.property(
        backoffs,
        fc.integer({min: 1, max: 100_000}),
        fc.integer({min: 0, max: 2 ** 32 - 1}),
        (backoff, previous, seed) => {
          const random = seededRandom(seed);
          const sleep = backoffSleep("decorrelated", backoff, 1, previous, random);
          const high = 3 * previous;
          expect(sleep).toBeLessThanOrEqual(backoff.capMs);
          if (high >= backoff.baseMs) expect(sleep).toBeGreaterThanOrEqual(Math.min(backoff.capMs, backoff.baseMs));
          if (backoff.capMs > high) expect(sleep).toBeLessThanOrEqual(Math.max(high, backoff.baseMs));
        }
      )
    );
  });
});
