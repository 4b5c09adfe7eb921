/**
 * Verify a webhook you received: a pasted request (raw headers, raw body) and what the receiver
 * knows (a `whsec_` secret, a `whpk_` public key, a JWKS, the expected token, credentials and
 * task id, "now") go through every check of the profile the headers use, in order, each with
 * pass, fail or skipped and the exact values it compared; the first failure is named.
 *
 * Sans-I/O like the rest of lib: "now" is an input, nothing is fetched (a pasted JWKS is the
 * whole key set), and the only effects are Web Crypto's. Pasted text is untrusted: each box has
 * a stated limit, and what cannot be read is reported, never thrown.
 */
import type {JSONWebKeySet} from "jose";
import * as z from "zod/mini";
import {readPushPayload} from "../pipeline/a2a-payload.js";
import {utf8, type Bytes} from "../bytes.js";
import {constantTimeEqual} from "../constant-time.js";
import {createJwksCache} from "../jwt/jwks-cache.js";
import {
  BODY_HASH_CLAIM,
  NOTIFICATION_TOKEN_HEADER,
  TASK_ID_CLAIM,
  bodySha256Hex,
  verifyA2aPushJwt,
  type A2aPushJwtVerification,
  type CheckStatus,
  type JwtCheck
} from "../jwt/jwt-profile.js";
import {compareTexts, shownPair, type ComparedValue} from "./received-comparison.js";
import {
  detectReceivedProfile,
  RECEIVED_PROFILES,
  type ProfileDetection,
  type ReceivedProfile
} from "./received-profile.js";
import {
  RECEIVED_BOX_LIMIT_BYTES,
  RECEIVED_FIELD_LIMIT_BYTES,
  checkBoxSize,
  parseReceivedHeaders,
  readReceivedBody,
  type BodyEncoding,
  type BoxProblem,
  type ReceivedHeaderBlock
} from "./received-request.js";
import {checkReceivedSignature} from "./received-signature.js";
import {
  DEFAULT_TOLERANCE_SECONDS,
  checkStandardWebhookTimestamp,
  readStandardWebhookHeaders
} from "../standard-webhooks/standard-webhooks.js";

/** What the receiver knows. Every field is optional: a check whose input is missing is skipped and says what to enter. */
export interface ReceiverKnowledge {
  /** `whsec_` + base64: the endpoint's Standard Webhooks secret (v1). */
  secret?: string;
  /** `whpk_` + base64: the sender's Ed25519 public key (v1a). */
  publicKey?: string;
  /** The sender's JSON Web Key Set, as JSON text (the JWT profile). */
  jwks?: string;
  /** The JWT's expected `iss` and `aud`. */
  issuer?: string;
  audience?: string;
  /** TaskPushNotificationConfig.token, expected in X-A2A-Notification-Token. */
  token?: string;
  /** TaskPushNotificationConfig.authentication as `<scheme> <credentials>`, expected in Authorization. */
  authorization?: string;
  /** The task this receiver subscribed to. */
  taskId?: string;
  /** The Standard Webhooks window, ± seconds (default 300). */
  toleranceSeconds?: number;
}

export interface ReceivedWebhookInput {
  /** The raw header block as pasted. */
  headers: string;
  /** The raw body as pasted: text (sent as UTF-8) or base64 of the exact bytes. */
  body: string;
  bodyEncoding?: BodyEncoding;
  receiver: ReceiverKnowledge;
  /** The receiver's clock, Unix seconds (the caller's clock or a time the reader chose). */
  nowSeconds: number;
  /** "auto" (default) follows the headers; a profile overrides the detection. */
  profile?: ReceivedProfile | "auto";
  /** For tests: a Web Crypto without Ed25519. */
  subtle?: SubtleCrypto;
}

export type ReceivedCheckId =
  | "profile"
  | "sw-headers"
  | "sw-timestamp"
  | "sw-signature"
  | "authorization"
  | "jwt-key-set"
  | `jwt-${JwtCheck["id"]}`
  | "token"
  | "expected-task"
  | "time-bounds";

export interface ReceivedCheck {
  id: ReceivedCheckId;
  label: string;
  status: CheckStatus;
  reason: string;
  compared: ComparedValue[];
}

export type ReceivedOutcome = "pass" | "fail" | "incomplete" | "not-checked";

