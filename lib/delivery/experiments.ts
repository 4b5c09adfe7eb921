import type {DeliveryConfig} from "./config.js";
import type {DeliveryRun} from "./run.js";

/**
 * A named experiment of the lesson: overrides merged over the baseline, what
 * to look at, and a predicate saying whether a run shows the effect (so a page
 * or a test can confirm the experiment still teaches what it claims).
 */
export interface DeliveryExperiment {
  id: string;
  title: string;
  overrides: Partial<DeliveryConfig>;
  lookAt: string;
  shows: (run: DeliveryRun) => boolean;
}

export const deliveryExperiments: readonly DeliveryExperiment[] = [
  {
    id: "baseline",
    title: "Baseline: lost acknowledgements, absorbed by deduplication",
    overrides: {},
    lookAt:
      "Every update needs a second attempt because its first 2xx is lost, yet each is applied exactly once: the retry arrives as a duplicate.",
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
    shows: (run) => run.summary.duplicateEffects > 0
  },
  {
    id: "wrong-credential",
    title: "Wrong credential",
    overrides: {credential: "wrong"},
    lookAt: "Each update gets one attempt answered 401, a permanent refusal: no retries and no effects.",
    shows: (run) => run.summary.effects === 0 && run.updates.some((update) => update.refusalStatus === 401)
  },
  {
    id: "task-unchecked",
    title: "Payload names another task",
    overrides: {payloadNamesExpectedTask: false},
    lookAt: "The receiver checks the task id and answers 404 to a payload for a task it does not expect: nothing is applied.",
    shows: (run) => run.summary.effects === 0 && run.updates.some((update) => update.refusalStatus === 404)
  },
  {
    id: "localhost-url",
    title: "Callback URL on localhost",
    overrides: {callbackUrl: "https://localhost/hook"},
    lookAt: "The URL is rejected before dispatch as a loopback host: nothing is ever sent, and the run says why.",
    shows: (run) => run.summary.attempts === 0 && run.gate.url.category === "loopback-host"
  },
  {
    id: "delete-at-3s",
    title: "Push config deleted at 3 s",
    overrides: {deleteConfigAtSeconds: 3},
    lookAt:
      "The request sent at 2 s is in flight at deletion and still arrives and is applied; every later attempt is suppressed.",
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
    shows: (run) => run.updates.some((update) => update.outcome === "exhausted" && update.receiverEffects > 0)
  },
  {
    id: "ordering-off",
    title: "Ordering protection off, outage until 12 s",
    overrides: {receiverUnavailableUntilSeconds: 12, ignoreOlderSequence: false},
    lookAt:
      "Update 1's retry lands after update 2 was applied and moves the task back to submitted. Deduplication does not help: the event id is new. Turn ordering protection on to see it ignored as stale.",
    shows: (run) => run.summary.regressions > 0
  }
];

export function findDeliveryExperiment(id: string): DeliveryExperiment | undefined {
  return deliveryExperiments.find((experiment) => experiment.id === id);
}
