/**
 * Lesson 5's inputs as one field table (lib/lesson-inputs vocabulary): the control panel,
 * the link, checkInputs and the run labels all read it. Its bounds are the model's: every
 * accepted state simulates in bounded time and memory (see simulate.ts for the horizon).
 */
import {checkInputs, refusal, type CheckedInputs} from "../lesson-inputs/check.js";
import type {FieldSpec} from "../lesson-inputs/fields.js";
import {describeRun, type RunLabel} from "../lesson-inputs/run-label.js";
import {maxSeed} from "../shared/seed.js";
import {versionField, type MessageVersion} from "../shared/message-version.js";
import {STORM_STRATEGIES, STRATEGY_LABELS, type StormStrategy} from "./strategy.js";

export const stormLessonGroups = {
  load: "The senders and the receiver",
  retry: "The senders' retry strategy"
} as const;

export const MIN_SENDERS = 10;
export const MAX_SENDERS = 100_000;
export const MAX_UPDATES_PER_SENDER = 10;
export const MAX_ATTEMPTS_PER_UPDATE = 20;
export const MAX_CAPACITY_PER_SECOND = 100_000;
export const MAX_OUTAGE_SECONDS = 600;
export const MIN_LATENCY_MS = 2;
export const MAX_LATENCY_MS = 10_000;
export const MAX_BASE_MS = 60_000;
export const MAX_CAP_MS = 300_000;
/**
 * The most attempts a storm may make (senders × updates per sender × max attempts): twice the
 * issue's 100,000 × 10, so the worst accepted storm takes a fraction of a second per strategy,
 * where 100,000 × 10 × 20 took seconds.
 */
export const MAX_ATTEMPT_BUDGET = 2_000_000;

export type StormConfig = {
  senders: number;
  updatesPerSender: number;
  /** The most requests the receiver accepts per second (capacity/10 in each 100 ms window). */
  capacityPerSecond: number;
  /** The receiver is down from 0 until this time (lesson 1's name for the same outage). */
  receiverUnavailableUntilSeconds: number;
  /** Mean round trip of one request and its answer. */
  latencyMs: number;
  strategy: StormStrategy;
  baseMs: number;
  capMs: number;
  maxAttemptsPerUpdate: number;
  seed: number;
  /** The course-wide A2A version: the storm does not depend on it (see the field's help). */
  version: MessageVersion;
};

const {load, retry} = stormLessonGroups;

