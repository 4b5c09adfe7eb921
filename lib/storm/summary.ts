/**
 * What the page draws from a storm, small enough to post from a worker: the receiver's load
 * over time in chart buckets, the updates acknowledged so far, the completion-time
 * distribution, and the run's history as playback decisions. Data in (a StormRun), data out.
 */
import type {Decision} from "../playback/decision.js";
import type {StormConfig} from "./fields.js";
import {binWidthFor, type StormRun, type StormTotals} from "./simulate.js";

/** The most buckets a load chart has; the run's span decides their width. */
export const MAX_CHART_BUCKETS = 240;
/** The most bars of the completion-time distribution. */
export const MAX_COMPLETION_BARS = 48;
/** The most stretches a run's history is told in (besides the recovery and the drain). */
export const MAX_HISTORY_STRETCHES = 24;
/** The finest counts percentiles are read from: to the millisecond while the longest completion is under 100 s. */
export const MAX_PERCENTILE_BINS = 100_000;
/** A herd: the worst 100 ms after the outage brings at least this many times the capacity. */
export const HERD_FACTOR = 3;

export interface LoadSeries {
  bucketMs: number;
  /** Per bucket: its start (s), and requests per second offered to and accepted by the receiver. */
  startSeconds: number[];
  offeredPerSecond: number[];
  acceptedPerSecond: number[];
  /** Per bucket, at its end: updates acknowledged and given up so far. */
  acknowledgedSoFar: number[];
  exhaustedSoFar: number[];
}

export interface CompletionDistribution {
  barMs: number;
  /** Acknowledged updates whose completion time falls in [i × barMs, (i + 1) × barMs). */
  counts: number[];
  /**
   * Completion-time percentiles of the acknowledged updates by nearest rank, ms (null when none
   * was), read to `percentileResolutionMs`: the start of the resolution step that holds the rank.
   */
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  percentileResolutionMs: number;
  /** Updates by the attempts they took: index k holds those that took k + 1. */
  byAttempts: number[];
}

export interface StormSummary {
  config: StormConfig;
  totals: StormTotals;
  /** Attempts per update, on average: the work each delivery cost. */
  attemptsPerUpdate: number;
  load: LoadSeries;
  completion: CompletionDistribution;
  history: Decision[];
}

export function summarizeStorm(run: StormRun): StormSummary {
  const steps = summarizeStormInSteps(run);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** The same summary, yielding between its parts (each a pass over the run), for a worker that reads its messages between steps. */
export function* summarizeStormInSteps(run: StormRun): Generator<void, StormSummary, void> {
  const load = loadSeries(run);
  yield;
  const completion = completionDistribution(run);
  yield;
  const history = stormHistory(run);
  return {
    config: run.config,
    totals: run.totals,
    attemptsPerUpdate: run.totals.attempts / run.totals.updates,
    load,
    completion,
    history
  };
}

/** How many times its capacity the worst 100 ms after the outage brought the receiver. */
export function herdFactor(summary: Pick<StormSummary, "config" | "totals">): number {
  return summary.totals.peakOfferedAfterRecoveryPerSecond / summary.config.capacityPerSecond;
}

/**
 * A whole number of the run's bins, at least the 1-2-5 width that gives `maxBuckets` over
 * `spanMs` (so not always 1-2-5 itself: bins of 2 ms give buckets of 6 ms for a width of 5).
 */
function bucketWidth(binMs: number, spanMs: number, maxBuckets: number): number {
  const width = Math.max(binMs, binWidthFor(spanMs, maxBuckets));
  return Math.ceil(width / binMs) * binMs;
}

/** The run's span on a chart: until it drained, and past the outage's end so recovery shows. */
export function chartSpanMs(run: Pick<StormRun, "config" | "totals">): number {
  return Math.max(run.totals.drainedAtMs + 1, run.config.receiverUnavailableUntilSeconds * 1000 + 1000);
}

export function loadSeries(run: StormRun): LoadSeries {
  const spanMs = chartSpanMs(run);
  const bucketMs = bucketWidth(run.binMs, spanMs, MAX_CHART_BUCKETS);
  const binsPerBucket = bucketMs / run.binMs;
  const buckets = Math.ceil(spanMs / bucketMs);
  const series: LoadSeries = {
    bucketMs,
    startSeconds: [],
    offeredPerSecond: [],
    acceptedPerSecond: [],
    acknowledgedSoFar: [],
    exhaustedSoFar: []
  };
  let acknowledged = 0;
  let exhausted = 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    let offered = 0;
    let accepted = 0;
    for (let bin = bucket * binsPerBucket, end = Math.min(bin + binsPerBucket, run.offered.length); bin < end; bin++) {
      offered += run.offered[bin]!;
      accepted += run.accepted[bin]!;
      acknowledged += run.acknowledged[bin]!;
      exhausted += run.exhausted[bin]!;
    }
    series.startSeconds.push((bucket * bucketMs) / 1000);
    series.offeredPerSecond.push((offered * 1000) / bucketMs);
    series.acceptedPerSecond.push((accepted * 1000) / bucketMs);
    series.acknowledgedSoFar.push(acknowledged);
    series.exhaustedSoFar.push(exhausted);
  }
  return series;
}

