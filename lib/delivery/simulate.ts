/**
 * A deterministic discrete-event simulator of A2A push-notification (webhook)
 * delivery. Pure: no clock, no randomness, no I/O.
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
 * Cost: each update yields at most maxAttemptsPerUpdate starts, arrivals and
 * timeouts, each pushed and popped once, so a run is O(n log n) in the number
 * of updates n (for a fixed attempt budget).
 */
import type {DeliveryConfig} from "./config.js";
import type {TaskUpdate} from "./updates.js";
import {EventQueue} from "./event-queue.js";
import {checkDispatchGate} from "./gate.js";
import {resolveDeliveryConfig} from "./parse-config.js";
import {buildPushHeaders, buildPushPayload, type PushPayload} from "./payload.js";
import {
  acceptRequest,
  decideArrival,
  emptyReceiverMemory,
  isSuccessStatus,
  receiverHttpStatus,
  type ReceiverPolicy
} from "./receiver.js";
import {isPermanentRefusal, isRetryableStatus, retryWaitSeconds} from "./retry.js";
import {describeSteps} from "./trace.js";
import {stepKind, TraceSteps} from "./trace-steps.js";
import type {
  DeliveryAttempt,
  DeliveryDecision,
  DeliveryRun,
  DeliverySummary,
  ReceiverEffect,
  ReceiverStateSample,
  SenderObservation,
  SuppressedAttempt,
  UpdateOutcome,
  UpdateOutcomeKind
} from "./run.js";

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
  /** Index in `attempts` of the attempt an arrival or timeout belongs to; -1 for other events. */
  attemptIndex: number;
}

function processedBefore(a: QueuedEvent, b: QueuedEvent): boolean {
  if (a.atSeconds !== b.atSeconds) return a.atSeconds < b.atSeconds;
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.updateIndex !== b.updateIndex) return a.updateIndex < b.updateIndex;
  if (a.attemptNumber !== b.attemptNumber) return a.attemptNumber < b.attemptNumber;
  return a.order < b.order;
}

/** Placeholder until the sender observes the attempt's outcome (every attempt gets one before the run ends). */
const pendingObservation: SenderObservation = Object.freeze({kind: "timeout", atSeconds: Number.NaN, cause: "slow"});

/** Runs the simulation for a partial config merged over the baseline. Throws DeliveryConfigError on an invalid field. */
export function simulateDelivery(partial: Partial<DeliveryConfig> = {}): DeliveryRun {
  return simulateResolvedDelivery(resolveDeliveryConfig(partial));
}

