import type {BenchCase} from "./harness.js";
import {evenlySpacedUpdates, simulateDelivery} from "../lib/delivery/index.js";

/**
 * simulateDelivery: the baseline, then 10 to 10,000 updates (spaced like the
 * lesson's, baseline policy, so two attempts each) to show how time grows with
 * the number of updates n. Each update pushes and pops about five events on a
 * binary heap, so the work is O(n log n); the runs include validating the
 * update list. The trace's sentences are worded on first read, so the
 * "reading the trace" cases show that cost separately.
 */
const updateCounts = [10, 100, 1_000, 10_000] as const;

const samplesFor = (count: number): number => (count >= 10_000 ? 20 : count >= 1_000 ? 50 : 200);

export const deliveryBenchCases: BenchCase[] = [
  {name: "simulateDelivery, baseline (4 updates)", run: () => simulateDelivery()},
  {name: "simulateDelivery, baseline, reading the trace", run: () => simulateDelivery().decisions},
  ...updateCounts.map((count): BenchCase => {
    const updates = evenlySpacedUpdates(count);
    return {
      name: `simulateDelivery, ${count.toLocaleString("en-US")} updates`,
      run: () => simulateDelivery({updates}),
      samples: samplesFor(count)
    };
  }),
  ...updateCounts.map((count): BenchCase => {
    const updates = evenlySpacedUpdates(count);
    return {
      name: `simulateDelivery, ${count.toLocaleString("en-US")} updates, reading the trace`,
      run: () => simulateDelivery({updates}).decisions,
      samples: samplesFor(count)
    };
  }),
  {
    name: "simulateDelivery, 1,000 updates, every attempt times out (20 attempts each)",
    run: () =>
      simulateDelivery({updates: evenlySpacedUpdates(1_000), maxAttemptsPerUpdate: 20, responseDelaySeconds: 5}),
    samples: 20
  }
];
