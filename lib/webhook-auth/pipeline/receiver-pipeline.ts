/**
 * The push receiver as explicit ordered checks. A2A v1.0 (docs/specification.md
 * §13.2, §4.3.3): the receiver MUST validate authenticity with the configured
 * credentials and MUST validate that the task id matches an expected task; it
 * SHOULD process notifications idempotently because duplicates may occur;
 * it MUST answer 2xx to acknowledge receipt. The profile adds a signed,
 * short-lived timestamp and a single-use event id.
 *
 *   1. authenticity   signature / JWT / configured Authorization credentials   401
 *   2. token          TaskPushNotificationConfig.token in X-A2A-Notification-Token   401
 *   3. expected task  body names a task we subscribed to                       404 (400 if unreadable or inconsistent)
 *   4. time bounds    signed timestamp inside the window / JWT iat, exp        401
 *   5. replay         insert-if-absent of the event key, *before* the effect   duplicate -> 200, no effect
 *   6. effect         the side effect                                           200 (500 and record released if it fails)
 *
 * Status choices: 401 for anything about credentials (including a stale
 * timestamp or an expired JWT: the credential is no longer valid). 404 for an
 * authentic notification about a task this receiver never subscribed to (the
 * resource "subscription for this task" does not exist here); 400 when the body
 * cannot be read or its task disagrees with the token's `taskId`. Every non-2xx
 * makes a retrying sender try again (Standard Webhooks: only 410 asks it to
 * stop), which is harmless for refusals. A duplicate answers 200 exactly like
 * the first delivery: the sender only needs to learn "received", and a
 * non-2xx would make it retry a delivery that already took effect.
 *
 * This is at-least-once delivery made idempotent, not exactly-once delivery:
 * the dedup record only suppresses duplicates it still remembers.
 */
import type {Decision} from "../../playback/decision.js";
import {readPushPayload, type PushPayloadRead} from "./a2a-payload.js";
import {sha256, toBytes, toHex, utf8} from "../bytes.js";
import {constantTimeEqual} from "../constant-time.js";
import {insertIfAbsent, releaseRecord, type DedupStore} from "./dedup-store.js";
import {readHeader, type HeaderBag} from "../http-headers.js";
import type {FetchJwks, JwksCache} from "../jwt/jwks-cache.js";
import {NOTIFICATION_TOKEN_HEADER, TASK_ID_CLAIM} from "../jwt/jwt-claims.js";
import type {A2aPushJwtVerification, JwtCheckId} from "../jwt/jwt-profile.js";
import {
  DEFAULT_TOLERANCE_SECONDS,
  checkStandardWebhookTimestamp,
  verifyStandardWebhook,
  type StandardWebhookVerification,
  type WebhookSecret
} from "../standard-webhooks/standard-webhooks.js";
import {verifyStandardWebhookV1a} from "../standard-webhooks/standard-webhooks-v1a.js";

export const STATUS_APPLIED = 200;
export const STATUS_DUPLICATE = 200;
export const STATUS_UNAUTHENTICATED = 401;
export const STATUS_BAD_REQUEST = 400;
export const STATUS_UNKNOWN_TASK = 404;
export const STATUS_EFFECT_FAILED = 500;

export type ReceiverAuth =
  /** Standard Webhooks: `v1` secrets and/or `v1a` public keys (a trust list; any match passes). */
  | {
      scheme: "standard-webhooks";
      secrets?: readonly WebhookSecret[];
      publicKeys?: readonly string[];
      toleranceSeconds?: number;
      subtle?: SubtleCrypto;
    }
  /** The A2A push JWT profile, verified against the JWKS kept in ReceiverState.jwks. */
  | {
      scheme: "a2a-jwt";
      issuer: string;
      audience: string;
      maxAgeSeconds?: number;
      clockToleranceSeconds?: number;
      fetchJwks?: FetchJwks;
      refreshCooldownSeconds?: number;
    }
  /** Only the configured TaskPushNotificationConfig.authentication (`Authorization: <scheme> <credentials>`): no timestamp, no event id. */
  | {scheme: "authentication-info"; authentication: {scheme: string; credentials: string}}
  /**
   * No authentication configured: TaskPushNotificationConfig.token (check 2) is the only credential.
   * a2a-python 1.1.0's sender sends nothing else (base_push_notification_sender.py sends the token header only).
   */
  | {scheme: "token-only"};

