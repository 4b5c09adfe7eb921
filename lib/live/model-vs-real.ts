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

/** The model's run for the receiver's faults and a sender, what really arrived in its shape, and how they differ. */
export interface LiveComparison {
  sender: SenderId;
  model: DeliveryRun;
  real: DeliveryRun;
  differences: string[];
}

/** The comparison lesson 1's live lab draws, once the receiver has said hello (null before). */
export function compareLiveRun(feed: LiveFeed, sender: SenderId): LiveComparison | null {
  if (feed.hello === null) return null;
  const model = simulateDelivery(liveModelConfig(feed.hello.faults, sender));
  const real = observedRun(feed.attempts, model);
  return {sender, model, real, differences: liveDifferences(model, real, liveToleranceSeconds(feed.hello.msPerSecond))};
}

export function liveDifferences(model: DeliveryRun, real: DeliveryRun, toleranceSeconds = LIVE_TIMING_TOLERANCE_SECONDS): string[] {
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
      const what = k === 0 ? `${label} at ${s(attempt.dispatchedAtSeconds)}` : `a retry of ${label} (attempt ${k + 1}) at ${s(attempt.dispatchedAtSeconds)}`;
      if (got === undefined) return void differences.push(`the model expected ${what}; none arrived`);
      if (got.httpStatus !== attempt.httpStatus) differences.push(`${label}, attempt ${k + 1}: the model's receiver answered ${attempt.httpStatus} at ${s(attempt.arrivesAtSeconds)}; the real one answered ${got.httpStatus} at ${s(got.arrivesAtSeconds)}`);
      else timings.push({what: `${label}, attempt ${k + 1}`, model: attempt.dispatchedAtSeconds, real: got.dispatchedAtSeconds});
    });
    for (const extra of seen.slice(expected.length)) {
      differences.push(`${label}, attempt ${extra.attemptNumber} arrived at ${s(extra.dispatchedAtSeconds)} (answered ${extra.httpStatus}); the model expected ${expected.length === 0 ? "no attempt" : "no further attempt"}`);
    }
  });
  real.updates.forEach((update, realIndex) => {
    if (![...matched.values()].includes(realIndex)) differences.push(`an update the model does not send arrived: ${update.eventId} (${update.attemptsSent} attempt${update.attemptsSent === 1 ? "" : "s"})`);
  });
  differences.push(...lateness(timings, toleranceSeconds));
  if (model.summary.effects !== real.summary.effects) differences.push(`the model's receiver applied ${model.summary.effects} update${model.summary.effects === 1 ? "" : "s"}; the real one applied ${real.summary.effects}`);
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
  run.attempts.filter((attempt) => attempt.updateIndex === updateIndex).sort((a, b) => a.attemptNumber - b.attemptNumber);

function lateness(timings: {what: string; model: number; real: number}[], toleranceSeconds: number): string[] {
  const problems: string[] = [];
  let carried = 0;
  for (const timing of [...timings].sort((a, b) => a.model - b.model)) {
    const late = timing.real - timing.model;
    if (late < -toleranceSeconds) problems.push(`${timing.what} arrived at ${s(timing.real)}, ${s(-late)} before the model's ${s(timing.model)}`);
    else if (late > carried + toleranceSeconds) problems.push(`${timing.what} arrived at ${s(timing.real)}, ${s(late)} after the model's ${s(timing.model)}`);
    carried = Math.max(carried, late);
  }
  return problems;
}
