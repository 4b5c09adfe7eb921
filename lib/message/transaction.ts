/**
 * The whole transaction for one request text: stage 1 (parse) for the
 * document, stages 2 to 6 for each request in it, the exact response text the
 * receiver sends, the receiver's receipts, and the client's decision made from
 * the response text alone. Pure and deterministic; never throws.
 */
import {parseJson} from "./json-source.js";
import type {JsonArrayNode, JsonNode, ParseWarnings} from "../shared/json-nodes.js";
import {createLocator, type SourceLocator} from "./source-span.js";
import type {Finding, RequestContext} from "./finding.js";
import {
  newOutcome,
  processRequest,
  stopOutcome,
  wireErrorFor,
  type RequestOutcome,
  type TransactionState
} from "./request.js";
import {dialectFor, type Dialect, type MessageOperation} from "./dialect.js";
import {readVersionHeader, type VersionReading} from "./version-header.js";
import {MAX_BATCH_REQUESTS, refusedBatchFinding, runBatch} from "./batch.js";
import {
  INTERNAL_ERROR,
  INVALID_REQUEST,
  PARSE_ERROR,
  REQUEST_TOO_LARGE,
  rpcError,
  type ErrorClass,
  type RpcError
} from "./response.js";
import {decideClient, type ClientDecision, type SentRequest} from "./client.js";
import {MAX_REQUEST_BYTES, exceedsRequestLimit, utf8ByteLength} from "./request-size.js";
import {SPEC_NOTES, type SpecNote} from "./spec-notes.js";
import type {Receipt} from "./handler.js";
import {buildTrace, type StageDecision} from "./trace.js";

/** Stage 1 warnings of one kind turned into findings; the rest are summed up in one more finding. */
export const MAX_PARSE_WARNING_FINDINGS = 100;

export interface MessageTransactionOptions {
  /** The A2A-Version header the client sends: "0.3" (or none: the default) or "1.0"; any other value is answered -32009. */
  version?: string;
  /** What the receiving agent runs: "send-message" (the default: message/send, SendMessage) or "set-push-config" (tasks/pushNotificationConfig/set, CreateTaskPushNotificationConfig). */
  operation?: MessageOperation;
}

export interface MessageTransaction {
  /** The A2A-Version header and the version the request was read under (null: not served, -32009). */
  version: VersionReading;
  /** "single": one request object (or any non-array value); "batch": an array; "unreadable": too large or not JSON. */
  shape: "single" | "batch" | "unreadable";
  /** UTF-8 size of the request text (counted up to the limit check). */
  byteLength: number;
  /** One outcome per request: batch elements in order, or one for the whole text. */
  requests: RequestOutcome[];
  /** Every finding, document-level first, then request by request. */
  findings: Finding[];
  /** What the receiver recorded, in handling order. */
  receipts: Receipt[];
  /** The exact body the receiver sends, or null when JSON-RPC says nothing is sent. */
  responseText: string | null;
  /** The client's decision, made from responseText alone. */
  client: ClientDecision;
  /** Playback: one decision per stage reached per request, then the client's. */
  trace: StageDecision[];
  /** The places where the pinned specifications disagree, that this transaction touched. */
  specNotes: SpecNote[];
}

/** Runs `requestText` through all six stages, read under the A2A version `options.version` names. */
export function runMessageTransaction(
  requestText: string,
  options: MessageTransactionOptions = {}
): MessageTransaction {
  const text = typeof requestText === "string" ? requestText : String(requestText);
  const version = readVersionHeader(options?.version);
  const operation: MessageOperation = options?.operation === "set-push-config" ? "set-push-config" : "send-message";
  const dialect = version.version === null ? null : dialectFor(version.version, operation);
  try {
    return run(text, {version, dialect});
  } catch (thrown) {
    // JSON-RPC 2.0 section 5.1: -32603 Internal error. Tests check this never happens.
    return internalFailure(text, thrown, {version, dialect});
  }
}

/** The version a transaction runs under, passed to whatever writes a response. */
interface Reading {
  version: VersionReading;
  dialect: Dialect | null;
}

function run(text: string, reading: Reading): MessageTransaction {
  const locator = createLocator(text);
  if (exceedsRequestLimit(text)) return tooLarge(text, reading);
  const byteLength = utf8ByteLength(text);
  const parsed = parseJson(text);
  const warnings = parseWarningFindings(parsed.warnings, locator);
  if (!parsed.ok) {
    const e = parsed.error;
    const span = locator.span(e.from, e.to);
    const finding: Finding = {
      stage: 1,
      severity: "error",
      code: `parse.${e.kind}`,
      pointer: e.pointer,
      span,
      rule: e.rule,
      message: e.message,
      accepted: e.accepted,
      requestIndex: null
    };
    // JSON-RPC 2.0 section 5: a parse error is answered with id null; the data says where.
    return unreadable(reading, byteLength, [finding, ...warnings], PARSE_ERROR, {
      line: span.line,
      column: span.column,
      offset: e.from,
      message: e.message
    });
  }

  const state: TransactionState = {
    duplicates: parsed.warnings.duplicates,
    receipts: [],
    dialect: reading.dialect,
    versionHeader: reading.version.header,
    versionPatch: reading.version.ignoredPatch
  };
  const root: JsonNode = parsed.value;
  if (root.type === "array") return runBatchDocument(root, text, locator, warnings, state, reading, byteLength);
  const context: RequestContext = {text, locator, prefix: "", requestIndex: null};
  const outcome = processRequest(root, context, warnings, state);
  return finish(reading, byteLength, "single", [outcome], [], state.receipts, outcome.responseText, true);
}