/** Runs the simulation for a complete config that has already been validated. */
export function simulateResolvedDelivery(config: DeliveryConfig): DeliveryRun {
  const updates = config.updates;
  const updateCount = updates.length;
  const gate = checkDispatchGate(config);
  const headers = buildPushHeaders(config.credential);
  const payloads: PushPayload[] = updates.map((update) => buildPushPayload(update, config.payloadNamesExpectedTask));

  const attempts: DeliveryAttempt[] = [];
  const suppressedAttempts: SuppressedAttempt[] = [];
  const effects: ReceiverEffect[] = [];
  const receiverStates: ReceiverStateSample[] = [];
  const steps = new TraceSteps();

  const attemptsSent = new Array<number>(updateCount).fill(0);
  const effectsPerUpdate = new Array<number>(updateCount).fill(0);
  const firstAckLost = new Array<boolean>(updateCount).fill(false);
  const outcomes = new Array<UpdateOutcomeKind | null>(updateCount).fill(null);
  const settledAt = new Array<number>(updateCount).fill(0);
  const refusalStatus = new Array<number | null>(updateCount).fill(null);
  let lostAcknowledgements = 0;
  let lateResponses = 0;
  let endsAtSeconds = 0;

  const settle = (updateIndex: number, outcome: UpdateOutcomeKind, atSeconds: number): void => {
    outcomes[updateIndex] = outcome;
    settledAt[updateIndex] = atSeconds;
  };

  if (gate.blockedReason !== null) {
    steps.add(0, stepKind.gateRefused);
    const emissionOrder = updates
      .map((_, index) => index)
      .sort((a, b) => (updates[a]?.atSeconds ?? 0) - (updates[b]?.atSeconds ?? 0) || a - b);
    for (const index of emissionOrder) {
      const emittedAt = updates[index]?.atSeconds ?? 0;
      steps.add(emittedAt, stepKind.blocked, index);
      settle(index, "blocked", emittedAt);
      endsAtSeconds = Math.max(endsAtSeconds, emittedAt);
    }
  } else {
    steps.add(0, stepKind.gateAccepted);

    const policy: ReceiverPolicy = {
      unavailableUntilSeconds: config.receiverUnavailableUntilSeconds,
      credential: config.credential,
      payloadNamesExpectedTask: config.payloadNamesExpectedTask,
      ignoreSeenEventIds: config.ignoreSeenEventIds,
      ignoreOlderSequence: config.ignoreOlderSequence
    };
    const memory = emptyReceiverMemory();
    const delay = config.responseDelaySeconds;
    const timeout = config.senderTimeoutSeconds;
    const deleteAt = config.deleteConfigAtSeconds;
    const maxAttempts = config.maxAttemptsPerUpdate;

    const queue = new EventQueue<QueuedEvent>(processedBefore);
    let order = 0;
    const enqueue = (atSeconds: number, rank: number, updateIndex: number, attemptNumber: number, attemptIndex: number) => {
      queue.push({atSeconds, rank, updateIndex, attemptNumber, order: order++, attemptIndex});
    };
    if (deleteAt !== null) enqueue(deleteAt, rankConfigDeleted, -1, 0, -1);
    for (let index = 0; index < updateCount; index++) {
      enqueue((updates[index] as TaskUpdate).atSeconds, rankAttemptStart, index, 1, -1);
    }

    // After a retryable failure observed at `failedAtSeconds`: schedule the next attempt or give up.
    const retryOrExhaust = (attempt: DeliveryAttempt, attemptIndex: number, failedAtSeconds: number): void => {
      const {updateIndex, attemptNumber} = attempt;
      if (attemptNumber >= maxAttempts) {
        attempt.senderAction = "exhausted";
        settle(updateIndex, "exhausted", failedAtSeconds);
        steps.add(failedAtSeconds, stepKind.exhausted, attemptIndex, effectsPerUpdate[updateIndex] ?? 0);
        return;
      }
      const next = failedAtSeconds + retryWaitSeconds(config.initialBackoffSeconds, attemptNumber);
      attempt.senderAction = "retry";
      attempt.nextRetryAtSeconds = next;
      enqueue(next, rankAttemptStart, updateIndex, attemptNumber + 1, -1);
      steps.add(failedAtSeconds, stepKind.retryScheduled, attemptIndex);
    };

    for (let event = queue.pop(); event !== undefined; event = queue.pop()) {
      const now = event.atSeconds;
      endsAtSeconds = now;

      if (event.rank === rankConfigDeleted) {
        steps.add(now, stepKind.configDeleted);
        continue;
      }

      if (event.rank === rankAttemptStart) {
        const updateIndex = event.updateIndex;
        const attemptNumber = event.attemptNumber;
        if (deleteAt !== null && now >= deleteAt) {
          suppressedAttempts.push({updateIndex, attemptNumber, wouldStartAtSeconds: now, configDeletedAtSeconds: deleteAt});
          settle(updateIndex, "stopped-by-deletion", now);
          steps.add(now, stepKind.suppressed, suppressedAttempts.length - 1);
          continue;
        }
        const update = updates[updateIndex] as TaskUpdate;
        const attempt: DeliveryAttempt = {
          updateIndex,
          attemptNumber,
          eventId: update.eventId,
          sequence: update.sequence,
          dispatchedAtSeconds: now,
          arrivesAtSeconds: now + delay,
          deadlineAtSeconds: now + timeout,
          // Filled in when the request arrives and when the sender observes the outcome.
          receiverDecision: "applied",
          httpStatus: 0,
          responseLost: false,
          responseLate: false,
          sender: pendingObservation,
          senderAction: "retry",
          nextRetryAtSeconds: null,
          payload: payloads[updateIndex] as PushPayload,
          headers
        };
        const attemptIndex = attempts.push(attempt) - 1;
        attemptsSent[updateIndex] = (attemptsSent[updateIndex] ?? 0) + 1;
        enqueue(attempt.arrivesAtSeconds, rankArrival, updateIndex, attemptNumber, attemptIndex);
        // The sender's wait is independent of the delay: a request slower than the timeout times out first.
        if (attempt.arrivesAtSeconds > attempt.deadlineAtSeconds) {
          enqueue(attempt.deadlineAtSeconds, rankTimeout, updateIndex, attemptNumber, attemptIndex);
        }
        steps.add(now, stepKind.dispatch, attemptIndex);
        continue;
      }

      const attemptIndex = event.attemptIndex;
      const attempt = attempts[attemptIndex] as DeliveryAttempt;
      const {updateIndex, attemptNumber} = attempt;

      if (event.rank === rankTimeout) {
        attempt.sender = {kind: "timeout", atSeconds: now, cause: attempt.responseLost ? "response-lost" : "slow"};
        retryOrExhaust(attempt, attemptIndex, now);
        continue;
      }

      // Arrival: the receiver decides, in the policy's order.
      const update = updates[updateIndex] as TaskUpdate;
      const decision = decideArrival(policy, memory, now, update.eventId, update.sequence);
      const httpStatus = receiverHttpStatus[decision];
      const effectKind = acceptRequest(memory, decision, update.eventId, update.sequence, update.taskState);
      attempt.receiverDecision = decision;
      attempt.httpStatus = httpStatus;
      steps.add(now, stepKind.receiverDecided, attemptIndex);
      if (decision === "applied") {
        effectsPerUpdate[updateIndex] = (effectsPerUpdate[updateIndex] ?? 0) + 1;
        effects.push({
          atSeconds: now,
          updateIndex,
          attemptNumber,
          eventId: update.eventId,
          sequence: update.sequence,
          taskState: update.taskState,
          duplicate: effectKind.duplicate,
          regression: effectKind.regression
        });
      }
      receiverStates.push({
        atSeconds: now,
        updateIndex,
        attemptNumber,
        decision,
        httpStatus,
        shownSequence: memory.shownSequence,
        shownTaskState: memory.shownTaskState,
        newestAppliedSequence: memory.newestAppliedSequence,
        effectsSoFar: memory.effects,
        duplicateEffectsSoFar: memory.duplicateEffects,
        regressionsSoFar: memory.regressions,
        regression: effectKind.regression
      });

      // The response travels back; the first 2xx of each update may be lost.
      const success = isSuccessStatus(httpStatus);
      if (success && config.loseFirstSuccessfulAck && !firstAckLost[updateIndex]) {
        firstAckLost[updateIndex] = true;
        attempt.responseLost = true;
        lostAcknowledgements++;
      }
      if (attempt.arrivesAtSeconds > attempt.deadlineAtSeconds) {
        // The sender already timed out (and maybe retried): this response changes nothing.
        attempt.responseLate = true;
        lateResponses++;
        steps.add(now, stepKind.lateResponse, attemptIndex);
        continue;
      }
      if (attempt.responseLost) {
        enqueue(attempt.deadlineAtSeconds, rankTimeout, updateIndex, attemptNumber, attemptIndex);
        steps.add(now, stepKind.ackLost, attemptIndex);
        continue;
      }
      attempt.sender = {kind: "response", httpStatus, atSeconds: now};
      if (success) {
        attempt.senderAction = "acknowledged";
        settle(updateIndex, "acknowledged", now);
        steps.add(now, stepKind.acknowledged, attemptIndex);
      } else if (isPermanentRefusal(httpStatus)) {
        attempt.senderAction = "refused";
        refusalStatus[updateIndex] = httpStatus;
        settle(updateIndex, "refused", now);
        steps.add(now, stepKind.refused, attemptIndex);
      } else if (isRetryableStatus(httpStatus)) {
        retryOrExhaust(attempt, attemptIndex, now);
      }
    }
  }

  const updateOutcomes: UpdateOutcome[] = updates.map((update, index) => {
    const outcome = outcomes[index];
    // Every update's attempt chain ends in exactly one outcome.
    if (outcome === null || outcome === undefined) throw new Error(`Delivery simulator bug: update ${index + 1} has no outcome.`);
    return {
      updateIndex: index,
      eventId: update.eventId,
      sequence: update.sequence,
      taskState: update.taskState,
      emittedAtSeconds: update.atSeconds,
      outcome,
      settledAtSeconds: settledAt[index] ?? update.atSeconds,
      attemptsSent: attemptsSent[index] ?? 0,
      refusalStatus: refusalStatus[index] ?? null,
      receiverEffects: effectsPerUpdate[index] ?? 0,
      payload: payloads[index] as PushPayload
    };
  });

  const summary: DeliverySummary = {
    attempts: attempts.length,
    effects: effects.length,
    duplicateEffects: 0,
    acknowledgedUpdates: 0,
    exhaustedUpdates: 0,
    refusedUpdates: 0,
    stoppedByDeletionUpdates: 0,
    blockedUpdates: 0,
    suppressedAttempts: suppressedAttempts.length,
    lostAcknowledgements,
    lateResponses,
    regressions: 0,
    blockedReason: gate.blockedReason
  };
  for (const effect of effects) {
    if (effect.duplicate) summary.duplicateEffects++;
    if (effect.regression) summary.regressions++;
  }
  for (const outcome of updateOutcomes) {
    if (outcome.outcome === "acknowledged") summary.acknowledgedUpdates++;
    else if (outcome.outcome === "exhausted") summary.exhaustedUpdates++;
    else if (outcome.outcome === "refused") summary.refusedUpdates++;
    else if (outcome.outcome === "stopped-by-deletion") summary.stoppedByDeletionUpdates++;
    else summary.blockedUpdates++;
  }

  // The trace is worded when first read: a large run that is only summarised never builds its sentences.
  let decisions: DeliveryDecision[] | null = null;
  const traceContext = {config, gate, attempts, suppressedAttempts};
  return {
    config,
    gate,
    headers,
    attempts,
    suppressedAttempts,
    effects,
    receiverStates,
    updates: updateOutcomes,
    get decisions(): DeliveryDecision[] {
      decisions ??= describeSteps(steps, traceContext);
      return decisions;
    },
    summary,
    endsAtSeconds
  };
}
