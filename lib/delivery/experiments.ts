import type {TourStep} from "../tour/step.js";
import {maxAttemptsPerUpdateLimit, maxUpdateCount} from "./bounds.js";
import type {DeliveryConfig} from "./config.js";
import type {DeliveryRun, UpdateOutcomeKind} from "./run.js";

/**
 * A named experiment of the lesson: overrides merged over the baseline, what
 * to look at, and a predicate saying whether a run shows the effect (so a page
 * or a test can confirm the experiment still teaches what it claims). In the
 * guided lesson it is a step: its prediction is asked before the run is shown.
 */
export interface DeliveryExperiment extends TourStep<DeliveryRun> {
  overrides: Partial<Omit<DeliveryConfig, "updates">>;
}

/** The most attempts (or effects, or requests) any run of the lesson can count: every update retried to the limit. */
const MAX_COUNT = maxUpdateCount * maxAttemptsPerUpdateLimit;

const count = (question: string, units: readonly [string, string], answer: (run: DeliveryRun) => number) =>
  ({kind: "number", question, units, max: MAX_COUNT, answer}) as const;

const OUTCOME_CHOICES: readonly {value: UpdateOutcomeKind; label: string}[] = [
  {value: "acknowledged", label: "Acknowledged"},
  {value: "refused", label: "Refused"},
  {value: "exhausted", label: "Exhausted"},
  {value: "stopped-by-deletion", label: "Stopped by deletion"},
  {value: "blocked", label: "Blocked before dispatch"},
  {value: "unanswered", label: "Unanswered (still waiting)"}
];

/** The receiver's answer to the first request sent: "2xx", "401", "404", "503", or "none" when nothing was sent. */
function firstAnswer(run: DeliveryRun): string {
  const status = run.attempts[0]?.httpStatus;
  if (status === undefined) return "none";
  return status >= 200 && status < 300 ? "2xx" : String(status);
}