export interface ReceivedWebhookVerdict {
  /** pass: no check failed and one that proves the sender passed; incomplete: nothing failed, the sender is not proven. */
  outcome: ReceivedOutcome;
  summary: string;
  /** Boxes that could not be used: nothing was checked. */
  problems: BoxProblem[];
  /** What was read with a caveat (repeated headers, a lone surrogate in the body, ...). */
  notices: string[];
  headerBlock?: ReceivedHeaderBlock;
  detection?: ProfileDetection;
  profile?: ReceivedProfile;
  /** The reader chose the profile rather than the headers. */
  overridden: boolean;
  bodyBytes?: number;
  checks: ReceivedCheck[];
  firstFailure?: ReceivedCheck;
}

// The input enters from a page's boxes: checked before anything is read.
const Knowledge = z.object({
  secret: z.optional(z.string()),
  publicKey: z.optional(z.string()),
  jwks: z.optional(z.string()),
  issuer: z.optional(z.string()),
  audience: z.optional(z.string()),
  token: z.optional(z.string()),
  authorization: z.optional(z.string()),
  taskId: z.optional(z.string()),
  toleranceSeconds: z.optional(z.number().check(z.nonnegative()))
});
const Input = z.object({
  headers: z.string(),
  body: z.string(),
  bodyEncoding: z.optional(z.enum(["utf-8", "base64"])),
  receiver: Knowledge,
  nowSeconds: z.number(),
  profile: z.optional(z.enum(["auto", ...RECEIVED_PROFILES]))
});

// A pasted JWKS is untrusted JSON: RFC 7517 §5, {"keys": [{"kty": ...}, ...]}.
const PastedJwks = z.looseObject({keys: z.array(z.looseObject({kty: z.string()}))});

const BOX_NAMES: Readonly<Record<keyof ReceiverKnowledge, string>> = {
  secret: "Secret (whsec_)",
  publicKey: "Public key (whpk_)",
  jwks: "Key set (JWKS)",
  issuer: "Expected issuer",
  audience: "Expected audience",
  token: "Expected token",
  authorization: "Expected Authorization",
  taskId: "Expected task id",
  toleranceSeconds: "Tolerance"
};

/** Boxes over their limits: each named, with what it accepts. */
function sizeProblems(input: z.infer<typeof Input>): BoxProblem[] {
  const problems = [
    checkBoxSize("Headers", input.headers, RECEIVED_BOX_LIMIT_BYTES),
    checkBoxSize("Body", input.body, RECEIVED_BOX_LIMIT_BYTES)
  ];
  for (const [field, value] of Object.entries(input.receiver)) {
    if (typeof value !== "string") continue;
    const limit = field === "jwks" ? RECEIVED_BOX_LIMIT_BYTES : RECEIVED_FIELD_LIMIT_BYTES;
    problems.push(checkBoxSize(BOX_NAMES[field as keyof ReceiverKnowledge], value, limit));
  }
  return problems.filter((problem): problem is BoxProblem => problem !== undefined);
}

/** What the checks read: the pasted request and the receiver's knowledge, blanks as absent. */
interface Reading {
  bag: Readonly<Record<string, string>>;
  body: Bytes;
  receiver: ReceiverKnowledge;
  nowSeconds: number;
  subtle?: SubtleCrypto;
}

/** A box left empty (or only blanks) means "not known". */
function known(receiver: ReceiverKnowledge): ReceiverKnowledge {
  const out: ReceiverKnowledge = {};
  for (const [field, value] of Object.entries(receiver) as [keyof ReceiverKnowledge, string | number | undefined][]) {
    if (typeof value === "string" && value.trim() !== "")
      (out as Record<string, unknown>)[field] = field === "jwks" ? value : value.trim();
    if (typeof value === "number") out.toleranceSeconds = value;
  }
  return out;
}

const notChecked = (summary: string, rest: Partial<ReceivedWebhookVerdict> = {}): ReceivedWebhookVerdict => ({
  outcome: "not-checked",
  summary,
  problems: [],
  notices: [],
  overridden: false,
  checks: [],
  ...rest
});

