/**
 * How long a sender sleeps after a failed attempt, under the five strategies of AWS's
 * "Exponential Backoff And Jitter" (Marc Brooker, AWS Architecture Blog, 2015) as its
 * simulator implements them (aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py):
 *
 *   none          the fixed interval `base` (the AWS simulator's NoBackoff sleeps 0; lesson 5's
 *                 storm gives it a fixed interval, and the AWS reproduction passes base 0)
 *   exponential   v = min(cap, base × 2^n)                  (ExpoBackoff)
 *   full          U(0, v)                                   (ExpoBackoffFullJitter)
 *   equal         v/2 + U(0, v/2)                           (ExpoBackoffEqualJitter)
 *   decorrelated  min(cap, U(base, 3 × previous sleep)), the previous sleep starting at base
 *                                                            (ExpoBackoffDecorr)
 *
 * n counts the failed attempts so far: the simulator increments its attempt counter before it
 * asks for a backoff, so the first sleep is for n = 1 (2 × base). Lesson 1's teaching sender
 * waits initial × 2^(n−1) instead (lib/delivery/retry.ts); the difference is one doubling.
 */
export const STORM_STRATEGIES = ["none", "exponential", "full", "equal", "decorrelated"] as const;
export type StormStrategy = (typeof STORM_STRATEGIES)[number];

export const STRATEGY_LABELS: Readonly<Record<StormStrategy, string>> = {
  none: "No backoff (fixed interval)",
  exponential: "Exponential, no jitter",
  full: "Full jitter",
  equal: "Equal jitter",
  decorrelated: "Decorrelated jitter"
};

/** The formula of each strategy, as the lesson prints it. */
export const STRATEGY_FORMULAS: Readonly<Record<StormStrategy, string>> = {
  none: "base",
  exponential: "v = min(cap, base × 2ⁿ)",
  full: "U(0, v)",
  equal: "v/2 + U(0, v/2)",
  decorrelated: "min(cap, U(base, 3 × previous sleep))"
};

export interface Backoff {
  baseMs: number;
  capMs: number;
}

/** v = min(cap, base × 2^n): the exponential ceiling after n failed attempts. */
export function exponentialCeiling({baseMs, capMs}: Backoff, failures: number): number {
  return Math.min(capMs, baseMs * 2 ** failures);
}

/**
 * The sleep after the n-th failed attempt (n ≥ 1). `previousSleepMs` is the sleep before this
 * one (base before the first): only decorrelated jitter reads it, and its result is the next
 * call's previous sleep. `random` returns [0, 1).
 */
export function backoffSleep(
  strategy: StormStrategy,
  backoff: Backoff,
  failures: number,
  previousSleepMs: number,
  random: () => number
): number {
  switch (strategy) {
    case "none":
      return backoff.baseMs;
    case "exponential":
      return exponentialCeiling(backoff, failures);
    case "full":
      return random() * exponentialCeiling(backoff, failures);
    case "equal": {
      const ceiling = exponentialCeiling(backoff, failures);
      return ceiling / 2 + random() * (ceiling / 2);
    }
    case "decorrelated": {
      const low = backoff.baseMs;
      return Math.min(backoff.capMs, low + random() * (previousSleepMs * 3 - low));
    }
  }
}
