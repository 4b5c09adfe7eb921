import type {DeliveryConfig} from "./config.js";
import type {DispatchGate} from "./gate.js";
import type {ReceiverDecisionKind} from "./receiver.js";
import type {DeliveryAttempt, DeliveryDecision, DeliveryDecisionKind, SuppressedAttempt} from "./run.js";
import {maxAttemptsOf} from "./sender-policy.js";
import {senderPreset, type SenderPreset} from "./sender-presets.js";
import {stepKind, type TraceSteps} from "./trace-steps.js";

/** Times in titles: whole seconds stay whole, others are shown to the millisecond. */
export function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(3))} s`;
}

const s = formatSeconds;

/** What the sender saw that made it retry or give up: a timeout, or a status. */
function sawWords(attempt: DeliveryAttempt): string {
  return attempt.sender.kind === "response" ? String(attempt.sender.httpStatus) : "a timeout";
}

const receiverWording: Record<ReceiverDecisionKind, {kind: DeliveryDecisionKind; title: string; detail: string}> = {
  unavailable: {
    kind: "receiver-unavailable",
    title: "503: receiver unavailable",
    detail: "It arrived before receiverUnavailableUntilSeconds, so the receiver answers 503 and does nothing."
  },
  unauthorized: {
    kind: "receiver-refused",
    title: "401: credential not accepted",
    detail: "The credential is not the matched fixture, so the receiver refuses with 401 and does nothing."
  },
  "unknown-task": {
    kind: "receiver-refused",
    title: "404: not the expected task",
    detail: "The payload does not name the task the receiver expects, so it answers 404 and does nothing."
  },
  duplicate: {
    kind: "receiver-duplicate",
    title: "2xx: duplicate ignored",
    detail: "Deduplication is on and this event id was accepted before: 2xx, no effect."
  },
  stale: {
    kind: "receiver-stale",
    title: "2xx: older sequence ignored",
    detail: "Ordering protection is on and a newer sequence was applied already: 2xx, no effect."
  },
  applied: {
    kind: "receiver-applied",
    title: "2xx: applied",
    detail: "All checks pass: the receiver applies the update and then answers 2xx."
  }
};

export interface TraceContext {
  config: DeliveryConfig;
  gate: DispatchGate;
  attempts: readonly DeliveryAttempt[];
  suppressedAttempts: readonly SuppressedAttempt[];
}

/** Words the recorded steps as the time-ordered playback trace. */
export function describeSteps(steps: TraceSteps, context: TraceContext): DeliveryDecision[] {
  const decisions: DeliveryDecision[] = new Array(steps.length);
  for (let index = 0; index < steps.length; index++) {
    decisions[index] = describeStep(
      steps.atSeconds(index),
      steps.kind(index),
      steps.ref(index),
      steps.value(index),
      context
    );
  }
  return decisions;
}

function describeStep(
  atSeconds: number,
  kind: number,
  ref: number,
  value: number,
  context: TraceContext
): DeliveryDecision {
  const wordRunStep = RUN_STEP_WORDING[kind];
  if (wordRunStep) return wordRunStep({atSeconds, ref, context});
  const attempt = context.attempts[ref] as DeliveryAttempt;
  const {updateIndex, attemptNumber} = attempt;
  const step: AttemptStep = {
    atSeconds,
    value,
    attempt,
    config: context.config,
    preset: senderPreset(context.config.sender),
    label: `update ${updateIndex + 1}, attempt ${attemptNumber}`
  };
  const wording = (ATTEMPT_STEP_WORDING[kind] ?? wordExhausted)(step);
  return decision(atSeconds, wording.kind, wording.title, wording.detail, updateIndex, attemptNumber);
}

function decision(
  atSeconds: number,
  kind: DeliveryDecisionKind,
  title: string,
  detail: string,
  updateIndex: number | null = null,
  attemptNumber: number | null = null
): DeliveryDecision {
  return {atSeconds, title, detail, kind, updateIndex, attemptNumber};
}

/** A step about the run rather than one attempt: the push config, an update never sent, a suppressed attempt. */
interface RunStep {
  atSeconds: number;
  ref: number;
  context: TraceContext;
}

const RUN_STEP_WORDING: Readonly<Partial<Record<number, (step: RunStep) => DeliveryDecision>>> = {
  [stepKind.gateAccepted]: ({atSeconds, context}) =>
    decision(
      atSeconds,
      "gate",
      "Push config accepted",
      `The agent advertises push notifications and the callback URL is exactly ${context.config.callbackUrl}.`
    ),
  [stepKind.gateRefused]: ({atSeconds, context}) =>
    decision(atSeconds, "gate", "Push config refused before dispatch", context.gate.blockedReason ?? ""),
  [stepKind.blocked]: ({atSeconds, ref, context}) =>
    decision(atSeconds, "blocked", `Update ${ref + 1} not sent`, context.gate.blockedReason ?? "", ref),
  [stepKind.configDeleted]: ({atSeconds}) =>
    decision(
      atSeconds,
      "config-deleted",
      "Push config deleted",
      "Attempts due at or after this moment are suppressed; requests already in flight still arrive."
    ),
  [stepKind.suppressed]: ({atSeconds, ref, context}) => {
    const suppressed = context.suppressedAttempts[ref] as SuppressedAttempt;
    return decision(
      atSeconds,
      "suppressed",
      `Update ${suppressed.updateIndex + 1}, attempt ${suppressed.attemptNumber} suppressed`,
      `The push config was deleted at ${s(suppressed.configDeletedAtSeconds)}, so this attempt is not sent and the update is stopped.`,
      suppressed.updateIndex,
      suppressed.attemptNumber
    );
  }
};

/** A step about one attempt, with what its wording reads. */
interface AttemptStep {
  atSeconds: number;
  /** For `exhausted`, the update's receiver effects so far. */
  value: number;
  attempt: DeliveryAttempt;
  config: DeliveryConfig;
  preset: SenderPreset;
  /** "update 2, attempt 3". */
  label: string;
}

type Wording = {kind: DeliveryDecisionKind; title: string; detail: string};

/** Every attempt step's wording; any other kind is the last one, `exhausted`. */
const ATTEMPT_STEP_WORDING: Readonly<Partial<Record<number, (step: AttemptStep) => Wording>>> = {
  [stepKind.dispatch]: wordDispatch,
  [stepKind.receiverDecided]: ({attempt}) => {
    const wording = receiverWording[attempt.receiverDecision];
    return {
      kind: wording.kind,
      title: `Update ${attempt.updateIndex + 1}, attempt ${attempt.attemptNumber} arrives: ${wording.title}`,
      detail: wording.detail
    };
  },
  [stepKind.ackLost]: ({attempt, label}) => ({
    kind: "ack-lost",
    title: `The 2xx for ${label} is lost`,
    detail: `It is this update's first 2xx and loseFirstSuccessfulAck is on; ${attempt.deadlineAtSeconds === null ? "this sender has no timeout, so it waits for ever and the update stays unanswered" : `the sender will time out at ${s(attempt.deadlineAtSeconds)}`}${attempt.receiverDecision === "applied" ? " although the receiver applied the update" : ""}.`
  }),
  [stepKind.lateResponse]: ({attempt, label, atSeconds}) => ({
    kind: "late-response",
    title: `Response to ${label} comes too late`,
    detail: `The sender stopped waiting at ${s(attempt.deadlineAtSeconds ?? atSeconds)}; this ${attempt.responseLost ? "(lost) " : ""}${attempt.httpStatus} changes nothing and retracts no retry.`
  }),
  [stepKind.acknowledged]: wordAcknowledged,
  [stepKind.refused]: ({attempt}) => ({
    kind: "refused",
    title: `Sender sees ${attempt.httpStatus}: update ${attempt.updateIndex + 1} refused`,
    detail: `${attempt.httpStatus} is a permanent refusal, so this update is not retried.`
  }),
  [stepKind.retryScheduled]: wordRetryScheduled,
  [stepKind.exhausted]: wordExhausted
};

