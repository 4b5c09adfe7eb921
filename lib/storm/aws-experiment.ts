/**
 * A port of the simulator behind AWS's "Exponential Backoff And Jitter" (Marc Brooker, AWS
 * Architecture Blog, 2015; aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py),
 * so the storm lesson can show that its strategies reproduce the post's figures.
 *
 * The model: N clients each update one row once, with optimistic concurrency control. A client
 * reads the row's version, then writes with that version; the server accepts the write only if
 * the version is still current (and bumps it), so of the clients that read the same version only
 * the first writer succeeds. A failed client backs off, then reads again. Every message takes
 * |Normal(10, 2)| ms. The run ends when every client has succeeded and no message is in flight.
 *
 * Sans-I/O: time is modelled, and every random draw (network delays and jitter) comes from one
 * stream seeded by the caller and used by all runs in order.
 */
import * as z from "zod/mini";
import {EventQueue} from "../shared/event-queue.js";
import {normalVariate} from "../random/normal.js";
import {seededRandom} from "../random/seeded-random.js";
import {backoffSleep, STORM_STRATEGIES, type Backoff, type StormStrategy} from "./strategy.js";

/** The simulator's constants: setup_sim's Backoff(5, 2000) and Net(10, 2). */
export const AWS_EXPERIMENT = {
  baseMs: 5,
  capMs: 2000,
  delayMeanMs: 10,
  delaySdMs: 2
} as const;

export interface AwsReferenceRow {
  meanCompletionMs: number;
  meanCalls: number;
}

/**
 * The simulator's figures (100 runs each), from a Python port of it: mean completion time and
 * mean number of writes per run. The original itself, run under Python 3 (xrange made range, and a
 * counter in each queued tuple so heapq never compares two callbacks), agrees within a
 * few percent (N = 50: exponential 36730/625, decorrelated 2256/376, equal 4165/346, full
 * 2881/333, none 1143/691; N = 100: exponential 63778/1871, decorrelated 4552/1002, equal
 * 6617/812, full 4949/795, none 2025/2427), so the differences are the runs' own noise.
 */
export const AWS_REFERENCE: Readonly<Record<50 | 100, Readonly<Record<StormStrategy, AwsReferenceRow>>>> = {
  50: {
    none: {meanCompletionMs: 1134, meanCalls: 686},
    exponential: {meanCompletionMs: 36707, meanCalls: 630},
    decorrelated: {meanCompletionMs: 2204, meanCalls: 375},
    equal: {meanCompletionMs: 4181, meanCalls: 346},
    full: {meanCompletionMs: 2930, meanCalls: 331}
  },
  100: {
    none: {meanCompletionMs: 2029, meanCalls: 2423},
    exponential: {meanCompletionMs: 62736, meanCalls: 1848},
    decorrelated: {meanCompletionMs: 4558, meanCalls: 1002},
    equal: {meanCompletionMs: 6554, meanCalls: 812},
    full: {meanCompletionMs: 4865, meanCalls: 795}
  }
};

export interface AwsExperimentOptions {
  clients: number;
  strategy: StormStrategy;
  seed: number;
  runs: number;
}

export interface AwsExperimentResult {
  clients: number;
  strategy: StormStrategy;
  runs: number;
  /** The mean over runs of the time of each run's last event. */
  meanCompletionMs: number;
  /** Writes per run; each client's one success is among them, so meanCalls − meanFailures = clients. */
  meanCalls: number;
  meanFailures: number;
}

/** Each field's rule, and what it accepts in words for the error message. */
const FIELD_RULES = {
  clients: {schema: z.int().check(z.minimum(1), z.maximum(1000)), accepted: "a whole number from 1 to 1000"},
  strategy: {
    schema: z.enum(STORM_STRATEGIES),
    accepted: `one of ${STORM_STRATEGIES.map((name) => `"${name}"`).join(", ")}`
  },
  seed: {
    schema: z.int().check(z.minimum(0), z.maximum(4_294_967_295)),
    accepted: "a whole number from 0 to 4294967295"
  },
  runs: {schema: z.int().check(z.minimum(1), z.maximum(1000)), accepted: "a whole number from 1 to 1000"}
} as const;
type FieldName = keyof typeof FIELD_RULES;
const FIELD_NAMES = Object.keys(FIELD_RULES) as FieldName[];

function checkOptions(options: unknown): AwsExperimentOptions {
  if (typeof options !== "object" || options === null) {
    throw new RangeError(`awsBackoffExperiment: expected an object with ${FIELD_NAMES.join(", ")}`);
  }
  const record = options as Record<string, unknown>;
  for (const name of FIELD_NAMES) {
    const rule = FIELD_RULES[name];
    if (!z.safeParse(rule.schema, record[name]).success) {
      throw new RangeError(
        `awsBackoffExperiment: ${name} must be ${rule.accepted}, got ${describeValue(record[name])}`
      );
    }
  }
  return record as unknown as AwsExperimentOptions;
}

