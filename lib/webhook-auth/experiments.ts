/**
 * The lesson's named experiments: overrides merged over the defaults, what to
 * look at, and a predicate saying whether a run shows it (so the page and the
 * tests can confirm each experiment still teaches what it claims).
 */
import {A2A_JS_SDK_SENDER, COURSE_TEACHING_POLICY} from "./rotation/retry-presets.js";
import {SPEC_EXAMPLE_RETENTION_SECONDS} from "./pipeline/dedup-store.js";
import {RECONCILE_DEMO_NO_EVENT_ID} from "./pipeline/reconcile.js";
import type {TourStep} from "../tour/step.js";
import type {WebhookLessonInputs, WebhookLessonRun} from "./lesson.js";

export type WebhookExperimentSection = "debugger" | "horizon" | "race" | "reconcile" | "jwt" | "rotation";

/** The signature debugger's evidence (the signed bytes, the header's entries): the slide of a step about the signature. */
export const SIGNATURE_SLIDE_VIEW = "signature";

/** In the guided lesson an experiment is a step, shown in its section's lab. */
export interface WebhookExperiment extends TourStep<WebhookLessonRun> {
  section: WebhookExperimentSection;
  overrides: Partial<WebhookLessonInputs>;
}

/** The debugger's request fails for this receiver, although a correct receiver accepts it. */
const receiverAtFault = (run: WebhookLessonRun) =>
  run.debug.ok && !run.debug.verdict.ok && run.debug.correctReceiver.ok;
/** The request itself cannot verify: even a correct receiver refuses it. */
const requestAtFault = (run: WebhookLessonRun) =>
  run.debug.ok && !run.debug.verdict.ok && !run.debug.correctReceiver.ok;

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
  answer: (run: WebhookLessonRun) =>
    !run.debug.ok ? "unknown" : run.debug.verdict.ok ? "nobody" : run.debug.correctReceiver.ok ? "receiver" : "sender"
} as const;

/** The receiver's verdict code, for the failures the debugger experiments produce. */
const VERDICT_CHOICES = [
  {value: "accepted", label: "It is accepted"},
  {value: "no-matching-signature", label: "No signature matches"},
  {value: "timestamp-too-old", label: "The timestamp is too old"},
  {value: "timestamp-too-new", label: "The timestamp is too new"},
  {value: "other", label: "Another refusal"}
] as const;

const receiverVerdict = (question: string) =>
  ({
    kind: "choice",
    question,
    choices: VERDICT_CHOICES,
    answer: (run: WebhookLessonRun) => {
      if (!run.debug.ok) return "other";
      const code = run.debug.verdict.ok ? "accepted" : run.debug.verdict.code;
      return VERDICT_CHOICES.some((choice) => choice.value === code) ? code : "other";
    }
  }) as const;

/** The JWT receiver's first failing check, or "accepted"; "unknown" without Web Crypto. */
const jwtFirstFailure = (run: WebhookLessonRun): string =>
  !run.jwt
    ? "unknown"
    : run.jwt.verification.ok
      ? "accepted"
      : run.jwt.verification.checks.find((check) => check.status === "fail")!.id;

/** "Which check refuses this token first?": the JWT receiver's checks, in the words of the page. */
const jwtCatcher = (question: string) =>
  ({
    kind: "choice",
    question,
    choices: [
      {value: "accepted", label: "None: it is accepted"},
      {value: "bearer", label: "No Bearer token"},
      {value: "signature", label: "The signature (algorithm or key)"},
      {value: "audience", label: "The audience"},
      {value: "body-hash", label: "The body hash"},
      {value: "task-id", label: "The task id"},
      {value: "issued-at", label: "Issued at (iat)"},
      {value: "expiry", label: "Expiry or lifetime"},
      {value: "jwt-id", label: "Single use (jti)"},
      {value: "unknown", label: "Cannot tell (the lab could not run)"}
    ],
    answer: jwtFirstFailure
  }) as const;

/** How many deliveries of the rotation timeline fail. */
const rotationFailures = (question: string) =>
  ({
    kind: "number",
    question,
    units: ["delivery", "deliveries"],
    max: 100,
    answer: (run: WebhookLessonRun) => run.rotation.summary.failures
  }) as const;

