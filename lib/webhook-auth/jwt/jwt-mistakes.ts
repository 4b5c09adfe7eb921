/**
 * The JWT lab's mistakes, by who makes them and the check that catches each: what the lesson's
 * inputs offer, kept apart from the lab itself so a page lists them without loading jose.
 */
import {DEMO_OTHER_TASK_ID} from "../fixtures.js";
import {DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "./jwks-defaults.js";
import {
  BODY_HASH_CLAIM,
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEFAULT_JWT_TTL_SECONDS,
  NOTIFICATION_TOKEN_HEADER,
  TASK_ID_CLAIM
} from "./jwt-claims.js";
import type {JwtCheckId} from "./jwt-profile.js";

export type JwtMistakeId =
  | "wrongAudience"
  | "expired"
  | "futureIssuedAt"
  | "longLifetime"
  | "replayedJti"
  | "reserializedBody"
  | "wrongTaskId"
  | "rotatedKey"
  | "algNone"
  | "hs256WithPublicKey"
  | "wrongHeader";

export interface JwtMistake {
  id: JwtMistakeId;
  label: string;
  side: "sender" | "receiver" | "attacker";
  symptom: string;
  /** The check that refuses the request first, when this is the only mistake. */
  caughtBy: JwtCheckId;
  fix: string;
}

/** Another webhook of the same client: a token minted for it must not be accepted here. */
export const DEMO_OTHER_AUDIENCE = "https://client.example/a2a/push-other";
/** How far off the sender's clock is for the time mistakes, and how long it reuses a token. */
export const SENDER_CLOCK_AHEAD_SECONDS = 120;
export const TOKEN_REUSED_AFTER_SECONDS = 120;
export const LONG_LIFETIME_SECONDS = 3600;
/** When the replayed token was first delivered, before the lab's delivery. */
export const FIRST_DELIVERY_BEFORE_SECONDS = 10;

export const JWT_MISTAKES: readonly JwtMistake[] = [
  {
    id: "wrongAudience",
    label: "Token minted for another webhook (aud)",
    side: "sender",
    caughtBy: "audience",
    symptom:
      "Signature and times are fine, but aud names another receiver: a token captured at one webhook must not open another.",
    fix: "Set aud to the URL of the webhook the token is sent to; the receiver accepts only its own."
  },
  {
    id: "expired",
    label: "Token reused after it expired",
    side: "sender",
    caughtBy: "expiry",
    symptom: `The sender keeps a token and sends it again ${TOKEN_REUSED_AFTER_SECONDS} s later: exp has passed, beyond the clock tolerance.`,
    fix: "Sign a fresh JWT for every delivery attempt, retries included: a new iat, exp and jti (a jti names one token, not the update it carries)."
  },
  {
    id: "futureIssuedAt",
    label: `Sender clock ${SENDER_CLOCK_AHEAD_SECONDS} s ahead (iat in the future)`,
    side: "sender",
    caughtBy: "issued-at",
    symptom: `iat is ${SENDER_CLOCK_AHEAD_SECONDS} s after the receiver's now, beyond its ${DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS} s tolerance: a token from the future.`,
    fix: "Keep the sender's clock synchronised (NTP); do not widen the tolerance to hide it."
  },
  {
    id: "longLifetime",
    label: "Token valid for an hour",
    side: "sender",
    caughtBy: "expiry",
    symptom: `exp − iat is ${LONG_LIFETIME_SECONDS} s, more than the ${DEFAULT_JWT_MAX_AGE_SECONDS} s the receiver allows: a stolen token would stay usable for an hour.`,
    fix: `Keep tokens short-lived (${DEFAULT_JWT_TTL_SECONDS} s is plenty for one POST); the receiver caps the lifetime it accepts.`
  },
  {
    id: "replayedJti",
    label: "The same token delivered again (jti replay)",
    side: "attacker",
    caughtBy: "jwt-id",
    symptom:
      "A captured request sent again within its lifetime verifies in every other respect: only the single-use record of jti refuses it.",
    fix: "Record each jti atomically before the effect and keep it at least until its exp plus the clock tolerance; a jti seen again is a replayed token, refused. A sender's retry comes in a new token: find duplicates by the update's own key (its bytes), never by the jti."
  },
  {
    id: "reserializedBody",
    label: "Receiver hashes a re-serialized body",
    side: "receiver",
    caughtBy: "body-hash",
    symptom: `The token is valid, but ${BODY_HASH_CLAIM} does not match: JSON.parse then JSON.stringify changed the bytes before hashing.`,
    fix: "Hash the raw request body bytes, before parsing."
  },
  {
    id: "wrongTaskId",
    label: "Token names another task (taskId)",
    side: "sender",
    caughtBy: "task-id",
    symptom: `The ${TASK_ID_CLAIM} claim is ${DEMO_OTHER_TASK_ID}, a task this receiver never subscribed to.`,
    fix: `Put the task the notification is about in ${TASK_ID_CLAIM}; the receiver accepts only tasks it expects.`
  },
  {
    id: "rotatedKey",
    label: "Sender switched to a new key (unknown kid)",
    side: "sender",
    caughtBy: "signature",
    symptom: `The kid is not in the receiver's cached key set. The receiver fetches the set once, unless it fetched it less than ${DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} s ago (the rate limit): after a refetch the new key verifies.`,
    fix: "Publish the new key in the JWKS before signing with it, and let receivers refetch once on an unknown kid, rate-limited."
  },
  {
    id: "algNone",
    label: "alg: none (an unsigned token)",
    side: "attacker",
    caughtBy: "signature",
    symptom:
      "The header says alg none and the signature is empty. A verifier that trusts the header accepts anything; the allowlist refuses it before any key is used.",
    fix: "Verify with an allowlist of algorithms (here ES256 and EdDSA), never the alg the token names."
  },
  {
    id: "hs256WithPublicKey",
    label: "HS256 signed with the public key as the secret",
    side: "attacker",
    caughtBy: "signature",
    symptom:
      "An attacker signs HS256 with the sender's published key as the HMAC secret. A verifier that picks the algorithm from the header would accept it; the allowlist refuses it.",
    fix: "Bind each key to its algorithm and verify with an allowlist; an asymmetric key is never an HMAC secret."
  },
  {
    id: "wrongHeader",
    label: `Token sent in ${NOTIFICATION_TOKEN_HEADER}`,
    side: "sender",
    caughtBy: "bearer",
    symptom: `The JWT travels in ${NOTIFICATION_TOKEN_HEADER}, where the configured token belongs; Authorization is missing, so the receiver has no token to verify.`,
    fix: "Send the JWT as Authorization: Bearer <JWT>, and the configured token in its own header."
  }
];
