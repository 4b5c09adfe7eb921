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
import {SignJWT, decodeProtectedHeader} from "jose";
import {fromUtf8Strict, sha256, toBytes, toHex, utf8} from "../bytes.js";
import {constantTimeEqual} from "../constant-time.js";
import {verifyWithJwks, type FetchJwks, type JwksCache, type JwsFailureCode} from "./jwks-cache.js";
import type {WebhookPayload} from "../standard-webhooks/standard-webhooks.js";

export {
  A2A_PUSH_JWT_ALGORITHMS,
  type A2aPushJwtAlgorithm,
  BODY_HASH_CLAIM,
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEFAULT_JWT_TTL_SECONDS,
  GO_TOKEN_HEADER,
  NOTIFICATION_TOKEN_HEADER,
  TASK_ID_CLAIM
} from "./jwt-claims.js";
import {
  A2A_PUSH_JWT_ALGORITHMS,
  BODY_HASH_CLAIM,
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEFAULT_JWT_TTL_SECONDS,
  NOTIFICATION_TOKEN_HEADER,
  TASK_ID_CLAIM,
  type A2aPushJwtAlgorithm
} from "./jwt-claims.js";

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
  | "jwt-id"
  | "config-token";

export type CheckStatus = "pass" | "fail" | "skipped";

export interface JwtCheck {
  id: JwtCheckId;
  status: CheckStatus;
  reason: string;
  /** For a failed signature check, the finer cause (unknown-kid, bad-signature, ...). */
  cause?: JwsFailureCode;
  /** The exact values the check compared: what the receiver expects and what the token carries. */
  compared?: ComparedValues;
}

export interface ComparedValues {
  expected: string;
  received: string;
}

export interface A2aPushJwtExpectations {
  issuer: string;
  /** This webhook's identity, e.g. its URL. */
  audience: string;
  /** The task(s) this receiver subscribed to; omit to only require that the claim is present. */
  taskId?: string | readonly string[];
  maxAgeSeconds?: number;
  clockToleranceSeconds?: number;
  /** TaskPushNotificationConfig.token, when the push config set one: the request must carry it. */
  configToken?: string;
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
  /**
   * Unique per token (RFC 7519 §4.1.7): a retry is signed afresh, with a new jti, so a receiver
   * deduplicates by the update's identity (its bytes, or a key the sender offers), never by the jti.
   */
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
    return {
      ok: false,
      reason: `Authorization header is not "Bearer <token>" (got scheme "${authorization.split(" ")[0] ?? ""}")`
    };
  }
  return {ok: true, token: match[2]!};
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

interface VerifyA2aPushJwtInput {
  /** The Authorization header value. */
  authorization: string | undefined;
  /** The raw body bytes as received. */
  body: WebhookPayload;
  /** The X-A2A-Notification-Token header value, when the request carried one. */
  notificationToken?: string;
  jwks: JwksCache;
  fetchJwks?: FetchJwks;
  nowSeconds: number;
  expected: A2aPushJwtExpectations;
  algorithms?: readonly string[];
  refreshCooldownSeconds?: number;
  /**
   * The receiver's single-use record: each jti already accepted, with the time until which it is
   * kept (at least its token's exp + the clock tolerance, when the token stops verifying anyway).
   */
  usedJtis?: ReadonlyMap<string, number>;
}

/** What the checks learn as they run: each reads what earlier ones found. */
interface JwtReading {
  readonly input: VerifyA2aPushJwtInput;
  token?: string;
  /** The JWKS cache after the lookup (a refresh replaces it) and the key used. */
  found: Pick<A2aPushJwtVerification, "jwks" | "refreshed" | "kid">;
  claims?: Partial<A2aPushClaims> & Record<string, unknown>;
}

type JwtVerdict = Omit<JwtCheck, "id">;

interface JwtStep {
  id: JwtCheckId;
  check: (reading: JwtReading) => JwtVerdict | Promise<JwtVerdict>;
  /** A gate: when it fails, the checks after it are not evaluated, for this reason. */
  gate?: string;
}

/**
 * The receiver's checks in order. The first three are gates (no token, no verified token, no
 * claims: nothing after them means anything); the claim checks after them are all evaluated, so a
 * page can show every one, and `code` names the first that failed.
 */
