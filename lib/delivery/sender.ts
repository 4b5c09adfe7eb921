/**
 * The sender's side of one run: it starts each attempt, waits for the response until the
 * attempt's deadline, and asks its policy (sender-policy.ts: the teaching sender or a real
 * one's preset) what a status means and whether and when to try again; it records each
 * update's final outcome. It never reads the receiver's memory: all it learns is the HTTP
 * status that comes back, if it comes back in time. A sender that sends one task's updates one
 * at a time holds each until the one before has its answer. The event loop (simulate.ts)
 * decides when each of its events is processed.
 */
import type {DeliveryConfig} from "./config.js";
import {isSuccessStatus} from "./receiver.js";
import type {PushPayload} from "./payload.js";
import {senderPolicy, type SenderPolicy} from "./sender-policy.js";
import type {DeliveryAttempt, SenderObservation, SuppressedAttempt, UpdateOutcome, UpdateOutcomeKind} from "./run.js";
import {stepKind, type TraceSteps} from "./trace-steps.js";
import type {TaskUpdate} from "./updates.js";

/** How the sender asks the event loop for a later event; the loop keeps the same-instant order. */
export interface SenderSchedule {
  attemptStart(atSeconds: number, updateIndex: number, attemptNumber: number): void;
  /** The request reaches the receiver (and, if in time, its response reaches the sender). */
  arrival(atSeconds: number, attempt: DeliveryAttempt, attemptIndex: number): void;
  timeout(atSeconds: number, attempt: DeliveryAttempt, attemptIndex: number): void;
}

export interface SenderOptions {
  config: DeliveryConfig;
  /** Indexed like config.updates. */
  payloads: readonly PushPayload[];
  headers: Readonly<Record<string, string>>;
  steps: TraceSteps;
  schedule: SenderSchedule;
  /**
   * How often the receiver has applied an update so far. Only the record reads it (the trace
   * of an exhausted update, and each outcome): the sender never acts on it.
   */
  receiverEffectsOf: (updateIndex: number) => number;
}

/** Placeholder until the sender observes the attempt's outcome (every attempt gets one before the run ends). */
const pendingObservation: SenderObservation = Object.freeze({kind: "timeout", atSeconds: Number.NaN, cause: "slow"});

export class Sender {
  readonly attempts: DeliveryAttempt[] = [];
  readonly suppressedAttempts: SuppressedAttempt[] = [];
  /** 2xx responses dropped by loseFirstSuccessfulAck. */
  lostAcknowledgements = 0;
  /** Responses that came after the sender's deadline. */
  lateResponses = 0;

  private readonly config: DeliveryConfig;
  private readonly policy: SenderPolicy;
  private readonly payloads: readonly PushPayload[];
  private readonly headers: Readonly<Record<string, string>>;
  private readonly steps: TraceSteps;
  private readonly schedule: SenderSchedule;
  private readonly receiverEffectsOf: (updateIndex: number) => number;
  /** Per update, indexed like config.updates. */
  private readonly attemptsSent: number[];
  private readonly firstAckLost: boolean[];
  private readonly outcomeKinds: (UpdateOutcomeKind | null)[];
  private readonly settledAt: number[];
  private readonly refusalStatus: (number | null)[];
  /** One-at-a-time senders: the update being sent, and those produced meanwhile, in order. */
  private sending: number | null = null;
  private readonly held: number[] = [];
  /** Held updates whose turn has come: their next start is their release, not their production. */
  private readonly released = new Set<number>();

  constructor({config, payloads, headers, steps, schedule, receiverEffectsOf}: SenderOptions) {
    this.config = config;
    this.policy = senderPolicy(config);
    this.payloads = payloads;
    this.headers = headers;
    this.steps = steps;
    this.schedule = schedule;
    this.receiverEffectsOf = receiverEffectsOf;
    const updateCount = config.updates.length;
    this.attemptsSent = new Array<number>(updateCount).fill(0);
    this.firstAckLost = new Array<boolean>(updateCount).fill(false);
    this.outcomeKinds = new Array<UpdateOutcomeKind | null>(updateCount).fill(null);
    this.settledAt = new Array<number>(updateCount).fill(0);
    this.refusalStatus = new Array<number | null>(updateCount).fill(null);
  }

