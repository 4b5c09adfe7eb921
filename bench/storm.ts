import {awsBackoffExperiment, compareWithReference} from "../lib/storm/aws-experiment.js";
import {stormLessonDefaults} from "../lib/storm/fields.js";
import {simulateStorm} from "../lib/storm/simulate.js";
import {STORM_STRATEGIES} from "../lib/storm/strategy.js";
import {summarizeStorm} from "../lib/storm/summary.js";
import type {BenchCase} from "./harness.js";

/*
 * The AWS "Exponential Backoff And Jitter" reproduction beside the reference figures. The
 * absolute numbers differ by the runs' noise (and, for completion time, by anything the two
 * random sources do differently), so the comparison that matters is each strategy against full
 * jitter: those ratios are what the post's charts show.
 */

const RUNS = 100;
// The seed the reproduction test uses (test/storm/aws-experiment.test.ts), so the figures agree.
const SEED = 2015;

const figures = (row: {meanCompletionMs: number; meanCalls: number}) =>
  `${Math.round(row.meanCompletionMs)} / ${Math.round(row.meanCalls)}`;
const percentApart = (ours: number, reference: number) =>
  `${((ours / reference - 1) * 100).toFixed(1).replace(/^(?!-)/, "+")} %`;
const ratioColumn = ({ours, reference}: {ours: number; reference: number}) =>
  `${ours.toFixed(2).padStart(6)} ${reference.toFixed(2).padStart(6)} ${percentApart(ours, reference).padStart(8)}`;

/** Prints, for N = 50 and 100 clients and 100 runs, the port's figures against AWS_REFERENCE. */
export function printAwsReproduction(): void {
  console.log(
    `\n## AWS "Exponential Backoff And Jitter" reproduction (${RUNS} runs, seed ${SEED}, Node ${process.version})`
  );
  for (const clients of [50, 100] as const) {
    const started = performance.now();
    const results = STORM_STRATEGIES.map((strategy) =>
      awsBackoffExperiment({clients, strategy, seed: SEED, runs: RUNS})
    );
    const elapsedMs = performance.now() - started;
    console.log(`\nN = ${clients} clients (five strategies in ${elapsedMs.toFixed(0)} ms)`);
    console.log(
      `strategy       ours ms / calls   reference ms / calls   calls ÷ full: ours    ref     diff   time ÷ full: ours    ref     diff`
    );
    for (const row of compareWithReference(results)) {
      console.log(
        `${row.result.strategy.padEnd(14)} ${figures(row.result).padStart(15)}   ${figures(row.reference).padStart(20)}   ` +
          `${" ".repeat(13)}${ratioColumn(row.callsToFull)}   ${" ".repeat(12)}${ratioColumn(row.timeToFull)}`
      );
    }
  }
}

/** The storm simulator's growth with the senders, for the worst case the lesson allows per sender. */
export function stormBenchCases(): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const senders of [1_000, 10_000, 100_000]) {
    // No backoff in a long outage: every sender spends all ten attempts, 10 × senders requests.
    const everyAttempt = {
      ...stormLessonDefaults,
      senders,
      strategy: "none" as const,
      receiverUnavailableUntilSeconds: 60
    };
    cases.push({
      name: `simulateStorm, ${senders.toLocaleString("en-US")} senders × 10 attempts (no backoff, all refused)`,
      run: () => simulateStorm(everyAttempt),
      samples: senders === 100_000 ? 15 : 40
    });
    const herd = {...stormLessonDefaults, senders, capacityPerSecond: senders / 5};
    cases.push({
      name: `simulateStorm, ${senders.toLocaleString("en-US")} senders, the lesson's herd (exponential)`,
      run: () => simulateStorm(herd),
      samples: senders === 100_000 ? 15 : 40
    });
    cases.push({
      name: `simulateStorm + summarizeStorm, ${senders.toLocaleString("en-US")} senders, the herd`,
      run: () => summarizeStorm(simulateStorm(herd)),
      samples: senders === 100_000 ? 15 : 40
    });
  }
  return cases;
}

/** Issue #14's speed goal, read from the figures: 100,000 senders × 10 attempts within 150 ms. */
export const STORM_GOAL_MS = 150;