export interface ReceiverConfig {
  auth: ReceiverAuth;
  /** TaskPushNotificationConfig.token, if the client set one. */
  token?: string;
  tokenHeader?: string;
  /** Tasks this receiver subscribed to. */
  expectedTaskIds: readonly string[];
  /**
   * For a scheme whose requests carry no delivery id (authentication-info): a key derived from
   * the request, scoped to its task, so that a resend of the same update is still recognised.
   * Without it such requests skip the replay check (the receiver must then reconcile, see reconcile.ts).
   */
  deriveEventKey?: (request: {
    taskId: string;
    body: string | Uint8Array;
  }) => Promise<string | undefined> | string | undefined;
}

export interface ReceiverState {
  dedup: DedupStore;
  /** Required for the a2a-jwt scheme. */
  jwks?: JwksCache;
}

export interface IncomingNotification {
  headers: HeaderBag;
  /** The raw body bytes (or the exact string) as received. */
  body: string | Uint8Array;
}

export interface AcceptedEvent {
  /** Profile-specific delivery id (`webhook-id:...`, `jti:...`), absent when the scheme carries none. */
  eventKey?: string;
  taskId: string;
  payload: Extract<PushPayloadRead, {ok: true}>;
  /** The dedup store as the effect runs: it already holds this event's record (recorded before the effect). */
  dedup: DedupStore;
}

export type EffectOutcome = void | boolean | {ok: boolean; detail?: string};

export type PipelineCheckId = "authenticity" | "token" | "expected-task" | "time-bounds" | "replay" | "effect";

export interface PipelineCheck {
  id: PipelineCheckId;
  label: string;
  status: "pass" | "fail" | "skipped";
  reason: string;
  /** The answer this check gives when it fails (or, for replay, when it finds a duplicate). */
  httpStatus?: number;
}

export type PipelineOutcome = "applied" | "duplicate" | "refused" | "effect-failed";

export interface PipelineResult {
  status: number;
  outcome: PipelineOutcome;
  reason: string;
  checks: PipelineCheck[];
  eventKey?: string;
  taskId?: string;
  /** The receiver state after this request (the dedup store holds the new record, the JWKS cache any refresh). */
  state: ReceiverState;
  jwt?: A2aPushJwtVerification;
}

/** What the checks learn about one request as they run: each reads what earlier ones found. */
interface Delivery {
  readonly request: IncomingNotification;
  readonly config: ReceiverConfig;
  readonly nowSeconds: number;
  readonly applyEffect?: (event: AcceptedEvent) => EffectOutcome | Promise<EffectOutcome>;
  state: ReceiverState;
  /** Standard Webhooks: the signed timestamp and message id (authenticity). */
  timestamp?: number;
  msgId?: string;
  /** The A2A push JWT profile: the token's verification (authenticity). */
  jwt?: A2aPushJwtVerification;
  /** The body as read (expected task). */
  payload?: AcceptedEvent["payload"];
  taskId?: string;
  /** The key recorded in the dedup store (replay). */
  eventKey?: string;
  /** What the effect said of itself, repeated in the answer (effect). */
  effectDetail?: string;
}

/** One check's verdict. A failure answers the request and ends the run: a refusal, unless it names another ending. */
type Verdict =
  | {status: "pass" | "skipped"; reason: string}
  | {status: "fail"; reason: string; httpStatus: number; ending?: Ending};

/** How a failed check ends the run when it is not a refusal, and what the checks after it say. */
interface Ending {
  outcome: Exclude<PipelineOutcome, "applied" | "refused">;
  reason: string;
  laterChecks?: string;
}

interface ReceiverCheck {
  id: PipelineCheckId;
  label: string;
  check: (delivery: Delivery) => Verdict | Promise<Verdict>;
}

