/**
 * The differences between the model's run and what really arrived, named in words a reader can
 * check against the swimlane: "the model expected a retry of U2 at 7 s; none arrived". Updates
 * are matched by the lesson's event id when the real sender carried it (the demo agent does), else
 * in the order they first arrived. Times may drift: real timers run late, and lateness carries
 * along a chain of attempts (an update held behind a slow answer goes out when the answer comes),
 * so an attempt may be as late as the latest earlier one plus the tolerance.
 */
import type {DeliveryAttempt, DeliveryRun} from "../delivery/run.js";
import type {SenderId} from "../delivery/sender-presets.js";
import {simulateDelivery} from "../delivery/simulate.js";
import type {LiveAttempt} from "./attempt.js";
import type {LiveFeed} from "./live-feed.js";
import {liveModelConfig, observedRun} from "./observed-run.js";

export const LIVE_TIMING_TOLERANCE_SECONDS = 1;
/** Real time a timer may run late on a busy machine, whatever the run's scale. */
export const LIVE_TIMING_TOLERANCE_MS = 250;

/** The tolerance for a run at `msPerSecond`: a second of the run, or 250 real milliseconds when a second is shorter (a fast test run). */
export function liveToleranceSeconds(msPerSecond: number): number {
  return Math.max(LIVE_TIMING_TOLERANCE_SECONDS, LIVE_TIMING_TOLERANCE_MS / msPerSecond);
}

const s = (seconds: number) => `${Number(seconds.toFixed(1))} s`;

/** Updates drawn at most: the newest, so a long run (2,000 pushes) draws a swimlane a reader can scroll, not 20,000 px. */
export const LIVE_DRAWN_UPDATES = 40;
/** Differences listed at most; past that, the rest are counted by kind. */
export const LIVE_DIFFERENCES_LISTED = 12;

/**
 * The model's run for the receiver's faults and a sender (none: "my sender only", nothing
 * predicted), what really arrived in its shape (the newest LIVE_DRAWN_UPDATES updates, `window`
 * says how many in all), and how they differ.
 */
export interface LiveComparison {
  sender: SenderId | null;
  model: DeliveryRun | null;
  real: DeliveryRun;
  window: {shownUpdates: number; totalUpdates: number};
  differences: string[];
  /** The model's attempts not reached yet (notYetDue), null when none or with no model. */
  pending: string | null;
}

/** The comparison lesson 1's live lab draws, once the receiver has said hello (null before). */
export function compareLiveRun(feed: LiveFeed, sender: SenderId | null): LiveComparison | null {
  if (feed.hello === null) return null;
  // The real run is placed on a model's clock even when no model is shown: its first request where a sender sends its first.
  const model = simulateDelivery(liveModelConfig(feed.hello.faults, sender ?? "a2a-js"));
  const {attempts, shownUpdates, totalUpdates} = newestUpdates(feed.attempts, LIVE_DRAWN_UPDATES);
  const real = observedRun(attempts, model);
  if (sender === null)
    return {sender, model: null, real, window: {shownUpdates, totalUpdates}, differences: [], pending: null};
  const whole = totalUpdates > shownUpdates ? observedRun(feed.attempts, model) : real;
  const tolerance = liveToleranceSeconds(feed.hello.msPerSecond);
  const differences = liveDifferences(model, whole, tolerance);
  return {
    sender,
    model,
    real,
    window: {shownUpdates, totalUpdates},
    differences: cappedDifferences(differences),
    pending: notYetDue(model, whole, tolerance)
  };
}

/** The attempts of the newest `limit` updates (by first arrival), and how many updates there are. */
function newestUpdates(
  attempts: readonly LiveAttempt[],
  limit: number
): {attempts: readonly LiveAttempt[]; shownUpdates: number; totalUpdates: number} {
  const keys = [
    ...new Set(attempts.filter((attempt) => attempt.updateKey !== null).map((attempt) => attempt.updateKey!))
  ];
  if (keys.length <= limit) return {attempts, shownUpdates: keys.length, totalUpdates: keys.length};
  const shown = new Set(keys.slice(-limit));
  return {
    attempts: attempts.filter((attempt) => attempt.updateKey === null || shown.has(attempt.updateKey)),
    shownUpdates: limit,
    totalUpdates: keys.length
  };
}

/** The first differences in full; past the cap, the rest counted by what kind they are. */
export function cappedDifferences(differences: readonly string[], listed = LIVE_DIFFERENCES_LISTED): string[] {
  if (differences.length <= listed) return [...differences];
  const kinds = new Map<string, number>();
  for (const difference of differences.slice(listed))
    kinds.set(differenceKind(difference), (kinds.get(differenceKind(difference)) ?? 0) + 1);
  const counted = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ");
  return [...differences.slice(0, listed), `and ${differences.length - listed} more: ${counted}`];
}