const JWT_STEPS: readonly JwtStep[] = [
  {id: "bearer", check: checkBearer, gate: "not evaluated: no token"},
  {id: "signature", check: checkSignature, gate: "not evaluated: claims of an unverified token mean nothing"},
  {id: "claims", check: checkClaimsSet, gate: "not evaluated: no claims"},
  {id: "issuer", check: checkIssuer},
  {id: "audience", check: checkAudience},
  {id: "body-hash", check: checkBodyHash},
  {id: "task-id", check: checkTaskId},
  {id: "issued-at", check: checkIssuedAt},
  {id: "expiry", check: checkExpiry},
  {id: "jwt-id", check: checkJwtId},
  {id: "config-token", check: checkConfigToken}
];

export const JWT_CHECK_ORDER: readonly JwtCheckId[] = JWT_STEPS.map((step) => step.id);

/**
 * Receiver side. Evaluates every claim once the signature holds, so a page can
 * show all of them; `code` names the first failure in JWT_CHECK_ORDER.
 */
export async function verifyA2aPushJwt(input: VerifyA2aPushJwtInput): Promise<A2aPushJwtVerification> {
  const reading: JwtReading = {input, found: {jwks: input.jwks, refreshed: false}};
  const checks: JwtCheck[] = [];
  for (const {id, check, gate} of JWT_STEPS) {
    const verdict = await check(reading);
    checks.push({id, ...verdict});
    if (verdict.status === "fail" && gate !== undefined) return finish(skippedAfter(checks, gate), reading.found);
  }
  return finish(checks, {...reading.found, claims: reading.claims!});
}

function skippedAfter(checks: JwtCheck[], reason: string): JwtCheck[] {
  const done = new Set(checks.map((check) => check.id));
  return [
    ...checks,
    ...JWT_CHECK_ORDER.filter((id) => !done.has(id)).map((id): JwtCheck => ({id, status: "skipped", reason}))
  ];
}

function finish(
  checks: JwtCheck[],
  rest: Omit<A2aPushJwtVerification, "ok" | "code" | "reason" | "checks">
): A2aPushJwtVerification {
  const failed = checks.find((check) => check.status === "fail");
  return failed
    ? {ok: false, code: failed.id, reason: `${failed.id}: ${failed.reason}`, checks, ...rest}
    : {ok: true, reason: "every check passed", checks, ...rest};
}

const pass = (reason: string, compared?: ComparedValues): JwtVerdict => ({
  status: "pass",
  reason,
  ...(compared ? {compared} : {})
});
const fail = (reason: string, compared?: ComparedValues): JwtVerdict => ({
  status: "fail",
  reason,
  ...(compared ? {compared} : {})
});
const shown = (value: unknown): string => (value === undefined ? "(absent)" : JSON.stringify(value));

function checkBearer(reading: JwtReading): JwtVerdict {
  const {authorization} = reading.input;
  const bearer = readBearer(authorization);
  const compared = {
    expected: "Authorization: Bearer <JWT>",
    received:
      authorization === undefined
        ? "no Authorization header"
        : `Authorization: ${authorization.slice(0, 40)}${authorization.length > 40 ? "…" : ""}`
  };
  if (!bearer.ok) return fail(bearer.reason, compared);
  reading.token = bearer.token;
  return pass("Bearer token present", compared);
}

async function checkSignature(reading: JwtReading): Promise<JwtVerdict> {
  const {input} = reading;
  const jws = await verifyWithJwks({
    token: reading.token!,
    cache: input.jwks,
    nowSeconds: input.nowSeconds,
    algorithms: input.algorithms ?? A2A_PUSH_JWT_ALGORITHMS,
    ...(input.fetchJwks ? {fetchJwks: input.fetchJwks} : {}),
    ...(input.refreshCooldownSeconds !== undefined ? {refreshCooldownSeconds: input.refreshCooldownSeconds} : {})
  });
  reading.found = {jwks: jws.cache, refreshed: jws.refreshed, ...(jws.kid ? {kid: jws.kid} : {})};
  const algorithms = input.algorithms ?? A2A_PUSH_JWT_ALGORITHMS;
  const kids = jws.cache.keys.keys.map((key) => key.kid ?? "(no kid)");
  const compared = {
    expected: `alg one of ${algorithms.join(", ")}; kid one of the key set's: ${kids.length ? kids.join(", ") : "(empty set)"}`,
    received: headerSummary(reading.token!)
  };
  if (!jws.ok) return {status: "fail", reason: jws.reason, cause: jws.code, compared};
  reading.claims = parseClaims(jws.payload);
  return pass(jws.reason, compared);
}

