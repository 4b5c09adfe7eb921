/**
 * A Standard Webhooks signature debugger: shows the exact signed string, the
 * signature the receiver expects and the ones it received, and lets classic
 * mistakes be switched on one at a time to see their symptom.
 *
 * The sender is modeled correctly except for the sender-side mistakes; the
 * receiver is modeled with the receiver-side mistakes. `correctReceiver` is
 * what a correct receiver with the same configured secret concludes about the
 * same request, so a page can tell "the request is fine, the receiver is
 * wrong" from "the request itself cannot verify".
 */
import * as z from "zod/mini";
import {decodeBase64, encodeBase64} from "../../shared/base64.js";
import {WEBHOOK_BASE64, firstDifference, fromUtf8, utf8, type Bytes} from "../bytes.js";
import {constantTimeEqual} from "../constant-time.js";
import {DEMO_OTHER_ENDPOINT_SECRET, DEMO_ROTATED_SECRET} from "../fixtures.js";
import {
  DEFAULT_TOLERANCE_SECONDS,
  SYMMETRIC_VERSION,
  WEBHOOK_SIGNATURE_HEADER,
  checkStandardWebhookTimestamp,
  computeV1Signature,
  decodeSymmetricSecret,
  hmacSha256,
  parseSignatureHeader,
  signStandardWebhook,
  standardWebhookSignedContent,
  verifyStandardWebhook,
  type StandardWebhookHeaders,
  type StandardWebhookVerification,
  type TimestampCheck
} from "./standard-webhooks.js";

export type MistakeId =
  | "reserializedBody"
  | "secretNotBase64Decoded"
  | "wrongSecret"
  | "clockSkew"
  | "signatureHeaderSplitOnComma"
  | "missingVersionPrefix"
  | "rotatedWithoutOverlap";

export interface ClassicMistake {
  id: MistakeId;
  label: string;
  side: "sender" | "receiver";
  symptom: string;
  fix: string;
}

export const CLASSIC_MISTAKES: readonly ClassicMistake[] = [
  {
    id: "reserializedBody",
    label: "Body re-serialized instead of the raw bytes",
    side: "receiver",
    symptom:
      "No matching signature although the secret is right: JSON.parse then JSON.stringify drops whitespace, moves integer-like keys first, rewrites numbers (1.0 → 1) and escapes (\\u00e9 → é).",
    fix: "Verify over the raw request body bytes before parsing (e.g. express.raw, request.arrayBuffer())."
  },
  {
    id: "secretNotBase64Decoded",
    label: "Secret used as text, not base64-decoded",
    side: "receiver",
    symptom:
      'Every signature mismatches: the HMAC key is the characters of "whsec_…" instead of the bytes they encode.',
    fix: "Strip the optional whsec_ prefix and base64-decode the rest; use those bytes as the HMAC key."
  },
  {
    id: "wrongSecret",
    label: "Wrong secret (another endpoint's)",
    side: "receiver",
    symptom: "Every signature mismatches; the signed content is identical on both sides.",
    fix: "Use the secret of this endpoint; secrets are per endpoint."
  },
  {
    id: "clockSkew",
    label: "Receiver clock skew",
    side: "receiver",
    symptom: 'Signature valid but "timestamp too old" or "too new" once the skew exceeds the tolerance.',
    fix: "Keep clocks synchronised (NTP); do not widen the tolerance to hide a broken clock."
  },
  {
    id: "signatureHeaderSplitOnComma",
    label: 'Signature list split on "," instead of " "',
    side: "receiver",
    symptom:
      'Works while the header carries one signature; fails as soon as it carries several (key rotation), because header.split(",")[1] is "<sig> v1".',
    fix: "Split the header on spaces, then each entry on its first comma; accept any v1 entry that matches."
  },
  {
    id: "missingVersionPrefix",
    label: 'Signature sent without the "v1," prefix',
    side: "sender",
    symptom: "Spec-following receivers find no v1 entry and refuse the webhook, although the base64 value is right.",
    fix: 'Send "v1,<base64>"; each entry names its scheme.'
  },
  {
    id: "rotatedWithoutOverlap",
    label: "Secret rotated without overlap",
    side: "sender",
    symptom:
      "From the switch on, every delivery fails until the receiver updates its secret (no zero-downtime rotation).",
    fix: "During a rotation sign with both the new and the old secret (two entries in webhook-signature) until receivers have switched."
  }
];

export type MistakeToggles = Partial<Record<Exclude<MistakeId, "clockSkew">, boolean>> & {
  /** Receiver clock minus true time, in seconds (0 = no skew). */
  clockSkewSeconds?: number;
};

