import type {DeliveryConfig} from "./config.js";
import type {DispatchGate} from "./gate.js";
import type {PushPayload} from "./payload.js";
import type {Decision} from "../playback/decision.js";
import type {ReceiverDecisionKind} from "./receiver.js";
import type {A2aTaskState} from "./task-state.js";

/** What the sender saw for one attempt. */
export type SenderObservation =
  | {kind: "response"; httpStatus: number; atSeconds: number}
  /** No response by the deadline: the request was slower than the timeout, or its 2xx was lost. */
  | {kind: "timeout"; atSeconds: number; cause: "slow" | "response-lost"}
  /** A sender without a timeout whose answer was lost: still waiting, since `atSeconds`, when the run ends. */
  | {kind: "waiting"; atSeconds: number};

/** What the sender did after an attempt. */
export type SenderAction = "acknowledged" | "retry" | "refused" | "exhausted" | "waiting";

/** One request that was actually sent. */
export interface DeliveryAttempt {
  /** Index into config.updates (0-based). */
  updateIndex: number;
  /** 1-based; attempt 1 is the first send. */
  attemptNumber: number;
  eventId: string;
  sequence: number;
  dispatchedAtSeconds: number;
  arrivesAtSeconds: number;
  /** dispatch + the sender's timeout; null for a sender that never stops waiting (a2a-java). */
  deadlineAtSeconds: number | null;
  receiverDecision: ReceiverDecisionKind;
  httpStatus: number;
  /** This 2xx was the update's first and loseFirstSuccessfulAck dropped it. */
  responseLost: boolean;
  /** The request arrived after the sender's deadline; its response changed nothing. */
  responseLate: boolean;
  sender: SenderObservation;
  senderAction: SenderAction;
  /** When the next attempt is due (it may then be suppressed by deletion), or null. */
  nextRetryAtSeconds: number | null;
  payload: PushPayload;
  headers: Readonly<Record<string, string>>;
}

/** An attempt that was due but not sent because the push config had been deleted. */
export interface SuppressedAttempt {
  updateIndex: number;
  attemptNumber: number;
  wouldStartAtSeconds: number;
  configDeletedAtSeconds: number;
}

/** One application of an update by the receiver. */
export interface ReceiverEffect {
  atSeconds: number;
  updateIndex: number;
  attemptNumber: number;
  eventId: string;
  sequence: number;
  taskState: A2aTaskState;
  /** The event id had been applied before (only possible with deduplication off). */
  duplicate: boolean;
  /** Older than an update applied before it. */
  regression: boolean;
}

/** The receiver's state just after one of its decisions. Before the first sample it is empty. */
export interface ReceiverStateSample {
  atSeconds: number;
  updateIndex: number;
  attemptNumber: number;
  decision: ReceiverDecisionKind;
  httpStatus: number;
  /** Sequence and task state of the most recently applied update (what the receiver shows). */
  shownSequence: number | null;
  shownTaskState: A2aTaskState | null;
  /** Highest sequence applied so far (what ordering protection compares with). */
  newestAppliedSequence: number | null;
  effectsSoFar: number;
  duplicateEffectsSoFar: number;
  regressionsSoFar: number;
  /** This decision applied an update older than one applied before it. */
  regression: boolean;
}

/** The sender's final word on an update. */
/** "unanswered": the sender has no timeout and no response came (its 2xx was lost); it is still waiting. */
export type UpdateOutcomeKind =
  | "acknowledged"
  | "refused"
  | "exhausted"
  | "stopped-by-deletion"
  | "blocked"
  | "unanswered";

export interface UpdateOutcome {
  updateIndex: number;
  eventId: string;
  sequence: number;
  taskState: A2aTaskState;
  emittedAtSeconds: number;
  outcome: UpdateOutcomeKind;
  /** When the outcome became final for the sender. */
  settledAtSeconds: number;
  attemptsSent: number;
  /** 401 or 404 for refused updates, else null. */
  refusalStatus: number | null;
  /** How many times the receiver applied this update: read it next to `outcome`. */
  receiverEffects: number;
  payload: PushPayload;
}

export type DeliveryDecisionKind =
  | "gate"
  | "blocked"
  | "config-deleted"
  | "dispatch"
  | "suppressed"
  | "receiver-unavailable"
  | "receiver-refused"
  | "receiver-duplicate"
  | "receiver-stale"
  | "receiver-applied"
  | "ack-lost"
  | "late-response"
  | "acknowledged"
  | "refused"
  | "retry-scheduled"
  | "exhausted";

/** A playback step; update and attempt are null for run-wide steps. */
export interface DeliveryDecision extends Decision {
  kind: DeliveryDecisionKind;
  updateIndex: number | null;
  attemptNumber: number | null;
}

export interface DeliverySummary {
  /** Requests actually sent. */
  attempts: number;
  /** Receiver applications, duplicates included. */
  effects: number;
  /** Applications of an event id that had already been applied (see ReceiverEffect.duplicate). */
  duplicateEffects: number;
  acknowledgedUpdates: number;
  exhaustedUpdates: number;
  refusedUpdates: number;
  stoppedByDeletionUpdates: number;
  blockedUpdates: number;
  /** Updates a sender without a timeout still waits on (its answer was lost). */
  unansweredUpdates: number;
  suppressedAttempts: number;
  /** 2xx responses dropped by loseFirstSuccessfulAck. */
  lostAcknowledgements: number;
  /** Responses that came after the sender's deadline. */
  lateResponses: number;
  /** Applied updates older than one applied before them. */
  regressions: number;
  blockedReason: string | null;
}

/** Everything one simulated run produced. */
export interface DeliveryRun {
  config: DeliveryConfig;
  gate: DispatchGate;
  /** Request headers of every attempt. */
  headers: Readonly<Record<string, string>>;
  attempts: DeliveryAttempt[];
  suppressedAttempts: SuppressedAttempt[];
  effects: ReceiverEffect[];
  receiverStates: ReceiverStateSample[];
  updates: UpdateOutcome[];
  /** The time-ordered playback trace (worded on first read, then kept). */
  readonly decisions: DeliveryDecision[];
  summary: DeliverySummary;
  /** Modeled time of the last event. */
  endsAtSeconds: number;
}
