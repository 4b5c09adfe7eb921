import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {stormLessonDefaults} from "../../lib/storm/fields.js";
import {CAPACITY_WINDOW_MS, simulateStorm, stormHorizonMs, travelTimes} from "../../lib/storm/simulate.js";
import {stormConfigs, sum} from "./storm-configs.js";

/** Small storms over the whole range of every other input. */
const configs = stormConfigs();

describe("simulateStorm", () => {
  it("accounts for every request and every update", () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulateStorm(config);
        const {totals} = run;
        expect(sum(run.offered)).toBe(totals.attempts);
        expect(sum(run.accepted)).toBe(totals.acceptedAttempts);
        expect(sum(run.attempts)).toBe(totals.attempts);
        expect(totals.acknowledgedUpdates + totals.exhaustedUpdates).toBe(config.senders * config.updatesPerSender);
        // Every accepted request acknowledges its update: answers are never lost here.
        expect(totals.acceptedAttempts).toBe(totals.acknowledgedUpdates);
        expect(sum(run.acknowledged)).toBe(totals.acknowledgedUpdates);
        expect(sum(run.exhausted)).toBe(totals.exhaustedUpdates);
        expect(totals.drainedAtMs).toBeLessThanOrEqual(stormHorizonMs(config));
        // Given up only after the last attempt allowed; acknowledged after at least two trips.
        const wrong = Array.from(run.attempts).findIndex(
          (attempts, update) =>
            attempts < 1 ||
            attempts > config.maxAttemptsPerUpdate ||
            (run.completionMs[update] === -1 ? attempts !== config.maxAttemptsPerUpdate : run.completionMs[update]! < 2)
        );
        expect(
          wrong,
          `update ${wrong}: ${run.attempts[wrong]} attempts, completion ${run.completionMs[wrong]} ms`
        ).toBe(-1);
      }),
      {numRuns: 150}
    );
  });

  it("accepts nothing during the outage and at most its capacity in any 100 ms window after it", () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulateStorm(config);
        const outageEndsMs = config.receiverUnavailableUntilSeconds * 1000;
        const binsPerWindow = CAPACITY_WINDOW_MS / run.binMs;
        expect(sum(run.accepted.subarray(0, Math.floor(outageEndsMs / run.binMs)))).toBe(0);
        if (!Number.isInteger(binsPerWindow)) {
          // Bins wider than a window: at most the capacity of the windows they hold.
          for (const accepted of run.accepted)
            expect(accepted).toBeLessThanOrEqual(Math.ceil((config.capacityPerSecond * run.binMs) / 1000) + 1);
          return;
        }
        // Only up to the drain: the bins past it are empty.
        const windows = Math.ceil((run.totals.drainedAtMs + 1) / CAPACITY_WINDOW_MS);
        const over = Array.from({length: windows}, (_, window) => window).find((window) => {
          const tokens =
            Math.floor((config.capacityPerSecond * (window + 1)) / 10) -
            Math.floor((config.capacityPerSecond * window) / 10);
          return sum(run.accepted.subarray(window * binsPerWindow, (window + 1) * binsPerWindow)) > tokens;
        });
        expect(over, `window ${over} accepted more than its share`).toBeUndefined();
      }),
      {numRuns: 100}
    );
  });

  it("is the same storm for the same seed, and another for another seed", () => {
    const config = {...stormLessonDefaults, strategy: "full" as const};
    const one = simulateStorm(config);
    expect(simulateStorm(config)).toEqual(one);
    expect(simulateStorm({...config, seed: 2}).completionMs).not.toEqual(one.completionMs);
  });

  it("a receiver with room for everyone, no outage: each update is acknowledged on its first attempt", () => {
    const run = simulateStorm({
      ...stormLessonDefaults,
      senders: 500,
      capacityPerSecond: 100_000,
      receiverUnavailableUntilSeconds: 0
    });
    expect(run.totals).toMatchObject({
      attempts: 500,
      acknowledgedUpdates: 500,
      exhaustedUpdates: 0,
      refusedAttempts: 0,
      sleeps: 0
    });
    for (const ms of run.completionMs) expect(ms).toBeLessThanOrEqual(2 * stormLessonDefaults.latencyMs);
  });

  it("an outage no sender outlasts gives every update up, having sent every attempt", () => {
    const run = simulateStorm({
      ...stormLessonDefaults,
      strategy: "none",
      baseMs: 100,
      maxAttemptsPerUpdate: 5,
      receiverUnavailableUntilSeconds: 60
    });
    expect(run.totals).toMatchObject({attempts: 5_000, acknowledgedUpdates: 0, exhaustedUpdates: 1_000, sleeps: 4_000});
  });

  it("without jitter the senders stay in step: the herd after the outage hits harder than under full jitter", () => {
    // A receiver that refuses nearly everything after the outage: exponential's herd comes back whole every wave.
    const exponential = simulateStorm({...stormLessonDefaults, capacityPerSecond: 10});
    const full = simulateStorm({...stormLessonDefaults, capacityPerSecond: 10, strategy: "full"});
    expect(exponential.totals.peakOfferedAfterRecoveryPerSecond).toBeGreaterThan(
      2 * full.totals.peakOfferedAfterRecoveryPerSecond
    );
  });

  it("counts the sleeps the cap cut: decorrelated jitter piles onto a small cap, full jitter never reaches it", () => {
    const config = {
      ...stormLessonDefaults,
      capMs: 2_000,
      receiverUnavailableUntilSeconds: 30,
      maxAttemptsPerUpdate: 20
    };
    const decorrelated = simulateStorm({...config, strategy: "decorrelated"}).totals;
    expect(decorrelated.sleepsAtCap / decorrelated.sleeps).toBeGreaterThan(0.5);
    expect(simulateStorm({...config, strategy: "full"}).totals.sleepsAtCap).toBe(0);
  });

  it("a later update of a sender waits for the one before it", () => {
    const run = simulateStorm({
      ...stormLessonDefaults,
      senders: 10,
      updatesPerSender: 3,
      capacityPerSecond: 100_000,
      receiverUnavailableUntilSeconds: 0
    });
    expect(run.totals.acknowledgedUpdates).toBe(30);
    // One at a time, a second apart: the storm lasts about two seconds past the first second.
    expect(run.totals.drainedAtMs).toBeGreaterThan(2_000);
    expect(run.totals.drainedAtMs).toBeLessThan(3_000 + 2 * stormLessonDefaults.latencyMs);
  });

  it("reports progress up to the last sender", () => {
    const fractions: number[] = [];
    simulateStorm(
      {...stormLessonDefaults, senders: 20_000, capacityPerSecond: 4_000},
      {onProgress: (fraction) => fractions.push(fraction)}
    );
    expect(fractions.length).toBeGreaterThanOrEqual(5);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });
});

describe("travelTimes", () => {
  it("tables |Normal(latency/2, latency/10)| in whole ms within 1..latency, centred on half the latency", () => {
    for (const latency of [2, 7, 100, 10_000]) {
      const table = travelTimes(latency);
      expect(Math.min(...table)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...table)).toBeLessThanOrEqual(latency);
      expect(Math.abs(sum(table) / table.length - latency / 2)).toBeLessThanOrEqual(Math.max(0.5, latency * 0.01));
    }
    // About 68% of the mass within one sd of the mean.
    const table = travelTimes(1_000);
    const withinSd = Array.from(table).filter((ms) => Math.abs(ms - 500) <= 100).length / table.length;
    expect(withinSd).toBeGreaterThan(0.66);
    expect(withinSd).toBeLessThan(0.7);
  });
});