/** The receiver's checks, in the order they run (the table at the top of this file). */
const RECEIVER_CHECKS: readonly ReceiverCheck[] = [
  {id: "authenticity", label: "Authenticity", check: checkAuthenticity},
  {id: "token", label: "Configured token", check: checkToken},
  {id: "expected-task", label: "Expected task", check: checkExpectedTask},
  {id: "time-bounds", label: "Time bounds", check: checkTimeBounds},
  {id: "replay", label: "Replay / duplicate", check: recordEventKey},
  {id: "effect", label: "Effect", check: runEffect}
];

export const PIPELINE_CHECKS: readonly {id: PipelineCheckId; label: string}[] = RECEIVER_CHECKS.map(({id, label}) => ({
  id,
  label
}));

/** Runs one incoming notification through the six checks. Pure apart from the caller's `applyEffect`. */
export async function receivePushNotification(input: {
  request: IncomingNotification;
  config: ReceiverConfig;
  state: ReceiverState;
  nowSeconds: number;
  applyEffect?: (event: AcceptedEvent) => EffectOutcome | Promise<EffectOutcome>;
}): Promise<PipelineResult> {
  const delivery: Delivery = {...input};
  const checks: PipelineCheck[] = [];
  for (const [position, {id, label, check}] of RECEIVER_CHECKS.entries()) {
    const verdict = await check(delivery);
    if (verdict.status !== "fail") {
      checks.push({id, label, status: verdict.status, reason: verdict.reason});
      continue;
    }
    checks.push({id, label, status: "fail", reason: verdict.reason, httpStatus: verdict.httpStatus});
    const ending = verdict.ending ?? {
      outcome: "refused",
      reason: `${label}: ${verdict.reason}`,
      laterChecks: `not reached: ${label.toLowerCase()} refused the request`
    };
    for (const later of RECEIVER_CHECKS.slice(position + 1))
      checks.push({id: later.id, label: later.label, status: "skipped", reason: ending.laterChecks ?? ""});
    return {status: verdict.httpStatus, outcome: ending.outcome, reason: ending.reason, checks, ...learned(delivery)};
  }
  return {
    status: STATUS_APPLIED,
    outcome: "applied",
    reason: `applied${delivery.effectDetail ?? ""}`,
    checks,
    ...learned(delivery)
  };
}

/** What an answer carries of what the checks learned: the state always, the rest once known. */
function learned({
  taskId,
  state,
  eventKey,
  jwt
}: Delivery): Pick<PipelineResult, "state" | "taskId" | "eventKey" | "jwt"> {
  return {
    ...(taskId !== undefined ? {taskId} : {}),
    state,
    ...(eventKey !== undefined ? {eventKey} : {}),
    ...(jwt ? {jwt} : {})
  };
}

const passed = (reason: string): Verdict => ({status: "pass", reason});
const skipped = (reason: string): Verdict => ({status: "skipped", reason});
const refused = (reason: string, httpStatus: number): Verdict => ({status: "fail", reason, httpStatus});

/** 1. Authenticity, by the configured scheme. */
function checkAuthenticity(delivery: Delivery): Verdict | Promise<Verdict> {
  const auth = delivery.config.auth;
  if (auth.scheme === "standard-webhooks") return standardWebhooksAuthenticity(auth, delivery);
  if (auth.scheme === "a2a-jwt") return jwtAuthenticity(auth, delivery);
  if (auth.scheme === "token-only") {
    if (delivery.config.token === undefined)
      return refused("the token-only scheme needs a configured token, and none is configured", STATUS_UNAUTHENTICATED);
    return skipped("no authentication configured: the configured token (next check) is the only credential");
  }
  return authorizationAuthenticity(auth, delivery);
}

async function standardWebhooksAuthenticity(
  auth: Extract<ReceiverAuth, {scheme: "standard-webhooks"}>,
  delivery: Delivery
): Promise<Verdict> {
  const verified = await verifyStandardWebhooksAuth(auth, delivery.request, delivery.nowSeconds);
  if (!verified.ok) return refused(verified.reason, STATUS_UNAUTHENTICATED);
  delivery.timestamp = verified.timestamp;
  delivery.msgId = verified.msgId;
  return passed(verified.reason.split(";")[0]!);
}