// User input (page form): validated before anything is computed.
const DebugInput = z.object({
  secret: z.string().check(z.minLength(1)),
  msgId: z.string().check(
    z.minLength(1),
    z.refine((id) => !id.includes("."), 'msgId must not contain "."')
  ),
  timestamp: z.union([z.int().check(z.nonnegative()), z.string().check(z.regex(/^\d{1,15}$/))]),
  body: z.string(),
  nowSeconds: z.number(),
  toleranceSeconds: z.optional(z.number().check(z.nonnegative())),
  /** The sender signs with both secrets (new and old) during a rotation. */
  duringRotation: z.optional(z.boolean()),
  /** The secret the sender rotates to. */
  newSecret: z.optional(z.string()),
  /** The secret the misconfigured receiver uses for "wrongSecret". */
  otherSecret: z.optional(z.string()),
  mistakes: z.optional(
    z.object({
      reserializedBody: z.optional(z.boolean()),
      secretNotBase64Decoded: z.optional(z.boolean()),
      wrongSecret: z.optional(z.boolean()),
      clockSkewSeconds: z.optional(z.number()),
      signatureHeaderSplitOnComma: z.optional(z.boolean()),
      missingVersionPrefix: z.optional(z.boolean()),
      rotatedWithoutOverlap: z.optional(z.boolean())
    })
  )
});
export type SignatureDebugInput = z.input<typeof DebugInput>;

export interface MistakeReport extends ClassicMistake {
  enabled: boolean;
  /** Whether this mistake alone (every other toggle off) makes this request fail. */
  breaksThisRequestAlone: boolean;
  /** The concrete outcome when it is the only mistake. */
  aloneOutcome: string;
}

export interface SignatureDebugReport {
  ok: true;
  sender: {
    /** Which secrets the sender signed with, by role. */
    signedWith: string[];
    signedContent: string;
    headers: StandardWebhookHeaders;
  };
  receiver: {
    keyDescription: string;
    keyBytes: number;
    /** The content this receiver feeds to HMAC. */
    signedContent: string;
    expectedSignature: string;
    /** The signature candidates as this receiver parsed them from the header. */
    receivedSignatures: string[];
    nowSeconds: number;
  };
  /** First byte where the sender's and the receiver's signed content differ (undefined: identical). */
  contentDifference?: ContentDifference;
  verdict: {ok: boolean; code: string; reason: string};
  correctReceiver: StandardWebhookVerification;
  mistakes: MistakeReport[];
}

/** A few bytes either side of the first differing byte, that byte apart so a view can mark it. */
export interface MarkedExcerpt {
  before: string;
  at: string;
  after: string;
}

export interface ContentDifference {
  index: number;
  sender: string;
  receiver: string;
  /** Each side's bytes around the difference, the differing byte marked (a slide shows them). */
  senderMarked: MarkedExcerpt;
  receiverMarked: MarkedExcerpt;
}

export type SignatureDebugResult = SignatureDebugReport | {ok: false; issues: string[]};

type Parsed = z.output<typeof DebugInput>;

interface Simulation {
  senderSecrets: {role: string; secret: string}[];
  senderContent: Bytes;
  headers: StandardWebhookHeaders;
  receiverKey: Bytes | undefined;
  keyDescription: string;
  receiverContent: Bytes | undefined;
  expectedSignature: string;
  received: string[];
  receiverNow: number;
  verdict: {ok: boolean; code: string; reason: string};
}

function excerpt(bytes: Bytes, index: number): string {
  return fromUtf8(bytes.slice(Math.max(0, index - 8), index + 8));
}

/** Bytes a marked excerpt shows either side of the difference. */
const MARKED_RADIUS = 24;

/** The bytes around `index`, the byte at `index` apart (empty past the end: the other side is longer). */
function markedExcerpt(bytes: Bytes, index: number): MarkedExcerpt {
  const start = Math.max(0, index - MARKED_RADIUS);
  return {
    before: `${start > 0 ? "…" : ""}${fromUtf8(bytes.slice(start, index))}`,
    at: fromUtf8(bytes.slice(index, index + 1)),
    after: `${fromUtf8(bytes.slice(index + 1, index + 1 + MARKED_RADIUS))}${index + 1 + MARKED_RADIUS < bytes.length ? "…" : ""}`
  };
}

