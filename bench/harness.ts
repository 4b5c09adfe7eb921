/**
 * A tiny benchmark harness: runs a case until enough samples are collected and
 * reports the median. Benchmarks print figures; they never fail on timing.
 */
export interface BenchCase {
  /** What is measured, e.g. "simulateDelivery, baseline". */
  name: string;
  /** One unit of work. Its return value is kept so the work is not optimised away. */
  run: () => unknown;
  /** How many timed samples to take (default 200). */
  samples?: number;
}

export interface BenchResult {
  name: string;
  samples: number;
  medianMicroseconds: number;
  p90Microseconds: number;
}

const WARM_UP_MS = 250;

// Written after every run so engines cannot drop the measured work as unused.
// biome-ignore lint/correctness/noUnusedVariables: written so engines keep the measured work; never read
let sink: unknown;

export function measure(benchCase: BenchCase): BenchResult {
  const samples = benchCase.samples ?? 200;
  // Warm up for a number of runs and at least a quarter second: a microsecond-scale case needs
  // thousands of calls before V8 has optimised it, and the figures are about the steady state.
  const warmup = Math.min(50, samples);
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let i = 0; i < warmup || performance.now() < warmUntil; i++) sink = benchCase.run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    sink = benchCase.run();
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return {
    name: benchCase.name,
    samples,
    medianMicroseconds: times[Math.floor(samples / 2)]!,
    p90Microseconds: times[Math.floor(samples * 0.9)]!
  };
}

export function formatMicroseconds(us: number): string {
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}
