/**
 * Byte helpers shared by the webhook-auth modules: UTF-8, how their base64 is read, hex and
 * SHA-256 through Web Crypto. Everything here runs unchanged in Node 20 and in the browser.
 */
import type {Base64Departure} from "../shared/base64.js";

/** Bytes backed by a plain ArrayBuffer, the shape Web Crypto accepts as BufferSource. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const lenientDecoder = new TextDecoder("utf-8");
const strictDecoder = new TextDecoder("utf-8", {fatal: true});

/**
 * How Standard Webhooks secrets, keys and signatures are read (lib/shared/base64.ts): standard
 * padded base64 (RFC 4648 section 4: no URL-safe alphabet, no whitespace, '=' to a multiple of 4);
 * pad bits are not checked, as `atob` does not check them.
 */
export const WEBHOOK_BASE64: readonly Base64Departure[] = ["pad-bits"];

export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

/** Decodes UTF-8, replacing invalid sequences with U+FFFD (for display only). */
export function fromUtf8(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

/** Decodes UTF-8 or returns undefined when the bytes are not valid UTF-8. */
export function fromUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A payload as the exact bytes that travel on the wire: strings are UTF-8 encoded, bytes are copied. */
export function toBytes(payload: string | Uint8Array): Bytes {
  return typeof payload === "string" ? utf8(payload) : new Uint8Array(payload);
}

export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

export async function sha256(bytes: Uint8Array, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<Bytes> {
  return new Uint8Array(await subtle.digest("SHA-256", toBytes(bytes)));
}

/** Index of the first byte where a and b differ, or -1 when they are identical. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}