export const deliveryExperiments: readonly DeliveryExperiment[] = [
  {
    id: "baseline",
    title: "Baseline: lost acknowledgements, absorbed by deduplication",
    overrides: {},
    lookAt:
      "Every update needs a second attempt because its first 2xx is lost, yet each is applied exactly once: the retry arrives as a duplicate.",
    prediction: count(
      "Every update's first 2xx is lost on the way back. How many effects will the receiver apply for the four updates?",
      ["effect", "effects"],
      (run) => run.summary.effects
    ),
    why: "Each retry carries an event id the receiver already accepted, so deduplication answers 2xx without applying it again.",
    shows: (run) =>
      run.summary.acknowledgedUpdates === run.updates.length &&
      run.summary.attempts > run.updates.length &&
      run.updates.every((update) => update.receiverEffects === 1)
  },
  {
    id: "dedup-off",
    title: "Deduplication off",
    overrides: {ignoreSeenEventIds: false},
    lookAt:
      "The same acknowledgement count as the baseline, but the retries are applied again: duplicate effects the sender cannot see.",
    prediction: count(
      "With deduplication off, how many effects will the receiver apply for the four updates?",
      ["effect", "effects"],
      (run) => run.summary.effects
    ),
    why: "The retries are the same updates, and a receiver that no longer remembers event ids applies each of them a second time.",
    shows: (run) => run.summary.duplicateEffects > 0
  },
  {
    id: "wrong-credential",
    title: "Wrong credential",
    overrides: {credential: "wrong"},
    lookAt: "Each update gets one attempt answered 401, a permanent refusal: no retries and no effects.",
    prediction: count(
      "With a credential the receiver does not accept, how many attempts will the sender make in all?",
      ["attempt", "attempts"],
      (run) => run.summary.attempts
    ),
    why: "A 401 is a permanent refusal: retrying the same credential cannot succeed, so the sender stops after one attempt per update.",
    shows: (run) => run.summary.effects === 0 && run.updates.some((update) => update.refusalStatus === 401)
  },
  {
    id: "task-unchecked",
    title: "Payload names another task",
    overrides: {payloadNamesExpectedTask: false},
    lookAt:
      "The receiver checks the task id and answers 404 to a payload for a task it does not expect: nothing is applied.",
    prediction: {
      kind: "choice",
      question:
        "The payload names a task the receiver does not expect. What does the receiver answer the first attempt?",
      choices: [
        {value: "2xx", label: "2xx"},
        {value: "401", label: "401 Unauthorized"},
        {value: "404", label: "404 Not Found"},
        {value: "503", label: "503 Unavailable"},
        {value: "none", label: "Nothing reaches it"}
      ],
      answer: firstAnswer
    },
    why: "The credential is right, so the receiver reads the payload, finds another task's id and refuses it as unknown.",
    shows: (run) => run.summary.effects === 0 && run.updates.some((update) => update.refusalStatus === 404)
  },
  {
    id: "localhost-url",
    title: "Callback URL on localhost",
    overrides: {callbackUrl: "https://localhost/hook"},
    lookAt: "The URL is rejected before dispatch as a loopback host: nothing is ever sent, and the run says why.",
    prediction: count(
      "The callback URL points at localhost. How many requests will be sent?",
      ["request", "requests"],
      (run) => run.summary.attempts
    ),
    why: "The URL check runs before dispatch and rejects a loopback host, so the sender never opens a connection.",
    shows: (run) => run.summary.attempts === 0 && run.gate.url.category === "loopback-host"
  },
  {
    id: "delete-at-3s",
    title: "Push config deleted at 3 s",
    overrides: {deleteConfigAtSeconds: 3},
    lookAt:
      "The request sent at 2 s is in flight at deletion and still arrives and is applied; every later attempt is suppressed.",
    prediction: count(
      "The push config is deleted at 3 s. How many effects will the receiver apply for the four updates?",
      ["effect", "effects"],
      (run) => run.summary.effects
    ),
    why: "Deletion suppresses attempts that would start after it, but a request already in flight still arrives and is applied.",
    shows: (run) => {
      const deletedAt = run.config.deleteConfigAtSeconds;
      if (deletedAt === null || run.summary.suppressedAttempts === 0) return false;
      return run.attempts.some(
        (attempt) =>
          attempt.dispatchedAtSeconds < deletedAt &&
          attempt.arrivesAtSeconds >= deletedAt &&
          attempt.receiverDecision === "applied"
      );
    }
  },
  {
    id: "long-outage",
    title: "Receiver unavailable until 20 s",
    overrides: {receiverUnavailableUntilSeconds: 20},
    lookAt:
      "Update 1 meets 503 three times; its last attempt is applied but the 2xx is lost, so it is exhausted anyway: exhausted is the sender's budget, not proof that nothing happened.",
    prediction: {
      kind: "choice",
      question: "The receiver is down until 20 s. What will the sender report for update 1?",
      choices: OUTCOME_CHOICES,
      answer: (run) => run.updates[0]?.outcome ?? "blocked"
    },
    why: "Update 1's last allowed attempt is applied, but its 2xx is lost, so the sender runs out of attempts without ever seeing success.",
    shows: (run) => run.updates.some((update) => update.outcome === "exhausted" && update.receiverEffects > 0)
  },
  {
    id: "ordering-off",
    title: "Ordering protection off, outage until 12 s",
    overrides: {receiverUnavailableUntilSeconds: 12, ignoreOlderSequence: false},
    lookAt:
      "Update 1's retry lands after update 2 was applied and moves the task back to submitted. Deduplication does not help: the event id is new. Turn ordering protection on to see it ignored as stale.",
    prediction: count(
      "With ordering protection off and an outage until 12 s, how many times will the receiver's state move backwards?",
      ["regression", "regressions"],
      (run) => run.summary.regressions
    ),
    why: "Update 1's late retry has its own new event id, so deduplication lets it through, and nothing stops an older sequence from overwriting update 2.",
    shows: (run) => run.summary.regressions > 0
  },
  {
    id: "java-counts-503",
    title: "a2a-java counts a 503 as delivered",
    overrides: {sender: "a2a-java", receiverUnavailableUntilSeconds: 5, loseFirstSuccessfulAck: false},
    lookAt:
      "The receiver is down when update 1 arrives and answers 503. a2a-java treats every status but 401 and 403 as success, so it reports update 1 delivered, never retries, and the receiver never applies it.",
    prediction: {
      kind: "choice",
      question: "With a2a-java sending, update 1 meets a 503. What will the sender report for it?",
      choices: OUTCOME_CHOICES,
      answer: (run) => run.updates[0]?.outcome ?? "blocked"
    },
    why: "BasePushNotificationSender throws only for 401 and 403; any other status, 503 included, ends the dispatch as if it succeeded.",
    shows: (run) => run.updates.some((update) => update.outcome === "acknowledged" && update.receiverEffects === 0)
  },
  {
    id: "go-holds-next-update",
    title: "a2a-go waits up to 30 s, and a slow webhook holds back the next update",
    overrides: {sender: "a2a-go", responseDelaySeconds: 15, loseFirstSuccessfulAck: false},
    lookAt:
      "Every answer takes 15 s. a2a-go's 30 s timeout sees each 2xx, but it sends inline: update 2, produced at 12 s, leaves only when update 1's answer comes at 17 s, and each later update waits behind the one before. Switch the sender to @a2a-js/sdk: its 5 s abort drops all four although the receiver applies them.",
    prediction: count(
      "Every answer takes 15 s. How many of the four updates will a2a-go send later than they were produced?",
      ["update", "updates"],
      (run) =>
        run.attempts.filter(
          (attempt) =>
            attempt.attemptNumber === 1 &&
            attempt.dispatchedAtSeconds > (run.config.updates[attempt.updateIndex]?.atSeconds ?? 0)
        ).length
    ),
    why: "a2a-go sends each notification while processing the event, with an http.Client whose timeout is 30 s, so the next event waits for the answer.",
    shows: (run) =>
      run.summary.acknowledgedUpdates === run.updates.length &&
      run.attempts.some(
        (attempt) =>
          attempt.attemptNumber === 1 &&
          attempt.dispatchedAtSeconds > (run.config.updates[attempt.updateIndex]?.atSeconds ?? 0)
      )
  },
  {
    id: "js-aborts-at-5s",
    title: "@a2a-js/sdk gives up at 5 s, whatever the receiver did",
    overrides: {sender: "a2a-js", responseDelaySeconds: 6, loseFirstSuccessfulAck: false},
    lookAt:
      "Every answer takes 6 s. The SDK aborts each request at 5 s and drops it without a retry; the receiver applies all four updates anyway, so the sender's log says four failures where nothing was lost, and an outage would look the same.",
    prediction: count(
      "Every answer takes 6 s. How many updates will @a2a-js/sdk report delivered?",
      ["update", "updates"],
      (run) => run.summary.acknowledgedUpdates
    ),
    why: "DefaultPushNotificationSender aborts its fetch after 5,000 ms and only logs the failure, so a late answer is never seen.",
    shows: (run) =>
      run.summary.exhaustedUpdates === run.updates.length && run.updates.every((update) => update.receiverEffects > 0)
  }
];

export function findDeliveryExperiment(id: string): DeliveryExperiment | undefined {
  return deliveryExperiments.find((experiment) => experiment.id === id);
}