/** Verifies a pasted request. Never throws: every problem is a check, a notice or a named box. */
export async function verifyReceivedWebhook(input: ReceivedWebhookInput): Promise<ReceivedWebhookVerdict> {
  const parsed = z.safeParse(Input, input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return notChecked(
      `Not checked: the verifier was called with ${issue?.path.join(".") || "its input"} not as accepted (${issue?.message ?? "invalid"})`
    );
  }
  const problems = sizeProblems(parsed.data);
  if (problems.length > 0)
    return notChecked(`Not checked: ${problems.map((problem) => `${problem.box} ${problem.problem}`).join("; ")}`, {
      problems
    });
  const body = readReceivedBody(parsed.data.body, parsed.data.bodyEncoding ?? "utf-8");
  if (!body.ok)
    return notChecked(`Not checked: ${body.problem.box} ${body.problem.problem}`, {problems: [body.problem]});
  try {
    return await verifyRead(parsed.data, body.bytes, body.notices, input.subtle);
  } catch (error) {
    // A last guard: a library below that throws on some input must not take the page with it.
    return notChecked(
      `Not checked: the verifier stopped on an unexpected error (${error instanceof Error ? error.name : "error"}); nothing is reported as checked`
    );
  }
}

async function verifyRead(
  input: z.infer<typeof Input>,
  body: Bytes,
  bodyNotices: string[],
  subtle: SubtleCrypto | undefined
): Promise<ReceivedWebhookVerdict> {
  const headerBlock = parseReceivedHeaders(input.headers);
  const notices = [...headerNotices(headerBlock), ...bodyNotices];
  const detection = detectReceivedProfile(headerBlock.bag);
  const chosen = input.profile === undefined || input.profile === "auto" ? undefined : input.profile;
  const profile = chosen ?? detection.profile;
  const reading: Reading = {
    bag: headerBlock.bag,
    body,
    receiver: known(input.receiver),
    nowSeconds: input.nowSeconds,
    ...(subtle ? {subtle} : {})
  };
  const profileCheck = checkProfile(detection, chosen);
  const checks = [profileCheck, ...(profile ? await PROFILE_CHECKS[profile](reading) : [])];
  const firstFailure = checks.find((check) => check.status === "fail");
  const outcome = verdictOf(checks, profile);
  return {
    outcome,
    summary: summaryOf(outcome, firstFailure, checks),
    problems: [],
    notices,
    headerBlock,
    detection,
    ...(profile ? {profile} : {}),
    overridden: chosen !== undefined,
    bodyBytes: body.length,
    checks,
    ...(firstFailure ? {firstFailure} : {})
  };
}

function headerNotices(block: ReceivedHeaderBlock): string[] {
  const notices = block.repeated.map(
    (repeat) =>
      `${repeat.name} appears on lines ${repeat.lines.join(", ")}: the first (line ${repeat.lines[0]}) is used`
  );
  if (block.unreadable.length > 0)
    notices.push(
      `${block.unreadable.length + block.unreadableNotListed} header line${block.unreadable.length + block.unreadableNotListed === 1 ? "" : "s"} could not be read and ${block.unreadable.length + block.unreadableNotListed === 1 ? "is" : "are"} left out (listed below)`
    );
  return notices;
}

/** The checks that prove who sent the request, by profile: a pass needs one of them passed. */
const AUTHENTICITY: Readonly<Record<ReceivedProfile, readonly ReceivedCheckId[]>> = {
  "standard-webhooks": ["sw-signature"],
  "a2a-jwt": ["jwt-signature"],
  "a2a-credentials": ["authorization", "token"]
};

function verdictOf(checks: readonly ReceivedCheck[], profile: ReceivedProfile | undefined): ReceivedOutcome {
  if (checks.some((check) => check.status === "fail")) return "fail";
  const proving = profile ? AUTHENTICITY[profile] : [];
  return checks.some((check) => proving.includes(check.id) && check.status === "pass") ? "pass" : "incomplete";
}

function summaryOf(
  outcome: ReceivedOutcome,
  firstFailure: ReceivedCheck | undefined,
  checks: readonly ReceivedCheck[]
): string {
  if (firstFailure) return `Refused at “${firstFailure.label}”: ${firstFailure.reason}`;
  const skipped = checks.filter((check) => check.status === "skipped").map((check) => check.label);
  const passed = checks.filter((check) => check.status === "pass").length;
  if (outcome === "pass")
    return `Accepted: ${passed} check${passed === 1 ? "" : "s"} passed, none failed${skipped.length > 0 ? `; not checked: ${skipped.join(", ")}` : ""}.`;
  return `Nothing failed, but the sender is not verified: ${skipped.join(", ") || "no credential"} not checked (see why below).`;
}

