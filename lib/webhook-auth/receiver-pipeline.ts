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
import type {Decision} from "../playback/decision.js";
import {readPushPayload, type PushPayloadRead} from "./a2a-payload.js";
import {utf8} from "./bytes.js";
import {constantTimeEqual} from "./constant-time.js";
import {insertIfAbsent, releaseRecord, type DedupStore} from "./dedup-store.js";
import {readHeader, type HeaderBag} from "./http-headers.js";
import type {FetchJwks, JwksCache} from "./jwks-cache.js";
import {NOTIFICATION_TOKEN_HEADER, TASK_ID_CLAIM, verifyA2aPushJwt, type A2aPushJwtVerification, type JwtCheckId} from "./jwt-profile.js";
import {
  DEFAULT_TOLERANCE_SECONDS,
  checkStandardWebhookTimestamp,
  verifyStandardWebhook,
  type StandardWebhookVerification,
  type WebhookSecret
} from "./standard-webhooks.js";
import {verifyStandardWebhookV1a} from "./standard-webhooks-v1a.js";

export const STATUS_APPLIED = 200;
export const STATUS_DUPLICATE = 200;
export const STATUS_UNAUTHENTICATED = 401;
export const STATUS_BAD_REQUEST = 400;
export const STATUS_UNKNOWN_TASK = 404;
export const STATUS_EFFECT_FAILED = 500;

export type ReceiverAuth =
  /** Standard Webhooks: `v1` secrets and/or `v1a` public keys (a trust list; any match passes). */
  | {scheme: "standard-webhooks"; secrets?: readonly WebhookSecret[]; publicKeys?: readonly string[]; toleranceSeconds?: number; subtle?: SubtleCrypto}
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
  | {scheme: "authentication-info"; authentication: {scheme: string; credentials: string}};

export interface ReceiverConfig {
  auth: ReceiverAuth;
  /** TaskPushNotificationConfig.token, if the client set one. */
  token?: string;
  tokenHeader?: string;
  /** Tasks this receiver subscribed to. */
  expectedTaskIds: readonly string[];
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

export const PIPELINE_CHECKS: readonly {id: PipelineCheckId; label: string}[] = [
  {id: "authenticity", label: "Authenticity"},
  {id: "token", label: "Configured token"},
  {id: "expected-task", label: "Expected task"},
  {id: "time-bounds", label: "Time bounds"},
  {id: "replay", label: "Replay / duplicate"},
  {id: "effect", label: "Effect"}
];

function labelOf(id: PipelineCheckId): string {
  return PIPELINE_CHECKS.find((check) => check.id === id)!.label;
}

class Run {
  readonly checks: PipelineCheck[] = [];
  pass(id: PipelineCheckId, reason: string): void {
    this.checks.push({id, label: labelOf(id), status: "pass", reason});
  }
  skip(id: PipelineCheckId, reason: string): void {
    this.checks.push({id, label: labelOf(id), status: "skipped", reason});
  }
  refuse(id: PipelineCheckId, reason: string, httpStatus: number, rest: Omit<PipelineResult, "status" | "outcome" | "reason" | "checks">): PipelineResult {
    this.checks.push({id, label: labelOf(id), status: "fail", reason, httpStatus});
    for (const later of PIPELINE_CHECKS.slice(PIPELINE_CHECKS.findIndex((check) => check.id === id) + 1)) {
      this.skip(later.id, `not reached: ${labelOf(id).toLowerCase()} refused the request`);
    }
    return {status: httpStatus, outcome: "refused", reason: `${labelOf(id)}: ${reason}`, checks: this.checks, ...rest};
  }
}

function jwtReasons(jwt: A2aPushJwtVerification, ids: readonly JwtCheckId[]): {failed?: string; passed: string} {
  const relevant = jwt.checks.filter((check) => ids.includes(check.id));
  const failed = relevant.find((check) => check.status === "fail");
  return {
    ...(failed ? {failed: `${failed.id}: ${failed.reason}`} : {}),
    passed: relevant.map((check) => `${check.id}: ${check.reason}`).join("; ")
  };
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
    const asymmetric = await verifyStandardWebhookV1a({...common, publicKey: auth.publicKeys, ...(auth.subtle ? {subtle: auth.subtle} : {})});
    if (asymmetric.ok || !result || asymmetric.code !== "no-matching-signature") return asymmetric;
  }
  return result ?? {ok: false, code: "invalid-key", reason: "no secret or public key configured"};
}

