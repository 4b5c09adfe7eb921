/**
 * Which authentication profile a received request's headers use, and which headers said so:
 *
 * - Standard Webhooks: `webhook-id` or `webhook-signature` (its entries say `v1` HMAC or
 *   `v1a` Ed25519; spec/standard-webhooks.md, "Signature scheme").
 * - The A2A push JWT profile: `Authorization: Bearer <jwt>`, the token a compact JWS (three
 *   base64url parts joined by ".", RFC 7515 §7.1).
 * - A2A credentials: `Authorization: <scheme> <credentials>` (TaskPushNotificationConfig.
 *   authentication) or `X-A2A-Notification-Token` (TaskPushNotificationConfig.token), as
 *   @a2a-js/sdk's DefaultPushNotificationSender sends them.
 */
import {
  parseSignatureHeader,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER
} from "../standard-webhooks/standard-webhooks.js";
import {ASYMMETRIC_VERSION} from "../standard-webhooks/standard-webhooks-v1a.js";
import {NOTIFICATION_TOKEN_HEADER} from "../jwt/jwt-profile.js";

export const RECEIVED_PROFILES = ["standard-webhooks", "a2a-jwt", "a2a-credentials"] as const;
export type ReceivedProfile = (typeof RECEIVED_PROFILES)[number];

export const RECEIVED_PROFILE_LABELS: Readonly<Record<ReceivedProfile, string>> = {
  "standard-webhooks": "Standard Webhooks (v1 HMAC, v1a Ed25519)",
  "a2a-jwt": "A2A push JWT (Bearer JWT, JWKS)",
  "a2a-credentials": "A2A credentials (Authorization, X-A2A-Notification-Token)"
};

export interface ProfileDetection {
  profile?: ReceivedProfile;
  /** The headers that made the choice (names as the profile spells them). */
  decidedBy: string[];
  /** For Standard Webhooks: the schemes its signature entries name. */
  schemes?: string[];
  reason: string;
}

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** `bag` holds lower-case header names (parseReceivedHeaders' bag). */
export function detectReceivedProfile(bag: Readonly<Record<string, string>>): ProfileDetection {
  const id = bag[WEBHOOK_ID_HEADER];
  const signature = bag[WEBHOOK_SIGNATURE_HEADER];
  if (id !== undefined || signature !== undefined) {
    const schemes = [...new Set(parseSignatureHeader(signature ?? "").map((entry) => entry.version || "(no version)"))];
    const decidedBy = [
      id !== undefined ? WEBHOOK_ID_HEADER : "",
      signature !== undefined ? WEBHOOK_SIGNATURE_HEADER : ""
    ].filter(Boolean);
    const named = schemes.filter((scheme) => scheme === "v1" || scheme === ASYMMETRIC_VERSION);
    return {
      profile: "standard-webhooks",
      decidedBy,
      schemes,
      reason: `${decidedBy.join(" and ")} ${decidedBy.length > 1 ? "are" : "is"} Standard Webhooks headers${named.length > 0 ? `; the signature entries are ${named.join(" and ")}` : ""}`
    };
  }
  const authorization = bag["authorization"];
  const token = bag[NOTIFICATION_TOKEN_HEADER.toLowerCase()];
  if (authorization !== undefined) {
    const [scheme = "", credentials = ""] = authorization.split(/ +/, 2);
    if (scheme.toLowerCase() === "bearer" && COMPACT_JWS.test(credentials)) {
      return {
        profile: "a2a-jwt",
        decidedBy: ["Authorization"],
        reason: 'Authorization is Bearer with a JWT (three base64url parts joined by ".")'
      };
    }
    const decidedBy = ["Authorization", ...(token !== undefined ? [NOTIFICATION_TOKEN_HEADER] : [])];
    return {
      profile: "a2a-credentials",
      decidedBy,
      reason: `Authorization carries "${scheme}" credentials that are not a JWT${token !== undefined ? `, and ${NOTIFICATION_TOKEN_HEADER} is present` : ""}`
    };
  }
  if (token !== undefined)
    return {
      profile: "a2a-credentials",
      decidedBy: [NOTIFICATION_TOKEN_HEADER],
      reason: `${NOTIFICATION_TOKEN_HEADER} carries TaskPushNotificationConfig.token`
    };
  return {
    decidedBy: [],
    reason: `no header of any profile: expected ${WEBHOOK_ID_HEADER} and ${WEBHOOK_SIGNATURE_HEADER} (Standard Webhooks), Authorization (the JWT profile or A2A credentials) or ${NOTIFICATION_TOKEN_HEADER}`
  };
}
