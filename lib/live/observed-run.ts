/**
 * What really arrived, in the shape of a model run, so lesson 1's charts draw it unchanged beside
 * the model's prediction (the compare mode: model vs real). Only what the receiver saw is known:
 * a request's arrival, its decision, and when its answer went out or the sender gave up waiting.
 * The real run's clock is set so its first request lands where the model sends its first.
 */
import type {DeliveryConfig} from "../delivery/config.js";
import type {ReceiverDecisionKind} from "../delivery/receiver.js";
import {simulateDelivery} from "../delivery/simulate.js";
import type {
  DeliveryAttempt,
  DeliveryRun,
  ReceiverEffect,
  ReceiverStateSample,
  UpdateOutcome,
  UpdateOutcomeKind
} from "../delivery/run.js";
import type {SenderId} from "../delivery/sender-presets.js";
import {a2aTaskStates, type A2aTaskState} from "../delivery/task-state.js";
import {v1TaskStates} from "../delivery/wire-request.js";
import {lessonDecision, type LiveAttempt} from "./attempt.js";
import type {LiveFaults} from "./faults.js";

/**
 * The model's config for the receiver's faults: the lesson's updates, sent by `sender`, into a
 * receiver with the same outage (counted from the first update, as the real run's clock is), lost
 * acknowledgements, slowness and refusal rule, deduplicating and ordering as the live receiver does.
 */
export function liveModelConfig(
  faults: LiveFaults,
  sender: SenderId,
  version: DeliveryConfig["version"] = "1.0"
): Partial<DeliveryConfig> {
  const firstUpdateAt = simulateDelivery({sender}).config.updates[0]?.atSeconds ?? 0;
  return {
    sender,
    version,
    receiverUnavailableUntilSeconds: faults.outageSeconds > 0 ? firstUpdateAt + faults.outageSeconds : 0,
    loseFirstSuccessfulAck: faults.lostAck !== "off",
    responseDelaySeconds: faults.slowResponseSeconds,
    credential: faults.refuseWith === 401 ? "wrong" : "matched",
    payloadNamesExpectedTask: faults.refuseWith !== 404,
    ignoreSeenEventIds: true,
    ignoreOlderSequence: true
  };
}

/** The attempts of one run that reached the hook (refusals at the door carry no update), shifted onto the model's clock. */
export function observedRun(attempts: readonly LiveAttempt[], model: DeliveryRun): DeliveryRun {
  const shift = firstDispatch(model);
  // In the order they arrived (the log holds them in the order they settled: a slow answer settles after its resend).
  const onHook = attempts
    .filter((attempt) => attempt.updateKey !== null && lessonDecision(attempt.decision) !== null)
    .sort((a, b) => a.number - b.number);
  // Indexed by update, so a run of 1,000 attempts costs a pass, not a pass per update (a 2,000-push run stalled the page).
  const byKey = new Map<string, {index: number; lives: LiveAttempt[]; attempts: DeliveryAttempt[]}>();
  const deliveryAttempts = onHook.map((live) => {
    const update =
      byKey.get(live.updateKey!) ??
      byKey.set(live.updateKey!, {index: byKey.size, lives: [], attempts: []}).get(live.updateKey!)!;
    const attempt = deliveryAttempt(live, update.index, update.attempts.length + 1, shift, model);
    update.lives.push(live);
    update.attempts.push(attempt);
    return attempt;
  });
  const updates = [...byKey].map(([key, update]) => updateOutcome(update.index, key, update.lives, update.attempts));
  const effects = effectsOf(deliveryAttempts, byKey);
  const endsAtSeconds = Math.max(
    0,
    ...deliveryAttempts.map((attempt) => Math.max(attempt.arrivesAtSeconds, attempt.sender.atSeconds))
  );
  return {
    config: model.config,
    gate: model.gate,
    headers: {},
    attempts: deliveryAttempts,
    suppressedAttempts: [],
    effects,
    receiverStates: statesOf(deliveryAttempts, effects),
    updates,
    decisions: [],
    summary: summaryOf(deliveryAttempts, updates, effects),
    endsAtSeconds
  };
}

/** When the model sends its first request: the real run's first request is placed there. */
export function firstDispatch(model: DeliveryRun): number {
  return model.attempts.length > 0
    ? Math.min(...model.attempts.map((attempt) => attempt.dispatchedAtSeconds))
    : (model.config.updates[0]?.atSeconds ?? 0);
}

/** "TASK_STATE_INPUT_REQUIRED" (1.0) or "input-required" (0.3) as the lesson's state. */
export function lessonTaskState(state: string | null): A2aTaskState {
  const v1 = a2aTaskStates.find((lesson) => v1TaskStates[lesson] === state);
  return v1 ?? ((a2aTaskStates as readonly (string | null)[]).includes(state) ? (state as A2aTaskState) : "unknown");
}