function differenceKind(difference: string): string {
  if (difference.endsWith("none arrived")) return "expected attempts that did not arrive";
  if (difference.startsWith("an update the model does not send")) return "updates the model does not send";
  if (/ after the model's /.test(difference)) return "later than the model";
  if (/ before the model's /.test(difference)) return "earlier than the model";
  if (/answered \d+ at .*; the real one answered/.test(difference)) return "other answers";
  return "other differences";
}

/**
 * The differences a reader can already judge: a model attempt counts only once the real run has
 * reached its time (an arrival at or after it), since the real sender may simply not be there yet.
 * The model's later attempts are named in one line, not as differences.
 */
export function liveDifferences(
  model: DeliveryRun,
  real: DeliveryRun,
  toleranceSeconds = LIVE_TIMING_TOLERANCE_SECONDS
): string[] {
  const {due} = reachedBy(real, toleranceSeconds);
  return differencesOfDue({...model, attempts: model.attempts.filter(due)}, real, toleranceSeconds);
}

/** The model's attempts the real run has not reached yet, in a sentence (null when there are none): not differences, not yet. */
export function notYetDue(
  model: DeliveryRun,
  real: DeliveryRun,
  toleranceSeconds = LIVE_TIMING_TOLERANCE_SECONDS
): string | null {
  const {due, reached} = reachedBy(real, toleranceSeconds);
  const count = model.attempts.filter((attempt) => !due(attempt)).length;
  if (count === 0) return null;
  return `Not yet due: ${count} more attempt${count === 1 ? "" : "s"} the model sends after ${Number.isFinite(reached) ? s(reached) : "the first arrival"}, counted once something arrives after ${count === 1 ? "it" : "them"}.`;
}

/** How far the real run has got (its newest arrival), and whether a model attempt is within it. */
function reachedBy(
  real: DeliveryRun,
  toleranceSeconds: number
): {reached: number; due: (attempt: DeliveryAttempt) => boolean} {
  const reached = Math.max(-Infinity, ...real.attempts.map((attempt) => attempt.dispatchedAtSeconds));
  return {reached, due: (attempt) => attempt.dispatchedAtSeconds <= reached + toleranceSeconds};
}

function differencesOfDue(model: DeliveryRun, real: DeliveryRun, toleranceSeconds: number): string[] {
  const differences: string[] = [];
  const matched = matchUpdates(model, real);
  const timings: {what: string; model: number; real: number}[] = [];
  model.updates.forEach((update, modelIndex) => {
    const label = `U${modelIndex + 1}`;
    const realIndex = matched.get(modelIndex);
    const expected = attemptsOf(model, modelIndex);
    const seen = realIndex === undefined ? [] : attemptsOf(real, realIndex);
    if (expected.length === 0 && seen.length === 0) return;
    expected.forEach((attempt, k) => {
      const got = seen[k];
      const what =
        k === 0
          ? `${label} at ${s(attempt.dispatchedAtSeconds)}`
          : `a retry of ${label} (attempt ${k + 1}) at ${s(attempt.dispatchedAtSeconds)}`;
      if (got === undefined) return void differences.push(`the model expected ${what}; none arrived`);
      if (got.httpStatus !== attempt.httpStatus)
        differences.push(
          `${label}, attempt ${k + 1}: the model's receiver answered ${attempt.httpStatus} at ${s(attempt.arrivesAtSeconds)}; the real one answered ${got.httpStatus} at ${s(got.arrivesAtSeconds)}`
        );
      else
        timings.push({
          what: `${label}, attempt ${k + 1}`,
          model: attempt.dispatchedAtSeconds,
          real: got.dispatchedAtSeconds
        });
    });
    for (const extra of seen.slice(expected.length)) {
      differences.push(
        `${label}, attempt ${extra.attemptNumber} arrived at ${s(extra.dispatchedAtSeconds)} (answered ${extra.httpStatus}); the model expected ${expected.length === 0 ? "no attempt" : "no further attempt"}`
      );
    }
  });
  const matchedReal = new Set(matched.values());
  real.updates.forEach((update, realIndex) => {
    if (!matchedReal.has(realIndex))
      differences.push(
        `an update the model does not send arrived: ${update.eventId} (${update.attemptsSent} attempt${update.attemptsSent === 1 ? "" : "s"})`
      );
  });
  differences.push(...lateness(timings, toleranceSeconds));
  // The model's effects among its attempts counted here (only those due).
  const modelEffects = model.attempts.filter((attempt) => attempt.receiverDecision === "applied").length;
  if (modelEffects !== real.summary.effects)
    differences.push(
      `the model's receiver applied ${modelEffects} update${modelEffects === 1 ? "" : "s"}; the real one applied ${real.summary.effects}`
    );
  return differences;
}

/** Model update index → real update index: by the lesson's event id where the real ones carry it, else by order of first arrival. */
function matchUpdates(model: DeliveryRun, real: DeliveryRun): Map<number, number> {
  const byEventId = new Map(real.updates.map((update, index) => [update.eventId.replace(/^event:/, ""), index]));
  const matched = new Map<number, number>();
  const carriesIds = real.updates.length > 0 && real.updates.every((update) => update.eventId.startsWith("event:"));
  model.updates.forEach((update, index) => {
    const realIndex = carriesIds ? byEventId.get(update.eventId) : index < real.updates.length ? index : undefined;
    if (realIndex !== undefined) matched.set(index, realIndex);
  });
  return matched;
}

const attemptsOf = (run: DeliveryRun, updateIndex: number): DeliveryAttempt[] =>
  run.attempts
    .filter((attempt) => attempt.updateIndex === updateIndex)
    .sort((a, b) => a.attemptNumber - b.attemptNumber);

function lateness(timings: {what: string; model: number; real: number}[], toleranceSeconds: number): string[] {
  const problems: string[] = [];
  let carried = 0;
  for (const timing of [...timings].sort((a, b) => a.model - b.model)) {
    const late = timing.real - timing.model;
    if (late < -toleranceSeconds)
      problems.push(`${timing.what} arrived at ${s(timing.real)}, ${s(-late)} before the model's ${s(timing.model)}`);
    else if (late > carried + toleranceSeconds)
      problems.push(`${timing.what} arrived at ${s(timing.real)}, ${s(late)} after the model's ${s(timing.model)}`);
    carried = Math.max(carried, late);
  }
  return problems;
}