  /** The dispatch gate refused the push config: the update is never sent. */
  block(updateIndex: number, atSeconds: number): void {
    this.settle(updateIndex, "blocked", atSeconds);
  }

  /** Attempt `attemptNumber` of an update is due: send it, unless the push config was deleted. */
  startAttempt(now: number, updateIndex: number, attemptNumber: number): void {
    const released = this.released.delete(updateIndex);
    if (this.policy.oneAtATime && attemptNumber === 1 && !released) {
      if (this.sending !== null) {
        if (!this.suppressIfDeleted(now, updateIndex, attemptNumber)) this.held.push(updateIndex);
        return;
      }
      // Taken before the deletion check: a suppressed update frees the sender for the next one.
      this.sending = updateIndex;
    }
    const configsRead = released && this.policy.readsConfigsWhenProduced;
    if (!configsRead && this.suppressIfDeleted(now, updateIndex, attemptNumber)) return;
    this.dispatch(now, updateIndex, attemptNumber);
  }

  /** Suppresses an attempt due at or after the push config's deletion; true if it did. */
  private suppressIfDeleted(now: number, updateIndex: number, attemptNumber: number): boolean {
    const deleteAt = this.config.deleteConfigAtSeconds;
    if (deleteAt === null || now < deleteAt) return false;
    this.suppressedAttempts.push({
      updateIndex,
      attemptNumber,
      wouldStartAtSeconds: now,
      configDeletedAtSeconds: deleteAt
    });
    this.settle(updateIndex, "stopped-by-deletion", now);
    this.steps.add(now, stepKind.suppressed, this.suppressedAttempts.length - 1);
    return true;
  }

  private dispatch(now: number, updateIndex: number, attemptNumber: number): void {
    const update = this.config.updates[updateIndex] as TaskUpdate;
    const attempt: DeliveryAttempt = {
      updateIndex,
      attemptNumber,
      eventId: update.eventId,
      sequence: update.sequence,
      dispatchedAtSeconds: now,
      arrivesAtSeconds: now + this.config.responseDelaySeconds,
      deadlineAtSeconds: Number.isFinite(this.policy.timeoutSeconds) ? now + this.policy.timeoutSeconds : null,
      // Filled in when the request arrives and when the sender observes the outcome.
      receiverDecision: "applied",
      httpStatus: 0,
      responseLost: false,
      responseLate: false,
      sender: pendingObservation,
      senderAction: "retry",
      nextRetryAtSeconds: null,
      payload: this.payloads[updateIndex] as PushPayload,
      headers: this.headers
    };
    const attemptIndex = this.attempts.push(attempt) - 1;
    this.attemptsSent[updateIndex] = (this.attemptsSent[updateIndex] ?? 0) + 1;
    this.schedule.arrival(attempt.arrivesAtSeconds, attempt, attemptIndex);
    // The sender's wait is independent of the delay: a request slower than the timeout times out first.
    if (isLate(attempt)) this.schedule.timeout(attempt.deadlineAtSeconds!, attempt, attemptIndex);
    this.steps.add(now, stepKind.dispatch, attemptIndex);
  }

  /**
   * The receiver answered the attempt with `httpStatus` at `now` (its arrival time). The
   * response travels back; the update's first 2xx may be lost; a response after the deadline
   * changes nothing; otherwise the sender acts on the status.
   */
  responseArrives(now: number, attemptIndex: number, httpStatus: number): void {
    const attempt = this.attempts[attemptIndex] as DeliveryAttempt;
    const updateIndex = attempt.updateIndex;
    if (isSuccessStatus(httpStatus) && this.config.loseFirstSuccessfulAck && !this.firstAckLost[updateIndex]) {
      this.firstAckLost[updateIndex] = true;
      attempt.responseLost = true;
      this.lostAcknowledgements++;
    }
    if (isLate(attempt)) {
      // The sender already timed out (and maybe retried): this response changes nothing.
      attempt.responseLate = true;
      this.lateResponses++;
      this.steps.add(now, stepKind.lateResponse, attemptIndex);
      return;
    }
    if (attempt.responseLost) {
      // A sender without a deadline waits for ever: the update stays unanswered.
      if (attempt.deadlineAtSeconds === null) {
        attempt.sender = {kind: "waiting", atSeconds: now};
        attempt.senderAction = "waiting";
        this.settle(updateIndex, "unanswered", now);
      } else {
        this.schedule.timeout(attempt.deadlineAtSeconds, attempt, attemptIndex);
      }
      this.steps.add(now, stepKind.ackLost, attemptIndex);
      return;
    }
    attempt.sender = {kind: "response", httpStatus, atSeconds: now};
    if (this.policy.delivered(httpStatus)) {
      attempt.senderAction = "acknowledged";
      this.settle(updateIndex, "acknowledged", now);
      this.steps.add(now, stepKind.acknowledged, attemptIndex);
    } else if (this.policy.retryable(httpStatus)) {
      this.retryOrExhaust(attempt, attemptIndex, now);
    } else {
      attempt.senderAction = "refused";
      this.refusalStatus[updateIndex] = httpStatus;
      this.settle(updateIndex, "refused", now);
      this.steps.add(now, stepKind.refused, attemptIndex);
    }
  }

