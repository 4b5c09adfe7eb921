/**
 * A deterministic discrete-event simulator of A2A push-notification (webhook)
 * delivery. Pure: no clock, no I/O, no randomness but a retrying sender's jitter, drawn
 * from the config's seed. The rules below are the teaching sender's; another sender
 * (sender-presets.ts) brings its own timeout, success rule, retry schedule and ordering.
 *
 * THE POLICY (each rule is tested in test/delivery/):
 * - Before dispatch (gate.ts): the agent card must advertise push support and
 *   the callback URL must be exactly the allowed one; otherwise nothing is sent
 *   (a refused push config is never stored, so it cannot be deleted either).
 * - Attempt k of an update starts at s (attempt 1 at the update's emission
 *   time) and arrives at s + responseDelaySeconds. The receiver decides in the
 *   order of receiver.ts: 503, 401, 404, duplicate, stale, applied.
 * - The response reaches the sender at the arrival time. The first 2xx of each
 *   update is dropped when loseFirstSuccessfulAck is on (whether or not it
 *   would have been in time). The sender sees a response only if it is not
 *   dropped and arrives no later than s + senderTimeoutSeconds; otherwise it
 *   times out at that deadline, and a late response changes nothing.
 * - 503 and timeouts are retryable, 401 and 404 refuse the update (retry.ts):
 *   after a retryable failure of attempt k observed at f, attempt k+1 starts at
 *   f + initialBackoffSeconds x 2^(k-1); after attempt maxAttemptsPerUpdate the
 *   update is exhausted.
 * - Deleting the push config at D suppresses every attempt due at or after D;
 *   a request already in flight still arrives, is decided, and is answered.
 * - A duplicate effect is an application of an event id that had been applied
 *   before (counted from the second application on), e.g. a retry after a lost
 *   2xx with deduplication off. A regression is an application whose sequence
 *   is lower than one applied before it.
 *
 * SAME-INSTANT TOTAL ORDER. Pending events are kept in a priority queue and
 * processed by the key (time, kind, update index, attempt number, creation
 * order), where kind ranks
 *   0. push config deleted
 *   1. request arrives at the receiver (the receiver decides; an in-time
 *      response is observed by the sender at the same instant)
 *   2. sender timeout fires
 *   3. attempt starts (first attempt at emission, or a scheduled retry)
 * so at one instant: a deletion takes effect before attempts due then (which
 * are suppressed: "at or after D"); an arrival exactly at the deadline is
 * processed, and its response seen, before the timeout; arrivals of earlier
 * updates (lower index in `updates`) are decided first. An event created for
 * the current instant (a zero delay, timeout or backoff) joins the queue and is
 * taken in the same order among the events still pending.
 *
 * The run has two sides, each in its own module: the sender (sender.ts: attempts,
 * deadlines, retries, outcomes) and the receiver (receiver-endpoint.ts, deciding by
 * receiver.ts). This module is the event loop between them: it keeps the pending
 * events in the order above and hands each one to the side it belongs to.
 *
 * Cost: each update yields at most maxAttemptsPerUpdate starts, arrivals and
 * timeouts, each pushed and popped once, so a run is O(n log n) in the number
 * of updates n (for a fixed attempt budget).
 */
import type {DeliveryConfig} from "./config.js";
import {EventQueue} from "../shared/event-queue.js";
import {checkDispatchGate, type DispatchGate} from "./gate.js";
import {resolveDeliveryConfig} from "./parse-config.js";
import {buildPushPayload} from "./payload.js";
import {senderPreset} from "./sender-presets.js";
import {wireHeaders} from "./wire-request.js";
import {receiverHttpStatus} from "./receiver.js";
import {ReceiverEndpoint} from "./receiver-endpoint.js";
import {Sender, type SenderSchedule} from "./sender.js";
import {describeSteps} from "./trace.js";
import {stepKind, TraceSteps} from "./trace-steps.js";
import type {DeliveryAttempt, DeliveryDecision, DeliveryRun, DeliverySummary, UpdateOutcome} from "./run.js";
import type {TaskUpdate} from "./updates.js";

