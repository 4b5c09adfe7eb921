/**
 * Standard Webhooks signatures, symmetric scheme `v1` (HMAC-SHA256).
 * Spec: https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 * Compatible with the reference libraries in the same repository
 * (libraries/javascript/src/index.ts, libraries/go/webhook.go).
 *
 * - Headers `webhook-id`, `webhook-timestamp` (integer Unix seconds), `webhook-signature`.
 * - Signed content: `{msg_id}.{timestamp}.{payload}` over the raw body bytes.
 * - `v1,<base64 HMAC-SHA256>`; the secret is shown as `whsec_` + base64 (prefix optional).
 * - The signature header is a space-delimited list (zero-downtime key rotation):
 *   any valid entry passes.
 * - Timestamps further than the tolerance (default 5 minutes) from "now" are
 *   rejected in both directions; "now" is always passed in by the caller.
 */
import {decodeBase64, encodeBase64} from "../../shared/base64.js";
import {WEBHOOK_BASE64, concatBytes, fromUtf8, toBytes, utf8, type Bytes} from "../bytes.js";
import {constantTimeEqual} from "../constant-time.js";
import {rawHeader, readHeader, type HeaderBag} from "../http-headers.js";

export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";
/** Reference libraries: WEBHOOK_TOLERANCE_IN_SECONDS = 5 * 60. */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
/** Spec, "Signature scheme" table: symmetric secrets are shown as `whsec_` + base64. */
export const SYMMETRIC_SECRET_PREFIX = "whsec_";
export const SYMMETRIC_VERSION = "v1";
/** Spec table: "Random. At least 24 bytes (192 bits, 512 maximum)". Advisory: the reference libraries only reject empty keys. */
export const RECOMMENDED_MIN_SECRET_BYTES = 24;
export const RECOMMENDED_MAX_SECRET_BYTES = 64;

/** `whsec_`-prefixed or bare base64 text, or the raw key bytes. */
export type WebhookSecret = string | Uint8Array;
/** The body exactly as sent: a string is signed as its UTF-8 bytes. */
export type WebhookPayload = string | Uint8Array;

export type StandardWebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

export interface SignedStandardWebhook {
  msgId: string;
  timestamp: number;
  /** The `webhook-signature` header value (space-separated when signed with several keys). */
  signature: string;
  /** Each `version,base64` entry of the header, in order. */
  signatures: string[];
  headers: StandardWebhookHeaders;
  /** The exact signed content `id.timestamp.body`, decoded as UTF-8 for display. */
  signedContent: string;
}

export type StandardWebhookFailureCode =
  /** The caller passed something the verifier does not take (NaN for nowSeconds, a number as a header value ...). */
  | "invalid-argument"
  | "missing-headers"
  | "invalid-timestamp"
  | "timestamp-too-old"
  | "timestamp-too-new"
  | "invalid-key"
  | "no-matching-signature"
  | "unsupported";

export type StandardWebhookVerification =
  | {
      ok: true;
      reason: string;
      msgId: string;
      timestamp: number;
      /** Which entry of the signature header matched, and with which configured key. */
      matched: {entryIndex: number; version: string; keyIndex: number};
    }
  | {ok: false; code: StandardWebhookFailureCode; reason: string; msgId?: string; timestamp?: number};

export interface SignatureEntry {
  /** Position in the header list. */
  index: number;
  version: string;
  signature: string;
  raw: string;
}

/** Decodes a symmetric secret: strips an optional `whsec_` prefix, then strict base64. Raw bytes are used as they are. */
export function decodeSymmetricSecret(secret: WebhookSecret): {ok: true; key: Bytes} | {ok: false; reason: string} {
  if (typeof secret !== "string") {
    return secret.length === 0 ? {ok: false, reason: "the secret is empty"} : {ok: true, key: toBytes(secret)};
  }
  const body = secret.startsWith(SYMMETRIC_SECRET_PREFIX) ? secret.slice(SYMMETRIC_SECRET_PREFIX.length) : secret;
  const decoded = decodeBase64(body, WEBHOOK_BASE64);
  if (!decoded.ok) {
    return {
      ok: false,
      reason: `the secret is not standard base64 after the optional "${SYMMETRIC_SECRET_PREFIX}" prefix`
    };
  }
  if (decoded.bytes.length === 0) return {ok: false, reason: "the secret is empty"};
  return {ok: true, key: decoded.bytes};
}

/** The bytes that are signed: `{msg_id}.{timestamp}.` followed by the raw payload bytes. */
export function standardWebhookSignedContent(msgId: string, timestamp: number, payload: WebhookPayload): Bytes {
  return concatBytes(utf8(`${msgId}.${timestamp}.`), toBytes(payload));
}