/** RFC 8259 section 9: a text over the lab's size limit is refused before it is parsed. */
function tooLarge(text: string, reading: Reading): MessageTransaction {
  // Counting is linear; past four times the limit the code-unit count already proves the point.
  const counted = text.length <= MAX_REQUEST_BYTES * 4;
  const byteLength = counted ? utf8ByteLength(text) : text.length;
  const finding: Finding = {
    stage: 1,
    severity: "error",
    code: "parse.too-large",
    pointer: "",
    span: null,
    rule: `RFC 8259 section 9: a receiver may limit the size of texts it accepts; this lab's limit is ${MAX_REQUEST_BYTES} bytes of UTF-8`,
    message: `The request is ${counted ? "" : "at least "}${byteLength} bytes of UTF-8, over the limit; it is not parsed.`,
    accepted: `at most ${MAX_REQUEST_BYTES} bytes (1 MiB)`,
    requestIndex: null
  };
  return unreadable(reading, byteLength, [finding], REQUEST_TOO_LARGE, {
    limit: MAX_REQUEST_BYTES,
    received: byteLength
  });
}

/**
 * A batch (JSON-RPC 2.0 section 6): each element is a request of its own, with
 * the parse warnings inside it; warnings outside every element stay with the document.
 */
function runBatchDocument(
  root: JsonArrayNode,
  text: string,
  locator: SourceLocator,
  warnings: Finding[],
  state: TransactionState,
  reading: Reading,
  byteLength: number
): MessageTransaction {
  if (root.items.length === 0 || root.items.length > MAX_BATCH_REQUESTS) {
    const refusal = refusedBatchFinding(root, text, locator);
    return refusedBatch(reading, byteLength, warnings, refusal, locator, root.from, root.to);
  }
  const inside = (from: number, to: number, index: number): Finding[] =>
    warnings
      .filter((f) => f.span !== null && f.span.from >= from && f.span.from < to)
      .map((f) => ({...f, requestIndex: index}));
  const batch = runBatch(root, text, locator, inside, state);
  const documentFindings = warnings.filter(
    (f) => !root.items.some((item) => f.span !== null && f.span.from >= item.from && f.span.from < item.to)
  );
  return finish(
    reading,
    byteLength,
    "batch",
    batch.outcomes,
    documentFindings,
    state.receipts,
    batch.responseText,
    true
  );
}