async function simulate(input: Parsed, mistakes: MistakeToggles): Promise<Simulation> {
  const timestamp = Number(input.timestamp);
  const sender = await senderSide(input, mistakes, timestamp);
  const receiverNow = input.nowSeconds + (mistakes.clockSkewSeconds ?? 0);
  const {receiverKey, keyDescription} = receiverKeyOf(input, mistakes);
  const body = receiverBodyOf(input, mistakes);
  const receiverContent = body.bytes ? standardWebhookSignedContent(input.msgId, timestamp, body.bytes) : undefined;
  const expectedBase64 =
    receiverKey && receiverContent ? encodeBase64(await hmacSha256(receiverKey, receiverContent)) : "";
  const expectedSignature = expectedBase64 ? `${SYMMETRIC_VERSION},${expectedBase64}` : "";
  const received = receivedSignatures(sender.signatureHeader, mistakes);
  const window = checkStandardWebhookTimestamp(
    timestamp,
    receiverNow,
    input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  );
  const verdict = receiverVerdict({
    crash: body.crash,
    receiverKey,
    keyDescription,
    window,
    received,
    expectedBase64,
    expectedSignature
  });
  return {
    senderSecrets: sender.secrets,
    senderContent: sender.content,
    headers: sender.headers,
    receiverKey,
    keyDescription,
    receiverContent,
    expectedSignature,
    received,
    receiverNow,
    verdict
  };
}

/** What the sender signs with (its secrets during a rotation, or after one without overlap) and what it sends. */
async function senderSide(input: Parsed, mistakes: MistakeToggles, timestamp: number) {
  const newSecret = input.newSecret ?? DEMO_ROTATED_SECRET;
  const secrets = mistakes.rotatedWithoutOverlap
    ? [{role: "new secret only", secret: newSecret}]
    : input.duringRotation
      ? [
          {role: "current (old) secret", secret: input.secret},
          {role: "new secret", secret: newSecret}
        ]
      : [{role: "configured secret", secret: input.secret}];
  const signed = await signStandardWebhook({
    secret: secrets.map((s) => s.secret),
    msgId: input.msgId,
    timestamp,
    payload: input.body
  });
  const signatureHeader = mistakes.missingVersionPrefix
    ? signed.signatures.map((s) => s.slice(s.indexOf(",") + 1)).join(" ")
    : signed.signature;
  const headers: StandardWebhookHeaders = {...signed.headers, [WEBHOOK_SIGNATURE_HEADER]: signatureHeader};
  return {secrets, signatureHeader, headers, content: standardWebhookSignedContent(input.msgId, timestamp, input.body)};
}

/** The receiver's key: the secret base64-decoded, or (a mistake) its text used as bytes. */
function receiverKeyOf(
  input: Parsed,
  mistakes: MistakeToggles
): {receiverKey: Bytes | undefined; keyDescription: string} {
  const receiverSecretText = mistakes.wrongSecret ? (input.otherSecret ?? DEMO_OTHER_ENDPOINT_SECRET) : input.secret;
  if (mistakes.secretNotBase64Decoded) {
    const receiverKey = utf8(receiverSecretText);
    return {
      receiverKey,
      keyDescription: `the ${receiverKey.length} characters of "${receiverSecretText.slice(0, 10)}…" used as bytes`
    };
  }
  const decoded = decodeSymmetricSecret(receiverSecretText);
  return decoded.ok
    ? {
        receiverKey: decoded.key,
        keyDescription: `${decoded.key.length} bytes base64-decoded from ${mistakes.wrongSecret ? "another endpoint's secret" : "the configured secret"}`
      }
    : {receiverKey: undefined, keyDescription: `unusable: ${decoded.reason}`};
}

/** The receiver's view of the body: the bytes received, or (a mistake) the body parsed and serialized again. */
function receiverBodyOf(input: Parsed, mistakes: MistakeToggles): {bytes?: Bytes; crash?: string} {
  if (!mistakes.reserializedBody) return {bytes: utf8(input.body)};
  try {
    return {bytes: utf8(JSON.stringify(JSON.parse(input.body)))};
  } catch {
    return {crash: "JSON.parse failed on the body: the receiver crashes before verifying"};
  }
}

/** The receiver's parsing of the signature header: by its spaces, or (a mistake) split on the comma. */
function receivedSignatures(signatureHeader: string, mistakes: MistakeToggles): string[] {
  if (mistakes.signatureHeaderSplitOnComma) return [signatureHeader.split(",")[1] ?? ""];
  return parseSignatureHeader(signatureHeader)
    .filter((entry) => entry.version === SYMMETRIC_VERSION)
    .map((entry) => entry.signature);
}

