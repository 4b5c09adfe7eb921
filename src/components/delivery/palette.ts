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
  return new Set(
    run.effects.filter((effect) => effect.duplicate).map((effect) => `${effect.updateIndex}/${effect.attemptNumber}`)
  );
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

/**
 * The unit a time axis counts in: seconds for the lesson's minute, minutes or hours for a
 * platform's retry schedule (Svix waits 5 min, then 30 min, 2 h...). Each ends its axis on a
 * multiple of `step` units.
 */
export interface TimeUnit {
  seconds: number;
  name: "s" | "min" | "h";
  step: number;
}
const TIME_UNITS: readonly TimeUnit[] = [
  {seconds: 1, name: "s", step: 10},
  {seconds: 60, name: "min", step: 5},
  {seconds: 3_600, name: "h", step: 1}
];

/** The unit for an axis ending near `lastSeconds`: seconds up to 10 min, minutes up to 3 h, then hours. */
export function timeUnitFor(lastSeconds: number): TimeUnit {
  return lastSeconds <= 600 ? TIME_UNITS[0]! : lastSeconds <= 3 * 3_600 ? TIME_UNITS[1]! : TIME_UNITS[2]!;
}

/**
 * Where the three delivery charts' time axis ends: past everything the run shows (its last
 * event, the deletion, the outage), rounded up to a multiple of 10 s (of 5 min, or of 1 h, on
 * a platform's long schedule: timeUnitFor). One end for all three
 * charts lets a reader compare them line by line, and the rounding keeps the axis still
 * while a slider moves the last event by a second or two.
 */
/** The time axis's end for `run`, or for both runs of a comparison when `alongside` is given, so the two share one axis. */
export function timeAxisEnd(run: DeliveryRun, alongside: DeliveryRun | null = null): number {
  const lastOf = (one: DeliveryRun) =>
    Math.max(one.endsAtSeconds, one.config.deleteConfigAtSeconds ?? 0, one.config.receiverUnavailableUntilSeconds, 1);
  const last = Math.max(lastOf(run), alongside ? lastOf(alongside) : 0);
  const unit = timeUnitFor(last);
  const step = unit.step * unit.seconds;
  return Math.ceil(last / step) * step;
}
