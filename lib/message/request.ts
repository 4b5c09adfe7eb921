/**
 * One request through stages 2 to 6 (stage 1, parsing, is done once for the
 * whole document). Each stage passes or stops the request with a JSON-RPC
 * error; JSON-RPC 2.0 section 4.1: a notification is never answered, not even
 * with an error, but an object that is not a valid Request is (section 5).
 */
import {checkMethod, type MethodVerdict} from "./method.js";
import {readEnvelope} from "./envelope.js";
import type {DecodedPart} from "./parts.js";
import type {Receipt} from "./handler.js";
import {
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  VERSION_NOT_SUPPORTED,
  errorResponseText,
  resultResponseText,
  rpcError,
  type RpcError
} from "./response.js";
import type {Dialect} from "./dialect.js";
import {v1WireError} from "./error-details.js";
import {MESSAGE_VERSIONS} from "../shared/message-version.js";
import {STAGE_NAMES, makeFinding, type Finding, type RequestContext, type StageNumber} from "./finding.js";
import type {DuplicateName, JsonNode, JsonObjectNode} from "../shared/json-nodes.js";
import type {RequestId} from "./request-id.js";
import type {SourceSpan} from "./source-span.js";

export type StageStatus = "pass" | "stop" | "not-reached";

export interface StageVerdict {
  stage: StageNumber;
  name: string;
  status: StageStatus;
  /** Findings of this stage for this request (errors, warnings, notes). */
  findings: Finding[];
  /** The JSON-RPC error this stage produced when it stopped the request. */
  error: RpcError | null;
}

export interface RequestOutcome {
  /** Position in the batch, or null for a single request (or an unreadable document). */
  requestIndex: number | null;
  /** Pointer of the request in the document ("" or "/2"). */
  pointer: string;
  span: SourceSpan | null;
  /** The id exactly as sent, or null (absent or unreadable). */
  id: RequestId | null;
  /** True when the request object has an id member (readable or not). */
  hasIdMember: boolean;
  /** A valid request without an id member (JSON-RPC 2.0 section 4.1): never answered. */
  notification: boolean;
  method: string | null;
  /** Always six entries, stages 1 to 6. */
  stages: StageVerdict[];
  /** The last stage the request entered. */
  stageReached: StageNumber;
  /** The stage that stopped it, or null when it went through all six. */
  stoppedAt: StageNumber | null;
  error: RpcError | null;
  /** True when the handler ran (a receipt exists). */
  handled: boolean;
  receipt: Receipt | null;
  /** Parts decoded at stage 5 (empty when stage 5 was not reached). */
  parts: DecodedPart[];
  /** This request's Response object as sent, or null when JSON-RPC sends none. */
  responseText: string | null;
  /** One sentence: what happened to this request. */
  verdict: string;
}

/** Shared by the requests of one transaction. */
export interface TransactionState {
  duplicates: DuplicateName[];
  receipts: Receipt[];
  /** The version's rules, or null when the A2A-Version header names one the lab's agent does not serve. */
  dialect: Dialect | null;
  /** The A2A-Version header as sent ("" for none). */
  versionHeader: string;
  /** The patch number that header carried, read past (version-header.ts), or null. */
  versionPatch: string | null;
}

function patchNote(state: TransactionState, at: JsonNode, context: RequestContext): Finding {
  return makeFinding(context, {
    stage: 3,
    severity: "note",
    code: "method.version-patch",
    pointer: "/method",
    from: at.from,
    to: at.to,
    rule: "A2A 1.0.1 specification section 3.6: patch version numbers SHOULD NOT be used in requests, and MUST not be considered when negotiating versions",
    message: `A2A-Version ${JSON.stringify(state.versionHeader)} carries a patch number (.${state.versionPatch}); it is read as ${state.dialect?.version}.`,
    accepted: 'Major.Minor only: "0.3" or "1.0"'
  });
}

/** The error as the version writes it; a version nobody serves gets 1.0's shape, the version that defines -32009. */
export function wireErrorFor(dialect: Dialect | null): (error: RpcError) => RpcError {
  return dialect === null ? v1WireError : dialect.wireError;
}

