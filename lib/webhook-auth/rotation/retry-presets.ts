/**
 * Sender retry schedules, as data. `delaysSeconds[i]` is the wait before
 * attempt i+1 (the first is 0: sent at once); attempt times are the running
 * sums. Request durations are not added (like the "Time since start" column of
 * the Standard Webhooks table); retry-horizon.ts can add a transit time.
 */
export interface RetrySchedule {
  id: string;
  label: string;
  delaysSeconds: readonly number[];
  /** Per-attempt request timeout of the sender, where it has one. */
  timeoutSeconds?: number;
  /** Answers after which the sender gives up instead of retrying (a 2xx always ends delivery). */
  stopsOnStatuses?: readonly number[];
  note: string;
  source: string;
}

/** The course's teaching policy: 4 attempts, backoff starting at 2 s and doubling. */
export const COURSE_TEACHING_POLICY: RetrySchedule = {
  id: "course-teaching-policy",
  label: "Course teaching policy (4 attempts, 2 s doubling)",
  delaysSeconds: [0, 2, 4, 8],
  // Same rule as lib/delivery/retry.ts (isPermanentRefusal): a received 401 or 404 is not retried.
  stopsOnStatuses: [401, 404],
  note: "Attempt 1 at once, then 2 s, 4 s and 8 s after each failure: attempts at 0, 2, 6 and 14 s when failures are seen at once (add the timeout with failureObservedAfterSeconds). A 401 or 404 ends delivery. A deliberately small schedule for the lessons, without jitter.",
  source: "A2A Workbench teaching policy (a simplification, not taken from a spec)"
};

/** Standard Webhooks, "Deliverability and reliability": the example retry schedule (the spec also recommends jitter). */
export const STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE: RetrySchedule = {
  id: "standard-webhooks-example",
  label: "Standard Webhooks example schedule (10 attempts over 75 h)",
  delaysSeconds: [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600],
  // Spec, "Delivery success and failure": 410 Gone means disable the endpoint; every other non-2xx is a failure to retry.
  stopsOnStatuses: [410],
  note: "Immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: the last attempt is 75 h 35 min 5 s after the first. Jitter is recommended but not modeled.",
  source:
    "https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#deliverability-and-reliability"
};

/** The official A2A JavaScript SDK's DefaultPushNotificationSender. */
export const A2A_JS_SDK_SENDER: RetrySchedule = {
  id: "a2a-js-sdk-default-sender",
  label: "A2A JS SDK default sender (one POST, no retry)",
  delaysSeconds: [0],
  timeoutSeconds: 5,
  note: "One POST per push config with a 5000 ms abort timeout; a failure is logged and dropped. Nothing is retried: if the receiver is down, the update is lost (the client must poll GetTask to recover). A config with authentication (scheme and credentials) is sent as Authorization: <scheme> <credentials>; only a config without it sends its token in X-A2A-Notification-Token (DefaultPushNotificationSender._buildAuthHeaders, @a2a-js/sdk 1.3.0 dist/server/index.js).",
  source:
    "https://github.com/a2aproject/a2a-js/blob/22eeea695d82d3e56d26ff2ee777e2c5b08a721f/src/server/push_notification/default_push_notification_sender.ts"
};

export const RETRY_PRESETS: readonly RetrySchedule[] = [
  COURSE_TEACHING_POLICY,
  STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE,
  A2A_JS_SDK_SENDER
];

/**
 * Attempt send times. `failureObservedAfterSeconds` is how long the sender
 * waits before it sees a failure (e.g. its timeout); the next delay starts then.
 */
export function attemptOffsets(delaysSeconds: readonly number[], failureObservedAfterSeconds = 0): number[] {
  if (!(failureObservedAfterSeconds >= 0) || !Number.isFinite(failureObservedAfterSeconds))
    throw new RangeError("failureObservedAfterSeconds must be a finite number >= 0");
  const out: number[] = [];
  let t = 0;
  delaysSeconds.forEach((delay, index) => {
    if (!(delay >= 0) || !Number.isFinite(delay))
      throw new RangeError(`delay ${index + 1} must be a finite number >= 0`);
    t += delay + (index > 0 ? failureObservedAfterSeconds : 0);
    out.push(t);
  });
  return out;
}