/** The lab ran the mistake and the receiver refused at the check the mistake names. */
const caughtWhereExpected = (run: WebhookLessonRun) =>
  run.jwt !== null && run.jwt.mistake !== undefined && jwtFirstFailure(run) === run.jwt.mistake.caughtBy;

/** Four workers of three steps each interleave 12! / (3!)^4 = 369,600 ways: a count of interleavings stays below this. */
const MAX_INTERLEAVINGS = 1_000_000;

/** The horizon's re-signed lane: how many times the event is applied. */
const resignedEffects = (question: string) =>
  ({
    kind: "number",
    question,
    units: ["effect", "effects"],
    max: 50,
    answer: (run: WebhookLessonRun) => run.horizon.result.resigned.effects
  }) as const;

export const webhookExperiments: readonly WebhookExperiment[] = [
  {
    id: "reserialized-body",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
    title: "Verify a re-serialized body",
    overrides: {reserializedBody: true},
    lookAt:
      "The receiver's signed string loses the sender's spaces: the first differing byte is marked, and no signature matches although the secret is right.",
    prediction: whoseMistake,
    why: "The receiver signs the bytes it re-serialized, not the bytes it received, so its expected signature is computed over a different string.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference !== undefined
  },
  {
    id: "secret-not-decoded",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
    title: "Secret used as text",
    overrides: {secretNotBase64Decoded: true},
    lookAt: "Same signed string on both sides, different key bytes: every signature mismatches.",
    prediction: receiverVerdict(
      "The receiver uses the whsec_ secret as text instead of decoding its base64. What does it answer?"
    ),
    why: "The key bytes differ from the sender's, so every HMAC differs even though both sides sign the same string.",
    shows: (run) => receiverAtFault(run) && run.debug.ok && run.debug.contentDifference === undefined
  },
  {
    id: "wrong-secret",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
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
    lookAt:
      "The signature is valid, but the receiver believes the message was signed 600 s ago: too old for a 300 s tolerance.",
    prediction: receiverVerdict("The receiver's clock runs 10 minutes fast. What does it answer?"),
    why: "The receiver measures the timestamp against its own clock, and 600 s is outside the 300 s tolerance, before any signature is checked.",
    shows: (run) => run.debug.ok && run.debug.verdict.code === "timestamp-too-old"
  },
  {
    id: "split-on-comma-rotation",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
    title: 'Header split on "," during a rotation',
    overrides: {signatureHeaderSplitOnComma: true, duringRotation: true},
    lookAt:
      'With two signatures in the header, split(",")[1] is "<sig> v1": the parsed candidate is garbage. Switch the rotation off and the same bug passes.',
    prediction: whoseMistake,
    why: 'Splitting the header on "," breaks when it holds two signatures, so the receiver parses garbage that no correct receiver would.',
    shows: receiverAtFault
  },
  {
    id: "missing-prefix",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
    title: 'Sender omits "v1,"',
    overrides: {missingVersionPrefix: true},
    lookAt: "The base64 value is right, yet a spec-following receiver finds no v1 entry at all.",
    prediction: whoseMistake,
    why: 'Without "v1," the header names no signature version, so even a receiver following the spec finds nothing to compare.',
    shows: requestAtFault
  },
  {
    id: "rotation-without-overlap",
    section: "debugger",
    slideView: SIGNATURE_SLIDE_VIEW,
    title: "Rotation without overlap",
    overrides: {rotatedWithoutOverlap: true},
    lookAt:
      'The sender signs only with the new secret; the receiver still holds the old one. Compare with "signs with the old and the new secret", which passes.',
    prediction: whoseMistake,
    why: "The sender signs only with a secret the receiver does not hold yet; a rotation needs a period when both secrets sign.",
    shows: requestAtFault
  },
  {
    id: "spec-example-retention",
    section: "horizon",
    title: "Keep ids only 5 minutes",
    overrides: {retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt:
      "A retention as long as the timestamp window: every retry after 5 minutes finds the record expired and applies the event again.",
    prediction: resignedEffects(
      "Event ids are kept only 5 minutes. How many times is the event applied across the re-signed retries?"
    ),
    why: "Every retry after the record expires looks new to the receiver, so it is applied again.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0
  },
  {
    id: "one-day-retention",
    section: "horizon",
    title: "Keep ids one day",
    overrides: {retentionSeconds: 24 * 3600},
    lookAt: "Covers most of the schedule, not all of it: the attempts at 51 h and 75 h slip past.",
    prediction: resignedEffects(
      "Event ids are kept one day. How many times is the event applied across the re-signed retries?"
    ),
    why: "A day covers the early retries but not the ones at 51 h and 75 h, which arrive after the record is gone.",
    shows: (run) => run.horizon.result.resigned.slippedPast > 0 && run.horizon.result.resigned.duplicatesSuppressed > 0
  },
  {
    id: "course-policy",
    section: "horizon",
    title: "The course's teaching policy",
    overrides: {retryPreset: COURSE_TEACHING_POLICY.id, retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS},
    lookAt:
      "Four attempts within 14 s: even a 5-minute retention deduplicates every retry, and the reused timestamp stays inside the window.",
    prediction: resignedEffects(
      "The course's policy makes four attempts within 14 s, and ids are kept 5 minutes. How many times is the event applied?"
    ),
    why: "Every retry arrives while the record is still kept, so each one is recognised as a duplicate.",
    shows: (run) => run.horizon.result.resigned.slippedPast === 0 && run.horizon.result.reused.refusedByWindow === 0
  },
  {
    id: "sdk-outage",
    section: "horizon",
    title: "A2A JS SDK sender during an outage",
    overrides: {retryPreset: A2A_JS_SDK_SENDER.id, unreachableAttempts: 1},
    lookAt:
      "One POST and no retry: the receiver is down for it, so the update is lost. Only polling GetTask recovers it.",
    prediction: {
      kind: "choice",
      question: "The A2A JS SDK sender meets a receiver that is down for the first POST. What happens to the update?",
      choices: [
        {value: "once", label: "Applied once"},
        {value: "more", label: "Applied more than once"},
        {value: "lost", label: "Lost: never applied"}
      ],
      answer: (run: WebhookLessonRun) =>
        run.horizon.result.resigned.lost ? "lost" : run.horizon.result.resigned.effects > 1 ? "more" : "once"
    },
    why: "It sends one POST and does not retry, so an update the receiver missed stays missed until someone polls GetTask.",
    shows: (run) => run.horizon.result.resigned.lost && run.horizon.result.resigned.rows.length === 1
  },
  {
    id: "outage-then-ack",
    section: "horizon",
    title: "Standard Webhooks schedule: the first five attempts find the receiver down",
    overrides: {unreachableAttempts: 5, acksLost: false},
    lookAt:
      "Five attempts, the last 2 h 35 min 5 s after the first, find the receiver down; the sixth, 7 h 35 min 5 s in, is applied and acknowledged. A re-signed retry passes the 5-minute window; a reused timestamp does not.",
    prediction: {
      kind: "number",
      question:
        "The receiver is down for the first five attempts. How many attempts does it take until one is applied (0 if none is)?",
      units: ["attempt", "attempts"],
      max: 50,
      answer: (run: WebhookLessonRun) => run.horizon.result.resigned.rows.findIndex((row) => row.effectApplied) + 1
    },
    why: "The schedule waits 5 s, 5 min, 30 min, 2 h and 5 h between attempts, so the first five fall within 2 h 35 min 5 s of the first, while the receiver is down, and the sixth, 7 h 35 min 5 s after the first, is the first to be applied.",
    shows: (run) =>
      run.horizon.result.resigned.acknowledged &&
      run.horizon.result.resigned.effects === 1 &&
      run.horizon.result.reused.lost
  },
  {
    id: "atomic-insert",
    section: "race",
    title: "Atomic insert-if-absent",
    overrides: {raceStrategy: "insert-if-absent"},
    lookAt:
      "The same conflicting interleaving: the second worker's insert is refused, so it skips the effect. One effect in every interleaving.",
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
    lookAt:
      "1680 interleavings of check-then-act; most give two or three effects. Insert-if-absent still gives one in all of its 90.",
    prediction: {
      kind: "number",
      question:
        "Three workers deliver the same event with check-then-act. What is the most effects any interleaving gives?",
      units: ["effect", "effects"],
      max: 10,
      answer: (run: WebhookLessonRun) =>
        Math.max(
          0,
          ...Object.keys(run.races.find((table) => table.strategy === "check-then-act")?.byEffects ?? {}).map(Number)
        )
    },
    why: "All three can check before any of them writes, and then each applies the effect.",
    shows: (run) => run.races.some((table) => (table.byEffects[3] ?? 0) > 0)
  },
  {
    id: "no-event-id",
    section: "reconcile",
    title: "The same arrivals without event ids",
    overrides: {reconcileScenario: RECONCILE_DEMO_NO_EVENT_ID.id},
    lookAt:
      "Dedup by event id has nothing to key on and behaves like applying every payload; GetTask reconciliation still ends on the true state with one effect.",
    prediction: {
      kind: "number",
      question: "The arrivals carry no event id. How many effects does dedup by event id apply?",
      units: ["effect", "effects"],
      max: 50,
      answer: (run: WebhookLessonRun) =>
        run.reconcile.lanes.find((lane) => lane.strategy === "event-id-dedup")?.effects ?? 0
    },
    why: "With no id to key on, deduplication lets every arrival through, like applying every payload.",
    shows: (run) =>
      run.reconcile.lanes.some(
        (lane) => lane.strategy === "get-task-reconcile" && lane.converged && lane.effects === 1
      ) &&
      run.reconcile.lanes.some(
        (lane) =>
          lane.strategy === "event-id-dedup" &&
          lane.effects > 1 &&
          lane.rows.every((row) => row.action !== "duplicate-dropped")
      )
  },
  {
    id: "jwt-alg-none",
    section: "jwt",
    title: "An unsigned token: alg none",
    overrides: {jwtMistake: "algNone"},
    lookAt:
      "The header says alg none and the signature is empty. The receiver refuses it at the signature check, before it looks up any key: the algorithm is not in its allowlist.",
    prediction: jwtCatcher(
      "An attacker sends a token with alg none and no signature, every claim correct. Which check refuses it first?"
    ),
    why: "The receiver verifies with the algorithms it allows (ES256, EdDSA), never the one the token names, so an unsigned token never reaches a key.",
    shows: caughtWhereExpected
  },
  {
    id: "jwt-hs256-public-key",
    section: "jwt",
    title: "HS256 signed with the public key",
    overrides: {jwtMistake: "hs256WithPublicKey"},
    lookAt:
      "The token is a valid HMAC over its header and claims, keyed with the sender's published key. The allowlist refuses HS256 before any key is used.",
    prediction: jwtCatcher(
      "An attacker signs HS256 using the sender's public key (which anyone can fetch) as the HMAC secret. Which check refuses it first?"
    ),
    why: "A verifier that took the algorithm from the header would use the public key as an HMAC secret and accept; an allowlist of asymmetric algorithms refuses HS256 outright.",
    shows: caughtWhereExpected
  },
  {
    id: "jwt-replay",
    section: "jwt",
    title: "The same token delivered twice",
    overrides: {jwtMistake: "replayedJti"},
    lookAt:
      "Signature, audience, task, body hash and times all pass: the token is genuine and still valid. Only the single-use record of its jti refuses it.",
    prediction: jwtCatcher(
      "A captured request is sent again 10 s after the first delivery, well inside the token's minute of validity. Which check refuses it first?"
    ),
    why: "Within its lifetime a replayed token is indistinguishable from the original, except that its jti is already in the receiver's record, which must be kept at least until the token's exp plus the tolerance.",
    shows: caughtWhereExpected
  },
  {
    id: "jwt-long-lifetime",
    section: "jwt",
    title: "A token valid for an hour",
    overrides: {jwtMistake: "longLifetime"},
    lookAt:
      "The token is fresh and unexpired, yet refused: exp − iat is 3600 s, more than the 300 s the receiver allows.",
    prediction: jwtCatcher(
      "The sender signs tokens valid for an hour, freshly issued. Which check refuses this one first?"
    ),
    why: "The receiver caps a token's lifetime so that a stolen token is useless within minutes; an hour-long token exceeds the cap even while it is fresh.",
    shows: caughtWhereExpected
  },
  {
    id: "jwt-rotated-key",
    section: "jwt",
    title: "A new key: the receiver refetches the key set",
    overrides: {jwtMistake: "rotatedKey"},
    lookAt:
      "The kid is not in the cached key set, fetched an hour ago. The receiver fetches the set once, finds the new key, and the delivery verifies.",
    prediction: jwtCatcher(
      "The sender has switched to a new key that the receiver's cached key set (fetched an hour ago) does not hold. Which check refuses the delivery first?"
    ),
    why: "An unknown kid makes the receiver fetch the published key set once; the new key is there, so the signature verifies.",
    shows: (run) => run.jwt !== null && run.jwt.verification.ok && run.jwt.verification.refreshed
  },
  {
    id: "jwt-rotated-key-rate-limited",
    section: "jwt",
    title: "A new key within the refetch rate limit",
    overrides: {jwtMistake: "rotatedKey", jwksFetchedSecondsAgo: 10},
    lookAt:
      "The same new key, but the receiver fetched its key set 10 s ago: it does not fetch again within 30 s, so the delivery is refused. A retry after the cooldown would verify.",
    prediction: jwtCatcher(
      "Same new key, but the receiver fetched its key set 10 s ago and refetches at most once every 30 s. Which check refuses the delivery first?"
    ),
    why: "The rate limit keeps a stream of forged kids from turning the receiver into a key-set fetcher; the price is that a new key fails until the cooldown has passed.",
    shows: (run) => caughtWhereExpected(run) && run.jwt!.verification.jwks.refreshes === 0
  },
  {
    id: "rotation-unannounced",
    section: "rotation",
    title: "A new key, unannounced, and no refetch",
    overrides: {rotationLeadSeconds: 0, refetchOnUnknownKid: false},
    lookAt:
      "The new key is published at the switch, but the receiver's copy was fetched at 60 min and is kept an hour: every delivery signed with the new key fails until the copy expires at 2 h.",
    prediction: rotationFailures(
      "The sender publishes its new key only when it starts signing with it, and the receiver never refetches on an unknown kid; its copy of the key set is kept one hour. Deliveries come every 5 minutes. How many fail?"
    ),
    why: "A receiver that only refetches when its copy is an hour old keeps refusing the new kid until then: one cache lifetime of failures.",
    shows: (run) =>
      run.rotation.summary.failures > 0 &&
      run.rotation.deliveries.every((delivery) => delivery.verdict !== "verified after refetch")
  },
  {
    id: "rotation-refetch",
    section: "rotation",
    title: "Unannounced, but the receiver refetches on an unknown kid",
    overrides: {rotationLeadSeconds: 0},
    lookAt:
      "The first delivery with the new kid makes the receiver fetch the key set once: it finds the new key, and nothing fails.",
    prediction: rotationFailures(
      "Same unannounced switch, but the receiver fetches the key set once when it meets an unknown kid (at most once every 30 s). How many deliveries fail?"
    ),
    why: "The new key is published by the time its first token arrives, so one fetch on the unknown kid finds it.",
    shows: (run) => run.rotation.summary.failures === 0 && run.rotation.summary.fetchesByReason["unknown kid"] === 1
  },
  {
    id: "rotation-old-key-withdrawn",
    section: "rotation",
    title: "The old key withdrawn at the switch, with deliveries in flight",
    overrides: {rotationOverlapSeconds: 0, deliveryDelaySeconds: 200},
    lookAt:
      "A delivery signed with the old key just before the switch arrives 200 s later, after the receiver refreshed its copy: the old key is gone from it, and the delivery fails.",
    prediction: rotationFailures(
      "Tokens wait 200 s in a queue before they arrive, and the sender withdraws its old key at the switch. How many deliveries fail?"
    ),
    why: "A token signed just before the switch is verified up to the longest delivery delay later, so the old key must stay published at least that long after the switch.",
    shows: (run) => run.rotation.deliveries.some((delivery) => delivery.verdict === "unknown kid: not published")
  }
];

export function findWebhookExperiment(id: string): WebhookExperiment | undefined {
  return webhookExperiments.find((experiment) => experiment.id === id);
}