export async function hmacSha256(
  key: Uint8Array,
  data: Uint8Array,
  subtle: SubtleCrypto = globalThis.crypto.subtle
): Promise<Bytes> {
  const cryptoKey = await subtle.importKey("raw", toBytes(key), {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", cryptoKey, toBytes(data)));
}

/** The `v1,<base64>` entry for one key. */
export async function computeV1Signature(key: Uint8Array, signedContent: Uint8Array): Promise<string> {
  return `${SYMMETRIC_VERSION},${encodeBase64(await hmacSha256(key, signedContent))}`;
}

export function assertSignableMessage(msgId: string, timestamp: number): void {
  if (msgId.length === 0) throw new RangeError("msgId must not be empty");
  // Spec: the id and timestamp must "at the very least not be allowed to include any `.`".
  if (msgId.includes("."))
    throw new RangeError(`msgId "${msgId}" contains "." which would make the signed content ambiguous`);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`timestamp must be whole non-negative Unix seconds, got ${timestamp}`);
  }
}

function asList<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

/**
 * Signs a webhook with one secret, or with several (current and previous key
 * during a rotation): the header then carries one `v1` entry per secret.
 */
export async function signStandardWebhook(input: {
  secret: WebhookSecret | readonly WebhookSecret[];
  msgId: string;
  /** Unix seconds of this attempt (re-sign each retry with a fresh timestamp). */
  timestamp: number;
  payload: WebhookPayload;
}): Promise<SignedStandardWebhook> {
  assertSignableMessage(input.msgId, input.timestamp);
  const content = standardWebhookSignedContent(input.msgId, input.timestamp, input.payload);
  const signatures: string[] = [];
  for (const secret of asList(input.secret)) {
    const decoded = decodeSymmetricSecret(secret);
    if (!decoded.ok) throw new RangeError(`cannot sign: ${decoded.reason}`);
    signatures.push(await computeV1Signature(decoded.key, content));
  }
  if (signatures.length === 0) throw new RangeError("cannot sign: no secret given");
  const signature = signatures.join(" ");
  return {
    msgId: input.msgId,
    timestamp: input.timestamp,
    signature,
    signatures,
    headers: {
      [WEBHOOK_ID_HEADER]: input.msgId,
      [WEBHOOK_TIMESTAMP_HEADER]: String(input.timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: signature
    },
    signedContent: fromUtf8(content)
  };
}

/** Splits the signature header on single spaces (spec: "space delimited list"); each entry is `version,signature`. */
export function parseSignatureHeader(value: string): SignatureEntry[] {
  const entries: SignatureEntry[] = [];
  value.split(" ").forEach((raw, index) => {
    if (raw === "") return;
    const comma = raw.indexOf(",");
    // An entry without "version," is not a signature the reference libraries accept; keep it so it can be reported.
    entries.push(
      comma < 0
        ? {index, version: "", signature: raw, raw}
        : {index, version: raw.slice(0, comma), signature: raw.slice(comma + 1), raw}
    );
  });
  return entries;
}

export type HeaderRead =
  | {ok: true; msgId: string; timestamp: number; signatureHeader: string}
  | {ok: false; code: "missing-headers" | "invalid-timestamp"; reason: string; msgId?: string};

/** Reads and validates the three Standard Webhooks headers (names are case-insensitive). */
export function readStandardWebhookHeaders(headers: HeaderBag): HeaderRead {
  const msgId = readHeader(headers, WEBHOOK_ID_HEADER);
  const timestampText = readHeader(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatureHeader = readHeader(headers, WEBHOOK_SIGNATURE_HEADER);
  const missing = [
    msgId ? undefined : WEBHOOK_ID_HEADER,
    timestampText ? undefined : WEBHOOK_TIMESTAMP_HEADER,
    signatureHeader ? undefined : WEBHOOK_SIGNATURE_HEADER
  ].filter((name): name is string => name !== undefined);
  if (missing.length > 0 || !msgId || !timestampText || !signatureHeader) {
    return {ok: false, code: "missing-headers", reason: `missing required header(s): ${missing.join(", ")}`};
  }
  // Spec: "integer unix timestamp (seconds since epoch)". Digits only (the Go library rejects anything else too).
  const timestamp = /^\d{1,15}$/.test(timestampText) ? Number(timestampText) : NaN;
  if (!Number.isSafeInteger(timestamp)) {
    return {
      ok: false,
      code: "invalid-timestamp",
      msgId,
      reason: `${WEBHOOK_TIMESTAMP_HEADER} "${timestampText}" is not integer Unix seconds`
    };
  }
  return {ok: true, msgId, timestamp, signatureHeader};
}

export type TimestampCheck =
  | {ok: true; ageSeconds: number; reason: string}
  | {ok: false; code: "timestamp-too-old" | "timestamp-too-new"; ageSeconds: number; reason: string};

/**
 * The checks every Standard Webhooks scheme (v1, v1a) makes before any signature:
 * the three headers are present and well formed, and the timestamp is inside the window.
 */
export function readHeadersInWindow(
  headers: HeaderBag,
  nowSeconds: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS
):
  | (HeaderRead & {ok: false})
  | {ok: false; code: StandardWebhookFailureCode; reason: string; msgId: string; timestamp: number}
  | (HeaderRead & {ok: true; windowReason: string}) {
  const read = readStandardWebhookHeaders(headers);
  if (!read.ok) return read;
  const window = checkStandardWebhookTimestamp(read.timestamp, nowSeconds, toleranceSeconds);
  if (!window.ok)
    return {ok: false, code: window.code, reason: window.reason, msgId: read.msgId, timestamp: read.timestamp};
  return {...read, windowReason: window.reason};
}

/**
 * The replay window. Like the reference libraries: too old when now - t > tolerance,
 * too new when t - now > tolerance (both bounds inclusive). Infinity disables the window.
 */
export function checkStandardWebhookTimestamp(
  timestamp: number,
  nowSeconds: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS
): TimestampCheck {
  if (Number.isNaN(toleranceSeconds) || toleranceSeconds < 0)
    throw new RangeError("toleranceSeconds must be >= 0 or Infinity");
  if (!Number.isFinite(nowSeconds)) throw new RangeError("nowSeconds must be a finite number");
  const ageSeconds = nowSeconds - timestamp;
  // A live receiver's clock has fractions of a second: a reason says them to a tenth, never 360.5869998931885.
  const seconds = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  if (toleranceSeconds === Infinity) {
    return {ok: true, ageSeconds, reason: "timestamp window not enforced (toleranceSeconds: Infinity)"};
  }
  if (ageSeconds > toleranceSeconds) {
    return {
      ok: false,
      code: "timestamp-too-old",
      ageSeconds,
      reason: `message timestamp too old: signed ${seconds(ageSeconds)} s before now, tolerance is ${toleranceSeconds} s`
    };
  }
  if (-ageSeconds > toleranceSeconds) {
    return {
      ok: false,
      code: "timestamp-too-new",
      ageSeconds,
      reason: `message timestamp too new: ${seconds(-ageSeconds)} s in the future, tolerance is ${toleranceSeconds} s`
    };
  }
  return {
    ok: true,
    ageSeconds,
    reason: `timestamp is ${seconds(ageSeconds)} s from now, within ±${toleranceSeconds} s`
  };
}

export type InvalidArgument = {ok: false; code: "invalid-argument"; reason: string};

/** A value's kind for a reason. Never String(value): an object without a usable toString would throw. */
function describeArgument(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Uint8Array) return "a Uint8Array";
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "undefined") return "undefined";
  return `a${typeof value === "object" ? "n" : ""} ${typeof value}`;
}

