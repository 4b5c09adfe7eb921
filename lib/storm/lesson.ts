/**
 * Lesson 5's compute from any values, for tests, the bench and the CLI: the checked inputs
 * (with what was refused) and the chosen strategy's storm. The page runs the same storms in a
 * worker (worker-protocol.ts), every strategy after the chosen one.
 */
import type {RefusedInput} from "../lesson-inputs/check.js";
import {checkStormInputs, type StormConfig} from "./fields.js";
import {simulateStorm} from "./simulate.js";
import type {StormStrategy} from "./strategy.js";
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

/** The same storm (same senders, same seed) under another strategy. */
export function stormUnder(config: StormConfig, strategy: StormStrategy): StormSummary {
  return summarizeStorm(simulateStorm({...config, strategy}));
}
