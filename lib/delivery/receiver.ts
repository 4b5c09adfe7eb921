import type {CredentialFixture} from "./config.js";
import type {A2aTaskState} from "./task-state.js";

/**
 * What the receiver does with one arriving request. Checked in this order
 * (the lesson's policy): 503 unavailable, 401 credential, 404 unknown task,
 * duplicate event id, stale sequence, else apply.
 */
export type ReceiverDecisionKind = "unavailable" | "unauthorized" | "unknown-task" | "duplicate" | "stale" | "applied";

export const receiverDecisionOrder: readonly ReceiverDecisionKind[] = [
  "unavailable",
  "unauthorized",
  "unknown-task",
  "duplicate",
  "stale",
  "applied"
];

/** The HTTP status each decision answers with. Duplicates and stale updates get 2xx: they were accepted, not failed. */
export const receiverHttpStatus: Readonly<Record<ReceiverDecisionKind, number>> = {
  unavailable: 503,
  unauthorized: 401,
  "unknown-task": 404,
  duplicate: 200,
  stale: 200,
  applied: 200
};

export function isSuccessStatus(httpStatus: number): boolean {
  return httpStatus >= 200 && httpStatus < 300;
}

export interface ReceiverPolicy {
  unavailableUntilSeconds: number;
  credential: CredentialFixture;
  payloadNamesExpectedTask: boolean;
  ignoreSeenEventIds: boolean;
  ignoreOlderSequence: boolean;
}

/** The receiver's memory. Mutated only by `acceptRequest`. */
export interface ReceiverMemory {
  /** Event ids answered with 2xx (applied, duplicate or stale): "accepted before" for deduplication. */
  acceptedEventIds: Set<string>;
  /** Event ids whose effect was applied at least once. */
  appliedEventIds: Set<string>;
  /** Highest sequence applied so far ("the newest applied"), or null before any effect. */
  newestAppliedSequence: number | null;
  /** What the receiver currently shows: the most recently applied update. */
  shownSequence: number | null;
  shownTaskState: A2aTaskState | null;
  effects: number;
  duplicateEffects: number;
  regressions: number;
}

export function emptyReceiverMemory(): ReceiverMemory {
  return {
    acceptedEventIds: new Set(),
    appliedEventIds: new Set(),
    newestAppliedSequence: null,
    shownSequence: null,
    shownTaskState: null,
    effects: 0,
    duplicateEffects: 0,
    regressions: 0
  };
}

/** Decides one request arriving at `atSeconds` without changing memory, in the policy's order. */
export function decideArrival(
  policy: ReceiverPolicy,
  memory: ReceiverMemory,
  atSeconds: number,
  eventId: string,
  sequence: number
): ReceiverDecisionKind {
  if (atSeconds < policy.unavailableUntilSeconds) return "unavailable";
  if (policy.credential !== "matched") return "unauthorized";
  if (!policy.payloadNamesExpectedTask) return "unknown-task";
  if (policy.ignoreSeenEventIds && memory.acceptedEventIds.has(eventId)) return "duplicate";
  if (policy.ignoreOlderSequence && memory.newestAppliedSequence !== null && sequence < memory.newestAppliedSequence) {
    return "stale";
  }
  return "applied";
}

/** How an applied effect relates to earlier ones. */
export interface EffectKind {
  /**
   * The event id had already been applied: a second (third, ...) application
   * of the same update. Only possible with deduplication off, typically when a
   * lost 2xx made the sender retry an update the receiver had applied.
   */
  duplicate: boolean;
  /** The sequence is older than one applied before it: the shown state moved backwards. */
  regression: boolean;
}

const noEffect: EffectKind = {duplicate: false, regression: false};

/** Records a decision in memory; returns how the effect (if any) relates to earlier effects. */
export function acceptRequest(
  memory: ReceiverMemory,
  decision: ReceiverDecisionKind,
  eventId: string,
  sequence: number,
  taskState: A2aTaskState
): EffectKind {
  if (!isSuccessStatus(receiverHttpStatus[decision])) return noEffect;
  memory.acceptedEventIds.add(eventId);
  if (decision !== "applied") return noEffect;
  const duplicate = memory.appliedEventIds.has(eventId);
  const regression = memory.newestAppliedSequence !== null && sequence < memory.newestAppliedSequence;
  memory.appliedEventIds.add(eventId);
  if (memory.newestAppliedSequence === null || sequence > memory.newestAppliedSequence) {
    memory.newestAppliedSequence = sequence;
  }
  memory.shownSequence = sequence;
  memory.shownTaskState = taskState;
  memory.effects++;
  if (duplicate) memory.duplicateEffects++;
  if (regression) memory.regressions++;
  return duplicate || regression ? {duplicate, regression} : noEffect;
}