function wordDispatch({attempt, config}: AttemptStep): Wording {
  const {updateIndex, attemptNumber} = attempt;
  const update = config.updates[updateIndex];
  return {
    kind: "dispatch",
    title:
      attemptNumber === 1
        ? `Update ${updateIndex + 1} emitted; attempt 1 sent`
        : `Update ${updateIndex + 1}, attempt ${attemptNumber} sent`,
    detail: `POST event ${attempt.eventId} (sequence ${attempt.sequence}, ${update?.taskState ?? "unknown"}); it arrives at ${s(attempt.arrivesAtSeconds)} and ${attempt.deadlineAtSeconds === null ? "this sender has no timeout: it waits until a response comes" : `the sender waits until ${s(attempt.deadlineAtSeconds)}`}.`
  };
}

function wordAcknowledged({attempt, preset}: AttemptStep): Wording {
  const update = attempt.updateIndex + 1;
  return attempt.httpStatus >= 200 && attempt.httpStatus < 300
    ? {
        kind: "acknowledged",
        title: `Sender sees 2xx: update ${update} acknowledged`,
        detail: "A 2xx in time ends delivery of this update."
      }
    : {
        kind: "acknowledged",
        title: `Sender sees ${attempt.httpStatus} and counts update ${update} as delivered`,
        detail: `${preset.name} counts every status but 401 and 403 as delivered, so this update is dropped without a retry or an error.`
      };
}

function wordRetryScheduled({attempt, atSeconds, label, preset}: AttemptStep): Wording {
  const saw = sawWords(attempt);
  const next = attempt.nextRetryAtSeconds ?? atSeconds;
  return {
    kind: "retry-scheduled",
    title: `Sender saw ${saw} on ${label}: retry at ${s(next)}`,
    detail: `${saw === "a timeout" ? "A timeout" : saw} is retryable; ${retryWaitWording(preset, attempt.attemptNumber)} = ${s(next - atSeconds)}.`
  };
}

function wordExhausted({attempt, label, preset, config, value}: AttemptStep): Wording {
  const saw = sawWords(attempt);
  const once = preset.retry.kind === "none";
  return {
    kind: "exhausted",
    title: `Sender saw ${saw} on ${label}: ${once ? "dropped after its only attempt" : "retries exhausted"}`,
    detail: `${once ? `${preset.name} makes one attempt and never retries, so the update is dropped (it logs the failure)` : `That was attempt ${attempt.attemptNumber} of ${maxAttemptsOf(preset, config)}, so the sender gives up`}. Exhausted describes the sender's budget, not what the receiver did (${value} effect${value === 1 ? "" : "s"} so far for this update).`
  };
}

/** How the wait after failure `attemptNumber` was found, for the trace. */
function retryWaitWording(preset: SenderPreset, attemptNumber: number): string {
  const retry = preset.retry;
  switch (retry.kind) {
    case "doubling":
      return `the wait is initialBackoffSeconds x 2^${attemptNumber - 1}`;
    case "table":
      return `${preset.name}'s schedule waits entry ${attemptNumber} of its table`;
    case "exponential":
      return `${preset.name} waits min(${retry.capSeconds} s, ${retry.intervalSeconds} s x 2^${attemptNumber - 1}) plus a jitter under ${retry.jitterBelowSeconds} s drawn from the run's seed`;
    case "none":
      return "this sender does not retry";
  }
}
