/**
 * The demo's key material, drawn in the reader's browser with
 * crypto.getRandomValues on every page load. Nothing here is sent anywhere:
 * the page has no network code, and lib only receives these values as inputs.
 */
import {encodeBase64} from "../../../lib/shared/base64.js";
import {ASYMMETRIC_SECRET_KEY_PREFIX} from "../../../lib/webhook-auth/standard-webhooks/standard-webhooks-v1a.js";
import {SYMMETRIC_SECRET_PREFIX} from "../../../lib/webhook-auth/standard-webhooks/standard-webhooks.js";
import {newEventId} from "../../../lib/webhook-auth/pipeline/event-id.js";
import type {WebhookLessonSecrets} from "../../../lib/webhook-auth/lesson.js";

/** Standard Webhooks recommends 24 to 64 random bytes; 32 is the common choice. */
const SECRET_BYTES = 32;
const ED25519_SEED_BYTES = 32;

export interface DemoKeyMaterial extends WebhookLessonSecrets {
  /** `whsk_` + base64 of a fresh Ed25519 seed, for the v1a demo. */
  ed25519SecretKey: string;
}

function randomBytes(count: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

export function generateDemoKeyMaterial(): DemoKeyMaterial {
  const secret = () => SYMMETRIC_SECRET_PREFIX + encodeBase64(randomBytes(SECRET_BYTES));
  return {
    secret: secret(),
    rotatedSecret: secret(),
    otherEndpointSecret: secret(),
    eventId: newEventId(globalThis.crypto),
    ed25519SecretKey: ASYMMETRIC_SECRET_KEY_PREFIX + encodeBase64(randomBytes(ED25519_SEED_BYTES))
  };
}

/** A secret shown on the page without printing all of it (it is still only in this tab). */
export function maskSecret(secret: string): string {
  return secret.length <= 14 ? secret : `${secret.slice(0, 10)}…${secret.slice(-4)}`;
}
