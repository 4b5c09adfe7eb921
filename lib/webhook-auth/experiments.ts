/**
 * The lesson's named experiments: overrides merged over the defaults, what to
 * look at, and a predicate saying whether a run shows it (so the page and the
 * tests can confirm each experiment still teaches what it claims).
 */
import {A2A_JS_SDK_SENDER, COURSE_TEACHING_POLICY} from "./retry-presets.js";
import {SPEC_EXAMPLE_RETENTION_SECONDS} from "./dedup-store.js";
import {RECONCILE_DEMO_NO_EVENT_ID} from "./reconcile.js";
import type {TourStep} from "../tour/step.js";
import type {WebhookLessonInputs, WebhookLessonRun} from "./lesson.js";

export type WebhookExperimentSection = "debugger" | "horizon" | "race" | "reconcile";

/** In the guided lesson an experiment is a step, shown in its section's lab. */
export interface WebhookExperiment extends TourStep<WebhookLessonRun> {
  section: WebhookExperimentSection;
  overrides: Partial<WebhookLessonInputs>;
}

/** The debugger's request fails for this receiver, although a correct receiver accepts it. */
const receiverAtFault = (run: WebhookLessonRun) => run.debug.ok && !run.debug.verdict.ok && run.debug.correctReceiver.ok;
/** The request itself cannot verify: even a correct receiver refuses it. */
const requestAtFault = (run: WebhookLessonRun) => run.debug.ok && !run.debug.verdict.ok && !run.debug.correctReceiver.ok;

/** "Whose mistake is it?": the receiver's (a correct receiver accepts), the request's, or nobody's. */
const whoseMistake = {
  kind: "choice",
  question: "The receiver refuses this request. Whose mistake is it?",
  choices: [
    {value: "receiver", label: "The receiver's: a correct receiver accepts this request"},
    {value: "sender", label: "The sender's: even a correct receiver refuses it"},
    {value: "nobody", label: "Nobody's: it verifies"},
    {value: "unknown", label: "Cannot tell (the debugger could not run)"}
  ],
  answer: (run: WebhookLessonRun) => !run.debug.ok ? "unknown" : run.debug.verdict.ok ? "nobody" : run.debug.correctReceiver.ok ? "receiver" : "sender"
} as const;

/** The receiver's verdict code, for the failures the debugger experiments produce. */
const VERDICT_CHOICES = [
  {value: "accepted", label: "It is accepted"},
  {value: "no-matching-signature", label: "No signature matches"},
  {value: "timestamp-too-old", label: "The timestamp is too old"},
  {value: "timestamp-too-new", label: "The timestamp is too new"},
  {value: "other", label: "Another refusal"}
] as const;

const receiverVerdict = (question: string) => ({
  kind: "choice",
  question,
  choices: VERDICT_CHOICES,
  answer: (run: WebhookLessonRun) => {
    if (!run.debug.ok) return "other";
    const code = run.debug.verdict.ok ? "accepted" : run.debug.verdict.code;
    return VERDICT_CHOICES.some((choice) => choice.value === code) ? code : "other";
  }
}) as const;

/** Four workers of three steps each interleave 12! / (3!)^4 = 369,600 ways: a count of interleavings stays below this. */
const MAX_INTERLEAVINGS = 1_000_000;

/** The horizon's re-signed lane: how many times the event is applied. */
const resignedEffects = (question: string) =>
  ({kind: "number", question, units: ["effect", "effects"], max: 50, answer: (run: WebhookLessonRun) => run.horizon.result.resigned.effects}) as const;

