/**
 * The Standard Webhooks signature check of a received request, with the values it compared and,
 * when no entry matches, the likeliest cause: the same request verifies once one classic change
 * is undone (a trailing newline, CRLF turned into LF by a text box, a body re-serialized as JSON,
 * the secret used as text instead of its base64 bytes). Then the signed content the sender must
 * have signed is compared byte for byte with the one built from what was pasted.
 */
import {encodeBase64} from "../../shared/base64.js";
import {shownValue} from "../../text/visible-text.js";
import {fromUtf8, fromUtf8Strict, utf8, type Bytes} from "../bytes.js";
import {compareBytes, shownPair, SHOWN_COMPARED_LENGTH, type ComparedValue} from "./received-comparison.js";
import {
  SYMMETRIC_VERSION,
  computeV1Signature,
  decodeSymmetricSecret,
  parseSignatureHeader,
  standardWebhookSignedContent,
  verifyStandardWebhook,
  type StandardWebhookVerification
} from "../standard-webhooks/standard-webhooks.js";
import {ASYMMETRIC_VERSION, verifyStandardWebhookV1a} from "../standard-webhooks/standard-webhooks-v1a.js";

export interface SignatureCheckInput {
  headers: Readonly<Record<string, string>>;
  body: Bytes;
  msgId: string;
  timestamp: number;
  secret?: string;
  publicKey?: string;
  subtle?: SubtleCrypto;
}

export interface SignatureCheckResult {
  status: "pass" | "fail" | "skipped";
  reason: string;
  compared: ComparedValue[];
}

/** At most this many received entries are listed in a comparison. */
const LISTED_ENTRIES = 4;

const showContent = (bytes: Uint8Array) => shownValue(fromUtf8(bytes), SHOWN_COMPARED_LENGTH);

interface BodyVariant {
  /** What the sender did, in words: "the sender signed the body with a trailing newline". */
  cause: string;
  body: Bytes;
}

/** Bodies the sender may have signed instead of the one pasted, each one classic change away. */
export function bodyVariants(body: Bytes): BodyVariant[] {
  const text = fromUtf8Strict(body);
  if (text === undefined) return [];
  const variants: BodyVariant[] = [];
  const add = (cause: string, changed: string) => {
    if (changed !== text && !variants.some((variant) => fromUtf8(variant.body) === changed))
      variants.push({cause, body: utf8(changed)});
  };
  if (text.includes("\n") && !text.includes("\r\n"))
    add(
      "the sender's body had CRLF line ends, and the text box turned them into LF: paste the body as base64 to keep its exact bytes",
      text.replace(/\n/g, "\r\n")
    );
  if (/\r?\n$/.test(text))
    add("the body pasted ends with a line break the sender did not sign", text.replace(/\r?\n$/, ""));
  else add("the sender signed the body with a trailing line break that the paste lost", `${text}\n`);
  try {
    add(
      "the body was re-serialized (JSON.parse then JSON.stringify) on one side: sign and verify the raw bytes",
      JSON.stringify(JSON.parse(text))
    );
  } catch {
    // Not JSON: no re-serialized variant.
  }
  return variants;
}

async function verifyWith(
  input: SignatureCheckInput,
  body: Bytes,
  secret: string | Uint8Array | undefined,
  publicKey: string | undefined
): Promise<StandardWebhookVerification | undefined> {
  const common = {headers: input.headers, payload: body, nowSeconds: input.timestamp, toleranceSeconds: Infinity};
  if (secret !== undefined) {
    const v1 = await verifyStandardWebhook({...common, secret});
    if (v1.ok || publicKey === undefined) return v1;
  }
  if (publicKey !== undefined)
    return verifyStandardWebhookV1a({...common, publicKey, ...(input.subtle ? {subtle: input.subtle} : {})});
  return undefined;
}