/** The token's alg and kid as its header says (unverified), for showing what was compared. */
function headerSummary(token: string): string {
  try {
    const header = decodeProtectedHeader(token);
    return `alg ${shown(header.alg)}, kid ${shown(header.kid)}`;
  } catch {
    return "a header that cannot be decoded";
  }
}

/** The payload as a claims set, or undefined when it is not a JSON object in UTF-8. */
function parseClaims(payload: Uint8Array): JwtReading["claims"] {
  const text = fromUtf8Strict(payload);
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as JwtReading["claims"])
    : undefined;
}

function checkClaimsSet({claims}: JwtReading): JwtVerdict {
  return claims ? pass("the payload is a JSON claims set") : fail("the JWT payload is not a JSON object");
}

/** iss: exact match (RFC 7519 §4.1.1). */
function checkIssuer({claims, input}: JwtReading): JwtVerdict {
  const {issuer} = input.expected;
  const compared = {expected: JSON.stringify(issuer), received: shown(claims!.iss)};
  return claims!.iss === issuer
    ? pass(`iss is "${issuer}"`, compared)
    : fail(`iss is ${shown(claims!.iss)}, expected "${issuer}"`, compared);
}

/** aud: a string or an array that must contain this webhook (RFC 7519 §4.1.3). */
function checkAudience({claims, input}: JwtReading): JwtVerdict {
  const {audience} = input.expected;
  const aud = claims!.aud;
  const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
  const compared = {expected: `contains ${JSON.stringify(audience)}`, received: shown(aud)};
  return audiences.includes(audience)
    ? pass(`aud contains "${audience}"`, compared)
    : fail(`aud is ${shown(aud)}, expected it to contain "${audience}"`, compared);
}

/** Body hash: the JWT covers the exact bytes received. */
async function checkBodyHash({claims, input}: JwtReading): Promise<JwtVerdict> {
  const actualHash = await bodySha256Hex(input.body);
  const claimedHash = claims![BODY_HASH_CLAIM];
  const compared = {
    expected: `${BODY_HASH_CLAIM} ${shown(claimedHash)}`,
    received: `SHA-256 of the ${toBytes(input.body).length} body bytes: ${actualHash}`
  };
  if (typeof claimedHash !== "string")
    return fail(`no ${BODY_HASH_CLAIM} claim: the token does not bind the body`, compared);
  if (constantTimeEqual(utf8(claimedHash), utf8(actualHash)))
    return pass(`SHA-256 of the ${toBytes(input.body).length} body bytes matches ${BODY_HASH_CLAIM}`, compared);
  return fail(
    `body does not match the signed hash: ${BODY_HASH_CLAIM} is ${claimedHash.slice(0, 12)}…, the received bytes hash to ${actualHash.slice(0, 12)}…`,
    compared
  );
}

function checkTaskId({claims, input}: JwtReading): JwtVerdict {
  const expected = input.expected.taskId;
  const expectedTasks = expected === undefined ? undefined : typeof expected === "string" ? [expected] : expected;
  const taskId = claims![TASK_ID_CLAIM];
  const compared = {
    expected: expectedTasks ? expectedTasks.map((task) => JSON.stringify(task)).join(" or ") : "any non-empty string",
    received: shown(taskId)
  };
  if (typeof taskId !== "string" || taskId === "") return fail(`no ${TASK_ID_CLAIM} claim`, compared);
  if (expectedTasks && !expectedTasks.includes(taskId))
    return fail(
      `${TASK_ID_CLAIM} "${taskId}" is not a task this receiver expects (${expectedTasks.join(", ")})`,
      compared
    );
  return pass(`${TASK_ID_CLAIM} is "${taskId}"`, compared);
}

/** The clock tolerance and the longest age or lifetime the receiver accepts, in seconds. */
function timeLimits(expected: A2aPushJwtExpectations): {tolerance: number; maxAge: number} {
  return {
    tolerance: expected.clockToleranceSeconds ?? DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
    maxAge: expected.maxAgeSeconds ?? DEFAULT_JWT_MAX_AGE_SECONDS
  };
}