export const webhookExperiments: readonly WebhookExperiment[] = [
  {
    id: "reserialized-body",
    section: "debugger",
    title: "Verify a re-serialized body",
    overrides: {reserializedBody: true},
    lookAt: "The receiver's signed string loses the sender's spaces: the first differing byte is marked, and no signature matches although the secret is right.",
    prediction: whoseMistake,
    why: "The receiver signs the bytes it re-serialized, not the bytes it received, so its expected signature is computed over a different string.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference !== undefined
  },
  {
    id: "secret-not-decoded",
    section: "debugger",
    title: "Secret used as text",
    overrides: {secretNotBase64Decoded: true},
    lookAt: "Same signed string on both sides, different key bytes: every signature mismatches.",
    prediction: receiverVerdict("The receiver uses the whsec_ secret as text instead of decoding its base64. What does it answer?"),
    why: "The key bytes differ from the sender's, so every HMAC differs even though both sides sign the same string.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference === undefined
  },
  {
    id: "wrong-secret",
    section: "debugger",
    title: "Another endpoint's secret",
    overrides: {wrongSecret: true},
    lookAt: "Nothing about the request is wrong; the receiver's expected signature differs because its key does.",
    prediction: receiverVerdict("The receiver checks with another endpoint's secret. What does it answer?"),
    why: "The request is signed correctly; the receiver checks it with another endpoint's key, so the right receiver would accept it.",
    shows: (run) => run.debug.ok && !run.debug.verdict.ok && run.debug.verdict.code === "no-matching-signature"
  },
  {
    id: "clock-skew",
    section: "debugger",
    title: "Receiver clock 10 minutes fast",
    overrides: {clockSkewSeconds: 600},
    lookAt: "The signature is valid, but the receiver believes the message was signed 600 s ago: too old for a 300 s tolerance.",
    prediction: receiverVerdict("The receiver's clock runs 10 minutes fast. What does it answer?"),
    why: "The receiver measures the timestamp against its own clock, and 600 s is outside the 300 s tolerance, before any signature is checked.",
    shows: (run) => run.debug.ok && run.debug.verdict.code === "timestamp-too-old"
  },
  {
    id: "split-on-comma-rotation",
    section: "debugger",
    title: "Header split on \",\" during a rotation",
    overrides: {signatureHeaderSplitOnComma: true, duringRotation: true},
    lookAt: "With two signatures in the header, split(\",\")[1] is \"<sig> v1\": the parsed candidate is garbage. Switch the rotation off and the same bug passes.",
    prediction: whoseMistake,
    why: "Splitting the header on \",\" breaks when it holds two signatures, so the receiver parses garbage that no correct receiver would.",
    shows: receiverAtFault
  },
  {
    id: "missing-prefix",
    section: "debugger",
    title: "Sender omits \"v1,\"",
    overrides: {missingVersionPrefix: true},
    lookAt: "The base64 value is right, yet a spec-following receiver finds no v1 entry at all.",
    prediction: whoseMistake,
    why: "Without \"v1,\" the header names no signature version, so even a receiver following the spec finds nothing to compare.",
    shows: requestAtFault
  },
  {
    id: "rotation-without-overlap",
    section: "debugger",
    title: "Rotation without overlap",
    overrides: {rotatedWithoutOverlap: true},
    lookAt: "The sender signs only with the new secret; the receiver still holds the old one. Compare with \"signs with the old and the new secret\", which passes.",
    prediction: whoseMistake,
    why: "The sender signs only with a secret the receiver does not hold yet; a rotation needs a period when both secrets sign.",
    shows: requestAtFault
  },
  {
    id: "spec-example-retention",
    section: "horizon",
    title: "Keep ids only 5 minutes",
    overrides: {retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt: "A retention as long as the timestamp window: every retry after 5 minutes finds the record expired and applies the event again.",
    prediction: resignedEffects("Event ids are kept only 5 minutes. How many times is the event applied across the re-signed retries?"),
    why: "Every retry after the record expires looks new to the receiver, so it is applied again.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0
  },
  {
    id: "one-day-retention",
    section: "horizon",
    title: "Keep ids one day",
    overrides: {retentionSeconds: 24 * 3600},
    lookAt: "Covers most of the schedule, not all of it: the attempts at 51 h and 75 h slip past.",
    prediction: resignedEffects("Event ids are kept one day. How many times is the event applied across the re-signed retries?"),
    why: "A day covers the early retries but not the ones at 51 h and 75 h, which arrive after the record is gone.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0 && run.horizon.result.resigned.duplicatesSuppressed > 0
  },
  {
    id: "course-policy",
    section: "horizon",
    title: "The course's teaching policy",
    overrides: {retryPreset: COURSE_TEACHING_POLICY.id, retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt: "Four attempts within 14 s: even a 5-minute retention deduplicates every retry, and the reused timestamp stays inside the window.",
    prediction: resignedEffects("The course's policy makes four attempts within 14 s, and ids are kept 5 minutes. How many times is the event applied?"),
    why: "Every retry arrives while the record is still kept, so each one is recognised as a duplicate.",
    shows: (run) => run.horizon.result.resigned.slippedPast === 0 && run.horizon.result.reused.refusedByWindow === 0
  },
  {
    id: "sdk-outage",
    section: "horizon",
    title: "A2A JS SDK sender during an outage",
    overrides: {retryPreset: A2A_JS_SDK_SENDER.id, unreachableAttempts: 1},
    lookAt: "One POST and no retry: the receiver is down for it, so the update is lost. Only polling GetTask recovers it.",
    prediction: {
      kind: "choice",
      question: "The A2A JS SDK sender meets a receiver that is down for the first POST. What happens to the update?",
      choices: [{value: "once", label: "Applied once"}, {value: "more", label: "Applied more than once"}, {value: "lost", label: "Lost: never applied"}],
      answer: (run: WebhookLessonRun) => run.horizon.result.resigned.lost ? "lost" : run.horizon.result.resigned.effects > 1 ? "more" : "once"
    },
    why: "It sends one POST and does not retry, so an update the receiver missed stays missed until someone polls GetTask.",
    shows: (run) => run.horizon.result.resigned.lost && run.horizon.result.resigned.rows.length === 1
  },
  {
    id: "outage-then-ack",
    section: "horizon",
    title: "Standard Webhooks schedule: the first five attempts find the receiver down",
    overrides: {unreachableAttempts: 5, acksLost: false},
    lookAt: "Five attempts, the last 2 h 35 min 5 s after the first, find the receiver down; the sixth, 7 h 35 min 5 s in, is applied and acknowledged. A re-signed retry passes the 5-minute window; a reused timestamp does not.",
    prediction: {
      kind: "number",
      question: "The receiver is down for the first five attempts. How many attempts does it take until one is applied (0 if none is)?",
      units: ["attempt", "attempts"],
      max: 50,
      answer: (run: WebhookLessonRun) => run.horizon.result.resigned.rows.findIndex((row) => row.effectApplied) + 1
    },
    why: "The schedule waits 5 s, 5 min, 30 min, 2 h and 5 h between attempts, so the first five fall within 2 h 35 min 5 s of the first, while the receiver is down, and the sixth, 7 h 35 min 5 s after the first, is the first to be applied.",
    shows: (run) => run.horizon.result.resigned.acknowledged && run.horizon.result.resigned.effects === 1 && run.horizon.result.reused.lost
  },
  {
    id: "atomic-insert",
    section: "race",
    title: "Atomic insert-if-absent",
    overrides: {raceStrategy: "insert-if-absent"},
    lookAt: "The same conflicting interleaving: the second worker's insert is refused, so it skips the effect. One effect in every interleaving.",
    prediction: {
      kind: "number",
      question: "With an atomic insert-if-absent, in how many interleavings is the effect applied more than once?",
      units: ["interleaving", "interleavings"],
      max: MAX_INTERLEAVINGS,
      answer: (run: WebhookLessonRun) => run.race.table.duplicated
    },
    why: "Only one insert of the same event id can succeed, so the worker that loses the race skips the effect, whatever the interleaving.",
    shows: (run) => run.race.table.strategy === "insert-if-absent" && run.race.table.duplicated === 0
  },
  {
    id: "three-workers",
    section: "race",
    title: "Three concurrent deliveries",
    overrides: {raceWorkers: 3},
    lookAt: "1680 interleavings of check-then-act; most give two or three effects. Insert-if-absent still gives one in all of its 90.",
    prediction: {
      kind: "number",
      question: "Three workers deliver the same event with check-then-act. What is the most effects any interleaving gives?",
      units: ["effect", "effects"],
      max: 10,
      answer: (run: WebhookLessonRun) => Math.max(0, ...Object.keys(run.races.find((table) => table.strategy === "check-then-act")?.byEffects ?? {}).map(Number))
    },
    why: "All three can check before any of them writes, and then each applies the effect.",
    shows: (run) => run.races.some((table) => (table.byEffects[3] ?? 0) > 0)
  },
  {
    id: "no-event-id",
    section: "reconcile",
    title: "The same arrivals without event ids",
    overrides: {reconcileScenario: RECONCILE_DEMO_NO_EVENT_ID.id},
    lookAt: "Dedup by event id has nothing to key on and behaves like applying every payload; GetTask reconciliation still ends on the true state with one effect.",
    prediction: {
      kind: "number",
      question: "The arrivals carry no event id. How many effects does dedup by event id apply?",
      units: ["effect", "effects"],
      max: 50,
      answer: (run: WebhookLessonRun) => run.reconcile.lanes.find((lane) => lane.strategy === "event-id-dedup")?.effects ?? 0
    },
    why: "With no id to key on, deduplication lets every arrival through, like applying every payload.",
    shows: (run) => run.reconcile.lanes.some((lane) => lane.strategy === "get-task-reconcile" && lane.converged && lane.effects === 1)
      && run.reconcile.lanes.some((lane) => lane.strategy === "event-id-dedup" && lane.effects > 1 && lane.rows.every((row) => row.action !== "duplicate-dropped"))
  }
];

export function findWebhookExperiment(id: string): WebhookExperiment | undefined {
  return webhookExperiments.find((experiment) => experiment.id === id);
}
