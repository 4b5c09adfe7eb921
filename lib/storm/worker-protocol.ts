/**
 * What the page and its storm worker say to each other, and the worker's side of it as a
 * generator of steps that posts its answers through a callback (so Node tests drive it
 * without a worker).
 *
 * The page asks for a storm: `scope: "all"` for the chosen strategy and then every other one
 * (the small multiples and the work per strategy), `"chosen"` for the chosen one only (a pinned
 * run). The worker answers the chosen strategy first, then each other, with progress between.
 * It runs one step (of stormSteps or summarizeStormInSteps) per task and reads its messages
 * between steps, so a `cancel` or a newer request stops an older run within one step, with no
 * worker to tear down.
 */
import {AWS_REFERENCE, awsBackoffExperiment, type AwsExperimentResult} from "./aws-experiment.js";
import {checkStormInputs, type StormConfig} from "./fields.js";
import {stormSteps} from "./simulate.js";
import {STORM_STRATEGIES, type StormStrategy} from "./strategy.js";
import {summarizeStormInSteps, type StormSummary} from "./summary.js";

export interface StormRequest {
  kind: "run";
  id: number;
  /** Any values: the worker checks them again where they enter. */
  values: Readonly<Record<string, unknown>>;
  scope: "all" | "chosen";
}

/** Stops the run in progress (a newer request is on its way). */
export interface StormCancel {
  kind: "cancel";
}

/** AWS's own experiment (aws-experiment.ts) for each N the reference has, every strategy, on one seed. */
export interface AwsRequest {
  kind: "aws";
  id: number;
  runs: number;
  seed: number;
}

export type StormMessage = StormRequest | StormCancel | AwsRequest;

/** The N the AWS reference table has figures for. */
export const AWS_REFERENCE_CLIENTS = Object.keys(AWS_REFERENCE).map(Number) as (keyof typeof AWS_REFERENCE)[];

export type StormAnswer =
  /** The config the worker runs: the page checked the values too, and names what it refused itself. */
  | {id: number; kind: "checked"; config: StormConfig}
  | {id: number; kind: "progress"; fraction: number}
  | {id: number; kind: "strategy"; strategy: StormStrategy; summary: StormSummary}
  | {id: number; kind: "aws-result"; result: AwsExperimentResult}
  /** A run was dropped unfinished (a cancel, or a newer request came first). */
  | {id: number; kind: "cancelled"}
  | {id: number; kind: "done"};

/** The worker's job for one request, one step per `next()`; dropping the generator cancels it. */
export function* stormAnswers(request: StormRequest, post: (answer: StormAnswer) => void): Generator<void, void, void> {
  const {id} = request;
  const config = checkStormInputs(request.values).values;
  const strategies =
    request.scope === "all"
      ? [config.strategy, ...STORM_STRATEGIES.filter((strategy) => strategy !== config.strategy)]
      : [config.strategy];
  post({id, kind: "checked", config});
  for (const [index, strategy] of strategies.entries()) {
    const steps = stormSteps({...config, strategy});
    let step = steps.next();
    while (!step.done) {
      post({id, kind: "progress", fraction: (index + step.value) / strategies.length});
      yield;
      step = steps.next();
    }
    const summarizing = summarizeStormInSteps(step.value);
    let summary = summarizing.next();
    while (!summary.done) {
      yield;
      summary = summarizing.next();
    }
    post({id, kind: "progress", fraction: (index + 1) / strategies.length});
    post({id, kind: "strategy", strategy, summary: summary.value});
    yield;
  }
  post({id, kind: "done"});
}

/** AWS's experiment for every N of the reference and every strategy, one (N, strategy) per step. */
export function* awsAnswers(request: AwsRequest, post: (answer: StormAnswer) => void): Generator<void, void, void> {
  const {id, runs, seed} = request;
  // Full jitter first for each N: every other row is read as a ratio to it.
  const order = ["full" as const, ...STORM_STRATEGIES.filter((strategy) => strategy !== "full")];
  const jobs = AWS_REFERENCE_CLIENTS.flatMap((clients) => order.map((strategy) => ({clients, strategy})));
  for (const [index, {clients, strategy}] of jobs.entries()) {
    post({id, kind: "aws-result", result: awsBackoffExperiment({clients, strategy, seed, runs})});
    post({id, kind: "progress", fraction: (index + 1) / jobs.length});
    yield;
  }
  post({id, kind: "done"});
}

/** The whole job at once (tests, and anything without a message loop to come back to). */
export function answerStormRequest(request: StormRequest, post: (answer: StormAnswer) => void): void {
  for (const step of stormAnswers(request, post)) void step;
}