export function invalidArgument(name: string, accepted: string, received: unknown): InvalidArgument {
  return {
    ok: false,
    code: "invalid-argument",
    reason: `${name} must be ${accepted}; got ${describeArgument(received)}`
  };
}

/**
 * The arguments both verifiers (v1, v1a) take besides their keys, checked
 * before anything is read: callers in plain JavaScript get an answer that
 * names the argument, never an exception from deep inside.
 */
export function checkVerifyArguments(input: unknown, keyName: string): InvalidArgument | undefined {
  if (typeof input !== "object" || input === null)
    return invalidArgument(
      "the input",
      `an object {${keyName}, headers, payload, nowSeconds, toleranceSeconds?}`,
      input
    );
  const {headers, payload, nowSeconds, toleranceSeconds} = input as Record<string, unknown>;
  if (typeof nowSeconds !== "number" || !Number.isFinite(nowSeconds))
    return invalidArgument(
      "nowSeconds",
      "a finite number of Unix seconds (the receiver's clock, passed in)",
      nowSeconds
    );
  if (
    toleranceSeconds !== undefined &&
    (typeof toleranceSeconds !== "number" || Number.isNaN(toleranceSeconds) || toleranceSeconds < 0)
  ) {
    return invalidArgument(
      "toleranceSeconds",
      `a number of seconds >= 0, Infinity (no window), or absent (${DEFAULT_TOLERANCE_SECONDS} s)`,
      toleranceSeconds
    );
  }
  if (typeof payload !== "string" && !(payload instanceof Uint8Array))
    return invalidArgument("payload", "the raw body: a string (signed as UTF-8) or a Uint8Array", payload);
  if (typeof headers !== "object" || headers === null || Array.isArray(headers))
    return invalidArgument("headers", "an object of header names to string values", headers);
  for (const name of [WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_SIGNATURE_HEADER]) {
    const value = rawHeader(headers as Record<string, unknown>, name);
    if (value !== undefined && typeof value !== "string")
      return invalidArgument(`headers["${name}"]`, "a string (the header's value) or absent", value);
  }
  return undefined;
}

