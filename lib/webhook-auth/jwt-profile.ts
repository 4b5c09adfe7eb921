/**
 * The A2A push JWT profile: the sender signs a short-lived JWT per delivery
 * with an asymmetric key (`kid` in the header) and sends it as
 * `Authorization: Bearer <jwt>`; the receiver verifies it against the sender's
 * JWKS and checks every claim.
 *
 * Source: A2A docs/topics/streaming-and-async.md (v1.0.1), "Example Asymmetric
 * Key Flow (JWT + JWKS)": claims `iss`, `aud`, `iat`, `exp`, `jti`, `taskId`;
 * `kid` in the header; the receiver validates `iss`, `aud`, `iat`, `exp`, `jti`
 * and checks `PushNotificationConfig.token`. The body hash claim name
 * `request_body_sha256` follows the A2A samples (PushNotificationAuth); here it
 * is the hex SHA-256 of the *exact raw body bytes* (the samples hash a
 * re-serialized JSON, which breaks as soon as two JSON serializers differ).
 */
import {SignJWT} from "jose";
import {fromUtf8Strict, sha256, toBytes, toHex, utf8} from "./bytes.js";
import {constantTimeEqual} from "./constant-time.js";
import {verifyWithJwks, type FetchJwks, type JwksCache, type JwsFailureCode} from "./jwks-cache.js";
import type {WebhookPayload} from "./standard-webhooks.js";

/** ES256 (P-256) works in every Web Crypto; EdDSA needs Ed25519 support (see standard-webhooks-v1a.ts). */
export const A2A_PUSH_JWT_ALGORITHMS = ["ES256", "EdDSA"] as const;
export type A2aPushJwtAlgorithm = (typeof A2A_PUSH_JWT_ALGORITHMS)[number];
/** Sender: one minute of validity is plenty for one POST. */
export const DEFAULT_JWT_TTL_SECONDS = 60;
/** Receiver: reject a token issued more than 5 minutes ago, or valid for longer than that (the A2A samples use 5 minutes). */
export const DEFAULT_JWT_MAX_AGE_SECONDS = 5 * 60;
/** Receiver: allowed clock difference between sender and receiver. */
export const DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS = 30;
export const TASK_ID_CLAIM = "taskId";
export const BODY_HASH_CLAIM = "request_body_sha256";
/** Header carrying TaskPushNotificationConfig.token (A2A v0.3.0 topic guide example; a2a-js DefaultPushNotificationSender default). */
export const NOTIFICATION_TOKEN_HEADER = "X-A2A-Notification-Token";

export interface A2aPushClaims {
  iss: string;
  aud: string | string[];
  iat: number;
  exp: number;
  nbf?: number;
  jti: string;
  taskId: string;
  request_body_sha256: string;
}

export type JwtCheckId =
  | "bearer"
  | "signature"
  | "claims"
  | "issuer"
  | "audience"
  | "body-hash"
  | "task-id"
  | "issued-at"
  | "expiry"
  | "jwt-id";

export type CheckStatus = "pass" | "fail" | "skipped";

export interface JwtCheck {
  id: JwtCheckId;
  status: CheckStatus;
  reason: string;
  /** For a failed signature check, the finer cause (unknown-kid, bad-signature, ...). */
  cause?: JwsFailureCode;
}

export interface A2aPushJwtExpectations {
  issuer: string;
  /** This webhook's identity, e.g. its URL. */
  audience: string;
  /** The task(s) this receiver subscribed to; omit to only require that the claim is present. */
  taskId?: string | readonly string[];
  maxAgeSeconds?: number;
  clockToleranceSeconds?: number;
}

export interface A2aPushJwtVerification {
  ok: boolean;
  /** The first failing check, in the order of `checks`. */
  code?: JwtCheckId;
  reason: string;
  checks: JwtCheck[];
  claims?: Partial<A2aPushClaims> & Record<string, unknown>;
  kid?: string;
  jwks: JwksCache;
  refreshed: boolean;
}

export const JWT_CHECK_ORDER: readonly JwtCheckId[] = [
  "bearer",
  "signature",
  "claims",
  "issuer",
  "audience",
  "body-hash",
  "task-id",
  "issued-at",
  "expiry",
  "jwt-id"
];

/** Lowercase hex SHA-256 of the exact body bytes. */
export async function bodySha256Hex(body: WebhookPayload): Promise<string> {
  return toHex(await sha256(toBytes(body)));
}

