/**
 * Standard Webhooks asymmetric scheme `v1a` (Ed25519), through Web Crypto.
 * Spec table "Signature scheme": ed25519; secret key shown as `whsk_` + base64,
 * public key as `whpk_` + base64. The Go reference library (libraries/go/
 * webhook_asymmetric.go) treats the `whsk_` value as the 32-byte Ed25519 seed
 * (ed25519.NewKeyFromSeed) and the `whpk_` value as the 32-byte public key.
 *
 * Runtime support for Ed25519 in Web Crypto: Node.js since 18.4 as
 * {name: "Ed25519"} (flagged "experimental" in the Node 20 docs, graduated to
 * stable by nodejs/node PR #56142), Firefox 129, Safari 17, Chrome/Edge 137
 * (May 2025; before that only behind a flag). Where a runtime lacks it, these
 * functions answer {code: "unsupported"} instead of throwing.
 */
import {BASE64_LENIENT, decodeBase64, encodeBase64} from "../../shared/base64.js";
import {WEBHOOK_BASE64, concatBytes, fromUtf8, toBytes, type Bytes} from "../bytes.js";
import type {HeaderBag} from "../http-headers.js";
import {
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  assertSignableMessage,
  checkKeyArgument,
  checkVerifyArguments,
  invalidArgument,
  parseSignatureHeader,
  readHeadersInWindow,
  standardWebhookSignedContent,
  type InvalidArgument,
  type SignedStandardWebhook,
  type StandardWebhookVerification,
  type WebhookPayload
} from "./standard-webhooks.js";

export const ASYMMETRIC_SECRET_KEY_PREFIX = "whsk_";
export const ASYMMETRIC_PUBLIC_KEY_PREFIX = "whpk_";
export const ASYMMETRIC_VERSION = "v1a";
const ED25519 = {name: "Ed25519"} as const;
const ED25519_KEY_BYTES = 32;
const ED25519_SIGNATURE_BYTES = 64;
// DER prefix of a PKCS#8 PrivateKeyInfo for Ed25519 (RFC 8410 §7): the 32-byte seed follows.
const PKCS8_ED25519_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20
]);
// A fixed valid public key (RFC 8032 §7.1 test 1) used only to probe support.
const PROBE_PUBLIC_KEY = new Uint8Array([
  0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72,
  0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a
]);

export type Ed25519Support = {supported: true; reason: string} | {supported: false; reason: string};

export type V1aResult<T> = ({ok: true} & T) | {ok: false; code: "unsupported" | "invalid-key"; reason: string};

/** What a rejection carried, for a reason ("Name: message"). Never throws: String() of an object without a usable toString would. */
function describeRejection(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;
  } catch {
    return "a value that cannot be shown as text";
  }
}

function unsupportedReason(error: unknown): string {
  return `this runtime's Web Crypto does not support Ed25519 (${describeRejection(error)}); Chrome/Edge need version 137+, Firefox 129+, Safari 17+, Node 18.4+`;
}

function isUnsupported(error: unknown): boolean {
  // NotSupportedError (browsers, Node) or a TypeError for an unrecognised algorithm name (older engines).
  return error instanceof Error && (error.name === "NotSupportedError" || error.name === "TypeError");
}

/** Probes whether `subtle` can import an Ed25519 public key. Never throws. */
export async function detectEd25519Support(
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle
): Promise<Ed25519Support> {
  if (!subtle)
    return {supported: false, reason: "no Web Crypto (crypto.subtle is unavailable, e.g. an insecure context)"};
  try {
    await subtle.importKey("raw", PROBE_PUBLIC_KEY, ED25519, false, ["verify"]);
    return {supported: true, reason: "Web Crypto imports Ed25519 keys"};
  } catch (error) {
    return {supported: false, reason: unsupportedReason(error)};
  }
}

function decodePrefixed(
  text: string,
  prefix: string,
  what: string
): {ok: true; bytes: Bytes} | {ok: false; code: "invalid-key"; reason: string} {
  const body = text.startsWith(prefix) ? text.slice(prefix.length) : text;
  const decoded = decodeBase64(body, WEBHOOK_BASE64);
  if (!decoded.ok)
    return {
      ok: false,
      code: "invalid-key",
      reason: `${what} is not standard base64 after the optional "${prefix}" prefix`
    };
  if (decoded.bytes.length !== ED25519_KEY_BYTES) {
    return {
      ok: false,
      code: "invalid-key",
      reason: `${what} decodes to ${decoded.bytes.length} bytes, an Ed25519 key has ${ED25519_KEY_BYTES}`
    };
  }
  return {ok: true, bytes: decoded.bytes};
}