/** Runs one incoming notification through the six checks. Pure apart from the caller's `applyEffect`. */
export async function receivePushNotification(input: {
  request: IncomingNotification;
  config: ReceiverConfig;
  state: ReceiverState;
  nowSeconds: number;
  applyEffect?: (event: AcceptedEvent) => EffectOutcome | Promise<EffectOutcome>;
}): Promise<PipelineResult> {
  const {request, config, nowSeconds} = input;
  let state = input.state;
  const run = new Run();
  const auth = config.auth;

  // 1. Authenticity.
  let timestamp: number | undefined;
  let msgId: string | undefined;
  let jwt: A2aPushJwtVerification | undefined;
  if (auth.scheme === "standard-webhooks") {
    const verified = await verifyStandardWebhooksAuth(auth, request, nowSeconds);
    if (!verified.ok) return run.refuse("authenticity", verified.reason, STATUS_UNAUTHENTICATED, {state});
    timestamp = verified.timestamp;
    msgId = verified.msgId;
    run.pass("authenticity", verified.reason.split(";")[0]!);
  } else if (auth.scheme === "a2a-jwt") {
    if (!state.jwks) throw new Error("the a2a-jwt scheme needs ReceiverState.jwks");
    jwt = await verifyA2aPushJwt({
      authorization: readHeader(request.headers, "authorization"),
      body: request.body,
      jwks: state.jwks,
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
    state = {...state, jwks: jwt.jwks};
    const authenticity = jwtReasons(jwt, ["bearer", "signature", "claims", "issuer", "audience", "body-hash"]);
    if (authenticity.failed) return run.refuse("authenticity", authenticity.failed, STATUS_UNAUTHENTICATED, {state, jwt});
    run.pass("authenticity", authenticity.passed);
  } else {
    const header = readHeader(request.headers, "authorization");
    const expectedScheme = auth.authentication.scheme.toLowerCase();
    const space = header?.indexOf(" ") ?? -1;
    const scheme = header && space > 0 ? header.slice(0, space).toLowerCase() : undefined;
    const credentials = header && space > 0 ? header.slice(space + 1).trim() : "";
    if (!header) return run.refuse("authenticity", "no Authorization header", STATUS_UNAUTHENTICATED, {state});
    if (scheme !== expectedScheme) {
      return run.refuse("authenticity", `Authorization scheme "${scheme ?? header}" is not the configured "${auth.authentication.scheme}"`, STATUS_UNAUTHENTICATED, {state});
    }
    // Scheme names are case-insensitive (RFC 9110 §11.1); credentials are compared exactly, in constant time.
    if (!constantTimeEqual(utf8(credentials), utf8(auth.authentication.credentials))) {
      return run.refuse("authenticity", "Authorization credentials differ from TaskPushNotificationConfig.authentication.credentials", STATUS_UNAUTHENTICATED, {state});
    }
    run.pass("authenticity", `Authorization carries the configured ${auth.authentication.scheme} credentials`);
  }

  // 2. Configured token.
  if (config.token === undefined) {
    run.skip("token", "no token configured in TaskPushNotificationConfig.token");
  } else {
    const headerName = config.tokenHeader ?? NOTIFICATION_TOKEN_HEADER;
    const received = readHeader(request.headers, headerName);
    if (received === undefined) return run.refuse("token", `no ${headerName} header; the configured token is required`, STATUS_UNAUTHENTICATED, {state, ...(jwt ? {jwt} : {})});
    if (!constantTimeEqual(utf8(received), utf8(config.token))) {
      return run.refuse("token", `${headerName} does not match TaskPushNotificationConfig.token`, STATUS_UNAUTHENTICATED, {state, ...(jwt ? {jwt} : {})});
    }
    run.pass("token", `${headerName} matches the configured token`);
  }

  // 3. Expected task.
  const extra = jwt ? {jwt} : {};
  const payload = readPushPayload(request.body);
  if (!payload.ok) return run.refuse("expected-task", payload.reason, STATUS_BAD_REQUEST, {state, ...extra});
  const taskId = payload.taskId;
  if (jwt) {
    const claimed = jwt.claims?.[TASK_ID_CLAIM];
    if (typeof claimed !== "string" || claimed === "") {
      return run.refuse("expected-task", `the token has no ${TASK_ID_CLAIM} claim`, STATUS_BAD_REQUEST, {state, taskId, ...extra});
    }
    if (claimed !== taskId) {
      return run.refuse("expected-task", `token ${TASK_ID_CLAIM} "${claimed}" differs from the body's task "${taskId}"`, STATUS_BAD_REQUEST, {state, taskId, ...extra});
    }
  }
  if (!config.expectedTaskIds.includes(taskId)) {
    return run.refuse("expected-task", `task "${taskId}" is not a task this receiver subscribed to`, STATUS_UNKNOWN_TASK, {state, taskId, ...extra});
  }
  run.pass("expected-task", `the ${payload.shape} names expected task "${taskId}"`);

  // 4. Time bounds.
  if (auth.scheme === "standard-webhooks") {
    const window = checkStandardWebhookTimestamp(timestamp!, nowSeconds, auth.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
    if (!window.ok) return run.refuse("time-bounds", window.reason, STATUS_UNAUTHENTICATED, {state, taskId});
    run.pass("time-bounds", window.reason);
  } else if (jwt) {
    const time = jwtReasons(jwt, ["issued-at", "expiry"]);
    if (time.failed) return run.refuse("time-bounds", time.failed, STATUS_UNAUTHENTICATED, {state, taskId, ...extra});
    run.pass("time-bounds", time.passed);
  } else {
    run.skip("time-bounds", "this scheme carries no signed timestamp: a captured request stays valid until the credentials are rotated");
  }

  // 5. Replay / duplicate: atomically record the event key before any side effect.
  let eventKey: string | undefined;
  if (auth.scheme === "standard-webhooks") {
    eventKey = `webhook-id:${msgId!}`;
  } else if (jwt) {
    const jti = jwt.claims?.jti;
    if (typeof jti !== "string" || jti === "") return run.refuse("replay", "the token has no jti, so the delivery cannot be deduplicated", STATUS_BAD_REQUEST, {state, taskId, ...extra});
    eventKey = `jti:${auth.scheme === "a2a-jwt" ? auth.issuer : ""}:${jti}`;
  }
  if (eventKey === undefined) {
    run.skip("replay", "no event id in this scheme, so duplicates cannot be recognised: apply state changes idempotently (fetch the task with GetTask, see reconcile)");
  } else {
    const insert = insertIfAbsent(state.dedup, eventKey, nowSeconds);
    state = {...state, dedup: insert.store};
    if (!insert.inserted) {
      run.checks.push({
        id: "replay",
        label: labelOf("replay"),
        status: "fail",
        reason: `duplicate: ${eventKey} was recorded at ${insert.record.recordedAtSeconds} s (kept until ${insert.record.expiresAtSeconds} s); answered as a successful no-op`,
        httpStatus: STATUS_DUPLICATE
      });
      run.skip("effect", "duplicate: the effect was already applied for this event");
      return {status: STATUS_DUPLICATE, outcome: "duplicate", reason: `duplicate ${eventKey}: 2xx without applying the effect again`, checks: run.checks, eventKey, taskId, state, ...extra};
    }
    run.pass(
      "replay",
      insert.replacedExpired
        ? `${eventKey} recorded (an earlier record expired at ${insert.replacedExpired.expiresAtSeconds} s, so this may be a repeat the store no longer remembers)`
        : `${eventKey} recorded before the effect`
    );
  }

  // 6. Effect.
  let outcome: EffectOutcome = undefined;
  let failure: string | undefined;
  try {
    outcome = input.applyEffect ? await input.applyEffect({...(eventKey ? {eventKey} : {}), taskId, payload, dedup: state.dedup}) : undefined;
    if (outcome === false || (typeof outcome === "object" && outcome !== null && !outcome.ok)) {
      failure = typeof outcome === "object" && outcome?.detail ? outcome.detail : "the effect reported failure";
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure !== undefined) {
    // Releasing the record lets the sender's retry apply the effect; keeping it would turn the failure into a silent loss.
    if (eventKey) state = {...state, dedup: releaseRecord(state.dedup, eventKey)};
    run.checks.push({id: "effect", label: labelOf("effect"), status: "fail", reason: `${failure}; record released so a retry can apply it`, httpStatus: STATUS_EFFECT_FAILED});
    return {status: STATUS_EFFECT_FAILED, outcome: "effect-failed", reason: `effect failed: ${failure}`, checks: run.checks, taskId, state, ...(eventKey ? {eventKey} : {}), ...extra};
  }
  const detail = typeof outcome === "object" && outcome?.detail ? `: ${outcome.detail}` : "";
  run.pass("effect", `applied for task "${taskId}"${detail}`);
  return {status: STATUS_APPLIED, outcome: "applied", reason: `applied${detail}`, checks: run.checks, taskId, state, ...(eventKey ? {eventKey} : {}), ...extra};
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
