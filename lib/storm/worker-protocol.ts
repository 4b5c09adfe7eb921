/**
 * What the page and its storm worker say to each other, and the worker's side of it as a
 * pure function of a request and a `post` callback (so Node tests drive it without a worker).
 *
 * The page asks for a storm: `scope: "all"` for the chosen strategy and then every other one
 * (the small multiples and the work per strategy), `"chosen"` for the chosen one only (a pinned
 * run). The worker answers the chosen strategy first, then each other, with progress between.
 * A newer request supersedes an older one: the page terminates a busy worker and starts another,
 * so nothing here has to be cancelled.
 */
import type {RefusedInput} from "../lesson-inputs/check.js";
import {checkStormInputs, type StormConfig} from "./fields.js";
import {simulateStorm} from "./simulate.js";
import {STORM_STRATEGIES, type StormStrategy} from "./strategy.js";
import {summarizeStorm, type StormSummary} from "./summary.js";

export interface StormRequest {
  id: number;
  /** Any values: the worker checks them again where they enter. */
  values: Readonly<Record<string, unknown>>;
  scope: "all" | "chosen";
}

export type StormAnswer =
  | {id: number; kind: "checked"; config: StormConfig; refused: RefusedInput[]; strategies: StormStrategy[]}
  | {id: number; kind: "progress"; fraction: number}
  | {id: number; kind: "strategy"; strategy: StormStrategy; summary: StormSummary}
  | {id: number; kind: "done"};

/** The worker's whole job for one request. */
export function answerStormRequest(request: StormRequest, post: (answer: StormAnswer) => void): void {
  const {id} = request;
  const {values: config, refused} = checkStormInputs(request.values);
  const strategies = request.scope === "all" ? [config.strategy, ...STORM_STRATEGIES.filter((strategy) => strategy !== config.strategy)] : [config.strategy];
  post({id, kind: "checked", config, refused, strategies});
  strategies.forEach((strategy, index) => {
    const onProgress = (fraction: number) => post({id, kind: "progress", fraction: (index + fraction) / strategies.length});
    post({id, kind: "strategy", strategy, summary: summarizeStorm(simulateStorm({...config, strategy}, {onProgress}))});
  });
  post({id, kind: "done"});
}
