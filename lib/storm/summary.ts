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
/** The most steps of a run's history. */
export const MAX_HISTORY_STEPS = 24;

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
  /** Completion-time percentiles of the acknowledged updates, ms (null when none was). */
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
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
  const load = loadSeries(run);
  return {
    config: run.config,
    totals: run.totals,
    attemptsPerUpdate: run.totals.attempts / run.totals.updates,
    load,
    completion: completionDistribution(run),
    history: stormHistory(run)
  };
}

/** A 1-2-5 width that is a whole number of the run's bins and gives at most `maxBuckets` over `spanMs`. */
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
  const series: LoadSeries = {bucketMs, startSeconds: [], offeredPerSecond: [], acceptedPerSecond: [], acknowledgedSoFar: [], exhaustedSoFar: []};
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
  // A counting pass instead of a sort: completion times are whole ms below the run's horizon.
  const byMs = new Int32Array(maxMs + 1);
  let acknowledged = 0;
  for (const ms of run.completionMs) {
    if (ms < 0) continue;
    counts[Math.floor(ms / barMs)]!++;
    byMs[ms]!++;
    acknowledged++;
  }
  const byAttempts = new Array<number>(run.config.maxAttemptsPerUpdate).fill(0);
  for (const attempts of run.attempts) byAttempts[attempts - 1]!++;
  const [p50Ms, p90Ms, p99Ms] = percentiles(byMs, acknowledged, [0.5, 0.9, 0.99]);
  return {barMs, counts, p50Ms: p50Ms!, p90Ms: p90Ms!, p99Ms: p99Ms!, maxMs: acknowledged === 0 ? null : maxMs, byAttempts};
}

/** Nearest-rank percentiles of whole-ms values held as counts per ms. */
function percentiles(countsByMs: Int32Array, total: number, shares: readonly number[]): (number | null)[] {
  if (total === 0) return shares.map(() => null);
  const ranks = shares.map((share) => Math.max(1, Math.ceil(share * total)));
  const found: (number | null)[] = shares.map(() => null);
  let seen = 0;
  for (let ms = 0, next = 0; ms < countsByMs.length && next < ranks.length; ms++) {
    seen += countsByMs[ms]!;
    while (next < ranks.length && seen >= ranks[next]!) found[next++] = ms;
  }
  return found;
}

const count = (value: number) => value.toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en-US", {maximumFractionDigits: ms < 10_000 ? 2 : 1})} s`;

/**
 * The run's history for playback: the outage's end, then the run in at most MAX_HISTORY_STEPS
 * stretches, each with what the receiver was offered and accepted and how many updates were
 * done by its end, then the moment the storm drained.
 */
export function stormHistory(run: StormRun): Decision[] {
  const {config, totals} = run;
  const spanMs = chartSpanMs(run);
  const stretchMs = bucketWidth(run.binMs, spanMs, MAX_HISTORY_STEPS);
  const binsPerStretch = stretchMs / run.binMs;
  const outageEndsMs = config.receiverUnavailableUntilSeconds * 1000;
  const capacityPerStretch = (config.capacityPerSecond * stretchMs) / 1000;
  const history: Decision[] = [];
  let done = 0;
  let outageEnded = outageEndsMs === 0;
  for (let fromMs = 0, bin = 0; fromMs < spanMs; fromMs += stretchMs) {
    const untilMs = Math.min(fromMs + stretchMs, spanMs);
    if (!outageEnded && outageEndsMs < untilMs) {
      outageEnded = true;
      history.push({atSeconds: outageEndsMs / 1000, kind: "recovery", title: `${seconds(outageEndsMs)}: the receiver is back`,
        detail: outageEndsMs > totals.drainedAtMs
          ? `Too late: every update was acknowledged or given up by ${seconds(totals.drainedAtMs)}, and no sender is trying any more.`
          : `From now on it accepts up to ${count(config.capacityPerSecond)} requests a second (${count(config.capacityPerSecond / 10)} per 100 ms window) and answers the rest 503.`});
    }
    let offered = 0;
    let accepted = 0;
    for (const end = Math.min(bin + binsPerStretch, run.offered.length); bin < end; bin++) {
      offered += run.offered[bin]!;
      accepted += run.accepted[bin]!;
      done += run.acknowledged[bin]! + run.exhausted[bin]!;
    }
    if (offered === 0) continue;
    const refused = offered - accepted;
    const down = untilMs <= outageEndsMs;
    const over = offered > capacityPerStretch;
    history.push({
      // The stretch the storm drained in ends when it drained, so its last step comes after it.
      atSeconds: Math.min(untilMs, totals.drainedAtMs) / 1000,
      kind: down ? "outage" : refused > 0 ? "refused" : "served",
      title: `${seconds(fromMs)} to ${seconds(untilMs)}: ${count(offered)} request${offered === 1 ? "" : "s"}, ${count(accepted)} accepted, ${count(refused)} refused`,
      detail: `${down ? "The receiver is down: every request is answered 503." : over ? `More than its capacity of ${count(Math.floor(capacityPerStretch))} for the stretch arrived, and the excess was answered 503.` : refused > 0 ? "Within capacity over the stretch, but bunched: some 100 ms windows got more than their share and refused the rest." : "The receiver kept up."} By ${seconds(untilMs)}, ${count(done)} of ${count(totals.updates)} updates are done.`
    });
  }
  history.push({
    atSeconds: totals.drainedAtMs / 1000, kind: "drained", title: `${seconds(totals.drainedAtMs)}: the storm has drained`,
    detail: `${count(totals.acknowledgedUpdates)} updates acknowledged and ${count(totals.exhaustedUpdates)} given up, for ${count(totals.attempts)} requests in all (${(totals.attempts / totals.updates).toFixed(2)} per update).`
  });
  return history.sort((a, b) => a.atSeconds - b.atSeconds);
}
