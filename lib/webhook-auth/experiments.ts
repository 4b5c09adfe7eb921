/**
 * The lesson's named experiments: overrides merged over the defaults, what to
 * look at, and a predicate saying whether a run shows it (so the page and the
 * tests can confirm each experiment still teaches what it claims).
 */
import {A2A_JS_SDK_SENDER, COURSE_TEACHING_POLICY} from "./retry-presets.js";
import {SPEC_EXAMPLE_RETENTION_SECONDS} from "./dedup-store.js";
import {RECONCILE_DEMO_NO_EVENT_ID} from "./reconcile.js";
import type {WebhookLessonInputs, WebhookLessonRun} from "./lesson.js";

export type WebhookExperimentSection = "debugger" | "horizon" | "race" | "reconcile";

export interface WebhookExperiment {
  id: string;
  section: WebhookExperimentSection;
  title: string;
  overrides: Partial<WebhookLessonInputs>;
  lookAt: string;
  shows: (run: WebhookLessonRun) => boolean;
}

/** The debugger's request fails for this receiver, although a correct receiver accepts it. */
const receiverAtFault = (run: WebhookLessonRun) => run.debug.ok && !run.debug.verdict.ok && run.debug.correctReceiver.ok;
/** The request itself cannot verify: even a correct receiver refuses it. */
const requestAtFault = (run: WebhookLessonRun) => run.debug.ok && !run.debug.verdict.ok && !run.debug.correctReceiver.ok;

export const webhookExperiments: readonly WebhookExperiment[] = [
  {
    id: "reserialized-body",
    section: "debugger",
    title: "Verify a re-serialized body",
    overrides: {reserializedBody: true},
    lookAt: "The receiver's signed string loses the sender's spaces: the first differing byte is marked, and no signature matches although the secret is right.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference !== undefined
  },
  {
    id: "secret-not-decoded",
    section: "debugger",
    title: "Secret used as text",
    overrides: {secretNotBase64Decoded: true},
    lookAt: "Same signed string on both sides, different key bytes: every signature mismatches.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference === undefined
  },
  {
    id: "wrong-secret",
    section: "debugger",
    title: "Another endpoint's secret",
    overrides: {wrongSecret: true},
    lookAt: "Nothing about the request is wrong; the receiver's expected signature differs because its key does.",
    shows: (run) => run.debug.ok && !run.debug.verdict.ok && run.debug.verdict.code === "no-matching-signature"
  },
  {
    id: "clock-skew",
    section: "debugger",
    title: "Receiver clock 10 minutes fast",
    overrides: {clockSkewSeconds: 600},
    lookAt: "The signature is valid, but the receiver believes the message was signed 600 s ago: too old for a 300 s tolerance.",
    shows: (run) => run.debug.ok && run.debug.verdict.code === "timestamp-too-old"
  },
  {
    id: "split-on-comma-rotation",
    section: "debugger",
    title: "Header split on \",\" during a rotation",
    overrides: {signatureHeaderSplitOnComma: true, duringRotation: true},
    lookAt: "With two signatures in the header, split(\",\")[1] is \"<sig> v1\": the parsed candidate is garbage. Switch the rotation off and the same bug passes.",
    shows: receiverAtFault
  },
  {
    id: "missing-prefix",
    section: "debugger",
    title: "Sender omits \"v1,\"",
    overrides: {missingVersionPrefix: true},
    lookAt: "The base64 value is right, yet a spec-following receiver finds no v1 entry at all.",
    shows: requestAtFault
  },
  {
    id: "rotation-without-overlap",
    section: "debugger",
    title: "Rotation without overlap",
    overrides: {rotatedWithoutOverlap: true},
    lookAt: "The sender signs only with the new secret; the receiver still holds the old one. Compare with \"signs with the old and the new secret\", which passes.",
    shows: requestAtFault
  },
  {
    id: "spec-example-retention",
    section: "horizon",
    title: "Keep ids only 5 minutes",
    overrides: {retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt: "A retention as long as the timestamp window: every retry after 5 minutes finds the record expired and applies the event again.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0
  },
  {
    id: "one-day-retention",
    section: "horizon",
    title: "Keep ids one day",
    overrides: {retentionSeconds: 24 * 3600},
    lookAt: "Covers most of the schedule, not all of it: the attempts at 51 h and 75 h slip past.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0 && run.horizon.result.resigned.duplicatesSuppressed > 0
  },
  {
    id: "course-policy",
    section: "horizon",
    title: "The course's teaching policy",
    overrides: {retryPreset: COURSE_TEACHING_POLICY.id, retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt: "Four attempts within 14 s: even a 5-minute retention deduplicates every retry, and the reused timestamp stays inside the window.",
    shows: (run) => run.horizon.result.resigned.slippedPast === 0 && run.horizon.result.reused.refusedByWindow === 0
  },
  {
    id: "sdk-outage",
    section: "horizon",
    title: "A2A JS SDK sender during an outage",
    overrides: {retryPreset: A2A_JS_SDK_SENDER.id, unreachableAttempts: 1},
    lookAt: "One POST and no retry: the receiver is down for it, so the update is lost. Only polling GetTask recovers it.",
    shows: (run) => run.horizon.result.resigned.lost && run.horizon.result.resigned.rows.length === 1
  },
  {
    id: "outage-then-ack",
    section: "horizon",
    title: "Standard Webhooks schedule through a 2-hour outage",
    overrides: {unreachableAttempts: 5, acksLost: false},
    lookAt: "Five attempts find the receiver down; the sixth, 7.5 h in, is applied and acknowledged. A re-signed retry passes the 5-minute window; a reused timestamp does not.",
    shows: (run) => run.horizon.result.resigned.acknowledged && run.horizon.result.resigned.effects === 1 && run.horizon.result.reused.lost
  },
  {
    id: "atomic-insert",
    section: "race",
    title: "Atomic insert-if-absent",
    overrides: {raceStrategy: "insert-if-absent"},
    lookAt: "The same conflicting interleaving: the second worker's insert is refused, so it skips the effect. One effect in every interleaving.",
    shows: (run) => run.race.table.strategy === "insert-if-absent" && run.race.table.duplicated === 0
  },
  {
    id: "three-workers",
    section: "race",
    title: "Three concurrent deliveries",
    overrides: {raceWorkers: 3},
    lookAt: "1680 interleavings of check-then-act; most give two or three effects. Insert-if-absent still gives one in all of its 90.",
    shows: (run) => run.races.some((table) => (table.byEffects[3] ?? 0) > 0)
  },
  {
    id: "no-event-id",
    section: "reconcile",
    title: "The same arrivals without event ids",
    overrides: {reconcileScenario: RECONCILE_DEMO_NO_EVENT_ID.id},
    lookAt: "Dedup by event id has nothing to key on and behaves like applying every payload; GetTask reconciliation still ends on the true state with one effect.",
    shows: (run) => run.reconcile.lanes.some((lane) => lane.strategy === "get-task-reconcile" && lane.converged && lane.effects === 1)
      && run.reconcile.lanes.some((lane) => lane.strategy === "event-id-dedup" && lane.effects > 1 && lane.rows.every((row) => row.action !== "duplicate-dropped"))
  }
];

export function findWebhookExperiment(id: string): WebhookExperiment | undefined {
  return webhookExperiments.find((experiment) => experiment.id === id);
}
