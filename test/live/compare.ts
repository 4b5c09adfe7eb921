/**
 * simulateDelivery's prediction for a config, beside what a real sender did on loopback with
 * the same config: the requests in the order the receiver saw them (update, status, time), each
 * update's outcome for the sender and when, the receiver's effects, and the wire format.
 *
 * Times: real timers run late by a few milliseconds, and lateness carries along a chain (an
 * update held behind a slow answer is sent when that answer comes, late as it was). So each
 * observed time may be as late as the latest earlier observation was, plus `toleranceSeconds`
 * (modeled) of its own, and no more than `toleranceSeconds` early. A wrong wait or deadline in
 * the model is a jump at one step, which this still catches.
 */
import {
  baselineDeliveryConfig,
  buildPushPayload,
  senderPreset,
  simulateDelivery,
  wireRequest,
  type DeliveryConfig,
  type DeliveryRun,
  type SenderId
} from "../../lib/delivery/index.js";
import type {LoopbackRun, ObservedOutcome} from "./loopback.js";

export interface Sequences {
  requests: string[];
  outcomes: string[];
  effects: string[];
}

export interface Comparison {
  agree: boolean;
  model: Sequences;
  observed: Sequences;
  /** What differs, in words (empty when they agree). */
  differences: string[];
}

const at = (seconds: number) => `${seconds.toFixed(1)} s`;

/** The model's run for the same config and sender. */
export function modelRun(partial: Partial<DeliveryConfig>, sender: SenderId): DeliveryRun {
  return simulateDelivery({...partial, sender});
}

export function compareWithModel(
  partial: Partial<DeliveryConfig>,
  sender: SenderId,
  observed: LoopbackRun,
  toleranceSeconds: number
): Comparison {
  const run = modelRun(partial, sender);
  const differences: string[] = [];
  const timings: Timing[] = [];
  const expectedRequests = [...run.attempts].sort(
    (a, b) => a.dispatchedAtSeconds - b.dispatchedAtSeconds || a.updateIndex - b.updateIndex
  );
  const seenRequests = [...observed.requests].sort((a, b) => a.atSeconds - b.atSeconds);
  const model: Sequences = {
    requests: expectedRequests.map(
      (attempt) => `${attempt.eventId} ${attempt.httpStatus} @${at(attempt.dispatchedAtSeconds)}`
    ),
    outcomes: run.updates.map(
      (update) => `${update.eventId} ${outcomeWord(update.outcome)} @${at(update.settledAtSeconds)}`
    ),
    effects: run.effects.map((effect) => effect.eventId)
  };
  const seen: Sequences = {
    requests: seenRequests.map(
      (request) => `${request.eventId} ${request.httpStatus ?? "no answer"} @${at(request.atSeconds)}`
    ),
    outcomes: observed.outcomes.map((outcome) => `${outcome.eventId} ${outcome.outcome} @${at(outcome.atSeconds)}`),
    effects: observed.effects
  };
  if (expectedRequests.length !== seenRequests.length)
    differences.push(`${expectedRequests.length} requests predicted, ${seenRequests.length} seen`);
  expectedRequests.forEach((attempt, index) => {
    const request = seenRequests[index];
    if (request === undefined) return;
    if (request.eventId !== attempt.eventId || request.httpStatus !== attempt.httpStatus)
      differences.push(`request ${index + 1}: predicted ${model.requests[index]}, seen ${seen.requests[index]}`);
    else
      timings.push({
        modelSeconds: attempt.dispatchedAtSeconds,
        observedSeconds: request.atSeconds,
        isOutcome: false,
        what: `request ${index + 1} sent`
      });
    differences.push(...wireDifferences(run, attempt.updateIndex, sender, request.headers, request.body, index));
  });
  run.updates.forEach((update, index) => {
    const outcome = observed.outcomes[index];
    const word = outcomeWord(update.outcome);
    if (outcome === undefined || outcome.eventId !== update.eventId || outcome.outcome !== word)
      differences.push(
        `update ${index + 1}: predicted ${model.outcomes[index]}, seen ${seen.outcomes[index] ?? "nothing"}`
      );
    else if (word !== "not-sent")
      timings.push({
        modelSeconds: update.settledAtSeconds,
        observedSeconds: outcome.atSeconds,
        isOutcome: true,
        what: `update ${index + 1} settled`
      });
  });
  differences.push(...timingDifferences(timings, toleranceSeconds));
  if (model.effects.join(",") !== seen.effects.join(","))
    differences.push(
      `effects: predicted ${model.effects.join(", ") || "none"}, seen ${seen.effects.join(", ") || "none"}`
    );
  return {agree: differences.length === 0, model, observed: seen, differences};
}

export interface Timing {
  modelSeconds: number;
  observedSeconds: number;
  /** An outcome at the same modeled time as a request comes first: an answer releases the next send. */
  isOutcome: boolean;
  what: string;
}

/** Each time against its prediction, allowing the lateness of the latest earlier observation (see the top of this file). */
export function timingDifferences(timings: readonly Timing[], toleranceSeconds: number): string[] {
  const ordered = [...timings].sort(
    (a, b) => a.modelSeconds - b.modelSeconds || Number(b.isOutcome) - Number(a.isOutcome)
  );
  const problems: string[] = [];
  let carriedLateness = 0;
  for (const timing of ordered) {
    const lateness = timing.observedSeconds - timing.modelSeconds;
    if (lateness < -toleranceSeconds || lateness > carriedLateness + toleranceSeconds) {
      problems.push(
        `${timing.what} at ${at(timing.observedSeconds)}, predicted ${at(timing.modelSeconds)} (earlier steps ran ${at(carriedLateness)} late)`
      );
    }
    carriedLateness = Math.max(carriedLateness, lateness);
  }
  return problems;
}

/** The sender's own outcome words, as the loopback run records them. */
function outcomeWord(outcome: DeliveryRun["updates"][number]["outcome"]): ObservedOutcome["outcome"] {
  if (outcome === "acknowledged") return "acknowledged";
  if (outcome === "exhausted" || outcome === "refused") return "gave-up";
  return "not-sent";
}

/** Headers and body against wireRequest's prediction (the teaching sender's token is checked by the receiver's decision). */
function wireDifferences(
  run: DeliveryRun,
  updateIndex: number,
  sender: SenderId,
  headers: Record<string, string>,
  body: unknown,
  index: number
): string[] {
  if (sender === "teaching") return [];
  const config = {...baselineDeliveryConfig, ...run.config};
  const predicted = wireRequest(
    senderPreset(sender),
    buildPushPayload(config.updates[updateIndex]!, config.payloadNamesExpectedTask),
    config.credential,
    config.version
  );
  const problems: string[] = [];
  for (const [name, value] of Object.entries(predicted.headers)) {
    if (headers[name.toLowerCase()] !== value)
      problems.push(
        `request ${index + 1}: header ${name} predicted ${JSON.stringify(value)}, seen ${JSON.stringify(headers[name.toLowerCase()] ?? null)}`
      );
  }
  if (JSON.stringify(body) !== JSON.stringify(predicted.body))
    problems.push(
      `request ${index + 1}: body predicted ${JSON.stringify(predicted.body)}, seen ${JSON.stringify(body)}`
    );
  return problems;
}