async function verifyStandardWebhooksAuth(
  auth: Extract<ReceiverAuth, {scheme: "standard-webhooks"}>,
  request: IncomingNotification,
  nowSeconds: number
): Promise<StandardWebhookVerification> {
  // The window is checked as its own step (4), so authenticity ignores it here, like verify-ignoring-timestamp.
  const common = {headers: request.headers, payload: request.body, nowSeconds, toleranceSeconds: Infinity};
  let result: StandardWebhookVerification | undefined;
  if (auth.secrets && auth.secrets.length > 0) {
    result = await verifyStandardWebhook({...common, secret: auth.secrets});
    if (result.ok) return result;
  }
  if (auth.publicKeys && auth.publicKeys.length > 0) {
    const asymmetric = await verifyStandardWebhookV1a({
      ...common,
      publicKey: auth.publicKeys,
      ...(auth.subtle ? {subtle: auth.subtle} : {})
    });
    if (asymmetric.ok || !result || asymmetric.code !== "no-matching-signature") return asymmetric;
  }
  return result ?? {ok: false, code: "invalid-key", reason: "no secret or public key configured"};
}

async function jwtAuthenticity(auth: Extract<ReceiverAuth, {scheme: "a2a-jwt"}>, delivery: Delivery): Promise<Verdict> {
  const {request, nowSeconds} = delivery;
  if (!delivery.state.jwks) throw new Error("the a2a-jwt scheme needs ReceiverState.jwks");
  // The JWT profile's verifier (jose) loads when a JWT first arrives: a page whose pipeline never sees one goes without it.
  const {verifyA2aPushJwt} = await import("../jwt/jwt-profile.js");
  const jwt = await verifyA2aPushJwt({
    authorization: readHeader(request.headers, "authorization"),
    body: request.body,
    jwks: delivery.state.jwks,
    nowSeconds,
    expected: {
      issuer: auth.issuer,
      audience: auth.audience,
      ...(auth.maxAgeSeconds !== undefined ? {maxAgeSeconds: auth.maxAgeSeconds} : {}),
      ...(auth.clockToleranceSeconds !== undefined ? {clockToleranceSeconds: auth.clockToleranceSeconds} : {})
    },
    ...(auth.fetchJwks ? {fetchJwks: auth.fetchJwks} : {}),
    ...(auth.refreshCooldownSeconds !== undefined ? {refreshCooldownSeconds: auth.refreshCooldownSeconds} : {})
  });
  delivery.jwt = jwt;
  delivery.state = {...delivery.state, jwks: jwt.jwks};
  const authenticity = jwtReasons(jwt, ["bearer", "signature", "claims", "issuer", "audience", "body-hash"]);
  return authenticity.failed ? refused(authenticity.failed, STATUS_UNAUTHENTICATED) : passed(authenticity.passed);
}

function jwtReasons(jwt: A2aPushJwtVerification, ids: readonly JwtCheckId[]): {failed?: string; passed: string} {
  const relevant = jwt.checks.filter((check) => ids.includes(check.id));
  const failed = relevant.find((check) => check.status === "fail");
  return {
    ...(failed ? {failed: `${failed.id}: ${failed.reason}`} : {}),
    passed: relevant.map((check) => `${check.id}: ${check.reason}`).join("; ")
  };
}

function authorizationAuthenticity(
  auth: Extract<ReceiverAuth, {scheme: "authentication-info"}>,
  delivery: Delivery
): Verdict {
  const header = readHeader(delivery.request.headers, "authorization");
  const expectedScheme = auth.authentication.scheme.toLowerCase();
  const space = header?.indexOf(" ") ?? -1;
  const scheme = header && space > 0 ? header.slice(0, space).toLowerCase() : undefined;
  const credentials = header && space > 0 ? header.slice(space + 1).trim() : "";
  if (!header) return refused("no Authorization header", STATUS_UNAUTHENTICATED);
  if (scheme !== expectedScheme) {
    // Never quote the header itself: without a scheme it is the credential (a receiver's log must not repeat it).
    const seen =
      scheme === undefined
        ? `has no scheme (a value of ${header.length} characters)`
        : /^[a-z][a-z0-9+.-]{0,19}$/.test(scheme)
          ? `scheme "${scheme}" is not`
          : "scheme is not";
    return refused(
      `Authorization ${seen}${scheme === undefined ? ", not" : ""} the configured "${auth.authentication.scheme}"`,
      STATUS_UNAUTHENTICATED
    );
  }
  // Scheme names are case-insensitive (RFC 9110 §11.1); credentials are compared exactly, in constant time.
  if (!constantTimeEqual(utf8(credentials), utf8(auth.authentication.credentials))) {
    return refused(
      "Authorization credentials differ from TaskPushNotificationConfig.authentication.credentials",
      STATUS_UNAUTHENTICATED
    );
  }
  return passed(`Authorization carries the configured ${auth.authentication.scheme} credentials`);
}

