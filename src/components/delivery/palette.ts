/**
 * One colour per receiver outcome, shared by every delivery chart so a colour means
 * the same thing everywhere. Mid-tone colours that read on white slides and on both
 * site themes.
 */
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";

export const OUTCOMES = [
  "applied",
  "applied again (duplicate effect)",
  "duplicate, ignored (2xx)",
  "stale, ignored (2xx)",
  "503 unavailable",
  "401 unauthorized",
  "404 unknown task"
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_COLOURS: Record<Outcome, string> = {
  applied: "#2da44e",
  "applied again (duplicate effect)": "#e8590c",
  "duplicate, ignored (2xx)": "#4c8dde",
  "stale, ignored (2xx)": "#8b6fd6",
  "503 unavailable": "#c69026",
  "401 unauthorized": "#d1242f",
  "404 unknown task": "#a8325e"
};

/** A colour scale over the outcomes a chart shows, in the fixed order, each keeping its colour. */
export function presentOutcomes(shown: Iterable<Outcome>): {domain: Outcome[]; range: string[]} {
  const present = new Set(shown);
  const domain = OUTCOMES.filter((outcome) => present.has(outcome));
  return {domain, range: domain.map((outcome) => OUTCOME_COLOURS[outcome])};
}

/** Which effects were second applications of an event id, by "update/attempt". */
function duplicateEffectKeys(run: DeliveryRun): Set<string> {
  return new Set(run.effects.filter((effect) => effect.duplicate).map((effect) => `${effect.updateIndex}/${effect.attemptNumber}`));
}

/** The receiver's decision on an attempt, in the charts' words. */
export function attemptOutcomes(run: DeliveryRun): Map<DeliveryAttempt, Outcome> {
  const duplicates = duplicateEffectKeys(run);
  const outcomes = new Map<DeliveryAttempt, Outcome>();
  for (const attempt of run.attempts) {
    const key = `${attempt.updateIndex}/${attempt.attemptNumber}`;
    outcomes.set(attempt, outcomeOf(attempt.receiverDecision, duplicates.has(key)));
  }
  return outcomes;
}

function outcomeOf(decision: DeliveryAttempt["receiverDecision"], duplicateEffect: boolean): Outcome {
  switch (decision) {
    case "applied":
      return duplicateEffect ? "applied again (duplicate effect)" : "applied";
    case "duplicate":
      return "duplicate, ignored (2xx)";
    case "stale":
      return "stale, ignored (2xx)";
    case "unavailable":
      return "503 unavailable";
    case "unauthorized":
      return "401 unauthorized";
    case "unknown-task":
      return "404 unknown task";
  }
}

/** "U2 · working": how charts and tables name an update. */
export function updateLabel(run: DeliveryRun, updateIndex: number): string {
  const update = run.updates[updateIndex];
  return `U${updateIndex + 1} · ${update?.taskState ?? "?"}`;
}

/** Time axes end on a multiple of this many seconds. */
const TIME_AXIS_STEP_SECONDS = 10;

/**
 * Where the three delivery charts' time axis ends: past everything the run shows (its last
 * event, the deletion, the outage), rounded up to a multiple of 10 s. One end for all three
 * charts lets a reader compare them line by line, and the rounding keeps the axis still
 * while a slider moves the last event by a second or two.
 */
/** The time axis's end for `run`, or for both runs of a comparison when `alongside` is given, so the two share one axis. */
export function timeAxisEnd(run: DeliveryRun, alongside: DeliveryRun | null = null): number {
  const lastOf = (one: DeliveryRun) => Math.max(one.endsAtSeconds, one.config.deleteConfigAtSeconds ?? 0, one.config.receiverUnavailableUntilSeconds, 1);
  const last = Math.max(lastOf(run), alongside ? lastOf(alongside) : 0);
  return Math.ceil(last / TIME_AXIS_STEP_SECONDS) * TIME_AXIS_STEP_SECONDS;
}
