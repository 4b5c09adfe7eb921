/**
 * Unique, single-use delivery ids (Standard Webhooks `webhook-id`, JWT `jti`).
 * lib never draws randomness itself: the caller passes the crypto source
 * (`globalThis.crypto` in Node 20 and browsers, or a fixed stub in tests).
 *
 * An event id names one event and stays the same across retries (Standard
 * Webhooks, "Webhook metadata"); it is never the task, context or config id.
 */
import {toHex} from "../bytes.js";

/** 128 random bits: collisions are negligible for any realistic dedup retention. */
export const EVENT_ID_RANDOM_BYTES = 16;
export const EVENT_ID_PREFIX = "msg_";

/** `globalThis.crypto` (Node 20, browsers) fits; tests may pass a fixed stub. */
export interface RandomSource {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/** `msg_` + 32 hex characters. Contains no "." (Standard Webhooks forbids "." in ids). */
export function newEventId(random: RandomSource, prefix: string = EVENT_ID_PREFIX): string {
  const bytes = new Uint8Array(EVENT_ID_RANDOM_BYTES);
  random.getRandomValues(bytes);
  return prefix + toHex(bytes);
}