export function completionDistribution(run: StormRun): CompletionDistribution {
  let maxMs = -1;
  for (const ms of run.completionMs) if (ms > maxMs) maxMs = ms;
  const barMs = binWidthFor(maxMs + 1, MAX_COMPLETION_BARS);
  const counts = new Array<number>(Math.ceil((maxMs + 1) / barMs)).fill(0);
  // A counting pass instead of a sort, at a resolution that bounds its memory: a storm's longest
  // completion can be hours, and one counter per millisecond of it took 150 MB.
  const percentileResolutionMs = binWidthFor(maxMs + 1, MAX_PERCENTILE_BINS);
  const byStep = new Int32Array(Math.ceil((maxMs + 1) / percentileResolutionMs));
  let acknowledged = 0;
  for (const ms of run.completionMs) {
    if (ms < 0) continue;
    counts[Math.floor(ms / barMs)]!++;
    byStep[Math.floor(ms / percentileResolutionMs)]!++;
    acknowledged++;
  }
  const byAttempts = new Array<number>(run.config.maxAttemptsPerUpdate).fill(0);
  for (const attempts of run.attempts) byAttempts[attempts - 1]!++;
  const [p50, p90, p99] = percentiles(byStep, acknowledged, [0.5, 0.9, 0.99]).map((step) =>
    step === null ? null : step * percentileResolutionMs
  );
  return {
    barMs,
    counts,
    p50Ms: p50 ?? null,
    p90Ms: p90 ?? null,
    p99Ms: p99 ?? null,
    maxMs: acknowledged === 0 ? null : maxMs,
    percentileResolutionMs,
    byAttempts
  };
}

/** Nearest-rank percentiles of values held as counts per step: the step that holds each rank. */
function percentiles(countsByStep: Int32Array, total: number, shares: readonly number[]): (number | null)[] {
  if (total === 0) return shares.map(() => null);
  const ranks = shares.map((share) => Math.max(1, Math.ceil(share * total)));
  const found: (number | null)[] = shares.map(() => null);
  let seen = 0;
  for (let step = 0, next = 0; step < countsByStep.length && next < ranks.length; step++) {
    seen += countsByStep[step]!;
    while (next < ranks.length && seen >= ranks[next]!) found[next++] = step;
  }
  return found;
}