function check(
  id: ReceivedCheckId,
  label: string,
  status: CheckStatus,
  reason: string,
  compared: ComparedValue[] = []
): ReceivedCheck {
  return {id, label, status, reason, compared};
}

function checkProfile(detection: ProfileDetection, chosen: ReceivedProfile | undefined): ReceivedCheck {
  if (chosen) {
    const agrees = detection.profile === chosen;
    return check(
      "profile",
      "Profile",
      "pass",
      `chosen by you${agrees ? ", as the headers say" : `; the headers say ${detection.profile ?? "no profile"} (${detection.reason})`}`
    );
  }
  if (!detection.profile)
    return check("profile", "Profile", "fail", detection.reason, [
      shownPair("headers", "webhook-id + webhook-signature, Authorization or X-A2A-Notification-Token", "none of them")
    ]);
  return check("profile", "Profile", "pass", `detected from ${detection.decidedBy.join(" and ")}: ${detection.reason}`);
}

const PROFILE_CHECKS: Readonly<Record<ReceivedProfile, (reading: Reading) => Promise<ReceivedCheck[]>>> = {
  "standard-webhooks": standardWebhooksChecks,
  "a2a-jwt": jwtChecks,
  "a2a-credentials": credentialChecks
};

// ---------- Standard Webhooks ----------

async function standardWebhooksChecks(reading: Reading): Promise<ReceivedCheck[]> {
  const read = readStandardWebhookHeaders(reading.bag);
  const checks: ReceivedCheck[] = [];
  if (!read.ok) {
    checks.push(
      check("sw-headers", "Standard Webhooks headers", "fail", read.reason, swHeaderComparisons(reading.bag))
    );
    const later = "not evaluated: the signed content needs webhook-id and an integer webhook-timestamp";
    checks.push(
      check("sw-timestamp", "Timestamp window", "skipped", later),
      check("sw-signature", "Signature", "skipped", later)
    );
  } else {
    checks.push(
      check(
        "sw-headers",
        "Standard Webhooks headers",
        "pass",
        `webhook-id "${read.msgId}", webhook-timestamp ${read.timestamp}, webhook-signature present`
      )
    );
    checks.push(timestampCheck(read.timestamp, reading));
    const signature = await checkReceivedSignature({
      headers: reading.bag,
      body: reading.body,
      msgId: read.msgId,
      timestamp: read.timestamp,
      ...(reading.receiver.secret !== undefined ? {secret: reading.receiver.secret} : {}),
      ...(reading.receiver.publicKey !== undefined ? {publicKey: reading.receiver.publicKey} : {}),
      ...(reading.subtle ? {subtle: reading.subtle} : {})
    });
    checks.push(check("sw-signature", "Signature", signature.status, signature.reason, signature.compared));
  }
  return [...checks, tokenCheck(reading), expectedTaskCheck(reading)];
}

function swHeaderComparisons(bag: Readonly<Record<string, string>>): ComparedValue[] {
  return ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) =>
    shownPair(
      `header ${name}`,
      name === "webhook-timestamp" ? "integer Unix seconds" : "present",
      bag[name] === undefined ? "(absent)" : bag[name]!.slice(0, 160)
    )
  );
}

/** Unix seconds as an ISO date, for a reader (an input is never read from the clock here). */
function isoTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? `${seconds}` : date.toISOString().replace(".000Z", "Z");
}

function timestampCheck(timestamp: number, reading: Reading): ReceivedCheck {
  const tolerance = reading.receiver.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const window = checkStandardWebhookTimestamp(timestamp, reading.nowSeconds, tolerance);
  const compared = [
    shownPair(
      "now − webhook-timestamp",
      `between −${tolerance} and ${tolerance} s`,
      `${window.ageSeconds} s (signed ${isoTime(timestamp)}, now ${isoTime(reading.nowSeconds)})`
    )
  ];
  return check("sw-timestamp", "Timestamp window", window.ok ? "pass" : "fail", window.reason, compared);
}

// ---------- A2A credentials ----------

