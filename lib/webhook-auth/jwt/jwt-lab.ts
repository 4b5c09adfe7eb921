/**
 * The JWT/JWKS lab: one delivery of the A2A push JWT profile (jwt-profile.ts), the sender
 * signing a fresh JWT for the body and the receiver verifying it against its cached JWKS, with
 * one classic mistake switched on at a time. Each mistake names the check that catches it, so a
 * page (and a test) can confirm the receiver's first failure is that check.
 *
 * The keys are the published demo keys of fixtures.ts (never secret); the clock is the demos'
 * fixed "now". Signing uses Web Crypto through jose; EdDSA needs Ed25519 in Web Crypto, and
 * where it is missing the lab says so and signs with ES256.
 */
import {SignJWT, base64url, decodeJwt, decodeProtectedHeader, exportSPKI, importJWK} from "jose";
import {utf8} from "../bytes.js";
import {readHeader} from "../http-headers.js";
import {detectEd25519Support} from "../standard-webhooks/standard-webhooks-v1a.js";
import {createJwksCache, DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "./jwks-cache.js";
import {
  DEMO_AUDIENCE,
  DEMO_CONFIG_TOKEN,
  DEMO_ED25519_SIGNING_KEY,
  DEMO_ED25519_SIGNING_KEY_2,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  DEMO_OTHER_TASK_ID,
  DEMO_SIGNING_KEY_1,
  DEMO_SIGNING_KEY_2,
  DEMO_TASK_ID,
  demoJwks,
  publicJwkOf,
  type DemoSigningKey
} from "../fixtures.js";
import {importDemoPrivateKey} from "./demo-keys.js";
import {
  BODY_HASH_CLAIM,
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEFAULT_JWT_TTL_SECONDS,
  NOTIFICATION_TOKEN_HEADER,
  TASK_ID_CLAIM,
  bodySha256Hex,
  signA2aPushJwt,
  verifyA2aPushJwt,
  type A2aPushJwtAlgorithm,
  type A2aPushJwtVerification
} from "./jwt-profile.js";
import {
  DEMO_OTHER_AUDIENCE,
  FIRST_DELIVERY_BEFORE_SECONDS,
  JWT_MISTAKES,
  type JwtMistake,
  type JwtMistakeId,
  LONG_LIFETIME_SECONDS,
  SENDER_CLOCK_AHEAD_SECONDS,
  TOKEN_REUSED_AFTER_SECONDS
} from "./jwt-mistakes.js";

export {DEMO_OTHER_AUDIENCE, JWT_MISTAKES, type JwtMistake, type JwtMistakeId} from "./jwt-mistakes.js";

export interface JwtLabInput {
  algorithm: A2aPushJwtAlgorithm;
  /** "none", or the one mistake switched on. */
  mistake: JwtMistakeId | "none";
  /** The raw body the sender posts. */
  body: string;
  /** How long ago the receiver last fetched the JWKS (the rate limit on refetching). */
  jwksFetchedSecondsAgo: number;
}

export interface SentHeader {
  name: string;
  value: string;
}

export interface JwtLabReport {
  /** The algorithm used: EdDSA falls back to ES256 where Ed25519 is missing (see notice). */
  algorithm: A2aPushJwtAlgorithm;
  notice?: string;
  mistake?: JwtMistake;
  sender: {
    kid: string;
    headers: SentHeader[];
    token: string;
    protectedHeader: Record<string, unknown>;
    claims: Record<string, unknown>;
  };
  receiver: {
    nowSeconds: number;
    clockToleranceSeconds: number;
    maxAgeSeconds: number;
    refreshCooldownSeconds: number;
    /** The kids in its cached key set before and after this delivery. */
    kidsBefore: string[];
    kidsAfter: string[];
    /** The body bytes it hashed (the raw body, unless it re-serializes). */
    hashedBody: string;
    /** Its single-use record before this delivery. */
    usedJtis: {jti: string; keptUntilSeconds: number}[];
  };
  verification: A2aPushJwtVerification;
  /** The record this delivery leaves when accepted: its jti, kept at least until exp + tolerance. */
  jtiRecord?: {jti: string; keptUntilSeconds: number};
}

/** The sender's current key and the one it rotates to, for an algorithm. */
function keysFor(algorithm: A2aPushJwtAlgorithm): {current: DemoSigningKey; next: DemoSigningKey} {
  return algorithm === "EdDSA"
    ? {current: DEMO_ED25519_SIGNING_KEY, next: DEMO_ED25519_SIGNING_KEY_2}
    : {current: DEMO_SIGNING_KEY_1, next: DEMO_SIGNING_KEY_2};
}

/** Every event's JWT id in the lab: one event, so one jti. */
export const DEMO_JWT_ID = "evt_7d41c0a2";

/** One delivery with at most one mistake: signed, then verified. */
export async function runJwtLab(input: JwtLabInput): Promise<JwtLabReport> {
  const usable = input.algorithm === "EdDSA" && !(await detectEd25519Support()).supported ? "ES256" : input.algorithm;
  const notice =
    usable === input.algorithm
      ? undefined
      : "This browser's Web Crypto has no Ed25519, so the lab signs with ES256 instead.";
  const mistake = JWT_MISTAKES.find((candidate) => candidate.id === input.mistake);
  const keys = keysFor(usable);
  const now = DEMO_NOW_SECONDS;
  const signingKey = mistake?.id === "rotatedKey" ? keys.next : keys.current;
  const token = await senderToken(mistake?.id, signingKey, input.body, now);
  const headers = sentHeaders(mistake?.id, token);
  const received = Object.fromEntries(headers.map((header) => [header.name, header.value]));
  const usedJtis =
    mistake?.id === "replayedJti"
      ? [
          {
            jti: DEMO_JWT_ID,
            keptUntilSeconds:
              now - FIRST_DELIVERY_BEFORE_SECONDS + DEFAULT_JWT_TTL_SECONDS + DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS
          }
        ]
      : [];
  const hashedBody = mistake?.id === "reserializedBody" ? reserialized(input.body) : input.body;
  const cache = createJwksCache(demoJwks([keys.current]), now - input.jwksFetchedSecondsAgo);
  const verification = await verifyA2aPushJwt({
    authorization: readHeader(received, "Authorization"),
    notificationToken: readHeader(received, NOTIFICATION_TOKEN_HEADER),
    body: hashedBody,
    jwks: cache,
    // The sender publishes both keys: what a refetch of its jwks_uri returns.
    fetchJwks: async () => demoJwks([keys.current, keys.next]),
    nowSeconds: now,
    usedJtis: new Map(usedJtis.map((record) => [record.jti, record.keptUntilSeconds])),
    expected: {issuer: DEMO_ISSUER, audience: DEMO_AUDIENCE, taskId: DEMO_TASK_ID, configToken: DEMO_CONFIG_TOKEN}
  });
  const claims = decodedPart(token, 1);
  const exp = typeof claims.exp === "number" ? claims.exp : undefined;
  return {
    algorithm: usable,
    ...(notice ? {notice} : {}),
    ...(mistake ? {mistake} : {}),
    sender: {kid: signingKey.kid, headers, token, protectedHeader: decodedPart(token, 0), claims},
    receiver: {
      nowSeconds: now,
      clockToleranceSeconds: DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
      maxAgeSeconds: DEFAULT_JWT_MAX_AGE_SECONDS,
      refreshCooldownSeconds: DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS,
      kidsBefore: kidsOf(cache.keys.keys),
      kidsAfter: kidsOf(verification.jwks.keys.keys),
      hashedBody,
      usedJtis
    },
    verification,
    ...(verification.ok && exp !== undefined
      ? {jtiRecord: {jti: DEMO_JWT_ID, keptUntilSeconds: exp + DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS}}
      : {})
  };
}

/** The JWT the sender (or the attacker) sends for this mistake. */
async function senderToken(
  mistake: JwtMistakeId | undefined,
  key: DemoSigningKey,
  body: string,
  now: number
): Promise<string> {
  if (mistake === "algNone") return unsignedToken(key.kid, await claimsFor(body, now));
  if (mistake === "hs256WithPublicKey") return hs256WithPublicKey(key, await claimsFor(body, now));
  return signA2aPushJwt({
    privateKey: await importDemoPrivateKey(key),
    kid: key.kid,
    alg: key.alg,
    issuer: DEMO_ISSUER,
    audience: mistake === "wrongAudience" ? DEMO_OTHER_AUDIENCE : DEMO_AUDIENCE,
    taskId: mistake === "wrongTaskId" ? DEMO_OTHER_TASK_ID : DEMO_TASK_ID,
    jti: DEMO_JWT_ID,
    body,
    nowSeconds:
      now +
      (mistake === "futureIssuedAt"
        ? SENDER_CLOCK_AHEAD_SECONDS
        : mistake === "expired"
          ? -TOKEN_REUSED_AFTER_SECONDS
          : 0),
    ttlSeconds: mistake === "longLifetime" ? LONG_LIFETIME_SECONDS : DEFAULT_JWT_TTL_SECONDS
  });
}

/** The claims a correct token carries, for the attacker's forged tokens. */
async function claimsFor(body: string, now: number): Promise<Record<string, unknown>> {
  return {
    iss: DEMO_ISSUER,
    aud: DEMO_AUDIENCE,
    iat: now,
    exp: now + DEFAULT_JWT_TTL_SECONDS,
    jti: DEMO_JWT_ID,
    [TASK_ID_CLAIM]: DEMO_TASK_ID,
    [BODY_HASH_CLAIM]: await bodySha256Hex(body)
  };
}

const base64UrlJson = (value: unknown) => base64url.encode(JSON.stringify(value));

/** RFC 7519 §6.1's unsecured JWT: alg none and an empty signature. */
function unsignedToken(kid: string, claims: Record<string, unknown>): string {
  return `${base64UrlJson({alg: "none", kid, typ: "JWT"})}.${base64UrlJson(claims)}.`;
}

/** The key-confusion forgery: HMAC-SHA256 keyed with the sender's public key as PEM text. */
async function hs256WithPublicKey(key: DemoSigningKey, claims: Record<string, unknown>): Promise<string> {
  const publicKey = await importJWK(publicJwkOf(key), key.alg);
  const pem = await exportSPKI(publicKey as CryptoKey);
  return new SignJWT(claims).setProtectedHeader({alg: "HS256", kid: key.kid, typ: "JWT"}).sign(utf8(pem));
}

function sentHeaders(mistake: JwtMistakeId | undefined, token: string): SentHeader[] {
  const headers = [{name: "Content-Type", value: "application/json"}];
  if (mistake === "wrongHeader") return [...headers, {name: NOTIFICATION_TOKEN_HEADER, value: token}];
  return [
    ...headers,
    {name: "Authorization", value: `Bearer ${token}`},
    {name: NOTIFICATION_TOKEN_HEADER, value: DEMO_CONFIG_TOKEN}
  ];
}

/** JSON.parse then JSON.stringify, as a receiver that hashes "the body" it parsed would; unchanged when the body is not JSON. */
function reserialized(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body;
  }
}

/** A part of a compact JWS decoded as JSON (the lab's own tokens, unverified; anything unreadable shows as {}). */
function decodedPart(token: string, index: 0 | 1): Record<string, unknown> {
  try {
    return index === 0 ? decodeProtectedHeader(token) : decodeJwt(token);
  } catch {
    return {};
  }
}

function kidsOf(keys: readonly {kid?: string}[]): string[] {
  return keys.map((key) => key.kid ?? "(no kid)");
}
