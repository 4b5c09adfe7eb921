import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {stormLessonDefaults} from "../../lib/storm/fields.js";
import {simulateStorm} from "../../lib/storm/simulate.js";
import {stormConfigs} from "./storm-configs.js";
import {
  MAX_CHART_BUCKETS,
  MAX_COMPLETION_BARS,
  MAX_HISTORY_STRETCHES,
  summarizeStorm
} from "../../lib/storm/summary.js";

const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

// Longer outages and caps than the simulator's tests: the summary's buckets and stretches span more.
const configs = stormConfigs({
  receiverUnavailableUntilSeconds: fc.integer({min: 0, max: 30}),
  capMs: fc.integer({min: 1, max: 60_000})
});

describe("summarizeStorm", () => {
  it("keeps every request and update the run counted, in few enough buckets and bars", () => {
    fc.assert(
      fc.property(configs, (config) => {
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
        expect(load.startSeconds.length * load.bucketMs).toBeGreaterThanOrEqual(
          config.receiverUnavailableUntilSeconds * 1000
        );

        expect(completion.counts.length).toBeLessThanOrEqual(MAX_COMPLETION_BARS);
        expect(total(completion.counts)).toBe(totals.acknowledgedUpdates);
        expect(total(completion.byAttempts)).toBe(totals.updates);
        if (totals.acknowledgedUpdates > 0) {
          expect(completion.p50Ms!).toBeLessThanOrEqual(completion.p90Ms!);
          expect(completion.p90Ms!).toBeLessThanOrEqual(completion.p99Ms!);
          expect(completion.p99Ms!).toBeLessThanOrEqual(completion.maxMs!);
        } else expect(completion).toMatchObject({p50Ms: null, maxMs: null});

        // One more stretch where the outage ends, the recovery and the drain.
        expect(history.length).toBeLessThanOrEqual(MAX_HISTORY_STRETCHES + 3);
        // In time order, and at one moment the stretch that ends there before the recovery, the drain last.
        const rank = {recovery: 1, drained: 2} as Record<string, number>;
        for (let index = 1; index < history.length; index++) {
          const [before, after] = [history[index - 1]!, history[index]!];
          expect(
            before.atSeconds < after.atSeconds ||
              (before.atSeconds === after.atSeconds && (rank[before.kind] ?? 0) <= (rank[after.kind] ?? 0)),
            `${before.title} then ${after.title}`
          ).toBe(true);
        }
        // Last, but for the receiver's recovery when every sender had given up before it.
        expect(history.filter((step) => step.kind !== "recovery").at(-1)!.kind).toBe("drained");
        const counted = history
          .filter((step) => step.kind !== "recovery" && step.kind !== "drained")
          .map((step) => Number(step.title.match(/: ([\d,]+) requests?/)![1]!.replace(/,/g, "")));
        expect(total(counted)).toBe(totals.attempts);
      }),
      {numRuns: 60}
    );
  });

  it("percentiles are nearest-rank over the acknowledged updates, to the resolution step", () => {
    fc.assert(
      fc.property(configs, (config) => {
        const run = simulateStorm(config);
        const {completion} = summarizeStorm(run);
        const sorted = Array.from(run.completionMs)
          .filter((ms) => ms >= 0)
          .sort((a, b) => a - b);
        const rank = (share: number) => sorted[Math.max(1, Math.ceil(share * sorted.length)) - 1]!;
        const step = (ms: number) =>
          Math.floor(ms / completion.percentileResolutionMs) * completion.percentileResolutionMs;
        if (sorted.length === 0) return;
        expect([completion.p50Ms, completion.p90Ms, completion.p99Ms]).toEqual([
          step(rank(0.5)),
          step(rank(0.9)),
          step(rank(0.99))
        ]);
        expect(completion.maxMs).toBe(sorted.at(-1));
      }),
      {numRuns: 40}
    );
  });

  it("counts percentiles in at most 100,000 steps, however long the longest completion", () => {
    // A storm that takes hours: one counter per millisecond would be 150 MB.
    const run = simulateStorm({
      ...stormLessonDefaults,
      senders: 10,
      updatesPerSender: 10,
      capacityPerSecond: 1,
      receiverUnavailableUntilSeconds: 600,
      latencyMs: 10_000,
      baseMs: 60_000,
      capMs: 300_000,
      maxAttemptsPerUpdate: 20
    });
    const {completion} = summarizeStorm(run);
    expect(completion.maxMs!).toBeGreaterThan(10_000_000);
    expect(Math.ceil((completion.maxMs! + 1) / completion.percentileResolutionMs)).toBeLessThanOrEqual(100_000);
  });

  it("on a storm without refusals every update takes one round trip", () => {
    const summary = summarizeStorm(
      simulateStorm({...stormLessonDefaults, capacityPerSecond: 100_000, receiverUnavailableUntilSeconds: 0})
    );
    expect(summary.completion.p99Ms!).toBeLessThanOrEqual(2 * stormLessonDefaults.latencyMs);
    expect(summary.completion.p50Ms!).toBeGreaterThan(stormLessonDefaults.latencyMs * 0.8);
    expect(summary.completion.byAttempts[0]).toBe(1_000);
    expect(summary.history.some((step) => step.kind === "recovery")).toBe(false);
  });

  it("says when the receiver is back, and tells no stretch across it: the outage's refusals are never called excess", () => {
    for (const config of [
      stormLessonDefaults,
      {...stormLessonDefaults, strategy: "full" as const, capacityPerSecond: 5_000}
    ]) {
      const {history} = summarizeStorm(simulateStorm(config));
      expect(history.find((step) => step.kind === "recovery")).toMatchObject({
        atSeconds: 5,
        title: "5 s: the receiver is back"
      });
      // The stretch the outage ends with is read before the receiver comes back.
      const recovery = history.findIndex((step) => step.kind === "recovery");
      expect(history[recovery - 1]!.title).toMatch(/ to 5 s: /);
      const stretches = history.filter((step) => step.kind !== "recovery" && step.kind !== "drained");
      const from = (step: (typeof history)[number]) =>
        Number(step.title.match(/^([\d.,]+) s to/)![1]!.replace(/,/g, ""));
      expect(
        stretches.every((step) => from(step) >= 5 || step.atSeconds <= 5),
        "a stretch crosses the outage's end"
      ).toBe(true);
      for (const step of stretches.filter((one) => one.kind !== "outage")) expect(step.detail).not.toContain("down");
    }
  });
});