/** 2. The configured token. */
function checkToken({config, request}: Delivery): Verdict {
  if (config.token === undefined) return skipped("no token configured in TaskPushNotificationConfig.token");
  const headerName = config.tokenHeader ?? NOTIFICATION_TOKEN_HEADER;
  const received = readHeader(request.headers, headerName);
  if (received === undefined)
    return refused(`no ${headerName} header; the configured token is required`, STATUS_UNAUTHENTICATED);
  if (!constantTimeEqual(utf8(received), utf8(config.token)))
    return refused(`${headerName} does not match TaskPushNotificationConfig.token`, STATUS_UNAUTHENTICATED);
  return passed(`${headerName} matches the configured token`);
}

/** 3. The body names a task this receiver expects (and, under the JWT profile, the token's task). */
function checkExpectedTask(delivery: Delivery): Verdict {
  const {request, config, jwt} = delivery;
  const payload = readPushPayload(request.body);
  if (!payload.ok) return refused(payload.reason, STATUS_BAD_REQUEST);
  const taskId = payload.taskId;
  delivery.payload = payload;
  delivery.taskId = taskId;
  if (jwt) {
    const claimed = jwt.claims?.[TASK_ID_CLAIM];
    if (typeof claimed !== "string" || claimed === "")
      return refused(`the token has no ${TASK_ID_CLAIM} claim`, STATUS_BAD_REQUEST);
    if (claimed !== taskId)
      return refused(
        `token ${TASK_ID_CLAIM} "${claimed}" differs from the body's task "${taskId}"`,
        STATUS_BAD_REQUEST
      );
  }
  if (!config.expectedTaskIds.includes(taskId))
    return refused(`task "${taskId}" is not a task this receiver subscribed to`, STATUS_UNKNOWN_TASK);
  return passed(`the ${payload.shape} names expected task "${taskId}"`);
}

/** 4. Time bounds: the signed timestamp's window, or the JWT's iat and exp. */
function checkTimeBounds({config, jwt, timestamp, nowSeconds}: Delivery): Verdict {
  const auth = config.auth;
  if (auth.scheme === "standard-webhooks") {
    const window = checkStandardWebhookTimestamp(
      timestamp!,
      nowSeconds,
      auth.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
    );
    return window.ok ? passed(window.reason) : refused(window.reason, STATUS_UNAUTHENTICATED);
  }
  if (jwt) {
    const time = jwtReasons(jwt, ["issued-at", "expiry"]);
    return time.failed ? refused(time.failed, STATUS_UNAUTHENTICATED) : passed(time.passed);
  }
  return skipped(
    "this scheme carries no signed timestamp: a captured request stays valid until the credentials are rotated"
  );
}