function describeValue(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

// Where a message is going: the four steps of one read-then-write attempt.
const READ_AT_SERVER = 0;
const VERSION_AT_CLIENT = 1;
const WRITE_AT_SERVER = 2;
const OUTCOME_AT_CLIENT = 3;
type Step = typeof READ_AT_SERVER | typeof VERSION_AT_CLIENT | typeof WRITE_AT_SERVER | typeof OUTCOME_AT_CLIENT;

interface Message {
  timeMs: number;
  /** Push order: breaks ties in time so a seed always gives the same run. */
  order: number;
  client: number;
  step: Step;
  /** The version read (VERSION_AT_CLIENT, WRITE_AT_SERVER), or 1 for a successful write and 0 for a failed one (OUTCOME_AT_CLIENT). */
  value: number;
}

const before = (a: Message, b: Message) => a.timeMs < b.timeMs || (a.timeMs === b.timeMs && a.order < b.order);

interface RunTotals {
  completionMs: number;
  calls: number;
  failures: number;
}

/**
 * Runs the simulator `runs` times and averages, as its run() does for each (clients, strategy)
 * pair: completion time and writes summed over runs, divided by runs.
 */
export function awsBackoffExperiment(options: AwsExperimentOptions): AwsExperimentResult {
  const {clients, strategy, seed, runs} = checkOptions(options);
  const random = seededRandom(seed);
  let completionMs = 0;
  let calls = 0;
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    const totals = simulateOneRun(clients, strategy, random);
    completionMs += totals.completionMs;
    calls += totals.calls;
    failures += totals.failures;
  }
  return {
    clients,
    strategy,
    runs,
    meanCompletionMs: completionMs / runs,
    meanCalls: calls / runs,
    meanFailures: failures / runs
  };
}

function simulateOneRun(clients: number, strategy: StormStrategy, random: () => number): RunTotals {
  const backoff: Backoff = {baseMs: AWS_EXPERIMENT.baseMs, capMs: AWS_EXPERIMENT.capMs};
  const delay = () => Math.abs(normalVariate(random, AWS_EXPERIMENT.delayMeanMs, AWS_EXPERIMENT.delaySdMs));
  // Per client, as each OccClient has its own attempt counter and backoff object.
  const failedAttempts = new Array<number>(clients).fill(0);
  const previousSleepMs = new Array<number>(clients).fill(AWS_EXPERIMENT.baseMs);
  const queue = new EventQueue<Message>(before);
  let order = 0;
  const send = (timeMs: number, client: number, step: Step, value: number) =>
    queue.push({timeMs, order: order++, client, step, value});

  for (let client = 0; client < clients; client++) send(delay(), client, READ_AT_SERVER, 0);

  let version = 0;
  let calls = 0;
  let failures = 0;
  let nowMs = 0;
  for (let message = queue.pop(); message !== undefined; message = queue.pop()) {
    nowMs = message.timeMs;
    const client = message.client;
    switch (message.step) {
      case READ_AT_SERVER:
        send(nowMs + delay(), client, VERSION_AT_CLIENT, version);
        break;
      case VERSION_AT_CLIENT:
        send(nowMs + delay(), client, WRITE_AT_SERVER, message.value);
        break;
      case WRITE_AT_SERVER: {
        calls++;
        const accepted = message.value === version;
        if (accepted) version++;
        else failures++;
        send(nowMs + delay(), client, OUTCOME_AT_CLIENT, accepted ? 1 : 0);
        break;
      }
      case OUTCOME_AT_CLIENT: {
        if (message.value === 1) break;
        const attempt = ++failedAttempts[client]!;
        // The delay is drawn before the sleep, as in write_rsp's `tm + delay() + backoff(attempt)`.
        const networkMs = delay();
        // NoBackoff sleeps 0: the client reads again at once. backoffSleep's fixed interval is lesson 5's.
        const sleepMs =
          strategy === "none" ? 0 : backoffSleep(strategy, backoff, attempt, previousSleepMs[client]!, random);
        previousSleepMs[client] = sleepMs;
        send(nowMs + networkMs + sleepMs, client, READ_AT_SERVER, 0);
        break;
      }
    }
  }
  return {completionMs: nowMs, calls, failures};
}

/** One experiment beside the reference, as ratios to full jitter at the same N (what the post's charts compare). */
export interface AwsComparisonRow {
  result: AwsExperimentResult;
  reference: AwsReferenceRow;
  /** Calls and completion time ÷ full jitter's: this reproduction's, and the reference's. */
  callsToFull: {ours: number; reference: number};
  timeToFull: {ours: number; reference: number};
}

/** The results (of N the reference has) beside AWS_REFERENCE, for each N whose full-jitter result is among them. */
export function compareWithReference(results: readonly AwsExperimentResult[]): AwsComparisonRow[] {
  return results.flatMap((result) => {
    const table = AWS_REFERENCE[result.clients as keyof typeof AWS_REFERENCE];
    const full = results.find((other) => other.clients === result.clients && other.strategy === "full");
    if (!table || !full) return [];
    const reference = table[result.strategy];
    return [
      {
        result,
        reference,
        callsToFull: {ours: result.meanCalls / full.meanCalls, reference: reference.meanCalls / table.full.meanCalls},
        timeToFull: {
          ours: result.meanCompletionMs / full.meanCompletionMs,
          reference: reference.meanCompletionMs / table.full.meanCompletionMs
        }
      }
    ];
  });
}