async function importSecretKey(secretKey: string, subtle: SubtleCrypto): Promise<V1aResult<{key: CryptoKey}>> {
  const seed = decodePrefixed(secretKey, ASYMMETRIC_SECRET_KEY_PREFIX, "the secret key");
  if (!seed.ok) return seed;
  try {
    const key = await subtle.importKey("pkcs8", concatBytes(PKCS8_ED25519_PREFIX, seed.bytes), ED25519, true, ["sign"]);
    return {ok: true, key};
  } catch (error) {
    if (isUnsupported(error)) return {ok: false, code: "unsupported", reason: unsupportedReason(error)};
    return {ok: false, code: "invalid-key", reason: `the secret key was refused: ${describeRejection(error)}`};
  }
}

/** The `whpk_` public key that belongs to a `whsk_` secret key (seed). */
export async function deriveStandardWebhookPublicKey(
  secretKey: string,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle
): Promise<V1aResult<{publicKey: string}>> {
  if (!subtle) return {ok: false, code: "unsupported", reason: "no Web Crypto available"};
  const imported = await importSecretKey(secretKey, subtle);
  if (!imported.ok) return imported;
  const jwk = await subtle.exportKey("jwk", imported.key);
  // A JWK's x is base64url without padding (RFC 7517 section 3, RFC 8037 section 2).
  const x = decodeBase64(jwk.x ?? "", BASE64_LENIENT);
  if (!x.ok) return {ok: false, code: "invalid-key", reason: "could not export the public key"};
  return {ok: true, publicKey: ASYMMETRIC_PUBLIC_KEY_PREFIX + encodeBase64(x.bytes)};
}

/** Signs with Ed25519 (`v1a`). Ed25519 is deterministic, so the result is a fixed function of the inputs. */
export async function signStandardWebhookV1a(input: {
  secretKey: string;
  msgId: string;
  timestamp: number;
  payload: WebhookPayload;
  subtle?: SubtleCrypto;
}): Promise<V1aResult<{signed: SignedStandardWebhook}>> {
  assertSignableMessage(input.msgId, input.timestamp);
  const subtle = input.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) return {ok: false, code: "unsupported", reason: "no Web Crypto available"};
  const imported = await importSecretKey(input.secretKey, subtle);
  if (!imported.ok) return imported;
  const content = standardWebhookSignedContent(input.msgId, input.timestamp, input.payload);
  const signatureBytes = new Uint8Array(await subtle.sign(ED25519, imported.key, content));
  const signature = `${ASYMMETRIC_VERSION},${encodeBase64(signatureBytes)}`;
  return {
    ok: true,
    signed: {
      msgId: input.msgId,
      timestamp: input.timestamp,
      signature,
      signatures: [signature],
      headers: {
        [WEBHOOK_ID_HEADER]: input.msgId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(input.timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signature
      },
      signedContent: fromUtf8(content)
    }
  };
}

/** Something that can stand in for Web Crypto here: importKey and verify are all a verifier calls. */
function isSubtleLike(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const subtle = value as Record<string, unknown>;
  return typeof subtle["importKey"] === "function" && typeof subtle["verify"] === "function";
}

type VerifyV1aInput = {
  publicKey: string | readonly string[];
  headers: HeaderBag;
  payload: WebhookPayload;
  nowSeconds: number;
  toleranceSeconds?: number;
  subtle?: SubtleCrypto;
};

type V1aFailure = Extract<StandardWebhookVerification, {ok: false}>;

/** The message being verified, so every failure can still say which one it was. */
type MessageIdentity = {msgId: string; timestamp: number};

/** Arguments of the wrong type (callers may be plain JavaScript), before any header is read. */
function checkV1aArguments(input: VerifyV1aInput): InvalidArgument | undefined {
  return (
    checkVerifyArguments(input, "publicKey") ??
    checkKeyArgument(
      "publicKey",
      input.publicKey,
      (key) => typeof key === "string",
      `a "${ASYMMETRIC_PUBLIC_KEY_PREFIX}" base64 string`
    ) ??
    (input.subtle === undefined || isSubtleLike(input.subtle)
      ? undefined
      : invalidArgument(
          "subtle",
          "a SubtleCrypto (with importKey and verify), or absent for crypto.subtle",
          input.subtle
        ))
  );
}

