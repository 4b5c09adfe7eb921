/**
 * Lesson 2's transaction as tidy tables: each request's six stages, every finding, and the
 * messages exchanged (the requests sent, then the response objects the client read).
 */
import {runTable, type RunTable} from "../shared/run-table.js";
import type {RequestId} from "./request-id.js";
import type {MessageTransaction} from "./transaction.js";

const STAGE_COLUMNS = {
  requestIndex: "position of the request in the batch; empty for a single request",
  stage: "the stage's number, 1 to 6",
  stageName: "Parse, Envelope, Method, Params, Parts or Handler",
  status: "pass, stop or not-reached",
  errorCode: "the JSON-RPC error code this stage answered when it stopped the request; empty otherwise",
  errorMessage: "that error's message; empty otherwise",
  findings: "how many findings this stage raised for this request"
};

const FINDING_COLUMNS = {
  stage: "the stage that raised it, 1 to 6",
  severity: "error, warning or note",
  code: "the finding's stable identifier (e.g. params.schema)",
  path: "JSON Pointer into the whole document",
  message: "what was found",
  rule: "the rule that fired, cited",
  requestIndex: "position of its request in the batch; empty for a single request or the document"
};

const EXCHANGE_COLUMNS = {
  direction: "request (client to agent) or response (agent to client)",
  index: "a request's position in the batch (empty for a single request), or a response's among the responses read",
  id: "the id exactly as written; empty when absent or unreadable",
  method: "the request's method; empty for a response",
  notification: "a request without an id, which JSON-RPC never answers; empty for a response",
  outcome: "a request: passed, or the stage that stopped it; a response: result, error or malformed",
  errorCode: "the JSON-RPC error code answered or read; empty when none",
  clientVerdict: "for a request: what the client can conclude about it from the response alone"
};

const idText = (id: RequestId | null) => (id === null ? null : id.lexeme);

/** `stages`, `findings` and `exchange` of a transaction (as runMessageTransaction returns it). */
export function messageRunTables(transaction: MessageTransaction): RunTable[] {
  return [stagesTable(transaction), findingsTable(transaction), exchangeTable(transaction)];
}

function stagesTable({requests}: MessageTransaction): RunTable {
  const rows = requests.flatMap((request) =>
    request.stages.map((verdict) => ({
      requestIndex: request.requestIndex,
      stage: verdict.stage,
      stageName: verdict.name,
      status: verdict.status,
      errorCode: verdict.error?.code ?? null,
      errorMessage: verdict.error?.message ?? null,
      findings: verdict.findings.length
    }))
  );
  return runTable("stages", "Each request's six stages and how it fared at each", STAGE_COLUMNS, rows);
}

function findingsTable({findings}: MessageTransaction): RunTable {
  const rows = findings.map((finding) => ({
    stage: finding.stage,
    severity: finding.severity,
    code: finding.code,
    path: finding.pointer,
    message: finding.message,
    rule: finding.rule,
    requestIndex: finding.requestIndex
  }));
  return runTable("findings", "Every finding, document-level first, then request by request", FINDING_COLUMNS, rows);
}

function exchangeTable({requests, client}: MessageTransaction): RunTable {
  const verdictOf = (requestIndex: number | null) =>
    client.perRequest.find((decision) => decision.requestIndex === requestIndex)?.verdict ?? null;
  const sent = requests.map((request) => ({
    direction: "request",
    index: request.requestIndex,
    id: idText(request.id),
    method: request.method,
    notification: request.notification,
    outcome: request.stoppedAt === null ? "passed" : `stopped at stage ${request.stoppedAt}`,
    errorCode: request.error?.code ?? null,
    clientVerdict: verdictOf(request.requestIndex)
  }));
  const answered = client.responses.map((response) => ({
    direction: "response",
    index: response.responseIndex,
    id: idText(response.id),
    method: null,
    notification: null,
    outcome: response.outcome,
    errorCode: response.errorCode,
    clientVerdict: null
  }));
  return runTable("exchange", "The requests sent and the response objects the client read", EXCHANGE_COLUMNS, [
    ...sent,
    ...answered
  ]);
}
