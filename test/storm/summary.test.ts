import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {stormLessonDefaults} from "../../lib/storm/fields.js";
import {simulateStorm} from "../../lib/storm/simulate.js";
import {STORM_STRATEGIES} from "../../lib/storm/strategy.js";
import {MAX_CHART_BUCKETS, MAX_COMPLETION_BARS, MAX_HISTORY_STEPS, summarizeStorm} from "../../lib/storm/summary.js";

const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

const configs = fc.record({
  senders: fc.integer({min: 10, max: 500}),
  updatesPerSender: fc.integer({min: 1, max: 3}),
  capacityPerSecond: fc.integer({min: 1, max: 2_000}),
  receiverUnavailableUntilSeconds: fc.integer({min: 0, max: 30}),
  strategy: fc.constantFrom(...STORM_STRATEGIES),
  capMs: fc.integer({min: 1, max: 60_000}),
  seed: fc.integer({min: 0, max: 1_000})
}).map((overrides) => ({...stormLessonDefaults, ...overrides}));

describe("summarizeStorm", () => {
  it("keeps every request and update the run counted, in few enough buckets and bars", () => {
    fc.assert(fc.property(configs, (config) => {
      const run = simulateStorm(config);
      const {load, completion, history, totals} = summarizeStorm(run);
      expect(load.startSeconds.length).toBeLessThanOrEqual(MAX_CHART_BUCKETS);
      expect(Math.round((total(load.offeredPerSecond) * load.bucketMs) / 1000)).toBe(totals.attempts);
      expect(Math.round((total(load.acceptedPerSecond) * load.bucketMs) / 1000)).toBe(totals.acceptedAttempts);
      expect(load.acknowledgedSoFar.at(-1)).toBe(totals.acknowledgedUpdates);
      expect(load.exhaustedSoFar.at(-1)).toBe(totals.exhaustedUpdates);
      expect(load.bucketMs % run.binMs).toBe(0);
      // The chart runs past the drain and past the outage's end.
      expect(load.startSeconds.length * load.bucketMs).toBeGreaterThan(totals.drainedAtMs);
      expect(load.startSeconds.length * load.bucketMs).toBeGreaterThanOrEqual(config.receiverUnavailableUntilSeconds * 1000);

      expect(completion.counts.length).toBeLessThanOrEqual(MAX_COMPLETION_BARS);
      expect(total(completion.counts)).toBe(totals.acknowledgedUpdates);
      expect(total(completion.byAttempts)).toBe(totals.updates);
      if (totals.acknowledgedUpdates > 0) {
        expect(completion.p50Ms!).toBeLessThanOrEqual(completion.p90Ms!);
        expect(completion.p90Ms!).toBeLessThanOrEqual(completion.p99Ms!);
        expect(completion.p99Ms!).toBeLessThanOrEqual(completion.maxMs!);
      } else expect(completion).toMatchObject({p50Ms: null, maxMs: null});

      expect(history.length).toBeLessThanOrEqual(MAX_HISTORY_STEPS + 2);
      expect(history.map((step) => step.atSeconds)).toEqual(history.map((step) => step.atSeconds).sort((a, b) => a - b));
      // Last, but for the receiver's recovery when every sender had given up before it.
      expect(history.filter((step) => step.kind !== "recovery").at(-1)!.kind).toBe("drained");
      const counted = history.filter((step) => step.kind !== "recovery" && step.kind !== "drained").map((step) => Number(step.title.match(/: ([\d,]+) requests?/)![1]!.replace(/,/g, "")));
      expect(total(counted)).toBe(totals.attempts);
    }), {numRuns: 60});
  });

  it("percentiles are nearest-rank: on a storm without refusals every update takes one round trip", () => {
    const summary = summarizeStorm(simulateStorm({...stormLessonDefaults, capacityPerSecond: 100_000, receiverUnavailableUntilSeconds: 0}));
    expect(summary.completion.p99Ms!).toBeLessThanOrEqual(2 * stormLessonDefaults.latencyMs);
    expect(summary.completion.p50Ms!).toBeGreaterThan(stormLessonDefaults.latencyMs * 0.8);
    expect(summary.completion.byAttempts[0]).toBe(1_000);
    expect(summary.history.some((step) => step.kind === "recovery")).toBe(false);
  });

  it("says when the receiver is back", () => {
    const {history} = summarizeStorm(simulateStorm(stormLessonDefaults));
    expect(history.find((step) => step.kind === "recovery")).toMatchObject({atSeconds: 5, title: "5 s: the receiver is back"});
  });
});
