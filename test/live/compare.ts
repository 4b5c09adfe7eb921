/**
 * simulateDelivery's prediction for a config, beside what a real sender did on loopback with
 * the same config: the requests in the order the receiver saw them (update, status, time), each
 * update's outcome for the sender and when, the receiver's effects, and the wire format. Times
 * agree within `toleranceSeconds` (modeled), since real timers run late by a few milliseconds.
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

export function compareWithModel(partial: Partial<DeliveryConfig>, sender: SenderId, observed: LoopbackRun, toleranceSeconds: number): Comparison {
  const run = modelRun(partial, sender);
  const differences: string[] = [];
  const expectedRequests = [...run.attempts].sort((a, b) => a.dispatchedAtSeconds - b.dispatchedAtSeconds || a.updateIndex - b.updateIndex);
  const seenRequests = [...observed.requests].sort((a, b) => a.atSeconds - b.atSeconds);
  const model: Sequences = {
    requests: expectedRequests.map((attempt) => `${attempt.eventId} ${attempt.httpStatus} @${at(attempt.dispatchedAtSeconds)}`),
    outcomes: run.updates.map((update) => `${update.eventId} ${outcomeWord(update.outcome)} @${at(update.settledAtSeconds)}`),
    effects: run.effects.map((effect) => effect.eventId)
  };
  const seen: Sequences = {
    requests: seenRequests.map((request) => `${request.eventId} ${request.httpStatus ?? "no answer"} @${at(request.atSeconds)}`),
    outcomes: observed.outcomes.map((outcome) => `${outcome.eventId} ${outcome.outcome} @${at(outcome.atSeconds)}`),
    effects: observed.effects
  };
  if (expectedRequests.length !== seenRequests.length) differences.push(`${expectedRequests.length} requests predicted, ${seenRequests.length} seen`);
  expectedRequests.forEach((attempt, index) => {
    const request = seenRequests[index];
    if (request === undefined) return;
    if (request.eventId !== attempt.eventId || request.httpStatus !== attempt.httpStatus) differences.push(`request ${index + 1}: predicted ${model.requests[index]}, seen ${seen.requests[index]}`);
    else if (Math.abs(request.atSeconds - attempt.dispatchedAtSeconds) > toleranceSeconds) differences.push(`request ${index + 1} sent at ${at(request.atSeconds)}, predicted ${at(attempt.dispatchedAtSeconds)}`);
    differences.push(...wireDifferences(run, attempt.updateIndex, sender, request.headers, request.body, index));
  });
  run.updates.forEach((update, index) => {
    const outcome = observed.outcomes[index];
    const word = outcomeWord(update.outcome);
    if (outcome === undefined || outcome.eventId !== update.eventId || outcome.outcome !== word) differences.push(`update ${index + 1}: predicted ${model.outcomes[index]}, seen ${seen.outcomes[index] ?? "nothing"}`);
    else if (word !== "not-sent" && Math.abs(outcome.atSeconds - update.settledAtSeconds) > toleranceSeconds) differences.push(`update ${index + 1} settled at ${at(outcome.atSeconds)}, predicted ${at(update.settledAtSeconds)}`);
  });
  if (model.effects.join(",") !== seen.effects.join(",")) differences.push(`effects: predicted ${model.effects.join(", ") || "none"}, seen ${seen.effects.join(", ") || "none"}`);
  return {agree: differences.length === 0, model, observed: seen, differences};
}

/** The sender's own outcome words, as the loopback run records them. */
function outcomeWord(outcome: DeliveryRun["updates"][number]["outcome"]): ObservedOutcome["outcome"] {
  if (outcome === "acknowledged") return "acknowledged";
  if (outcome === "exhausted" || outcome === "refused") return "gave-up";
  return "not-sent";
}

/** Headers and body against wireRequest's prediction (the teaching sender's token is checked by the receiver's decision). */
function wireDifferences(run: DeliveryRun, updateIndex: number, sender: SenderId, headers: Record<string, string>, body: unknown, index: number): string[] {
  if (sender === "teaching") return [];
  const config = {...baselineDeliveryConfig, ...run.config};
  const predicted = wireRequest(senderPreset(sender), buildPushPayload(config.updates[updateIndex]!, config.payloadNamesExpectedTask), config.credential);
  const problems: string[] = [];
  for (const [name, value] of Object.entries(predicted.headers)) {
    if (headers[name.toLowerCase()] !== value) problems.push(`request ${index + 1}: header ${name} predicted ${JSON.stringify(value)}, seen ${JSON.stringify(headers[name.toLowerCase()] ?? null)}`);
  }
  if (JSON.stringify(body) !== JSON.stringify(predicted.body)) problems.push(`request ${index + 1}: body predicted ${JSON.stringify(predicted.body)}, seen ${JSON.stringify(body)}`);
  return problems;
}