/** Sender side: one fresh JWT per delivery attempt (new `jti` per event, fresh `iat`/`exp`). */
export async function signA2aPushJwt(input: {
  privateKey: CryptoKey;
  kid: string;
  alg?: A2aPushJwtAlgorithm;
  issuer: string;
  audience: string;
  taskId: string;
  /** Unique per event; keep it across retries of the same event so the receiver can deduplicate. */
  jti: string;
  body: WebhookPayload;
  nowSeconds: number;
  ttlSeconds?: number;
}): Promise<string> {
  if (!Number.isSafeInteger(input.nowSeconds)) throw new RangeError("nowSeconds must be whole Unix seconds");
  const ttl = input.ttlSeconds ?? DEFAULT_JWT_TTL_SECONDS;
  return new SignJWT({[TASK_ID_CLAIM]: input.taskId, [BODY_HASH_CLAIM]: await bodySha256Hex(input.body)})
    .setProtectedHeader({alg: input.alg ?? "ES256", kid: input.kid, typ: "JWT"})
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setIssuedAt(input.nowSeconds)
    .setExpirationTime(input.nowSeconds + ttl)
    .setJti(input.jti)
    .sign(input.privateKey);
}

/** Extracts the token from `Authorization: Bearer <token>` (scheme is case-insensitive, RFC 9110 §11.1). */
export function readBearer(authorization: string | undefined): {ok: true; token: string} | {ok: false; reason: string} {
  if (!authorization) return {ok: false, reason: "no Authorization header"};
  const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+) +(\S+)\s*$/.exec(authorization);
  if (!match || match[1]!.toLowerCase() !== "bearer") {
    return {ok: false, reason: `Authorization header is not "Bearer <token>" (got scheme "${authorization.split(" ")[0] ?? ""}")`};
  }
  return {ok: true, token: match[2]!};
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function skippedAfter(checks: JwtCheck[], reason: string): JwtCheck[] {
  const done = new Set(checks.map((check) => check.id));
  return [...checks, ...JWT_CHECK_ORDER.filter((id) => !done.has(id)).map((id): JwtCheck => ({id, status: "skipped", reason}))];
}

function finish(checks: JwtCheck[], rest: Omit<A2aPushJwtVerification, "ok" | "code" | "reason" | "checks">): A2aPushJwtVerification {
  const failed = checks.find((check) => check.status === "fail");
  return failed
    ? {ok: false, code: failed.id, reason: `${failed.id}: ${failed.reason}`, checks, ...rest}
    : {ok: true, reason: "every check passed", checks, ...rest};
}

/**
 * Receiver side. Evaluates every claim once the signature holds, so a page can
 * show all of them; `code` names the first failure in JWT_CHECK_ORDER.
 */