const count = (value: number) => value.toLocaleString("en-US");
const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString("en-US", {maximumFractionDigits: ms < 10_000 ? 2 : 1})} s`;

/**
 * The run's history for playback: the run in at most MAX_HISTORY_STRETCHES stretches, one more
 * where the outage ends (so no stretch mixes the two) and the receiver's recovery after it, each with what
 * the receiver was offered and accepted and how many updates were done by its end, then the
 * moment the storm drained.
 */
export function stormHistory(run: StormRun): Decision[] {
  const {config, totals} = run;
  const spanMs = chartSpanMs(run);
  const stretchMs = bucketWidth(run.binMs, spanMs, MAX_HISTORY_STRETCHES);
  const outageEndsMs = config.receiverUnavailableUntilSeconds * 1000;
  const history: Decision[] = [];
  if (outageEndsMs > 0) {
    history.push({
      atSeconds: outageEndsMs / 1000,
      kind: "recovery",
      title: `${seconds(outageEndsMs)}: the receiver is back`,
      detail:
        outageEndsMs > totals.drainedAtMs
          ? `Too late: every update was acknowledged or given up by ${seconds(totals.drainedAtMs)}, and no sender is trying any more.`
          : `From now on it accepts up to ${count(config.capacityPerSecond)} requests a second (${count(config.capacityPerSecond / 10)} per 100 ms window) and answers the rest 503.`
    });
  }
  let done = 0;
  for (const [fromMs, untilMs] of stretches(spanMs, stretchMs, Math.ceil(outageEndsMs / run.binMs) * run.binMs)) {
    let offered = 0;
    let accepted = 0;
    for (let bin = fromMs / run.binMs, end = Math.min(untilMs / run.binMs, run.offered.length); bin < end; bin++) {
      offered += run.offered[bin]!;
      accepted += run.accepted[bin]!;
      done += run.acknowledged[bin]! + run.exhausted[bin]!;
    }
    if (offered === 0) continue;
    const refused = offered - accepted;
    const down = untilMs <= outageEndsMs;
    // Only the part of the stretch after the outage had capacity (all of it, unless bins wider than a second straddle the end).
    const capacity = Math.floor((config.capacityPerSecond * (untilMs - Math.max(fromMs, outageEndsMs))) / 1000);
    const why = down
      ? "The receiver is down: every request is answered 503."
      : offered > capacity
        ? `More than the ${count(capacity)} its capacity allows in the stretch arrived, and the excess was answered 503.`
        : refused > 0
          ? "Within capacity over the stretch, but bunched: some 100 ms windows got more than their share and refused the rest."
          : "The receiver kept up.";
    history.push({
      // The stretch the storm drained in ends when it drained, so its last step comes after it.
      atSeconds: Math.min(untilMs, totals.drainedAtMs) / 1000,
      kind: down ? "outage" : refused > 0 ? "refused" : "served",
      title: `${seconds(fromMs)} to ${seconds(untilMs)}: ${count(offered)} request${offered === 1 ? "" : "s"}, ${count(accepted)} accepted, ${count(refused)} refused`,
      detail: `${why} By ${seconds(untilMs)}, ${count(done)} of ${count(totals.updates)} update${totals.updates === 1 ? "" : "s"} ${done === 1 ? "is" : "are"} done.`
    });
  }
  history.push({
    atSeconds: totals.drainedAtMs / 1000,
    kind: "drained",
    title: `${seconds(totals.drainedAtMs)}: the storm has drained`,
    detail: `${count(totals.acknowledgedUpdates)} update${totals.acknowledgedUpdates === 1 ? "" : "s"} acknowledged and ${count(totals.exhaustedUpdates)} given up, for ${count(totals.attempts)} request${totals.attempts === 1 ? "" : "s"} in all (${(totals.attempts / totals.updates).toFixed(2)} per update).`
  });
  // At the same moment, the stretch that ends there comes first, then the recovery, then the drain.
  return history.sort((a, b) => a.atSeconds - b.atSeconds || tieOrder(a) - tieOrder(b));
}

const tieOrder = (step: Decision) => (step.kind === "drained" ? 2 : step.kind === "recovery" ? 1 : 0);

/** [from, until) pairs of `stretchMs` over [0, spanMs), with `splitAtMs` added as a boundary. */
function stretches(spanMs: number, stretchMs: number, splitAtMs: number): [number, number][] {
  const boundaries = new Set<number>([spanMs]);
  for (let at = 0; at < spanMs; at += stretchMs) boundaries.add(at);
  if (splitAtMs > 0 && splitAtMs < spanMs) boundaries.add(splitAtMs);
  const sorted = [...boundaries].sort((a, b) => a - b);
  return sorted.slice(0, -1).map((from, index) => [from, sorted[index + 1]!]);
}
