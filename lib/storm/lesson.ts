/**
 * Lesson 5's compute, from any values to what the page shows: the checked inputs (with what
 * was refused), the chosen strategy's storm, and the same storm under every strategy (the
 * small multiples and the work per strategy). The page runs it in a worker (worker-protocol.ts);
 * tests and the CLI call it directly.
 */
import type {RefusedInput} from "../lesson-inputs/check.js";
import {checkStormInputs, type StormConfig} from "./fields.js";
import {simulateStorm} from "./simulate.js";
import {STORM_STRATEGIES, type StormStrategy} from "./strategy.js";
import {summarizeStorm, type StormSummary} from "./summary.js";

export interface StormLesson {
  inputs: StormConfig;
  refused: RefusedInput[];
  /** The storm under the chosen strategy. */
  run: StormSummary;
}

export function runStormLesson(values: Readonly<Record<string, unknown>>): StormLesson {
  const {values: inputs, refused} = checkStormInputs(values);
  return {inputs, refused, run: summarizeStorm(simulateStorm(inputs))};
}

/** The same storm (same seed, same senders) under a strategy. */
export function stormUnder(config: StormConfig, strategy: StormStrategy): StormSummary {
  return summarizeStorm(simulateStorm({...config, strategy}));
}

/** Every strategy's storm, the chosen one first; `onEach` hears each as it is done. */
export function stormAcrossStrategies(config: StormConfig, onEach?: (summary: StormSummary, done: number) => void): Record<StormStrategy, StormSummary> {
  const order = [config.strategy, ...STORM_STRATEGIES.filter((strategy) => strategy !== config.strategy)];
  const summaries = {} as Record<StormStrategy, StormSummary>;
  order.forEach((strategy, index) => {
    summaries[strategy] = strategy === config.strategy ? summarizeStorm(simulateStorm(config)) : stormUnder(config, strategy);
    onEach?.(summaries[strategy], index + 1);
  });
  return summaries;
}
