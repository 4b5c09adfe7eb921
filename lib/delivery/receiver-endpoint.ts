/**
 * The receiver's side of one run: the webhook endpoint that decides each arriving request
 * by the policy in receiver.ts, remembers what it accepted, and keeps the record the charts
 * read (each application of an update, and its state after every decision).
 */
import type {DeliveryConfig} from "./config.js";
import {
  acceptRequest,
  decideArrival,
  emptyReceiverMemory,
  type ReceiverDecisionKind,
  type ReceiverMemory,
  type ReceiverPolicy,
  receiverHttpStatus
} from "./receiver.js";
import type {ReceiverEffect, ReceiverStateSample} from "./run.js";
import type {TaskUpdate} from "./updates.js";

export class ReceiverEndpoint {
  readonly effects: ReceiverEffect[] = [];
  readonly states: ReceiverStateSample[] = [];

  private readonly policy: ReceiverPolicy;
  private readonly memory: ReceiverMemory = emptyReceiverMemory();
  /** Applications per update, indexed like config.updates. */
  private readonly effectsPerUpdate: number[];

  constructor(config: DeliveryConfig) {
    this.policy = {
      unavailableUntilSeconds: config.receiverUnavailableUntilSeconds,
      credential: config.credential,
      payloadNamesExpectedTask: config.payloadNamesExpectedTask,
      ignoreSeenEventIds: config.ignoreSeenEventIds,
      ignoreOlderSequence: config.ignoreOlderSequence
    };
    this.effectsPerUpdate = new Array<number>(config.updates.length).fill(0);
  }

  /** Decides attempt `attemptNumber` of `update`, arriving at `now`, and records what it did. */
  receive(now: number, updateIndex: number, attemptNumber: number, update: TaskUpdate): ReceiverDecisionKind {
    const memory = this.memory;
    const decision = decideArrival(this.policy, memory, now, update.eventId, update.sequence);
    const httpStatus = receiverHttpStatus[decision];
    const effectKind = acceptRequest(memory, decision, update.eventId, update.sequence, update.taskState);
    if (decision === "applied") {
      this.effectsPerUpdate[updateIndex] = (this.effectsPerUpdate[updateIndex] ?? 0) + 1;
      this.effects.push({
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
    this.states.push({
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
    return decision;
  }

  /** How often the receiver has applied the update so far. */
  effectsOf(updateIndex: number): number {
    return this.effectsPerUpdate[updateIndex] ?? 0;
  }
}