/** The receiver's answer, from the first thing that stops it. */
function receiverVerdict(seen: {
  crash: string | undefined;
  receiverKey: Bytes | undefined;
  keyDescription: string;
  window: TimestampCheck;
  received: string[];
  expectedBase64: string;
  expectedSignature: string;
}): Simulation["verdict"] {
  const {crash, receiverKey, keyDescription, window, received, expectedBase64, expectedSignature} = seen;
  if (crash) return {ok: false, code: "receiver-crash", reason: crash};
  if (!receiverKey) return {ok: false, code: "invalid-key", reason: keyDescription};
  if (!window.ok) return {ok: false, code: window.code, reason: window.reason};
  if (received.length === 0)
    return {
      ok: false,
      code: "no-matching-signature",
      reason: `no "${SYMMETRIC_VERSION}," entry found in ${WEBHOOK_SIGNATURE_HEADER}`
    };
  const match = received.findIndex((candidate) => constantTimeEqual(utf8(candidate), utf8(expectedBase64)));
  return match >= 0
    ? {ok: true, code: "ok", reason: `received signature ${match + 1} matches; ${window.reason}`}
    : {
        ok: false,
        code: "no-matching-signature",
        reason: `none of ${received.length} received signature(s) equals the expected ${expectedSignature}`
      };
}

function onlyThis(id: MistakeId, parsed: Parsed): MistakeToggles {
  if (id === "clockSkew") return {clockSkewSeconds: parsed.mistakes?.clockSkewSeconds ?? 0};
  return {[id]: true};
}

export async function debugStandardWebhook(raw: SignatureDebugInput): Promise<SignatureDebugResult> {
  const parsedInput = z.safeParse(DebugInput, raw);
  if (!parsedInput.success) {
    return {
      ok: false,
      issues: parsedInput.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`)
    };
  }
  const parsed = parsedInput.data;
  for (const [name, secret] of [
    ["secret", parsed.secret],
    ["newSecret", parsed.newSecret],
    ["otherSecret", parsed.otherSecret]
  ] as const) {
    if (secret === undefined) continue;
    const decoded = decodeSymmetricSecret(secret);
    if (!decoded.ok) return {ok: false, issues: [`${name}: ${decoded.reason}`]};
  }
  const toggles: MistakeToggles = parsed.mistakes ?? {};
  const sim = await simulate(parsed, toggles);

  const receiverSecret = toggles.wrongSecret ? (parsed.otherSecret ?? DEMO_OTHER_ENDPOINT_SECRET) : parsed.secret;
  const correctReceiver = await verifyStandardWebhook({
    secret: receiverSecret,
    headers: sim.headers,
    payload: parsed.body,
    nowSeconds: parsed.nowSeconds,
    ...(parsed.toleranceSeconds !== undefined ? {toleranceSeconds: parsed.toleranceSeconds} : {})
  });

  const mistakes: MistakeReport[] = [];
  for (const mistake of CLASSIC_MISTAKES) {
    const alone = await simulate(parsed, onlyThis(mistake.id, parsed));
    const enabled = mistake.id === "clockSkew" ? (toggles.clockSkewSeconds ?? 0) !== 0 : toggles[mistake.id] === true;
    mistakes.push({...mistake, enabled, breaksThisRequestAlone: !alone.verdict.ok, aloneOutcome: alone.verdict.reason});
  }

  const difference = sim.receiverContent ? firstDifference(sim.senderContent, sim.receiverContent) : -1;
  return {
    ok: true,
    sender: {
      signedWith: sim.senderSecrets.map((s) => s.role),
      signedContent: fromUtf8(sim.senderContent),
      headers: sim.headers
    },
    receiver: {
      keyDescription: sim.keyDescription,
      keyBytes: sim.receiverKey?.length ?? 0,
      signedContent: sim.receiverContent ? fromUtf8(sim.receiverContent) : "",
      expectedSignature: sim.expectedSignature,
      receivedSignatures: sim.received,
      nowSeconds: sim.receiverNow
    },
    ...(difference >= 0 && sim.receiverContent
      ? {
          contentDifference: {
            index: difference,
            sender: excerpt(sim.senderContent, difference),
            receiver: excerpt(sim.receiverContent, difference),
            senderMarked: markedExcerpt(sim.senderContent, difference),
            receiverMarked: markedExcerpt(sim.receiverContent, difference)
          }
        }
      : {}),
    verdict: sim.verdict,
    correctReceiver,
    mistakes
  };
}

/** The v1 signature of a content string with a given secret: handy for a page's "compute it yourself" box. */
export async function signatureOf(secret: string, signedContent: string): Promise<string | undefined> {
  const decoded = decodeSymmetricSecret(secret);
  return decoded.ok ? computeV1Signature(decoded.key, utf8(signedContent)) : undefined;
}

/** Whether a received base64 signature decodes to 32 bytes (the HMAC-SHA256 length). */
export function looksLikeV1Signature(base64: string): boolean {
  const decoded = decodeBase64(base64, WEBHOOK_BASE64);
  return decoded.ok && decoded.bytes.length === 32;
}