/** 5. Replay / duplicate: atomically record the event key before any side effect. */
async function recordEventKey(delivery: Delivery): Promise<Verdict> {
  const {config, jwt, msgId, nowSeconds} = delivery;
  const auth = config.auth;
  let eventKey: string | undefined;
  if (auth.scheme === "standard-webhooks") {
    eventKey = `webhook-id:${msgId!}`;
  } else if (jwt) {
    const jti = jwt.claims?.jti;
    if (typeof jti !== "string" || jti === "")
      return refused("the token has no jti, so a replayed token cannot be told from a new one", STATUS_BAD_REQUEST);
    const tokenKey = `jti:${auth.scheme === "a2a-jwt" ? auth.issuer : ""}:${jti}`;
    // A jti keys a token, not an update (RFC 7519 §4.1.7): a sender's retry is a new token with a
    // new jti, so duplicates are found by the update's key (the caller's, else the task and the
    // SHA-256 of the exact body, which the token signs), and a jti seen again is a replayed token.
    const token = insertIfAbsent(delivery.state.dedup, tokenKey, nowSeconds);
    delivery.state = {...delivery.state, dedup: token.store};
    if (!token.inserted)
      return refused(
        `replay: the token's ${tokenKey} was already used at ${token.record.recordedAtSeconds} s; a token is single-use`,
        STATUS_UNAUTHENTICATED
      );
    eventKey =
      (config.deriveEventKey
        ? await config.deriveEventKey({taskId: delivery.taskId!, body: delivery.request.body})
        : undefined) ?? `task:${delivery.taskId!}:body-sha256:${toHex(await sha256(toBytes(delivery.request.body)))}`;
  }
  if (eventKey === undefined && config.deriveEventKey)
    eventKey = await config.deriveEventKey({taskId: delivery.taskId!, body: delivery.request.body});
  if (eventKey === undefined) {
    return skipped(
      "no event id in this scheme, so duplicates cannot be recognised: apply state changes idempotently (fetch the task with GetTask, see reconcile)"
    );
  }
  delivery.eventKey = eventKey;
  const insert = insertIfAbsent(delivery.state.dedup, eventKey, nowSeconds);
  delivery.state = {...delivery.state, dedup: insert.store};
  if (!insert.inserted) {
    return {
      status: "fail",
      reason: `duplicate: ${eventKey} was recorded at ${insert.record.recordedAtSeconds} s (kept until ${insert.record.expiresAtSeconds} s); answered as a successful no-op`,
      httpStatus: STATUS_DUPLICATE,
      ending: {
        outcome: "duplicate",
        reason: `duplicate ${eventKey}: 2xx without applying the effect again`,
        laterChecks: "duplicate: the effect was already applied for this event"
      }
    };
  }
  return passed(
    insert.replacedExpired
      ? `${eventKey} recorded (an earlier record expired at ${insert.replacedExpired.expiresAtSeconds} s, so this may be a repeat the store no longer remembers)`
      : `${eventKey} recorded before the effect`
  );
}

/** 6. The effect, through the caller's `applyEffect`. */
async function runEffect(delivery: Delivery): Promise<Verdict> {
  const {applyEffect, eventKey, taskId, payload} = delivery;
  let outcome: EffectOutcome = undefined;
  let failure: string | undefined;
  try {
    outcome = applyEffect
      ? await applyEffect({
          ...(eventKey ? {eventKey} : {}),
          taskId: taskId!,
          payload: payload!,
          dedup: delivery.state.dedup
        })
      : undefined;
    if (outcome === false || (typeof outcome === "object" && outcome !== null && !outcome.ok)) {
      failure = typeof outcome === "object" && outcome?.detail ? outcome.detail : "the effect reported failure";
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure !== undefined) {
    // Releasing the record lets the sender's retry apply the effect; keeping it would turn the failure into a silent loss.
    if (eventKey) delivery.state = {...delivery.state, dedup: releaseRecord(delivery.state.dedup, eventKey)};
    return {
      status: "fail",
      reason: `${failure}; record released so a retry can apply it`,
      httpStatus: STATUS_EFFECT_FAILED,
      ending: {outcome: "effect-failed", reason: `effect failed: ${failure}`}
    };
  }
  delivery.effectDetail = typeof outcome === "object" && outcome?.detail ? `: ${outcome.detail}` : "";
  return passed(`applied for task "${taskId}"${delivery.effectDetail}`);
}

/** The checks of one request as playback decisions at one modeled instant. */
export function pipelineDecisions(result: PipelineResult, atSeconds: number): Decision[] {
  return [
    ...result.checks.map((check) => ({
      atSeconds,
      title: `${check.label}: ${check.status}`,
      detail: check.reason,
      kind: `check-${check.status}`
    })),
    {atSeconds, title: `Receiver answers ${result.status}`, detail: result.reason, kind: result.outcome}
  ];
}