/** The entries the header holds, each compared with the v1 signature the receiver computed. */
async function entryComparisons(input: SignatureCheckInput): Promise<ComparedValue[]> {
  const entries = parseSignatureHeader(input.headers["webhook-signature"] ?? "");
  const compared: ComparedValue[] = [];
  const content = standardWebhookSignedContent(input.msgId, input.timestamp, input.body);
  compared.push(
    shownPair(
      `signed content {webhook-id}.{webhook-timestamp}.{body}, ${content.length} bytes, built from what you pasted`,
      showContent(content),
      ""
    )
  );
  const key = input.secret === undefined ? undefined : decodeSymmetricSecret(input.secret);
  const expected = key?.ok ? await computeV1Signature(key.key, content) : undefined;
  for (const entry of entries.slice(0, LISTED_ENTRIES)) {
    if (entry.version === SYMMETRIC_VERSION && expected !== undefined) {
      compared.push(
        compareBytes(`webhook-signature entry ${entry.index + 1} (v1)`, utf8(expected), utf8(entry.raw), (bytes) =>
          shownValue(fromUtf8(bytes), SHOWN_COMPARED_LENGTH)
        )
      );
    } else {
      const what =
        entry.version === ASYMMETRIC_VERSION
          ? "Ed25519 signature: verified with the public key, not compared as text"
          : entry.version === SYMMETRIC_VERSION
            ? "no usable secret to compute the expected value"
            : `not a scheme this receiver checks (“${shownValue(entry.version || "no version")}”)`;
      compared.push(
        shownPair(
          `webhook-signature entry ${entry.index + 1} (${entry.version || "no version"})`,
          what,
          shownValue(entry.raw, SHOWN_COMPARED_LENGTH)
        )
      );
    }
  }
  if (entries.length > LISTED_ENTRIES)
    compared.push(shownPair("further entries", "", `${entries.length - LISTED_ENTRIES} more not listed`));
  return compared;
}

/** The first classic change that makes the request verify, with the signed contents compared. */
async function diagnose(input: SignatureCheckInput): Promise<{cause: string; compared: ComparedValue} | undefined> {
  const pasted = standardWebhookSignedContent(input.msgId, input.timestamp, input.body);
  for (const variant of bodyVariants(input.body)) {
    const result = await verifyWith(input, variant.body, input.secret, input.publicKey);
    if (result?.ok) {
      const signed = standardWebhookSignedContent(input.msgId, input.timestamp, variant.body);
      return {
        cause: variant.cause,
        compared: compareBytes(
          "signed content: what the sender signed (expected) and what you pasted (received)",
          signed,
          pasted,
          showContent
        )
      };
    }
  }
  if (input.secret !== undefined) {
    const asText = await verifyWith(input, input.body, utf8(input.secret), undefined);
    if (asText?.ok) {
      const decoded = decodeSymmetricSecret(input.secret);
      return {
        cause: "the sender used the characters of the secret as the HMAC key instead of the bytes its base64 encodes",
        compared: shownPair(
          "HMAC key",
          decoded.ok
            ? `base64-decoded: ${decoded.key.length} bytes (${encodeBase64(decoded.key).slice(0, 12)}…)`
            : "base64-decoded bytes",
          `the ${utf8(input.secret).length} characters of the text`
        )
      };
    }
  }
  return undefined;
}

function skippedSignature(input: SignatureCheckInput, schemes: Set<string>): SignatureCheckResult | undefined {
  const canV1 = input.secret !== undefined && schemes.has(SYMMETRIC_VERSION);
  const canV1a = input.publicKey !== undefined && schemes.has(ASYMMETRIC_VERSION);
  if (canV1 || canV1a) return undefined;
  const needs = [
    schemes.has(SYMMETRIC_VERSION) ? "the endpoint's whsec_ secret (for its v1 entries)" : "",
    schemes.has(ASYMMETRIC_VERSION) ? "the sender's whpk_ public key (for its v1a entries)" : ""
  ].filter(Boolean);
  return {
    status: "skipped",
    reason:
      needs.length > 0 ? `not checked: enter ${needs.join(" or ")}` : "not checked: the header has no v1 or v1a entry",
    compared: []
  };
}

/** Checks the signature entries with the receiver's secret and/or public key. Never throws. */
export async function checkReceivedSignature(input: SignatureCheckInput): Promise<SignatureCheckResult> {
  const schemes = new Set(parseSignatureHeader(input.headers["webhook-signature"] ?? "").map((entry) => entry.version));
  const skipped = skippedSignature(input, schemes);
  if (skipped) return skipped;
  const secret = schemes.has(SYMMETRIC_VERSION) ? input.secret : undefined;
  const publicKey = schemes.has(ASYMMETRIC_VERSION) ? input.publicKey : undefined;
  const result = (await verifyWith(input, input.body, secret, publicKey))!;
  const compared = await entryComparisons(input);
  if (result.ok) return {status: "pass", reason: result.reason.split(";")[0]!, compared};
  if (result.code === "unsupported") return {status: "skipped", reason: `not checked here: ${result.reason}`, compared};
  if (result.code !== "no-matching-signature") return {status: "fail", reason: result.reason, compared};
  const cause = await diagnose({
    ...input,
    ...(secret !== undefined ? {secret} : {}),
    ...(publicKey !== undefined ? {publicKey} : {})
  });
  if (cause)
    return {
      status: "fail",
      reason: `${result.reason}. It verifies once one change is undone: ${cause.cause}`,
      compared: [cause.compared, ...compared]
    };
  return {
    status: "fail",
    reason: `${result.reason}. No classic body change explains it: a different secret or key, or a body changed in transit, gives this`,
    compared
  };
}