/** Kinds, ranked as in the same-instant total order above. */
const rankConfigDeleted = 0;
const rankArrival = 1;
const rankTimeout = 2;
const rankAttemptStart = 3;

interface QueuedEvent {
  atSeconds: number;
  rank: number;
  updateIndex: number;
  attemptNumber: number;
  order: number;
  /** Index in the sender's attempts of the attempt an arrival or timeout belongs to; -1 for other events. */
  attemptIndex: number;
}

function processedBefore(a: QueuedEvent, b: QueuedEvent): boolean {
  if (a.atSeconds !== b.atSeconds) return a.atSeconds < b.atSeconds;
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.updateIndex !== b.updateIndex) return a.updateIndex < b.updateIndex;
  if (a.attemptNumber !== b.attemptNumber) return a.attemptNumber < b.attemptNumber;
  return a.order < b.order;
}

/** Runs the simulation for a partial config merged over the baseline. Throws DeliveryConfigError when parseDeliveryConfig refuses it. */
export function simulateDelivery(partial: Partial<DeliveryConfig> = {}): DeliveryRun {
  return simulateResolvedDelivery(resolveDeliveryConfig(partial));
}

/** Runs the simulation for a complete config that has already been validated. */
export function simulateResolvedDelivery(config: DeliveryConfig): DeliveryRun {
  const gate = checkDispatchGate(config);
  const headers = wireHeaders(senderPreset(config.sender), config.credential);
  const payloads = config.updates.map((update) => buildPushPayload(update, config.payloadNamesExpectedTask));
  const steps = new TraceSteps();
  const receiver = new ReceiverEndpoint(config);
  const queue = new EventQueue<QueuedEvent>(processedBefore);
  let order = 0;
  const enqueue = (
    atSeconds: number,
    rank: number,
    updateIndex: number,
    attemptNumber: number,
    attemptIndex: number
  ): void => {
    queue.push({atSeconds, rank, updateIndex, attemptNumber, order: order++, attemptIndex});
  };
  const schedule: SenderSchedule = {
    attemptStart: (atSeconds, updateIndex, attemptNumber) =>
      enqueue(atSeconds, rankAttemptStart, updateIndex, attemptNumber, -1),
    arrival: (atSeconds, attempt, attemptIndex) =>
      enqueue(atSeconds, rankArrival, attempt.updateIndex, attempt.attemptNumber, attemptIndex),
    timeout: (atSeconds, attempt, attemptIndex) =>
      enqueue(atSeconds, rankTimeout, attempt.updateIndex, attempt.attemptNumber, attemptIndex)
  };
  const sender = new Sender({
    config,
    payloads,
    headers,
    steps,
    schedule,
    receiverEffectsOf: (index) => receiver.effectsOf(index)
  });

  let endsAtSeconds: number;
  if (gate.blockedReason !== null) {
    endsAtSeconds = blockEveryUpdate(config.updates, sender, steps);
  } else {
    steps.add(0, stepKind.gateAccepted);
    if (config.deleteConfigAtSeconds !== null) enqueue(config.deleteConfigAtSeconds, rankConfigDeleted, -1, 0, -1);
    config.updates.forEach((update, index) => schedule.attemptStart(update.atSeconds, index, 1));
    endsAtSeconds = processEvents(queue, config, sender, receiver, steps);
  }

  const updates = sender.outcomes();
  const summary = summarise(sender, receiver, updates, gate);
  // The trace is worded when first read: a large run that is only summarised never builds its sentences.
  let decisions: DeliveryDecision[] | null = null;
  const traceContext = {config, gate, attempts: sender.attempts, suppressedAttempts: sender.suppressedAttempts};
  return {
    config,
    gate,
    headers,
    attempts: sender.attempts,
    suppressedAttempts: sender.suppressedAttempts,
    effects: receiver.effects,
    receiverStates: receiver.states,
    updates,
    get decisions(): DeliveryDecision[] {
      decisions ??= describeSteps(steps, traceContext);
      return decisions;
    },
    summary,
    endsAtSeconds
  };
}