const RULE_VERSION =
  "A2A 1.0.1 specification section 3.6.2: agents MUST process requests using the semantics of the requested A2A-Version, and MUST return a VersionNotSupportedError (-32009, section 5.4) for a version they do not support";

function emptyStages(): StageVerdict[] {
  return ([1, 2, 3, 4, 5, 6] as const).map((stage) => ({
    stage,
    name: STAGE_NAMES[stage],
    status: "not-reached" as StageStatus,
    findings: [],
    error: null
  }));
}

/** An outcome before anything past parsing is known: no id, no response; callers fill in what they learn. */
export function newOutcome(requestIndex: number | null, pointer: string, span: SourceSpan | null): RequestOutcome {
  return {
    requestIndex,
    pointer,
    span,
    id: null,
    hasIdMember: false,
    notification: false,
    method: null,
    stages: emptyStages(),
    stageReached: 1,
    stoppedAt: null,
    error: null,
    handled: false,
    receipt: null,
    parts: [],
    responseText: null,
    verdict: ""
  };
}

/** Stops `outcome` at stage n with `error`, answered (with the outcome's id) or not, and says so in its verdict. */
export function stopOutcome(outcome: RequestOutcome, n: StageNumber, error: RpcError, answer: boolean): RequestOutcome {
  const stage = outcome.stages[n - 1]!;
  stage.status = "stop";
  stage.error = error;
  outcome.stageReached = n;
  outcome.stoppedAt = n;
  outcome.error = error;
  outcome.responseText = answer ? errorResponseText(outcome.id, error) : null;
  const reply = answer
    ? `error ${error.code} sent with id ${outcome.id ? outcome.id.lexeme : "null"}`
    : "no response (a notification is never answered, JSON-RPC 2.0 section 4.1)";
  outcome.verdict = `Stopped at stage ${n} (${STAGE_NAMES[n]}): ${error.message}; ${reply}.`;
  return outcome;
}

/** JSON-RPC 2.0 section 5.1: -32600, its data listing each envelope violation. */
function invalidRequestError(findings: Finding[], context: RequestContext): RpcError {
  return rpcError(INVALID_REQUEST, {
    violations: findings.filter((f) => f.severity === "error").map(toData(context))
  });
}

/** JSON-RPC 2.0 section 5.1: -32601; the data says whether the name is a method of some A2A version. */
function methodNotFoundError(method: string | null, verdict: MethodVerdict): RpcError {
  return rpcError(METHOD_NOT_FOUND, {
    method,
    a2aMethod: verdict.a2aMethod,
    detail: verdict.findings[0]?.message
  });
}

/** Stage 3 when the A2A-Version header names a version the lab's agent does not serve. */
function versionNotSupportedFinding(state: TransactionState, methodNode: JsonNode, context: RequestContext): Finding {
  const served = MESSAGE_VERSIONS.map((v) => `"${v}"`).join(" and ");
  return makeFinding(context, {
    stage: 3,
    severity: "error",
    code: "method.version-not-supported",
    pointer: "/method",
    from: methodNode.from,
    to: methodNode.to,
    rule: RULE_VERSION,
    message: `The request comes with A2A-Version ${JSON.stringify(state.versionHeader)}; this lab's agent serves ${served} (and reads no header as 0.3).`,
    accepted: `A2A-Version ${served}, or none`,
    specNote: "v1-version-error-shape"
  });
}

/** A2A 1.0.1 section 5.4: VersionNotSupportedError names the version asked for and the ones served. */
function versionNotSupportedError(state: TransactionState): RpcError {
  return rpcError(VERSION_NOT_SUPPORTED, {
    requestedVersion: state.versionHeader,
    supportedVersions: MESSAGE_VERSIONS.join(", ")
  });
}

/**
 * Stage 6: the handler records a receipt; the reply (if any) carries the id
 * exactly as sent, and a notification gets none (JSON-RPC 2.0 section 4.1).
 */