async function credentialChecks(reading: Reading): Promise<ReceivedCheck[]> {
  return [
    authorizationCheck(reading),
    tokenCheck(reading),
    expectedTaskCheck(reading),
    check(
      "time-bounds",
      "Time bounds",
      "skipped",
      "this profile carries no signed timestamp and no event id: a captured request stays valid until the credentials are rotated"
    )
  ];
}

function authorizationCheck({bag, receiver}: Reading): ReceivedCheck {
  const label = "Authorization credentials";
  const header = bag["authorization"];
  if (receiver.authorization === undefined) {
    return check(
      "authorization",
      label,
      "skipped",
      header === undefined
        ? "no Authorization header, and no expected credentials entered"
        : `the request carries Authorization (scheme “${header.split(" ")[0]}”): enter the expected “<scheme> <credentials>” to check it`
    );
  }
  const space = receiver.authorization.indexOf(" ");
  if (space <= 0)
    return check(
      "authorization",
      label,
      "fail",
      `the expected value must be “<scheme> <credentials>” (e.g. “Bearer abc123”), as TaskPushNotificationConfig.authentication gives them`
    );
  const expectedScheme = receiver.authorization.slice(0, space);
  const expectedCredentials = receiver.authorization.slice(space + 1).trim();
  if (header === undefined)
    return check("authorization", label, "fail", "expected header Authorization, which the request does not carry", [
      shownPair("header", `Authorization: ${expectedScheme} …`, "(absent)")
    ]);
  const headerSpace = header.indexOf(" ");
  const scheme = headerSpace > 0 ? header.slice(0, headerSpace) : header;
  const credentials = headerSpace > 0 ? header.slice(headerSpace + 1).trim() : "";
  // Scheme names are case-insensitive (RFC 9110 §11.1); credentials are compared exactly.
  if (scheme.toLowerCase() !== expectedScheme.toLowerCase()) {
    return check(
      "authorization",
      label,
      "fail",
      `the Authorization scheme “${scheme}” is not the expected “${expectedScheme}” (compared without case, RFC 9110 §11.1)`,
      [compareTexts("Authorization scheme", expectedScheme, scheme)]
    );
  }
  const compared = [compareTexts("Authorization credentials", expectedCredentials, credentials)];
  if (!constantTimeEqual(utf8(credentials), utf8(expectedCredentials)))
    return check(
      "authorization",
      label,
      "fail",
      "the Authorization credentials differ from the expected ones",
      compared
    );
  return check(
    "authorization",
    label,
    "pass",
    `Authorization carries the expected ${expectedScheme} credentials`,
    compared
  );
}

function tokenCheck({bag, receiver}: Reading): ReceivedCheck {
  const label = "Configured token";
  const name = NOTIFICATION_TOKEN_HEADER;
  const received = bag[name.toLowerCase()];
  if (receiver.token === undefined) {
    return check(
      "token",
      label,
      "skipped",
      received === undefined
        ? "no token expected (TaskPushNotificationConfig.token not entered)"
        : `the request carries ${name}: enter the expected token to check it`
    );
  }
  if (received === undefined) {
    const sdkNote =
      bag["authorization"] !== undefined
        ? "; @a2a-js/sdk sends this header only for a config without authentication, and sends Authorization instead when it has one"
        : "";
    return check("token", label, "fail", `expected header ${name}, which the request does not carry${sdkNote}`, [
      shownPair("header", `${name}: …`, "(absent)")
    ]);
  }
  const compared = [compareTexts(`${name} value`, receiver.token, received)];
  if (!constantTimeEqual(utf8(received), utf8(receiver.token)))
    return check("token", label, "fail", `${name} does not match the expected token`, compared);
  return check("token", label, "pass", `${name} matches the expected token`, compared);
}

function expectedTaskCheck({body, receiver}: Reading): ReceivedCheck {
  const label = "Expected task";
  const payload = readPushPayload(body);
  if (receiver.taskId === undefined) {
    return check(
      "expected-task",
      label,
      "skipped",
      payload.ok
        ? `the ${payload.shape} names task “${payload.taskId}”: enter the task id you subscribed to, to check it`
        : `no expected task id entered (and ${payload.reason})`
    );
  }
  if (!payload.ok)
    return check("expected-task", label, "fail", payload.reason, [
      shownPair("task id", receiver.taskId, "(none read from the body)")
    ]);
  const compared = [compareTexts("task id", receiver.taskId, payload.taskId)];
  if (payload.taskId !== receiver.taskId)
    return check(
      "expected-task",
      label,
      "fail",
      `the ${payload.shape} names task “${payload.taskId}”, not the expected one`,
      compared
    );
  return check("expected-task", label, "pass", `the ${payload.shape} names the expected task`, compared);
}