export async function verifyA2aPushJwt(input: {
  /** The Authorization header value. */
  authorization: string | undefined;
  /** The raw body bytes as received. */
  body: WebhookPayload;
  jwks: JwksCache;
  fetchJwks?: FetchJwks;
  nowSeconds: number;
  expected: A2aPushJwtExpectations;
  algorithms?: readonly string[];
  refreshCooldownSeconds?: number;
}): Promise<A2aPushJwtVerification> {
  const checks: JwtCheck[] = [];
  const bearer = readBearer(input.authorization);
  if (!bearer.ok) {
    checks.push({id: "bearer", status: "fail", reason: bearer.reason});
    return finish(skippedAfter(checks, "not evaluated: no token"), {jwks: input.jwks, refreshed: false});
  }
  checks.push({id: "bearer", status: "pass", reason: "Bearer token present"});

  const jws = await verifyWithJwks({
    token: bearer.token,
    cache: input.jwks,
    nowSeconds: input.nowSeconds,
    algorithms: input.algorithms ?? A2A_PUSH_JWT_ALGORITHMS,
    ...(input.fetchJwks ? {fetchJwks: input.fetchJwks} : {}),
    ...(input.refreshCooldownSeconds !== undefined ? {refreshCooldownSeconds: input.refreshCooldownSeconds} : {})
  });
  const base = {jwks: jws.cache, refreshed: jws.refreshed, ...(jws.kid ? {kid: jws.kid} : {})};
  if (!jws.ok) {
    checks.push({id: "signature", status: "fail", reason: jws.reason, cause: jws.code});
    return finish(skippedAfter(checks, "not evaluated: claims of an unverified token mean nothing"), base);
  }
  checks.push({id: "signature", status: "pass", reason: jws.reason});

  const text = fromUtf8Strict(jws.payload);
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    checks.push({id: "claims", status: "fail", reason: "the JWT payload is not a JSON object"});
    return finish(skippedAfter(checks, "not evaluated: no claims"), base);
  }
  const claims = parsed as Partial<A2aPushClaims> & Record<string, unknown>;
  checks.push({id: "claims", status: "pass", reason: "the payload is a JSON claims set"});

  const {expected} = input;
  const tolerance = expected.clockToleranceSeconds ?? DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS;
  const maxAge = expected.maxAgeSeconds ?? DEFAULT_JWT_MAX_AGE_SECONDS;
  const now = input.nowSeconds;

  // iss: exact match (RFC 7519 §4.1.1).
  checks.push(
    claims.iss === expected.issuer
      ? {id: "issuer", status: "pass", reason: `iss is "${expected.issuer}"`}
      : {id: "issuer", status: "fail", reason: `iss is ${JSON.stringify(claims.iss)}, expected "${expected.issuer}"`}
  );

  // aud: a string or an array that must contain this webhook (RFC 7519 §4.1.3).
  const audiences = typeof claims.aud === "string" ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  checks.push(
    audiences.includes(expected.audience)
      ? {id: "audience", status: "pass", reason: `aud contains "${expected.audience}"`}
      : {id: "audience", status: "fail", reason: `aud is ${JSON.stringify(claims.aud)}, expected it to contain "${expected.audience}"`}
  );

  // Body hash: the JWT covers the exact bytes received.
  const actualHash = await bodySha256Hex(input.body);
  const claimedHash = claims[BODY_HASH_CLAIM];
  if (typeof claimedHash !== "string") {
    checks.push({id: "body-hash", status: "fail", reason: `no ${BODY_HASH_CLAIM} claim: the token does not bind the body`});
  } else if (constantTimeEqual(utf8(claimedHash), utf8(actualHash))) {
    checks.push({id: "body-hash", status: "pass", reason: `SHA-256 of the ${toBytes(input.body).length} body bytes matches ${BODY_HASH_CLAIM}`});
  } else {
    checks.push({
      id: "body-hash",
      status: "fail",
      reason: `body does not match the signed hash: ${BODY_HASH_CLAIM} is ${claimedHash.slice(0, 12)}…, the received bytes hash to ${actualHash.slice(0, 12)}…`
    });
  }

  const expectedTasks = expected.taskId === undefined ? undefined : typeof expected.taskId === "string" ? [expected.taskId] : expected.taskId;
  const taskId = claims[TASK_ID_CLAIM];
  if (typeof taskId !== "string" || taskId === "") {
    checks.push({id: "task-id", status: "fail", reason: `no ${TASK_ID_CLAIM} claim`});
  } else if (expectedTasks && !expectedTasks.includes(taskId)) {
    checks.push({id: "task-id", status: "fail", reason: `${TASK_ID_CLAIM} "${taskId}" is not a task this receiver expects (${expectedTasks.join(", ")})`});
  } else {
    checks.push({id: "task-id", status: "pass", reason: `${TASK_ID_CLAIM} is "${taskId}"`});
  }

  // iat: present, not in the future, not older than maxAge (each with the clock tolerance).
  if (!isNumber(claims.iat)) {
    checks.push({id: "issued-at", status: "fail", reason: "no numeric iat claim"});
  } else if (claims.iat > now + tolerance) {
    checks.push({id: "issued-at", status: "fail", reason: `iat is ${claims.iat - now} s in the future (tolerance ${tolerance} s)`});
  } else if (now - claims.iat > maxAge + tolerance) {
    checks.push({id: "issued-at", status: "fail", reason: `issued ${now - claims.iat} s ago, more than ${maxAge} s (+${tolerance} s tolerance)`});
  } else {
    checks.push({id: "issued-at", status: "pass", reason: `issued ${now - claims.iat} s ago`});
  }

  // exp: present, not passed (RFC 7519 §4.1.4), short-lived (exp - iat <= maxAge); nbf honoured when present.
  if (!isNumber(claims.exp)) {
    checks.push({id: "expiry", status: "fail", reason: "no numeric exp claim"});
  } else if (now >= claims.exp + tolerance) {
    checks.push({id: "expiry", status: "fail", reason: `expired ${now - claims.exp} s ago (tolerance ${tolerance} s)`});
  } else if (isNumber(claims.iat) && claims.exp - claims.iat > maxAge) {
    checks.push({id: "expiry", status: "fail", reason: `lifetime exp - iat = ${claims.exp - claims.iat} s exceeds the allowed ${maxAge} s`});
  } else if (claims.nbf !== undefined && (!isNumber(claims.nbf) || claims.nbf > now + tolerance)) {
    checks.push({id: "expiry", status: "fail", reason: `not valid before nbf ${String(claims.nbf)}`});
  } else {
    checks.push({id: "expiry", status: "pass", reason: `expires in ${claims.exp - now} s`});
  }

  checks.push(
    typeof claims.jti === "string" && claims.jti !== ""
      ? {id: "jwt-id", status: "pass", reason: `jti "${claims.jti}" present (the event key for deduplication)`}
      : {id: "jwt-id", status: "fail", reason: "no jti claim: the delivery cannot be deduplicated"}
  );

  return finish(checks, {...base, claims});
}
