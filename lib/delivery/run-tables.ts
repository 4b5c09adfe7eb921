/**
 * Lesson 1's run as tidy tables: the requests the sender sent, the receiver's decision on each
 * arrival, and what it applied. Read side by side they show the lesson's point: an
 * acknowledgement says nothing about how many effects there were.
 */
import {runTable, type RunTable} from "../shared/run-table.js";
import type {DeliveryRun} from "./run.js";

const ATTEMPT_COLUMNS = {
  updateIndex: "the update this attempt delivers (0-based, in the order the task emitted them)",
  attemptNumber: "1 for the first send, 2 for the first retry, …",
  eventId: "the event id the request carries",
  sequence: "the update's sequence number",
  dispatchedAtSeconds: "when the sender sent the request (modeled s)",
  arrivesAtSeconds: "when it reaches the receiver (modeled s)",
  deadlineAtSeconds: "when the sender stops waiting; empty for a sender without a timeout",
  receiverDecision: "what the receiver decided on arrival",
  httpStatus: "the status the receiver answered",
  responseLost: "the first 2xx of the update was dropped on the way back",
  responseLate: "the request arrived after the sender's deadline",
  senderSaw: "what the sender observed: response, timeout or waiting",
  senderSawAtSeconds: "when it observed it (modeled s)",
  senderAction: "what the sender did next",
  nextRetryAtSeconds: "when the next attempt is due; empty when none"
};

const DECISION_COLUMNS = {
  atSeconds: "when the receiver decided (modeled s)",
  updateIndex: "the update the request carried",
  attemptNumber: "the attempt that carried it",
  decision: "the receiver's decision",
  httpStatus: "the status it answered",
  shownSequence: "sequence of the update the receiver shows after it; empty before the first",
  shownTaskState: "task state the receiver shows after it; empty before the first",
  newestAppliedSequence: "the highest sequence applied so far",
  effectsSoFar: "effects applied so far, duplicates included",
  duplicateEffectsSoFar: "duplicate effects so far",
  regressionsSoFar: "regressions so far",
  regression: "this decision applied an update older than one applied before it"
};

const EFFECT_COLUMNS = {
  atSeconds: "when the receiver applied the update (modeled s)",
  updateIndex: "the update applied",
  attemptNumber: "the attempt that carried it",
  eventId: "its event id",
  sequence: "its sequence number",
  taskState: "the task state it sets",
  duplicate: "this event id had been applied before",
  regression: "older than an update applied before it"
};

/** `attempts`, `decisions` and `effects` of a run, one row per attempt, receiver decision and effect. */
export function deliveryRunTables(run: DeliveryRun): RunTable[] {
  return [
    runTable(
      "attempts",
      "Every request the sender sent",
      ATTEMPT_COLUMNS,
      run.attempts.map((attempt) => ({
        updateIndex: attempt.updateIndex,
        attemptNumber: attempt.attemptNumber,
        eventId: attempt.eventId,
        sequence: attempt.sequence,
        dispatchedAtSeconds: attempt.dispatchedAtSeconds,
        arrivesAtSeconds: attempt.arrivesAtSeconds,
        deadlineAtSeconds: attempt.deadlineAtSeconds,
        receiverDecision: attempt.receiverDecision,
        httpStatus: attempt.httpStatus,
        responseLost: attempt.responseLost,
        responseLate: attempt.responseLate,
        senderSaw: attempt.sender.kind,
        senderSawAtSeconds: attempt.sender.atSeconds,
        senderAction: attempt.senderAction,
        nextRetryAtSeconds: attempt.nextRetryAtSeconds
      }))
    ),
    runTable(
      "decisions",
      "The receiver's decision on every arrival, and its state just after",
      DECISION_COLUMNS,
      run.receiverStates.map((state) => ({
        atSeconds: state.atSeconds,
        updateIndex: state.updateIndex,
        attemptNumber: state.attemptNumber,
        decision: state.decision,
        httpStatus: state.httpStatus,
        shownSequence: state.shownSequence,
        shownTaskState: state.shownTaskState,
        newestAppliedSequence: state.newestAppliedSequence,
        effectsSoFar: state.effectsSoFar,
        duplicateEffectsSoFar: state.duplicateEffectsSoFar,
        regressionsSoFar: state.regressionsSoFar,
        regression: state.regression
      }))
    ),
    runTable(
      "effects",
      "Every update the receiver applied",
      EFFECT_COLUMNS,
      run.effects.map((effect) => ({
        atSeconds: effect.atSeconds,
        updateIndex: effect.updateIndex,
        attemptNumber: effect.attemptNumber,
        eventId: effect.eventId,
        sequence: effect.sequence,
        taskState: effect.taskState,
        duplicate: effect.duplicate,
        regression: effect.regression
      }))
    )
  ];
}