export const stormLessonFields: readonly FieldSpec[] = [
  {
    name: "senders",
    label: "Senders",
    group: load,
    kind: "number",
    min: MIN_SENDERS,
    max: MAX_SENDERS,
    step: 10,
    whole: true,
    sliderMax: MAX_SENDERS,
    help: "How many senders push to the one receiver; each produces its first update at a random moment of the first second."
  },
  {
    name: "updatesPerSender",
    label: "Updates per sender",
    group: load,
    kind: "number",
    min: 1,
    max: MAX_UPDATES_PER_SENDER,
    step: 1,
    whole: true,
    help: "A sender's updates are produced a second apart and sent one at a time, in order, as lesson 1's sender does."
  },
  {
    name: "capacityPerSecond",
    label: "Receiver capacity",
    group: load,
    kind: "number",
    unit: "requests/s",
    min: 1,
    max: MAX_CAPACITY_PER_SECOND,
    step: 10,
    whole: true,
    sliderMax: 5_000,
    help: "The receiver accepts at most a tenth of this in each 100 ms window and answers every request past it 503 at once."
  },
  {
    name: "receiverUnavailableUntilSeconds",
    label: "Outage until",
    group: load,
    kind: "number",
    unit: "s",
    min: 0,
    max: MAX_OUTAGE_SECONDS,
    step: 1,
    whole: true,
    sliderMax: 120,
    help: "The receiver is down (every request answered 503) from the start until this time."
  },
  {
    name: "latencyMs",
    label: "Round-trip latency",
    group: load,
    kind: "number",
    unit: "ms",
    min: MIN_LATENCY_MS,
    max: MAX_LATENCY_MS,
    step: 1,
    whole: true,
    sliderMax: 1_000,
    help: "The mean time from sending a request to reading its answer; each way varies around half of it."
  },
  {
    name: "strategy",
    label: "Retry strategy",
    group: retry,
    kind: "choice",
    options: STORM_STRATEGIES.map((value) => ({value, label: STRATEGY_LABELS[value]})),
    help: "How long a sender sleeps after a 503 before its next attempt: the formulas are under the charts."
  },
  {
    name: "baseMs",
    label: "Base",
    group: retry,
    kind: "number",
    unit: "ms",
    min: 1,
    max: MAX_BASE_MS,
    step: 1,
    whole: true,
    sliderMax: 5_000,
    help: "The first sleep's scale: exponential sleeps base × 2ⁿ after the n-th failure; no backoff sleeps base every time."
  },
  {
    name: "capMs",
    label: "Cap",
    group: retry,
    kind: "number",
    unit: "ms",
    min: 1,
    max: MAX_CAP_MS,
    step: 100,
    whole: true,
    sliderMax: 120_000,
    help: "No sleep is longer than the cap (except no backoff's fixed interval, which is base)."
  },
  {
    name: "maxAttemptsPerUpdate",
    label: "Max attempts per update",
    group: retry,
    kind: "number",
    min: 1,
    max: MAX_ATTEMPTS_PER_UPDATE,
    step: 1,
    whole: true,
    help: "After this many 503s the sender gives the update up and moves on to its next one."
  },
  {
    name: "seed",
    label: "Seed",
    group: retry,
    kind: "number",
    min: 0,
    max: maxSeed,
    step: 1,
    whole: true,
    sliderMax: 100,
    help: "Seeds every random draw of the run (production times, latencies, jitter): the same seed gives the same storm."
  },
  versionField(
    load,
    "The A2A version of the updates pushed. A storm is the same under both: a 503 and a sleep are HTTP and timing, not A2A. It is here so your choice travels on to the other lessons."
  )
];

export const stormLessonDefaults: StormConfig = {
  senders: 1_000,
  updatesPerSender: 1,
  capacityPerSecond: 200,
  receiverUnavailableUntilSeconds: 5,
  latencyMs: 100,
  strategy: "exponential",
  baseMs: 500,
  capMs: 32_000,
  maxAttemptsPerUpdate: 10,
  seed: 1,
  version: "0.3"
};

/**
 * Any values (a link, an experiment, a test) checked into a config the simulator accepts: each
 * field by its row, then the attempt budget, which lowers the max attempts to what fits.
 */
export function checkStormInputs(values: Readonly<Record<string, unknown>>): CheckedInputs<StormConfig> {
  const checked = checkInputs(values, stormLessonFields, stormLessonDefaults);
  const {senders, updatesPerSender, maxAttemptsPerUpdate} = checked.values;
  if (senders * updatesPerSender * maxAttemptsPerUpdate <= MAX_ATTEMPT_BUDGET) return checked;
  const fitting = Math.floor(MAX_ATTEMPT_BUDGET / (senders * updatesPerSender));
  const field = stormLessonFields.find((row) => row.name === "maxAttemptsPerUpdate")!;
  const problem = `must keep senders × updates per sender × attempts within ${MAX_ATTEMPT_BUDGET.toLocaleString("en-US")} (here ${senders.toLocaleString("en-US")} × ${updatesPerSender} × ${maxAttemptsPerUpdate} = ${(senders * updatesPerSender * maxAttemptsPerUpdate).toLocaleString("en-US")}); accepted: fewer senders, updates or attempts`;
  return {
    values: {...checked.values, maxAttemptsPerUpdate: fitting},
    refused: [...checked.refused, refusal(field, maxAttemptsPerUpdate, problem, fitting)]
  };
}

/** What an exported chart and a compared run are called: the inputs that differ from the defaults. */
export function stormRunLabel(config: Readonly<StormConfig>): RunLabel {
  return describeRun(config, stormLessonFields, stormLessonDefaults);
}
