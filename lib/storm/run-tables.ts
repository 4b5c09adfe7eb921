/**
 * Lesson 5's storms as tidy tables, one set of rows per strategy: the receiver's load over
 * time, the completion-time distribution, and each strategy's totals. A storm's summary keeps
 * the load in chart buckets and completions as a histogram (a worker posts it; a row per
 * request would be millions), so those are the rows here.
 */
import {runTable, type RunTable} from "../shared/run-table.js";
import {STORM_STRATEGIES, STRATEGY_LABELS, type StormStrategy} from "./strategy.js";
import {herdFactor, type StormSummary} from "./summary.js";

const LOAD_COLUMNS = {
  strategy: "the retry strategy",
  startSeconds: "the bucket's start (s)",
  bucketMs: "the bucket's width (ms)",
  offeredPerSecond: "requests per second that reached the receiver in the bucket",
  acceptedPerSecond: "requests per second it accepted (within its capacity)",
  acknowledgedSoFar: "updates acknowledged by the bucket's end",
  exhaustedSoFar: "updates given up by the bucket's end"
};

const COMPLETION_COLUMNS = {
  strategy: "the retry strategy",
  fromMs: "the bar's lower bound: time from production to acknowledgement (ms, inclusive)",
  toMs: "its upper bound (ms, exclusive)",
  updates: "acknowledged updates whose completion time falls in the bar"
};

const STRATEGY_COLUMNS = {
  strategy: "the retry strategy",
  label: "its name on the page",
  updates: "updates produced",
  attempts: "requests sent: the work",
  acceptedAttempts: "requests the receiver accepted",
  refusedAttempts: "requests it refused (down, or over capacity)",
  acknowledgedUpdates: "updates acknowledged",
  exhaustedUpdates: "updates given up after the last attempt",
  attemptsPerUpdate: "attempts per update, on average",
  drainedAtMs: "when the last update was acknowledged or given up (ms)",
  peakOfferedPerSecond: "the most requests in one capacity window, per second",
  peakOfferedAfterRecoveryPerSecond: "the same, after the outage: the herd",
  herdFactor: "that peak in multiples of the capacity",
  p50Ms: "median completion time of the acknowledged updates (ms); empty when none",
  p90Ms: "90th percentile (ms); empty when none",
  p99Ms: "99th percentile (ms); empty when none",
  maxMs: "the longest completion time (ms); empty when none",
  sleeps: "sleeps between attempts",
  sleepsAtCap: "sleeps the cap decided"
};

/** The storms the page has, by strategy (a page's StormResults.byStrategy); missing strategies have no rows. */
export type StormsByStrategy = Partial<Record<StormStrategy, StormSummary>>;

const present = (storms: StormsByStrategy) =>
  STORM_STRATEGIES.flatMap((strategy) => (storms[strategy] ? [{strategy, storm: storms[strategy]!}] : []));

/** `load`, `completions` and `strategies` of every strategy's storm, in STORM_STRATEGIES order. */
export function stormRunTables(storms: StormsByStrategy): RunTable[] {
  const runs = present(storms);
  return [loadTable(runs), completionsTable(runs), strategiesTable(runs)];
}

type StrategyStorm = {strategy: StormStrategy; storm: StormSummary};

function loadTable(runs: StrategyStorm[]): RunTable {
  const rows = runs.flatMap(({strategy, storm: {load}}) =>
    load.startSeconds.map((startSeconds, bucket) => ({
      strategy,
      startSeconds,
      bucketMs: load.bucketMs,
      offeredPerSecond: load.offeredPerSecond[bucket]!,
      acceptedPerSecond: load.acceptedPerSecond[bucket]!,
      acknowledgedSoFar: load.acknowledgedSoFar[bucket]!,
      exhaustedSoFar: load.exhaustedSoFar[bucket]!
    }))
  );
  return runTable("load", "The receiver's load over time, per strategy", LOAD_COLUMNS, rows);
}

function completionsTable(runs: StrategyStorm[]): RunTable {
  const rows = runs.flatMap(({strategy, storm: {completion}}) =>
    completion.counts.map((updates, bar) => ({
      strategy,
      fromMs: bar * completion.barMs,
      toMs: (bar + 1) * completion.barMs,
      updates
    }))
  );
  return runTable(
    "completions",
    "Completion times of the acknowledged updates, per strategy",
    COMPLETION_COLUMNS,
    rows
  );
}

function strategiesTable(runs: StrategyStorm[]): RunTable {
  const rows = runs.map(({strategy, storm}) => {
    const {totals, completion} = storm;
    return {
      strategy,
      label: STRATEGY_LABELS[strategy],
      updates: totals.updates,
      attempts: totals.attempts,
      acceptedAttempts: totals.acceptedAttempts,
      refusedAttempts: totals.refusedAttempts,
      acknowledgedUpdates: totals.acknowledgedUpdates,
      exhaustedUpdates: totals.exhaustedUpdates,
      attemptsPerUpdate: storm.attemptsPerUpdate,
      drainedAtMs: totals.drainedAtMs,
      peakOfferedPerSecond: totals.peakOfferedPerSecond,
      peakOfferedAfterRecoveryPerSecond: totals.peakOfferedAfterRecoveryPerSecond,
      herdFactor: herdFactor(storm),
      p50Ms: completion.p50Ms,
      p90Ms: completion.p90Ms,
      p99Ms: completion.p99Ms,
      maxMs: completion.maxMs,
      sleeps: totals.sleeps,
      sleepsAtCap: totals.sleepsAtCap
    };
  });
  return runTable("strategies", "Each strategy's storm in figures", STRATEGY_COLUMNS, rows);
}