function deliveryAttempt(
  live: LiveAttempt,
  updateIndex: number,
  attemptNumber: number,
  shift: number,
  model: DeliveryRun
): DeliveryAttempt {
  const at = (seconds: number) => round(seconds + shift);
  const decision = lessonDecision(live.decision) as ReceiverDecisionKind;
  const answeredAt = at(live.settledAtSeconds ?? live.decidedAtSeconds);
  const lost = live.answer === "held" || live.answer === "reset";
  // No answer sent: the sender had given up (its timeout) before the receiver answered.
  const unanswered = live.answer === "none";
  return {
    updateIndex,
    attemptNumber,
    eventId: live.updateKey!,
    sequence: live.order?.by === "sequence" ? Number(live.order.value) : updateIndex + 1,
    dispatchedAtSeconds: at(live.atSeconds),
    arrivesAtSeconds: at(live.decidedAtSeconds),
    deadlineAtSeconds: null,
    receiverDecision: decision,
    httpStatus: live.httpStatus,
    responseLost: lost,
    responseLate: unanswered,
    sender:
      lost || unanswered
        ? {kind: "timeout", atSeconds: answeredAt, cause: lost ? "response-lost" : "slow"}
        : {kind: "response", httpStatus: live.httpStatus, atSeconds: answeredAt},
    senderAction:
      live.httpStatus >= 200 && live.httpStatus < 300 && !lost && !unanswered ? "acknowledged" : "exhausted",
    nextRetryAtSeconds: null,
    payload: model.attempts[0]?.payload ?? (null as never),
    headers: live.headers
  };
}

function updateOutcome(
  updateIndex: number,
  key: string,
  lives: readonly LiveAttempt[],
  attempts: readonly DeliveryAttempt[]
): UpdateOutcome {
  const last = attempts[attempts.length - 1]!;
  const outcome: UpdateOutcomeKind =
    last.senderAction === "acknowledged"
      ? "acknowledged"
      : last.httpStatus === 401 || last.httpStatus === 404
        ? "refused"
        : "exhausted";
  return {
    updateIndex,
    eventId: key,
    sequence: last.sequence,
    taskState: lessonTaskState(lives[0]?.taskState ?? null),
    emittedAtSeconds: attempts[0]!.dispatchedAtSeconds,
    outcome,
    settledAtSeconds: last.sender.atSeconds,
    attemptsSent: attempts.length,
    refusalStatus: outcome === "refused" ? last.httpStatus : null,
    receiverEffects: lives.filter((live) => live.decision === "applied").length,
    payload: last.payload
  };
}

function effectsOf(
  attempts: readonly DeliveryAttempt[],
  byKey: ReadonlyMap<string, {lives: readonly LiveAttempt[]}>
): ReceiverEffect[] {
  let newest = -Infinity;
  const applied = new Set<string>();
  return attempts
    .filter((attempt) => attempt.receiverDecision === "applied")
    .map((attempt) => {
      const effect = {
        atSeconds: attempt.arrivesAtSeconds,
        updateIndex: attempt.updateIndex,
        attemptNumber: attempt.attemptNumber,
        eventId: attempt.eventId,
        sequence: attempt.sequence,
        taskState: lessonTaskState(byKey.get(attempt.eventId)?.lives[0]?.taskState ?? null),
        duplicate: applied.has(attempt.eventId),
        regression: attempt.sequence < newest
      };
      applied.add(attempt.eventId);
      newest = Math.max(newest, attempt.sequence);
      return effect;
    });
}

function statesOf(attempts: readonly DeliveryAttempt[], effects: readonly ReceiverEffect[]): ReceiverStateSample[] {
  let shown: ReceiverEffect | null = null;
  let newest: number | null = null;
  let [effectsSoFar, duplicateEffectsSoFar, regressionsSoFar] = [0, 0, 0];
  const effectOf = new Map(effects.map((effect) => [`${effect.updateIndex}/${effect.attemptNumber}`, effect]));
  return [...attempts]
    .sort((a, b) => a.arrivesAtSeconds - b.arrivesAtSeconds)
    .map((attempt) => {
      const effect = effectOf.get(`${attempt.updateIndex}/${attempt.attemptNumber}`) ?? null;
      if (effect) {
        shown = effect;
        newest = Math.max(newest ?? -Infinity, effect.sequence);
        effectsSoFar++;
        if (effect.duplicate) duplicateEffectsSoFar++;
        if (effect.regression) regressionsSoFar++;
      }
      return {
        atSeconds: attempt.arrivesAtSeconds,
        updateIndex: attempt.updateIndex,
        attemptNumber: attempt.attemptNumber,
        decision: attempt.receiverDecision,
        httpStatus: attempt.httpStatus,
        shownSequence: shown?.sequence ?? null,
        shownTaskState: shown?.taskState ?? null,
        newestAppliedSequence: newest,
        effectsSoFar,
        duplicateEffectsSoFar,
        regressionsSoFar,
        regression: effect?.regression ?? false
      };
    });
}

function summaryOf(
  attempts: readonly DeliveryAttempt[],
  updates: readonly UpdateOutcome[],
  effects: readonly ReceiverEffect[]
): DeliveryRun["summary"] {
  const count = (outcome: UpdateOutcomeKind) => updates.filter((update) => update.outcome === outcome).length;
  return {
    attempts: attempts.length,
    effects: effects.length,
    duplicateEffects: effects.filter((effect) => effect.duplicate).length,
    acknowledgedUpdates: count("acknowledged"),
    exhaustedUpdates: count("exhausted"),
    refusedUpdates: count("refused"),
    stoppedByDeletionUpdates: 0,
    blockedUpdates: 0,
    unansweredUpdates: 0,
    suppressedAttempts: 0,
    lostAcknowledgements: attempts.filter((attempt) => attempt.responseLost).length,
    lateResponses: 0,
    regressions: effects.filter((effect) => effect.regression).length,
    blockedReason: null
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