// ---------- The A2A push JWT profile ----------

// The labels of the checks verifyA2aPushJwt runs; one it adds later shows under its id.
const JWT_LABELS: Readonly<Partial<Record<JwtCheck["id"], string>>> = {
  bearer: "Bearer token",
  signature: "JWT signature (JWKS)",
  claims: "Claims set",
  issuer: "Issuer (iss)",
  audience: "Audience (aud)",
  "body-hash": "Body hash",
  "task-id": `Task id (${TASK_ID_CLAIM})`,
  "issued-at": "Issued at (iat)",
  expiry: "Expiry (exp)",
  "jwt-id": "JWT id (jti)"
};

type KeySetRead = {ok: true; keys: JSONWebKeySet; check: ReceivedCheck} | {ok: false; check: ReceivedCheck};

function readKeySet(text: string | undefined): KeySetRead {
  const label = "Key set (JWKS)";
  if (text === undefined)
    return {
      ok: false,
      check: check(
        "jwt-key-set",
        label,
        "skipped",
        'no JWKS entered: paste the sender\'s key set ({"keys": [...]}) to verify the signature'
      )
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      check: check(
        "jwt-key-set",
        label,
        "fail",
        `the key set is not JSON (${error instanceof Error ? error.message.slice(0, 120) : "unreadable"})`
      )
    };
  }
  const parsed = z.safeParse(PastedJwks, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      check: check(
        "jwt-key-set",
        label,
        "fail",
        `not a JWKS: expected {"keys": [{"kty": …}, …]} (RFC 7517 §5); at /${issue?.path.join("/") ?? ""}: ${issue?.message ?? "invalid"}`
      )
    };
  }
  const kids = parsed.data.keys.map((key) => (typeof key["kid"] === "string" ? key["kid"] : "(no kid)"));
  return {
    ok: true,
    keys: parsed.data as JSONWebKeySet,
    check: check(
      "jwt-key-set",
      label,
      "pass",
      `${kids.length} key${kids.length === 1 ? "" : "s"}: ${kids.slice(0, 8).join(", ")}${kids.length > 8 ? ", …" : ""}`
    )
  };
}

async function jwtChecks(reading: Reading): Promise<ReceivedCheck[]> {
  const {receiver} = reading;
  const keySet = readKeySet(receiver.jwks);
  const jwt = await verifyA2aPushJwt({
    authorization: reading.bag["authorization"],
    body: reading.body,
    jwks: createJwksCache(keySet.ok ? keySet.keys : {keys: []}),
    nowSeconds: reading.nowSeconds,
    expected: {
      issuer: receiver.issuer ?? "",
      audience: receiver.audience ?? "",
      ...(receiver.taskId !== undefined ? {taskId: receiver.taskId} : {})
    }
  });
  // The token is checked once for every profile (tokenCheck), so the JWT's own token check is left out.
  const ownChecks = jwt.checks.filter((jwtCheck) => (jwtCheck.id as string) !== "config-token");
  const claimChecks = await Promise.all(
    ownChecks.map((jwtCheck) => jwtReceivedCheck(jwtCheck, jwt, reading, keySet.ok))
  );
  return [keySet.check, ...claimChecks, tokenCheck(reading), expectedTaskCheck(reading)];
}