/** Imports every trusted `whpk_` key up front: one bad key fails the check rather than being skipped. */
async function importTrustedPublicKeys(
  publicKeys: readonly string[],
  subtle: SubtleCrypto,
  {msgId, timestamp}: MessageIdentity
): Promise<{ok: true; keys: CryptoKey[]} | V1aFailure> {
  const keys: CryptoKey[] = [];
  for (const text of publicKeys) {
    const raw = decodePrefixed(text, ASYMMETRIC_PUBLIC_KEY_PREFIX, "the public key");
    if (!raw.ok) return {...raw, msgId, timestamp};
    let key: unknown;
    try {
      key = await subtle.importKey("raw", raw.bytes, ED25519, false, ["verify"]);
    } catch (error) {
      if (isUnsupported(error))
        return {ok: false, code: "unsupported", reason: unsupportedReason(error), msgId, timestamp};
      return {
        ok: false,
        code: "invalid-key",
        reason: `public key ${keys.length + 1} was refused by subtle.importKey: ${describeRejection(error)}`,
        msgId,
        timestamp
      };
    }
    // A CryptoKey is an object; anything else comes from a stand-in that is not Web Crypto.
    if (typeof key !== "object" || key === null)
      return {
        ...invalidArgument(`subtle.importKey's result for public key ${keys.length + 1}`, "a CryptoKey", key),
        msgId,
        timestamp
      };
    keys.push(key as CryptoKey);
  }
  if (keys.length === 0) return {ok: false, code: "invalid-key", reason: "no public key configured", msgId, timestamp};
  return {ok: true, keys};
}

/**
 * Asks `subtle` whether one signature verifies with one key. `checked` names
 * the entry and key for messages. A stand-in `subtle` that rejects or answers
 * anything but a boolean is reported, not trusted.
 */
async function verifyOneSignature(
  subtle: SubtleCrypto,
  key: CryptoKey,
  signature: Bytes,
  content: Bytes,
  checked: string,
  {msgId, timestamp}: MessageIdentity
): Promise<{ok: true; verified: boolean} | V1aFailure> {
  let verified: unknown;
  try {
    verified = await subtle.verify(ED25519, key, signature, toBytes(content));
  } catch (error) {
    // The key imported, so Ed25519 is there; only an explicit NotSupportedError still means "unsupported".
    if (error instanceof Error && error.name === "NotSupportedError")
      return {ok: false, code: "unsupported", reason: unsupportedReason(error), msgId, timestamp};
    return {
      ok: false,
      code: "invalid-argument",
      reason: `subtle.verify rejected checking ${checked} (${describeRejection(error)}); subtle must be a SubtleCrypto whose verify resolves to true or false`,
      msgId,
      timestamp
    };
  }
  // Only true verifies: a truthy stand-in answer ("true", 1, {}) must not let a message through.
  if (typeof verified !== "boolean")
    return {
      ...invalidArgument(`subtle.verify's result for ${checked}`, "true or false", verified),
      msgId,
      timestamp
    };
  return {ok: true, verified};
}

/**
 * Verifies `v1a` entries against a trust list of `whpk_` public keys. Reports
 * "unsupported" rather than throwing, and arguments of the wrong type as
 * "invalid-argument", a `subtle` whose importKey or verify rejects or answers
 * something Web Crypto never does included. Never rejects.
 */
export async function verifyStandardWebhookV1a(input: VerifyV1aInput): Promise<StandardWebhookVerification> {
  const invalid = checkV1aArguments(input);
  if (invalid) return invalid;
  const read = readHeadersInWindow(input.headers, input.nowSeconds, input.toleranceSeconds);
  if (!read.ok) return read;
  const {msgId, timestamp, signatureHeader} = read;
  const subtle = input.subtle ?? globalThis.crypto?.subtle;
  if (!subtle) return {ok: false, code: "unsupported", reason: "no Web Crypto available", msgId, timestamp};

  const publicKeys = typeof input.publicKey === "string" ? [input.publicKey] : input.publicKey;
  const imported = await importTrustedPublicKeys(publicKeys, subtle, {msgId, timestamp});
  if (!imported.ok) return imported;

  const entries = parseSignatureHeader(signatureHeader).filter((entry) => entry.version === ASYMMETRIC_VERSION);
  const content = standardWebhookSignedContent(msgId, timestamp, input.payload);
  for (const [keyIndex, key] of imported.keys.entries()) {
    for (const entry of entries) {
      const decoded = decodeBase64(entry.signature, WEBHOOK_BASE64);
      if (!decoded.ok || decoded.bytes.length !== ED25519_SIGNATURE_BYTES) continue;
      const checked = `v1a entry ${entry.index + 1} with public key ${keyIndex + 1}`;
      const answer = await verifyOneSignature(subtle, key, decoded.bytes, content, checked, {msgId, timestamp});
      if (!answer.ok) return answer;
      if (answer.verified) {
        return {
          ok: true,
          reason: `v1a signature entry ${entry.index + 1} verifies with public key ${keyIndex + 1}; ${read.windowReason}`,
          msgId,
          timestamp,
          matched: {entryIndex: entry.index, version: ASYMMETRIC_VERSION, keyIndex}
        };
      }
    }
  }
  return {
    ok: false,
    code: "no-matching-signature",
    reason:
      entries.length === 0
        ? `no matching signature: no "${ASYMMETRIC_VERSION}," entry in ${WEBHOOK_SIGNATURE_HEADER}`
        : `no matching signature: none of the ${entries.length} "${ASYMMETRIC_VERSION}" entries verifies with the trusted public key(s)`,
    msgId,
    timestamp
  };
}
