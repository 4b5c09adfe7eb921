/**
 * Two (or more) deliveries of the same event handled concurrently. A
 * deterministic interleaving model: each worker runs a fixed list of steps;
 * an interleaving is the order in which the workers' steps run. Every
 * interleaving is enumerated and the effects counted.
 *
 * - check-then-act:   check (is the key recorded?), effect, record.
 * - check-then-record: check, record, effect (record first, but still two steps).
 * - insert-if-absent: one atomic insert that reports "inserted" or "already there", then the effect.
 *
 * Only the atomic insert gives one effect in every interleaving; both two-step
 * variants leave a window between the check and the record in which a second
 * worker also sees "absent".
 */
import type {Decision} from "../../playback/decision.js";

export type RaceStrategy = "check-then-act" | "check-then-record" | "insert-if-absent";
export type RaceStepKind = "check" | "record" | "effect" | "insert-if-absent";

export const RACE_STRATEGIES: readonly {
  id: RaceStrategy;
  label: string;
  steps: readonly RaceStepKind[];
  detail: string;
}[] = [
  {
    id: "check-then-act",
    label: "Check, act, then record",
    steps: ["check", "effect", "record"],
    detail: "reads the store, applies the effect if the key was absent, then records the key"
  },
  {
    id: "check-then-record",
    label: "Check, record, then act",
    steps: ["check", "record", "effect"],
    detail: "reads the store, records the key if it was absent, then applies the effect: still two separate steps"
  },
  {
    id: "insert-if-absent",
    label: "Atomic insert-if-absent, then act",
    steps: ["insert-if-absent", "effect"],
    detail:
      "one atomic step both checks and records (e.g. SET NX, INSERT ... ON CONFLICT DO NOTHING); only the inserting worker acts"
  }
];

/** Upper bound on enumerated interleavings, to keep the page responsive. */
export const MAX_INTERLEAVINGS = 20_000;
export const WORKER_NAMES = ["A", "B", "C", "D"] as const;

export function stepsOf(strategy: RaceStrategy): readonly RaceStepKind[] {
  return RACE_STRATEGIES.find((s) => s.id === strategy)!.steps;
}

/** Number of interleavings: (workers * steps)! / (steps!)^workers. */
export function countInterleavings(workers: number, stepsPerWorker: number): number {
  let count = 1;
  let placed = 0;
  for (let w = 0; w < workers; w++) {
    for (let s = 1; s <= stepsPerWorker; s++) {
      placed++;
      count = (count * placed) / s;
    }
  }
  return Math.round(count);
}

/** Every order of worker indices in which each worker appears `stepsPerWorker` times, in lexicographic order. */
export function enumerateInterleavings(workers: number, stepsPerWorker: number): number[][] {
  if (!Number.isInteger(workers) || workers < 1 || workers > WORKER_NAMES.length)
    throw new RangeError(`workers must be 1..${WORKER_NAMES.length}`);
  const total = countInterleavings(workers, stepsPerWorker);
  if (total > MAX_INTERLEAVINGS)
    throw new RangeError(`${total} interleavings exceed the limit of ${MAX_INTERLEAVINGS}`);
  const out: number[][] = [];
  const remaining = new Array<number>(workers).fill(stepsPerWorker);
  const order: number[] = [];
  const walk = (): void => {
    if (order.length === workers * stepsPerWorker) {
      out.push([...order]);
      return;
    }
    for (let w = 0; w < workers; w++) {
      if (remaining[w]! === 0) continue;
      remaining[w]!--;
      order.push(w);
      walk();
      order.pop();
      remaining[w]!++;
    }
  };
  walk();
  return out;
}

export interface RaceStepRecord {
  index: number;
  worker: number;
  step: RaceStepKind;
  /** What the step observed or did. */
  note: string;
}

export interface RaceRun {
  order: number[];
  /** e.g. "A:check B:check A:effect ...". */
  label: string;
  effects: number;
  steps: RaceStepRecord[];
  trace: Decision[];
}

/** Executes one interleaving of the strategy's steps on a shared store (one event key). */
export function runInterleaving(strategy: RaceStrategy, order: readonly number[]): RaceRun {
  const steps = stepsOf(strategy);
  const workers = Math.max(...order) + 1;
  const position = new Array<number>(workers).fill(0);
  const proceeds = new Array<boolean>(workers).fill(false);
  let recorded = false;
  let effects = 0;
  const records: RaceStepRecord[] = [];
  const trace: Decision[] = [];
  order.forEach((worker, index) => {
    const step = steps[position[worker]!];
    if (step === undefined)
      throw new RangeError(`worker ${WORKER_NAMES[worker]} has no step left at position ${index}`);
    position[worker]!++;
    const name = WORKER_NAMES[worker]!;
    let note: string;
    switch (step) {
      case "check":
        proceeds[worker] = !recorded;
        note = recorded ? "sees the key recorded: will skip" : "sees no record: will proceed";
        break;
      case "record":
        if (proceeds[worker]) {
          note = recorded ? "records the key (it was already there)" : "records the key";
          recorded = true;
        } else note = "skips (saw the key at its check)";
        break;
      case "insert-if-absent":
        proceeds[worker] = !recorded;
        note = recorded ? "insert refused: key already recorded" : "inserts the key";
        recorded = true;
        break;
      case "effect":
        if (proceeds[worker]) {
          effects++;
          note = `applies the effect (effect #${effects})`;
        } else note = "skips the effect";
        break;
    }
    records.push({index, worker, step, note});
    const skipped = (step === "record" || step === "effect") && !proceeds[worker];
    // Steps are counted from 1, as the lesson's stepper names them ("step 1 of 6").
    trace.push({
      atSeconds: index + 1,
      title: `${name}: ${step}${skipped ? " (skipped)" : ""}`,
      detail: `Worker ${name} ${note}.`,
      kind: step === "effect" && proceeds[worker] ? "effect" : "step"
    });
  });
  if (position.some((p) => p !== steps.length))
    throw new RangeError("the order does not run every worker's steps exactly once");
  return {
    order: [...order],
    label: records.map((r) => `${WORKER_NAMES[r.worker]}:${r.step}`).join(" "),
    effects,
    steps: records,
    trace
  };
}

export interface RaceTable {
  strategy: RaceStrategy;
  workers: number;
  runs: RaceRun[];
  /** How many interleavings ended with n effects, keyed by n. */
  byEffects: Record<number, number>;
  /** Interleavings with more than one effect. */
  duplicated: number;
}

/** Every interleaving of `workers` concurrent deliveries of one event, with its effect count. */
export function raceTable(strategy: RaceStrategy, workers = 2): RaceTable {
  const runs = enumerateInterleavings(workers, stepsOf(strategy).length).map((order) =>
    runInterleaving(strategy, order)
  );
  const byEffects: Record<number, number> = {};
  for (const run of runs) byEffects[run.effects] = (byEffects[run.effects] ?? 0) + 1;
  return {strategy, workers, runs, byEffects, duplicated: runs.filter((run) => run.effects > 1).length};
}