  /** No response by the deadline: the request was slower than the timeout, or its 2xx was lost. */
  timesOut(now: number, attemptIndex: number): void {
    const attempt = this.attempts[attemptIndex] as DeliveryAttempt;
    attempt.sender = {kind: "timeout", atSeconds: now, cause: attempt.responseLost ? "response-lost" : "slow"};
    this.retryOrExhaust(attempt, attemptIndex, now);
  }

  /** Each update's final word, beside how often the receiver applied it. */
  outcomes(): UpdateOutcome[] {
    return this.config.updates.map((update, index) => {
      const outcome = this.outcomeKinds[index];
      // Every update's attempt chain ends in exactly one outcome.
      if (outcome === null || outcome === undefined)
        throw new Error(`Delivery simulator bug: update ${index + 1} has no outcome.`);
      return {
        updateIndex: index,
        eventId: update.eventId,
        sequence: update.sequence,
        taskState: update.taskState,
        emittedAtSeconds: update.atSeconds,
        outcome,
        settledAtSeconds: this.settledAt[index] ?? update.atSeconds,
        attemptsSent: this.attemptsSent[index] ?? 0,
        refusalStatus: this.refusalStatus[index] ?? null,
        receiverEffects: this.receiverEffectsOf(index),
        payload: this.payloads[index] as PushPayload
      };
    });
  }

  /** After a retryable failure observed at `failedAtSeconds`: schedule the next attempt or give up. */
  private retryOrExhaust(attempt: DeliveryAttempt, attemptIndex: number, failedAtSeconds: number): void {
    const {updateIndex, attemptNumber} = attempt;
    if (attemptNumber >= this.policy.maxAttempts) {
      attempt.senderAction = "exhausted";
      this.settle(updateIndex, "exhausted", failedAtSeconds);
      // The trace says how often the receiver applied the update the sender gives up on.
      this.steps.add(failedAtSeconds, stepKind.exhausted, attemptIndex, this.receiverEffectsOf(updateIndex));
      return;
    }
    const next = failedAtSeconds + this.policy.waitAfterFailure(attemptNumber);
    attempt.senderAction = "retry";
    attempt.nextRetryAtSeconds = next;
    this.schedule.attemptStart(next, updateIndex, attemptNumber + 1);
    this.steps.add(failedAtSeconds, stepKind.retryScheduled, attemptIndex);
  }

  private settle(updateIndex: number, outcome: UpdateOutcomeKind, atSeconds: number): void {
    this.outcomeKinds[updateIndex] = outcome;
    this.settledAt[updateIndex] = atSeconds;
    if (this.sending === updateIndex) this.sendNextHeld(atSeconds);
  }

  /**
   * A one-at-a-time sender is free again: the next held update starts now. It is reserved at
   * once, so an update produced at this same instant queues behind it, as in a chain.
   */
  private sendNextHeld(now: number): void {
    const next = this.held.shift();
    this.sending = next ?? null;
    if (next === undefined) return;
    this.released.add(next);
    this.schedule.attemptStart(now, next, 1);
  }
}

/** The request arrives after the sender's deadline, so the sender times out before any response. */
function isLate(attempt: DeliveryAttempt): boolean {
  return attempt.deadlineAtSeconds !== null && attempt.arrivesAtSeconds > attempt.deadlineAtSeconds;
}