function parseWarningFindings(warnings: ParseWarnings, locator: SourceLocator): Finding[] {
  const findings: Finding[] = [];
  if (warnings.byteOrderMark) {
    findings.push({
      stage: 1,
      severity: "warning",
      code: "parse.byte-order-mark",
      pointer: "",
      span: locator.span(0, 1),
      rule: "RFC 8259 section 8.1: senders MUST NOT add a byte order mark; parsers MAY ignore it",
      message: "The text starts with a byte order mark (U+FEFF); it is ignored.",
      accepted: "text without a byte order mark",
      requestIndex: null
    });
  }
  warnings.duplicates.slice(0, MAX_PARSE_WARNING_FINDINGS).forEach((d) => {
    findings.push({
      stage: 1,
      severity: "warning",
      code: "parse.duplicate-name",
      pointer: `${d.objectPointer}/${d.name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
      span: locator.span(d.repeatFrom, d.repeatTo),
      rule: "RFC 8259 section 4: the names within an object SHOULD be unique; with duplicates, software behaviour is unpredictable (JSON.parse keeps the last)",
      message: `The name "${d.name}" appears again in the same object (first at line ${locator.position(d.firstFrom).line}, column ${locator.position(d.firstFrom).column}).`,
      accepted: "each name once per object",
      requestIndex: null
    });
  });
  const moreDuplicates = warnings.duplicates.length - MAX_PARSE_WARNING_FINDINGS;
  if (moreDuplicates > 0) {
    findings.push({
      stage: 1,
      severity: "warning",
      code: "parse.duplicate-name",
      pointer: "",
      span: null,
      rule: "RFC 8259 section 4",
      message: `${moreDuplicates} more duplicate names are not listed.`,
      accepted: "each name once per object",
      requestIndex: null
    });
  }
  for (const lone of warnings.loneSurrogateEscapes) {
    findings.push({
      stage: 1,
      severity: "warning",
      code: "parse.lone-surrogate-escape",
      pointer: lone.pointer,
      span: locator.span(lone.from, lone.to),
      rule: "RFC 8259 section 8.2: an escape for an unpaired surrogate is grammatical, but the string is not valid Unicode and software behaviour is unpredictable",
      message: `\\u${lone.codeUnit.toString(16).toUpperCase()} is an unpaired surrogate.`,
      accepted: "surrogate escapes only in high-low pairs",
      requestIndex: null
    });
  }
  if (warnings.loneSurrogateEscapesOmitted > 0) {
    findings.push({
      stage: 1,
      severity: "warning",
      code: "parse.lone-surrogate-escape",
      pointer: "",
      span: null,
      rule: "RFC 8259 section 8.2",
      message: `${warnings.loneSurrogateEscapesOmitted} more unpaired surrogate escapes are not listed.`,
      accepted: "surrogate escapes only in high-low pairs",
      requestIndex: null
    });
  }
  return findings;
}

/** The single outcome of a text that stopped at stage 1 as a whole; the error goes back with id null. */
function wholeTextStopped(error: RpcError, findings: Finding[]): RequestOutcome {
  const outcome = newOutcome(null, "", null);
  outcome.stages[0]!.findings = findings;
  return stopOutcome(outcome, 1, error, true);
}

/** One outcome for a text that was not read as requests (too large, or not JSON). */
function unreadable(
  reading: Reading,
  byteLength: number,
  findings: Finding[],
  kind: ErrorClass,
  data: unknown
): MessageTransaction {
  const error = wireErrorFor(reading.dialect)(rpcError(kind, data));
  const outcome = wholeTextStopped(error, findings);
  return finish(reading, byteLength, "unreadable", [outcome], [], [], outcome.responseText, false);
}

/** An array that is not run as a batch: one -32600 response with id null (JSON-RPC 2.0 section 6). */
function refusedBatch(
  reading: Reading,
  byteLength: number,
  warnings: Finding[],
  refusal: Finding,
  locator: SourceLocator,
  from: number,
  to: number
): MessageTransaction {
  const error = wireErrorFor(reading.dialect)(
    rpcError(INVALID_REQUEST, {
      violations: [{pointer: "", rule: refusal.rule, message: refusal.message, accepted: refusal.accepted}]
    })
  );
  const outcome = newOutcome(null, "", locator.span(from, to));
  outcome.stages[0]!.status = "pass";
  outcome.stages[0]!.findings = warnings;
  outcome.stages[1]!.findings = [refusal];
  stopOutcome(outcome, 2, error, true);
  return finish(reading, byteLength, "batch", [outcome], [], [], outcome.responseText, false);
}

function finish(
  reading: Reading,
  byteLength: number,
  shape: MessageTransaction["shape"],
  requests: RequestOutcome[],
  documentFindings: Finding[],
  receipts: Receipt[],
  responseText: string | null,
  /** False when the outcomes are not requests the client wrote (unreadable text, refused batch). */
  requestsRead: boolean
): MessageTransaction {
  const findings = [...documentFindings];
  for (const outcome of requests) for (const stage of outcome.stages) findings.push(...stage.findings);
  // The client knows what it sent: the ids of the request objects it wrote.
  const sent: SentRequest[] = requestsRead
    ? requests.map((o) => ({
        requestIndex: o.requestIndex,
        id: o.id,
        hasIdMember: o.hasIdMember,
        notification: o.notification
      }))
    : [];
  const client = decideClient(sent, responseText);
  const noteIds = new Set(findings.map((f) => f.specNote).filter((id) => id !== undefined));
  if (shape === "batch") noteIds.add("batch-body");
  const specNotes = [...noteIds].map((id) => SPEC_NOTES[id]);
  return {
    version: reading.version,
    shape,
    byteLength,
    requests,
    findings,
    receipts,
    responseText,
    client,
    trace: buildTrace(requests, documentFindings, receipts, client, reading.dialect),
    specNotes
  };
}

function internalFailure(text: string, thrown: unknown, reading: Reading): MessageTransaction {
  const error = wireErrorFor(reading.dialect)(
    rpcError(INTERNAL_ERROR, {detail: thrown instanceof Error ? thrown.message : String(thrown)})
  );
  const outcome = wholeTextStopped(error, []);
  outcome.verdict = `The lab failed internally (${error.message}); this is a bug.`;
  const responseText = outcome.responseText;
  const client = decideClient([], responseText);
  return {
    version: reading.version,
    shape: "unreadable",
    byteLength: text.length,
    requests: [outcome],
    findings: [],
    receipts: [],
    responseText,
    client,
    trace: [],
    specNotes: []
  };
}