function recordHandled(
  outcome: RequestOutcome,
  dialect: Dialect,
  params: JsonObjectNode,
  parts: DecodedPart[],
  state: TransactionState,
  context: RequestContext
): void {
  const handled = dialect.handle(
    params,
    parts,
    state.receipts.length + 1,
    context,
    outcome.notification ? null : outcome.id
  );
  state.receipts.push(handled.receipt);
  outcome.handled = true;
  outcome.receipt = handled.receipt;
  outcome.stages[5]!.status = "pass";
  if (!outcome.notification) {
    outcome.responseText = resultResponseText(outcome.id!, handled.resultText);
    outcome.verdict = `Handled: receipt ${handled.receipt.receiptNumber} recorded; result sent with id ${outcome.id!.lexeme}.`;
  } else {
    outcome.verdict = `Handled: receipt ${handled.receipt.receiptNumber} recorded; no response (a notification is never answered, JSON-RPC 2.0 section 4.1).`;
  }
}

export function processRequest(
  node: JsonNode,
  context: RequestContext,
  parseFindings: Finding[],
  state: TransactionState
): RequestOutcome {
  const outcome = newOutcome(context.requestIndex, context.prefix, context.locator.span(node.from, node.to));
  const stages = outcome.stages;
  const stage = (n: StageNumber): StageVerdict => stages[n - 1]!;
  stage(1).status = "pass";
  stage(1).findings = parseFindings;
  const {dialect} = state;
  const wire = wireErrorFor(dialect);
  const stop = (n: StageNumber, error: RpcError, answer: boolean): RequestOutcome =>
    stopOutcome(outcome, n, wire(error), answer);

  // Stage 2: envelope. An invalid Request is always answered (JSON-RPC 2.0 section 5), with id null if unreadable.
  outcome.stageReached = 2;
  const envelope = readEnvelope(node, context, dialect?.idRule ?? null);
  stage(2).findings = envelope.findings;
  outcome.id = envelope.id;
  outcome.hasIdMember = envelope.hasIdMember;
  outcome.method = envelope.method;
  if (!envelope.ok || envelope.request === null) {
    return stop(2, invalidRequestError(envelope.findings, context), true);
  }
  stage(2).status = "pass";
  const request: JsonObjectNode = envelope.request;
  outcome.notification = !envelope.hasIdMember;
  const answer = !outcome.notification;

  // Stage 3: method, under the version the A2A-Version header asks for.
  outcome.stageReached = 3;
  if (dialect === null) {
    stage(3).findings = [versionNotSupportedFinding(state, envelope.methodNode!, context)];
    return stop(3, versionNotSupportedError(state), answer);
  }
  const method = checkMethod(envelope.method!, envelope.methodNode!, context, dialect);
  stage(3).findings =
    state.versionPatch === null
      ? method.findings
      : [...method.findings, patchNote(state, envelope.methodNode!, context)];
  if (!method.ok) return stop(3, methodNotFoundError(envelope.method, method), answer);
  stage(3).status = "pass";

  // Stage 4: the request against its method's definition (params, and under 0.3 the id it narrows).
  outcome.stageReached = 4;
  const params = dialect.checkParams(request, envelope.params, state.duplicates, context);
  stage(4).findings = params.findings;
  if (!params.ok)
    return stop(4, rpcError(params.requestInvalid ? INVALID_REQUEST : INVALID_PARAMS, params.errorData), answer);
  stage(4).status = "pass";

  // Stage 5: parts (a push config has none: the stage passes with nothing decoded).
  outcome.stageReached = 5;
  const decoded =
    dialect.decodeParts === null
      ? {ok: true, parts: [], findings: [], errorData: null}
      : dialect.decodeParts(envelope.params as JsonObjectNode, context);
  stage(5).findings = decoded.findings;
  outcome.parts = decoded.parts;
  if (!decoded.ok) return stop(5, rpcError(INVALID_PARAMS, decoded.errorData), answer);
  stage(5).status = "pass";

  // Stage 6: the handler.
  outcome.stageReached = 6;
  recordHandled(outcome, dialect, envelope.params as JsonObjectNode, decoded.parts, state, context);
  return outcome;
}

/** A finding as it appears in error.data: pointer relative to the request, rule, message, accepted. */
function toData(
  context: RequestContext
): (finding: Finding) => {pointer: string; rule: string; message: string; accepted: string} {
  return (finding) => ({
    pointer: finding.pointer.slice(context.prefix.length),
    rule: finding.rule,
    message: finding.message,
    accepted: finding.accepted
  });
}