async function jwtReceivedCheck(
  jwtCheck: JwtCheck,
  jwt: A2aPushJwtVerification,
  reading: Reading,
  haveKeys: boolean
): Promise<ReceivedCheck> {
  const at: JwtCheckAt = {
    id: `jwt-${jwtCheck.id}` as const,
    label: JWT_LABELS[jwtCheck.id] ?? jwtCheck.id,
    jwtCheck,
    claims: jwt.claims
  };
  switch (jwtCheck.id) {
    case "signature":
      if (!haveKeys) return check(at.id, at.label, "skipped", "not checked: no usable key set");
      return check(
        at.id,
        at.label,
        jwtCheck.status,
        jwtCheck.reason,
        jwt.kid ? [shownPair("kid", "a key of the set", jwt.kid)] : []
      );
    case "issuer":
      return issuerCheck(at, reading.receiver);
    case "audience":
      return audienceCheck(at, reading.receiver);
    case "body-hash":
      return await bodyHashCheck(at, reading.body);
    case "issued-at":
    case "expiry":
      return claimTimeCheck(at, reading.nowSeconds);
    default: {
      // The values verifyA2aPushJwt says it compared, when it says.
      const theirs = (jwtCheck as {compared?: {expected: string; received: string}}).compared;
      return check(
        at.id,
        at.label,
        jwtCheck.status,
        jwtCheck.reason,
        theirs ? [shownPair(at.label, theirs.expected, theirs.received)] : []
      );
    }
  }
}

/** One check of verifyA2aPushJwt as this page shows it: its id and label here, and the claims it read. */
interface JwtCheckAt {
  id: ReceivedCheckId;
  label: string;
  jwtCheck: JwtCheck;
  claims: A2aPushJwtVerification["claims"];
}

/** A claim as the page shows it, cut short: pasted tokens are untrusted and may be huge. */
function claimText(value: unknown): string {
  return value === undefined ? "(absent)" : (JSON.stringify(value)?.slice(0, 160) ?? "(absent)");
}

/** With no expected issuer entered, the check is skipped, but the page still shows what the token says. */
function issuerCheck({id, label, jwtCheck, claims}: JwtCheckAt, receiver: ReceiverKnowledge): ReceivedCheck {
  if (receiver.issuer === undefined && jwtCheck.status !== "skipped")
    return check(id, label, "skipped", `no expected issuer entered; the token says iss = ${claimText(claims?.iss)}`);
  return check(
    id,
    label,
    jwtCheck.status,
    jwtCheck.reason,
    claims
      ? [
          compareTexts(
            "iss",
            receiver.issuer ?? "",
            typeof claims.iss === "string" ? claims.iss : claimText(claims.iss)
          )
        ]
      : []
  );
}

/** Like issuerCheck; aud may be a list, so it is shown rather than compared character by character. */
function audienceCheck({id, label, jwtCheck, claims}: JwtCheckAt, receiver: ReceiverKnowledge): ReceivedCheck {
  if (receiver.audience === undefined && jwtCheck.status !== "skipped")
    return check(id, label, "skipped", `no expected audience entered; the token says aud = ${claimText(claims?.aud)}`);
  return check(
    id,
    label,
    jwtCheck.status,
    jwtCheck.reason,
    claims ? [shownPair("aud", `contains “${receiver.audience ?? ""}”`, claimText(claims.aud))] : []
  );
}

/** The body-hash claim beside the SHA-256 of the bytes received, so a mismatch shows where it differs. */
async function bodyHashCheck({id, label, jwtCheck, claims}: JwtCheckAt, body: Bytes): Promise<ReceivedCheck> {
  if (!claims || jwtCheck.status === "skipped") return check(id, label, jwtCheck.status, jwtCheck.reason);
  const claimed = claims[BODY_HASH_CLAIM];
  return check(id, label, jwtCheck.status, jwtCheck.reason, [
    compareTexts(
      `${BODY_HASH_CLAIM} (expected) and SHA-256 of the ${body.length} body bytes (received)`,
      typeof claimed === "string" ? claimed : claimText(claimed),
      await bodySha256Hex(body)
    )
  ]);
}

/** iat or exp beside the receiver's clock, both also as ISO times for a reader. */
function claimTimeCheck({id, label, jwtCheck, claims}: JwtCheckAt, nowSeconds: number): ReceivedCheck {
  const claim = jwtCheck.id === "issued-at" ? claims?.iat : claims?.exp;
  const name = jwtCheck.id === "issued-at" ? "iat" : "exp";
  return check(
    id,
    label,
    jwtCheck.status,
    jwtCheck.reason,
    claims
      ? [
          shownPair(
            name,
            `now is ${nowSeconds} (${isoTime(nowSeconds)})`,
            typeof claim === "number" ? `${claim} (${isoTime(claim)})` : claimText(claim)
          )
        ]
      : []
  );
}
