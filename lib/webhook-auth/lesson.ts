/**
 * The webhook authentication lesson as one computation: the reader's inputs
 * (a field table in the shared lib/lesson-inputs form, so the page gets
 * controls and permalinks from it) and the demo secrets the *page* generated
 * go in; every model of the lesson comes out, computed together so a page
 * never shows parts of two different input states.
 *
 * lib draws no randomness: the secrets and the event id are inputs.
 */
import {checkInputs, refusal, type RefusedInput} from "../lesson-inputs/check.js";
import type {FieldSpec} from "../lesson-inputs/fields.js";
import {describeRun, type RunLabel} from "../lesson-inputs/run-label.js";
import {DEFAULT_DEDUP_RETENTION_SECONDS} from "./pipeline/dedup-store.js";
import {DEFAULT_MESSAGE_VERSION, versionField, type MessageVersion} from "../shared/message-version.js";
import {DEMO_BODIES, DEMO_NOW_SECONDS} from "./fixtures.js";
import {RACE_STRATEGIES, raceTable, type RaceRun, type RaceStrategy, type RaceTable} from "./pipeline/race.js";
import {remembered, rememberingReads} from "../shared/remembered.js";
import {compareReconciliation, RECONCILE_SCENARIOS, type ReconcileComparison} from "./pipeline/reconcile.js";
import {
  analyzeRetryHorizon,
  type AttemptFate,
  type RetryHorizonResult,
  type RetryLaneResult
} from "./rotation/retry-horizon.js";
import {RETRY_PRESETS, STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE, type RetrySchedule} from "./rotation/retry-presets.js";
import {DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "./jwt/jwks-defaults.js";
import {KEY_ROTATION_RANGES, keyRotationTimeline, type KeyRotationTimeline} from "./rotation/key-rotation.js";
import {JWT_MISTAKES, type JwtMistakeId} from "./jwt/jwt-mistakes.js";
import type {JwtLabReport} from "./jwt/jwt-lab.js";
import {debugStandardWebhook, type SignatureDebugResult} from "./standard-webhooks/signature-debugger.js";
import {DEFAULT_TOLERANCE_SECONDS} from "./standard-webhooks/standard-webhooks.js";
import {runTamperingExperiments, type TamperingReport} from "./standard-webhooks/tampering.js";

/** The lesson's control groups, by the section each drives (the ids experiments name). */
export const webhookLessonGroups = {
  body: "Signed body",
  debugger: "Signature debugger",
  horizon: "Retention versus retry horizon",
  race: "Concurrent duplicates",
  reconcile: "No event id",
  jwt: "JWT profile",
  rotation: "Key rotation"
} as const;

const {
  body: GROUP_BODY,
  debugger: GROUP_DEBUGGER,
  horizon: GROUP_HORIZON,
  race: GROUP_RACE,
  reconcile: GROUP_RECONCILE,
  jwt: GROUP_JWT,
  rotation: GROUP_ROTATION
} = webhookLessonGroups;

/** Upper bounds of the reader's inputs. */
export const MAX_BODY_CHARACTERS = 2000;
export const MAX_CLOCK_SKEW_SECONDS = 24 * 3600;
export const MAX_TOLERANCE_SECONDS = 3600;
export const MAX_RETENTION_SECONDS = 7 * 24 * 3600;
export const MAX_RACE_WORKERS = 3;
/** The longest JWKS age and rotation spans the page offers (a day). */
export const MAX_JWKS_AGE_SECONDS = 24 * 3600;
/** The longest delivery delay the rotation model takes (within the JWT's accepted age). */
export const MAX_DELIVERY_DELAY_SECONDS = KEY_ROTATION_RANGES.deliveryDelaySeconds.max;
/** Interleavings of the largest race the page offers (3 workers, 3 steps each: 9!/(3!)^3). */
export const MAX_RACE_INTERLEAVING = 1680;

export type WebhookLessonInputs = {
  version: MessageVersion;
  body: string;
  toleranceSeconds: number;
  reserializedBody: boolean;
  secretNotBase64Decoded: boolean;
  wrongSecret: boolean;
  clockSkewSeconds: number;
  signatureHeaderSplitOnComma: boolean;
  missingVersionPrefix: boolean;
  duringRotation: boolean;
  rotatedWithoutOverlap: boolean;
  retryPreset: string;
  retentionSeconds: number;
  unreachableAttempts: number;
  acksLost: boolean;
  raceWorkers: number;
  raceStrategy: string;
  raceInterleaving: number;
  reconcileScenario: string;
  jwtAlgorithm: string;
  jwtMistake: string;
  jwksFetchedSecondsAgo: number;
  rotationLeadSeconds: number;
  rotationOverlapSeconds: number;
  jwksMaxAgeSeconds: number;
  refetchOnUnknownKid: boolean;
  deliveryDelaySeconds: number;
};

export const webhookLessonDefaults: WebhookLessonInputs = {
  version: DEFAULT_MESSAGE_VERSION,
  body: DEMO_BODIES[DEFAULT_MESSAGE_VERSION],
  toleranceSeconds: DEFAULT_TOLERANCE_SECONDS,
  reserializedBody: false,
  secretNotBase64Decoded: false,
  wrongSecret: false,
  clockSkewSeconds: 0,
  signatureHeaderSplitOnComma: false,
  missingVersionPrefix: false,
  duringRotation: false,
  rotatedWithoutOverlap: false,
  retryPreset: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.id,
  retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS,
  unreachableAttempts: 0,
  acksLost: true,
  raceWorkers: 2,
  raceStrategy: "check-then-act",
  // Two workers, check-then-act: interleaving 2 (A:check A:effect B:check A:record ...) is the first with a double effect.
  raceInterleaving: 2,
  reconcileScenario: RECONCILE_SCENARIOS[0]!.id,
  jwtAlgorithm: "ES256",
  jwtMistake: "none",
  jwksFetchedSecondsAgo: 3600,
  // A rotation done right: the new key published one cache lifetime before it signs, the old one kept past the longest delay.
  rotationLeadSeconds: 3600,
  rotationOverlapSeconds: 600,
  jwksMaxAgeSeconds: 3600,
  refetchOnUnknownKid: true,
  deliveryDelaySeconds: 0
};

export const webhookLessonFields: readonly FieldSpec[] = [
  versionField(
    GROUP_BODY,
    "The A2A version the push config was registered with, so the shape of the body the sender signs here and in the tampering run: a v0.3.0 TaskStatusUpdateEvent or a 1.0 StreamResponse."
  ),
  {
    kind: "text",
    name: "body",
    label: "Request body (raw)",
    group: GROUP_BODY,
    maxLength: MAX_BODY_CHARACTERS,
    rows: 4,
    help: "The exact bytes the sender signs. Spaces, key order and escapes all count. Until you edit it, it is the chosen version's demo body.",
    defaultFollows: {field: "version", values: DEMO_BODIES}
  },
  {
    kind: "boolean",
    name: "reserializedBody",
    label: "Receiver verifies a re-serialized body (JSON.parse, then JSON.stringify)",
    group: GROUP_DEBUGGER
  },
  {
    kind: "boolean",
    name: "secretNotBase64Decoded",
    label: "Receiver uses the whsec_ text as the key, not its base64-decoded bytes",
    group: GROUP_DEBUGGER
  },
  {kind: "boolean", name: "wrongSecret", label: "Receiver holds another endpoint's secret", group: GROUP_DEBUGGER},
  {
    kind: "number",
    name: "clockSkewSeconds",
    label: "Receiver clock skew",
    group: GROUP_DEBUGGER,
    unit: "s",
    min: -MAX_CLOCK_SKEW_SECONDS,
    max: MAX_CLOCK_SKEW_SECONDS,
    step: 1,
    whole: true,
    help: "Receiver clock minus true time. Negative: the receiver runs behind and sees timestamps from the future."
  },
  {
    kind: "boolean",
    name: "signatureHeaderSplitOnComma",
    label: 'Receiver splits webhook-signature on "," instead of spaces',
    group: GROUP_DEBUGGER
  },
  {kind: "boolean", name: "missingVersionPrefix", label: 'Sender omits the "v1," prefix', group: GROUP_DEBUGGER},
  {
    kind: "boolean",
    name: "duringRotation",
    label: "Sender signs with the old and the new secret (rotation overlap)",
    group: GROUP_DEBUGGER
  },
  {
    kind: "boolean",
    name: "rotatedWithoutOverlap",
    label: "Sender switched to the new secret only (rotation without overlap)",
    group: GROUP_DEBUGGER
  },
  {
    kind: "number",
    name: "toleranceSeconds",
    label: "Timestamp tolerance",
    group: GROUP_DEBUGGER,
    unit: "s",
    min: 0,
    max: MAX_TOLERANCE_SECONDS,
    step: 1,
    whole: true,
    help: "How far webhook-timestamp may be from the receiver's clock, either way (Standard Webhooks default: 300 s). Also used by the tampering and retry experiments."
  },
  {
    kind: "choice",
    name: "retryPreset",
    label: "Sender retry schedule",
    group: GROUP_HORIZON,
    options: RETRY_PRESETS.map((preset) => ({value: preset.id, label: preset.label}))
  },
  {
    kind: "number",
    name: "retentionSeconds",
    label: "Dedup retention",
    group: GROUP_HORIZON,
    unit: "s",
    min: 0,
    max: MAX_RETENTION_SECONDS,
    step: 1,
    whole: true,
    help: "How long the receiver keeps an event id after recording it (86400 s = 1 day; default 4 days)."
  },
  {
    kind: "number",
    name: "unreachableAttempts",
    label: "Attempts that find the receiver down",
    group: GROUP_HORIZON,
    min: 0,
    max: 10,
    step: 1,
    whole: true,
    unit: "attempts",
    help: "The first attempts of the schedule arrive during an outage: nothing is processed."
  },
  {
    kind: "boolean",
    name: "acksLost",
    label: "After the outage, every 2xx is lost on its way back (the sender keeps retrying)",
    group: GROUP_HORIZON
  },
  {
    kind: "number",
    name: "raceWorkers",
    label: "Concurrent deliveries of the same event",
    group: GROUP_RACE,
    min: 2,
    max: MAX_RACE_WORKERS,
    step: 1,
    whole: true,
    unit: "workers"
  },
  {
    kind: "choice",
    name: "raceStrategy",
    label: "Dedup strategy to step through",
    group: GROUP_RACE,
    options: RACE_STRATEGIES.map((strategy) => ({value: strategy.id, label: strategy.label}))
  },
  {
    kind: "number",
    name: "raceInterleaving",
    label: "Interleaving to step through",
    group: GROUP_RACE,
    min: 1,
    max: MAX_RACE_INTERLEAVING,
    step: 1,
    whole: true,
    sliderMax: 90,
    help: "Interleavings are numbered in lexicographic order of the workers' steps; a number past the strategy's count shows its last one."
  },
  {
    kind: "choice",
    name: "reconcileScenario",
    label: "Arrivals",
    group: GROUP_RECONCILE,
    options: RECONCILE_SCENARIOS.map((scenario) => ({value: scenario.id, label: scenario.label}))
  },
  {
    kind: "choice",
    name: "jwtAlgorithm",
    label: "Signing algorithm",
    group: GROUP_JWT,
    options: [
      {value: "ES256", label: "ES256 (P-256)"},
      {value: "EdDSA", label: "EdDSA (Ed25519, where the browser has it)"}
    ]
  },
  {
    kind: "choice",
    name: "jwtMistake",
    label: "Mistake (one at a time)",
    group: GROUP_JWT,
    options: [
      {value: "none", label: "None: a correct delivery"},
      ...JWT_MISTAKES.map((mistake) => ({value: mistake.id, label: mistake.label}))
    ]
  },
  {
    kind: "number",
    name: "jwksFetchedSecondsAgo",
    label: "Receiver last fetched the JWKS",
    group: GROUP_JWT,
    unit: "s ago",
    min: 0,
    max: MAX_JWKS_AGE_SECONDS,
    step: 1,
    whole: true,
    sliderMax: 120,
    help: `An unknown kid makes the receiver fetch the key set again, but not within ${DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} s of its last fetch (the rate limit).`
  },
  {
    kind: "number",
    name: "rotationLeadSeconds",
    label: "New key published before it signs",
    group: GROUP_ROTATION,
    unit: "s",
    min: 0,
    max: MAX_JWKS_AGE_SECONDS,
    step: 60,
    whole: true,
    sliderMax: 7200
  },
  {
    kind: "number",
    name: "rotationOverlapSeconds",
    label: "Old key kept published after the switch",
    group: GROUP_ROTATION,
    unit: "s",
    min: 0,
    max: MAX_JWKS_AGE_SECONDS,
    step: 60,
    whole: true,
    sliderMax: 7200
  },
  {
    kind: "number",
    name: "jwksMaxAgeSeconds",
    label: "Receiver's JWKS cache max age",
    group: GROUP_ROTATION,
    unit: "s",
    min: 60,
    max: MAX_JWKS_AGE_SECONDS,
    step: 60,
    whole: true,
    sliderMax: 7200,
    help: "The receiver fetches the key set again on the first delivery after its copy is this old."
  },
  {
    kind: "boolean",
    name: "refetchOnUnknownKid",
    label: "Receiver refetches the JWKS once on an unknown kid (rate-limited)",
    group: GROUP_ROTATION
  },
  {
    kind: "number",
    name: "deliveryDelaySeconds",
    label: "Delivery delay (signed, then queued)",
    group: GROUP_ROTATION,
    unit: "s",
    min: 0,
    max: MAX_DELIVERY_DELAY_SECONDS,
    step: 10,
    whole: true,
    help: "A token is signed when the delivery is sent and verified when it arrives this much later."
  }
];

/**
 * The demo's key material, generated by the page (crypto.getRandomValues) and
 * never sent anywhere. `eventId` is the webhook-id of the demo event: a
 * delivery id, unrelated to the task, context or config ids.
 */
export interface WebhookLessonSecrets {
  secret: string;
  rotatedSecret: string;
  otherEndpointSecret: string;
  eventId: string;
}

export interface RaceSelection {
  table: RaceTable;
  run: RaceRun;
  /** 1-based number of the interleaving shown. */
  index: number;
  /** The requested number was past the strategy's count. */
  clamped: boolean;
}

export interface RetryHorizonSelection {
  preset: RetrySchedule;
  fates: AttemptFate[];
  result: RetryHorizonResult;
}

export interface WebhookLessonRun {
  /** The inputs the run used: the given ones, each refused value at its default. */
  inputs: WebhookLessonInputs;
  /** Every value the run did not use as given: the input, the value, what is accepted, the fallback. */
  refused: RefusedInput[];
  /** Whether Web Crypto was there to sign and verify (browsers offer crypto.subtle only in secure contexts). */
  webCrypto: {available: true} | {available: false; reason: string};
  debug: SignatureDebugResult;
  horizon: RetryHorizonSelection;
  /** Every strategy's race table for the chosen number of workers, in RACE_STRATEGIES order. */
  races: readonly RaceTable[];
  race: RaceSelection;
  reconcile: ReconcileComparison;
  /** The JWT profile's one delivery, with the chosen mistake; null without Web Crypto. */
  jwt: JwtLabReport | null;
  /** Three hours of deliveries across a key rotation, against the receiver's JWKS cache. */
  rotation: KeyRotationTimeline;
}

export function retryPresetById(id: string): RetrySchedule {
  return RETRY_PRESETS.find((preset) => preset.id === id) ?? STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE;
}

/** Each scheduled attempt's fate: the outage first, then lost or delivered acknowledgements. */
export function attemptFates(attempts: number, unreachableAttempts: number, acksLost: boolean): AttemptFate[] {
  return Array.from({length: attempts}, (_, index) =>
    index < unreachableAttempts ? "unreachable" : acksLost ? "ack-lost" : "acknowledged"
  );
}

/** The interleaving numbered `oneBasedIndex`, or the last one when the number is past the count. */
export function selectRaceRun(table: RaceTable, oneBasedIndex: number): RaceSelection {
  const index = Math.min(Math.max(1, Math.round(oneBasedIndex)), table.runs.length);
  return {table, run: table.runs[index - 1]!, index, clamped: index !== Math.round(oneBasedIndex)};
}

export interface DedupRecordSpan {
  /** The attempt whose arrival made the record. */
  attempt: number;
  fromSeconds: number;
  /** When the record stops suppressing (live while now < untilSeconds). */
  untilSeconds: number;
}

/** The dedup records a lane made: each one starts at a recorded (or slipped-past) arrival and lasts the retention. */
export function dedupRecordSpans(lane: RetryLaneResult, retentionSeconds: number): DedupRecordSpan[] {
  return lane.rows
    .filter((row) => row.dedup === "recorded" || row.dedup === "slipped-past")
    .map((row) => ({
      attempt: row.attempt,
      fromSeconds: row.arrivesAtSeconds,
      untilSeconds: row.arrivesAtSeconds + retentionSeconds
    }));
}

export const NO_WEB_CRYPTO_REASON =
  "this page has no Web Crypto (crypto.subtle exists only in secure contexts: https, or http on localhost/127.0.0.1), so nothing can be signed or verified here";

/** How a run computes each of its parts: as they are, or remembering their last result (rememberingWebhookLesson). */
export interface WebhookLessonParts {
  debug: (inputs: WebhookLessonInputs, secrets: WebhookLessonSecrets) => Promise<SignatureDebugResult>;
  horizon: (inputs: WebhookLessonInputs) => RetryHorizonSelection;
  race: (table: RaceTable, oneBasedIndex: number) => RaceSelection;
  reconcile: (scenario: (typeof RECONCILE_SCENARIOS)[number]) => ReconcileComparison;
  rotation: (inputs: WebhookLessonInputs) => KeyRotationTimeline;
  jwt: (inputs: WebhookLessonInputs) => Promise<JwtLabReport>;
}

const COMPUTED_PARTS: WebhookLessonParts = {
  debug: debugFor,
  horizon: horizonFor,
  race: selectRaceRun,
  reconcile: compareReconciliation,
  rotation: rotationFor,
  jwt: jwtFor
};

/**
 * Every model of the lesson from one input state. The state may hold anything (a link's
 * values, a test's): each field is checked by its row, and a refused value is reported and
 * replaced by its default, so this never throws on what a reader typed.
 *
 * `parts` computes each part; rememberingWebhookLesson passes parts that hand back their last
 * result while what they read is unchanged, so a page can tell an unchanged part by identity and
 * skip redrawing it; the race tables are kept per worker count (racesFor). The result equals a
 * run made from scratch either way.
 */
export async function runWebhookLesson(
  values: Readonly<Record<string, unknown>>,
  secrets: WebhookLessonSecrets,
  /** null: no Web Crypto (the page passes what the browser has). */
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
  parts: WebhookLessonParts = COMPUTED_PARTS
): Promise<WebhookLessonRun> {
  const {values: inputs, refused} = checkInputs(values, webhookLessonFields, webhookLessonDefaults);
  const debug = subtle ? await parts.debug(inputs, secrets) : {ok: false as const, issues: [NO_WEB_CRYPTO_REASON]};
  const races = racesFor(inputs.raceWorkers);
  const chosen = races.find((table) => table.strategy === (inputs.raceStrategy as RaceStrategy)) ?? races[0]!;
  const race = parts.race(chosen, inputs.raceInterleaving);
  if (race.clamped) refused.push(interleavingPastCount(inputs.raceInterleaving, race));
  const scenario =
    RECONCILE_SCENARIOS.find((candidate) => candidate.id === inputs.reconcileScenario) ?? RECONCILE_SCENARIOS[0]!;
  return {
    inputs,
    refused,
    webCrypto: subtle ? {available: true} : {available: false, reason: NO_WEB_CRYPTO_REASON},
    debug,
    horizon: parts.horizon(inputs),
    races,
    race,
    reconcile: parts.reconcile(scenario),
    // The JWT lab's code loads on its first run (jwtFor): a failed load costs that lab, not the lesson's others.
    jwt: subtle ? await parts.jwt(inputs).catch(() => null) : null,
    rotation: parts.rotation(inputs)
  };
}

/**
 * Every strategy's race table for a number of workers, kept once computed: a table depends on
 * nothing else, the slider has MAX_RACE_WORKERS - 1 values, and enumerating the interleavings of
 * four workers is most of what a move of that slider cost (lesson 4's settle time,
 * docs/performance.md). The same number of workers hands back the very same tables.
 */
const racesByWorkers = new Map<number, readonly RaceTable[]>();

function racesFor(workers: number): readonly RaceTable[] {
  let races = racesByWorkers.get(workers);
  if (races === undefined)
    racesByWorkers.set(workers, (races = RACE_STRATEGIES.map((strategy) => raceTable(strategy.id, workers))));
  return races;
}

function horizonFor(inputs: WebhookLessonInputs): RetryHorizonSelection {
  const preset = retryPresetById(inputs.retryPreset);
  const fates = attemptFates(preset.delaysSeconds.length, inputs.unreachableAttempts, inputs.acksLost);
  const result = analyzeRetryHorizon({
    delaysSeconds: preset.delaysSeconds,
    retentionSeconds: inputs.retentionSeconds,
    toleranceSeconds: inputs.toleranceSeconds,
    fates,
    ...(preset.stopsOnStatuses ? {stopsOnStatuses: preset.stopsOnStatuses} : {})
  });
  return {preset, fates, result};
}

/**
 * Section 2's run: six requests, tampered with or replayed, against one receiver that keeps its
 * dedup memory from one to the next, signed with the lesson's secret and checked at its
 * tolerance. The receiver expects the demo task, so the body is the chosen version's demo body,
 * not the editable one. Null without Web Crypto.
 *
 * Not a part of runWebhookLesson: section 1's lab waits for its own signatures only, not for
 * these six requests far down the page (a move of the tolerance, which both read, settled in
 * 41-50 ms at 4x CPU throttle with them in one run; docs/performance.md).
 */
export function runWebhookTampering(
  {version, toleranceSeconds}: Pick<WebhookLessonInputs, "version" | "toleranceSeconds">,
  secrets: Pick<WebhookLessonSecrets, "secret" | "eventId">,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null
): Promise<TamperingReport | null> {
  if (!subtle) return Promise.resolve(null);
  return runTamperingExperiments({
    secret: secrets.secret,
    msgId: secrets.eventId,
    sentAtSeconds: DEMO_NOW_SECONDS,
    toleranceSeconds,
    body: DEMO_BODIES[version]
  });
}

/**
 * runWebhookTampering that hands back its last report (the same object) while what it read (the
 * version and the tolerance) and the secrets are unchanged: a page keeps this function, not a report.
 */
export function rememberingWebhookTampering(): typeof runWebhookTampering {
  return rememberingReads(runWebhookTampering);
}

function interleavingPastCount(requested: number, race: RaceSelection): RefusedInput {
  const field = webhookLessonFields.find((candidate) => candidate.name === "raceInterleaving")!;
  const problem = `there are ${race.table.runs.length} interleavings of ${race.table.workers} workers with this strategy`;
  return {...refusal(field, requested, problem, race.index), fallback: `the last one, ${race.index}`};
}

/**
 * The sender switches keys at 60 min 50 s: off the 5-minute grid of deliveries and of a one-hour
 * cache's refetches, so that a refetch never lands on the switch by chance and hides the lesson.
 */
export const ROTATION_SWITCH_SECONDS = 3650;

function rotationFor(inputs: WebhookLessonInputs): KeyRotationTimeline {
  return keyRotationTimeline({
    rotateAtSeconds: ROTATION_SWITCH_SECONDS,
    publishLeadSeconds: inputs.rotationLeadSeconds,
    overlapSeconds: inputs.rotationOverlapSeconds,
    cacheMaxAgeSeconds: inputs.jwksMaxAgeSeconds,
    refetchOnUnknownKid: inputs.refetchOnUnknownKid,
    deliveryDelaySeconds: inputs.deliveryDelaySeconds
  });
}

function jwtFor(inputs: WebhookLessonInputs): Promise<JwtLabReport> {
  // Read before the lab's module loads: rememberingReads records the reads made during the call.
  const input = {
    algorithm: inputs.jwtAlgorithm === "EdDSA" ? ("EdDSA" as const) : ("ES256" as const),
    mistake: inputs.jwtMistake as JwtMistakeId | "none",
    body: inputs.body,
    jwksFetchedSecondsAgo: inputs.jwksFetchedSecondsAgo
  };
  // The JWT lab, and jose with it, loads when a run first needs it: a page's first load goes without.
  return import("./jwt/jwt-lab.js").then((lab) => lab.runJwtLab(input));
}

function debugFor(inputs: WebhookLessonInputs, secrets: WebhookLessonSecrets): Promise<SignatureDebugResult> {
  return debugStandardWebhook({
    secret: secrets.secret,
    newSecret: secrets.rotatedSecret,
    otherSecret: secrets.otherEndpointSecret,
    msgId: secrets.eventId,
    timestamp: DEMO_NOW_SECONDS,
    nowSeconds: DEMO_NOW_SECONDS,
    body: inputs.body,
    toleranceSeconds: inputs.toleranceSeconds,
    duringRotation: inputs.duringRotation,
    mistakes: {
      reserializedBody: inputs.reserializedBody,
      secretNotBase64Decoded: inputs.secretNotBase64Decoded,
      wrongSecret: inputs.wrongSecret,
      clockSkewSeconds: inputs.clockSkewSeconds,
      signatureHeaderSplitOnComma: inputs.signatureHeaderSplitOnComma,
      missingVersionPrefix: inputs.missingVersionPrefix,
      rotatedWithoutOverlap: inputs.rotatedWithoutOverlap
    }
  });
}

/** Names a run of lesson 4 on exports: the inputs that differ from the lesson's defaults (never the keys). */
export function webhookRunLabel(values: Readonly<Record<string, unknown>>): RunLabel {
  return describeRun(values, webhookLessonFields, webhookLessonDefaults as unknown as Record<string, unknown>);
}

/**
 * runWebhookLesson whose parts remember their last result by what they read (rememberingReads):
 * a part whose inputs and secrets are unchanged comes back as the same object. A page
 * keeps this function, not a run.
 */
export function rememberingWebhookLesson(): (
  values: Readonly<Record<string, unknown>>,
  secrets: WebhookLessonSecrets,
  subtle?: SubtleCrypto | null
) => Promise<WebhookLessonRun> {
  const parts: WebhookLessonParts = {
    debug: rememberingReads(debugFor),
    horizon: rememberingReads(horizonFor),
    race: remembered(selectRaceRun),
    reconcile: remembered(compareReconciliation),
    rotation: rememberingReads(rotationFor),
    jwt: rememberingReads(jwtFor)
  };
  return (values, secrets, subtle = globalThis.crypto?.subtle ?? null) =>
    runWebhookLesson(values, secrets, subtle, parts);
}