/** A key argument: one `accepted` value, or a list of them (a rotation); `isKey` says what one is. */
export function checkKeyArgument(
  name: string,
  value: unknown,
  isKey: (key: unknown) => boolean,
  accepted: string
): InvalidArgument | undefined {
  if (!Array.isArray(value))
    return isKey(value) ? undefined : invalidArgument(name, `${accepted}, or a list of those`, value);
  for (let k = 0; k < value.length; k++) {
    if (!isKey(value[k])) return invalidArgument(`${name}[${k}]`, accepted, value[k]);
  }
  return undefined;
}

const isSymmetricSecret = (key: unknown): boolean => typeof key === "string" || key instanceof Uint8Array;

function describeEntries(entries: readonly SignatureEntry[], version: string): string {
  const versions = entries.map((entry) =>
    entry.version === "" ? `"${entry.raw.slice(0, 12)}…" (no version prefix)` : entry.version
  );
  const usable = entries.filter((entry) => entry.version === version).length;
  return usable === 0
    ? `no "${version}," entry in ${WEBHOOK_SIGNATURE_HEADER} (found: ${versions.join(", ") || "nothing"})`
    : `none of the ${usable} "${version}" entr${usable === 1 ? "y" : "ies"} matches the expected signature`;
}

/**
 * Verifies a `v1` Standard Webhooks signature. `secret` may list several keys
 * (receiver side of a rotation). Order of checks follows the reference
 * libraries: headers, timestamp window, then signature; arguments of the
 * wrong type come first, as "invalid-argument". Never rejects.
 */
export async function verifyStandardWebhook(input: {
  secret: WebhookSecret | readonly WebhookSecret[];
  headers: HeaderBag;
  payload: WebhookPayload;
  nowSeconds: number;
  toleranceSeconds?: number;
}): Promise<StandardWebhookVerification> {
  const invalid =
    checkVerifyArguments(input, "secret") ??
    checkKeyArgument(
      "secret",
      input.secret,
      isSymmetricSecret,
      `a "${SYMMETRIC_SECRET_PREFIX}" base64 string or the raw key bytes (a Uint8Array)`
    );
  if (invalid) return invalid;
  const read = readHeadersInWindow(input.headers, input.nowSeconds, input.toleranceSeconds);
  if (!read.ok) return read;
  const {msgId, timestamp, signatureHeader} = read;

  if (!globalThis.crypto?.subtle) {
    // Browsers expose crypto.subtle only in secure contexts (https, localhost).
    return {
      ok: false,
      code: "unsupported",
      reason: "no Web Crypto here (crypto.subtle exists only in secure contexts: https or localhost)",
      msgId,
      timestamp
    };
  }
  const keys: Bytes[] = [];
  for (const secret of asList(input.secret)) {
    const decoded = decodeSymmetricSecret(secret);
    if (!decoded.ok)
      return {
        ok: false,
        code: "invalid-key",
        reason: `configured secret unusable: ${decoded.reason}`,
        msgId,
        timestamp
      };
    keys.push(decoded.key);
  }
  if (keys.length === 0) return {ok: false, code: "invalid-key", reason: "no secret configured", msgId, timestamp};

  const entries = parseSignatureHeader(signatureHeader);
  const content = standardWebhookSignedContent(msgId, timestamp, input.payload);
  for (const [keyIndex, key] of keys.entries()) {
    const expected = utf8((await computeV1Signature(key, content)).slice(SYMMETRIC_VERSION.length + 1));
    for (const entry of entries) {
      if (entry.version !== SYMMETRIC_VERSION) continue;
      // Compare the base64 texts in constant time, as the reference libraries do.
      if (constantTimeEqual(utf8(entry.signature), expected)) {
        return {
          ok: true,
          reason: `signature entry ${entry.index + 1} matches configured secret ${keyIndex + 1}; ${read.windowReason}`,
          msgId,
          timestamp,
          matched: {entryIndex: entry.index, version: SYMMETRIC_VERSION, keyIndex}
        };
      }
    }
  }
  return {
    ok: false,
    code: "no-matching-signature",
    reason: `no matching signature: ${describeEntries(entries, SYMMETRIC_VERSION)}`,
    msgId,
    timestamp
  };
}