/** Takes the pending events in the same-instant total order and hands each to its side. Returns the last event's time. */
function processEvents(
  queue: EventQueue<QueuedEvent>,
  config: DeliveryConfig,
  sender: Sender,
  receiver: ReceiverEndpoint,
  steps: TraceSteps
): number {
  let lastEventAtSeconds = 0;
  for (let event = queue.pop(); event !== undefined; event = queue.pop()) {
    const now = event.atSeconds;
    lastEventAtSeconds = now;
    if (event.rank === rankConfigDeleted) {
      steps.add(now, stepKind.configDeleted);
    } else if (event.rank === rankAttemptStart) {
      sender.startAttempt(now, event.updateIndex, event.attemptNumber);
    } else if (event.rank === rankTimeout) {
      sender.timesOut(now, event.attemptIndex);
    } else {
      // The request arrives: the receiver decides, then its response travels back to the sender.
      const attempt = sender.attempts[event.attemptIndex] as DeliveryAttempt;
      const update = config.updates[attempt.updateIndex] as TaskUpdate;
      const decision = receiver.receive(now, attempt.updateIndex, attempt.attemptNumber, update);
      attempt.receiverDecision = decision;
      attempt.httpStatus = receiverHttpStatus[decision];
      steps.add(now, stepKind.receiverDecided, event.attemptIndex);
      sender.responseArrives(now, event.attemptIndex, attempt.httpStatus);
    }
  }
  return lastEventAtSeconds;
}

/** The gate refused the push config: every update is blocked at its emission time, in emission order. Returns the run's end. */
function blockEveryUpdate(updates: readonly TaskUpdate[], sender: Sender, steps: TraceSteps): number {
  steps.add(0, stepKind.gateRefused);
  const emissionOrder = updates
    .map((_, index) => index)
    .sort((a, b) => (updates[a]?.atSeconds ?? 0) - (updates[b]?.atSeconds ?? 0) || a - b);
  let endsAtSeconds = 0;
  for (const index of emissionOrder) {
    const emittedAt = updates[index]?.atSeconds ?? 0;
    steps.add(emittedAt, stepKind.blocked, index);
    sender.block(index, emittedAt);
    endsAtSeconds = Math.max(endsAtSeconds, emittedAt);
  }
  return endsAtSeconds;
}

function summarise(
  sender: Sender,
  receiver: ReceiverEndpoint,
  updates: readonly UpdateOutcome[],
  gate: DispatchGate
): DeliverySummary {
  const summary: DeliverySummary = {
    attempts: sender.attempts.length,
    effects: receiver.effects.length,
    duplicateEffects: 0,
    acknowledgedUpdates: 0,
    exhaustedUpdates: 0,
    refusedUpdates: 0,
    stoppedByDeletionUpdates: 0,
    blockedUpdates: 0,
    unansweredUpdates: 0,
    suppressedAttempts: sender.suppressedAttempts.length,
    lostAcknowledgements: sender.lostAcknowledgements,
    lateResponses: sender.lateResponses,
    regressions: 0,
    blockedReason: gate.blockedReason
  };
  for (const effect of receiver.effects) {
    if (effect.duplicate) summary.duplicateEffects++;
    if (effect.regression) summary.regressions++;
  }
  for (const outcome of updates) {
    if (outcome.outcome === "acknowledged") summary.acknowledgedUpdates++;
    else if (outcome.outcome === "exhausted") summary.exhaustedUpdates++;
    else if (outcome.outcome === "refused") summary.refusedUpdates++;
    else if (outcome.outcome === "stopped-by-deletion") summary.stoppedByDeletionUpdates++;
    else if (outcome.outcome === "unanswered") summary.unansweredUpdates++;
    else summary.blockedUpdates++;
  }
  return summary;
}