/** iat: present, not in the future, not older than maxAge (each with the clock tolerance). */
function checkIssuedAt({claims, input}: JwtReading): JwtVerdict {
  const {tolerance, maxAge} = timeLimits(input.expected);
  const now = input.nowSeconds;
  const iat = claims!.iat;
  const compared = {
    expected: `now − ${maxAge + tolerance} ≤ iat ≤ now + ${tolerance} (now = ${now})`,
    received: `iat ${shown(iat)}`
  };
  if (!isNumber(iat)) return fail("no numeric iat claim", compared);
  if (iat > now + tolerance) return fail(`iat is ${iat - now} s in the future (tolerance ${tolerance} s)`, compared);
  if (now - iat > maxAge + tolerance)
    return fail(`issued ${now - iat} s ago, more than ${maxAge} s (+${tolerance} s tolerance)`, compared);
  return pass(`issued ${now - iat} s ago`, compared);
}

/** exp: present, not passed (RFC 7519 §4.1.4), short-lived (exp - iat <= maxAge); nbf honoured when present. */
function checkExpiry({claims, input}: JwtReading): JwtVerdict {
  const {tolerance, maxAge} = timeLimits(input.expected);
  const now = input.nowSeconds;
  const {exp, iat, nbf} = claims!;
  const compared = {
    expected: `now < exp + ${tolerance} and exp − iat ≤ ${maxAge} (now = ${now})`,
    received: `exp ${shown(exp)}, iat ${shown(iat)}`
  };
  if (!isNumber(exp)) return fail("no numeric exp claim", compared);
  if (now >= exp + tolerance) return fail(`expired ${now - exp} s ago (tolerance ${tolerance} s)`, compared);
  if (isNumber(iat) && exp - iat > maxAge)
    return fail(`lifetime exp - iat = ${exp - iat} s exceeds the allowed ${maxAge} s`, compared);
  if (nbf !== undefined && (!isNumber(nbf) || nbf > now + tolerance))
    return fail(`not valid before nbf ${String(nbf)}`, compared);
  return pass(`expires in ${exp - now} s`, compared);
}

/** jti: present, and (when the receiver keeps a single-use record) not already used while its record is live. */
function checkJwtId({claims, input}: JwtReading): JwtVerdict {
  const jti = claims!.jti;
  if (typeof jti !== "string" || jti === "")
    return fail("no jti claim: a replayed token cannot be told from a new one", {
      expected: "a non-empty jti",
      received: shown(jti)
    });
  const keptUntil = input.usedJtis?.get(jti);
  const compared = {
    expected: "a jti not in the single-use record",
    received: keptUntil === undefined ? `"${jti}": not recorded` : `"${jti}": recorded, kept until ${keptUntil}`
  };
  if (keptUntil !== undefined && input.nowSeconds < keptUntil)
    return fail(
      `jti "${jti}" was already used: a replay (its record is kept until ${keptUntil}, ${keptUntil - input.nowSeconds} s from now)`,
      compared
    );
  return pass(
    `jti "${jti}" ${input.usedJtis ? "not used before" : "present"} (single-use: this token sent again is a replay)`,
    compared
  );
}

/** The configured token (A2A: the receiver checks PushNotificationConfig.token), compared in constant time. */
function checkConfigToken({input}: JwtReading): JwtVerdict {
  const {configToken} = input.expected;
  if (configToken === undefined) return {status: "skipped", reason: "the push config set no token"};
  const received = input.notificationToken;
  const compared = {
    expected: `${NOTIFICATION_TOKEN_HEADER}: ${configToken}`,
    received:
      received === undefined
        ? `no ${NOTIFICATION_TOKEN_HEADER} header`
        : `${NOTIFICATION_TOKEN_HEADER}: ${received.slice(0, 40)}${received.length > 40 ? "…" : ""}`
  };
  if (received === undefined)
    return fail(`no ${NOTIFICATION_TOKEN_HEADER} header: the configured token is missing`, compared);
  return constantTimeEqual(utf8(received), utf8(configToken))
    ? pass("the configured token matches", compared)
    : fail(`${NOTIFICATION_TOKEN_HEADER} does not match the configured token`, compared);
}
