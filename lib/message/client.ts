/**
 * The client's side of stage 6: it reads the response text it actually got
 * (never the receiver's internal state) and accepts a response for a request
 * only if the response id equals the id it sent, in type and value
 * (JSON-RPC 2.0 section 5: "It MUST be the same as the value of the id member
 * in the Request Object"). A notification gets nothing back, so nothing about
 * it can be confirmed (section 4.1).
 */
import {memberOf, parseJson} from "./json-source.js";
import type {JsonNode} from "../shared/json-nodes.js";
import {describeRequestId, looseRequestIdKey, readRequestId, requestIdKey, type RequestId} from "./request-id.js";

/** What the client sent, as the client knows it. */
export interface SentRequest {
  requestIndex: number | null;
  /** The id as written, or null (no id member, or one JSON-RPC cannot read). */
  id: RequestId | null;
  /** Whether it had an id member at all. */
  hasIdMember: boolean;
  /** True for a valid request without an id member: a notification. */
  notification: boolean;
}

export type ClientVerdict =
  /** One response has this id, and it carries a result. */
  | "confirmed-result"
  /** One response has this id, and it carries an error: the client knows the request failed. */
  | "confirmed-error"
  /** A notification: no response by design, so nothing is known. */
  | "unconfirmed-notification"
  /** No response carries this id. */
  | "unmatched"
  /** Several responses (or several requests) share this id, or the id is null: a match proves nothing. */
  | "ambiguous"
  /** The element had no id JSON-RPC can read, so no response can ever be matched to it. */
  | "no-usable-id";

export interface ClientRequestDecision {
  requestIndex: number | null;
  id: RequestId | null;
  verdict: ClientVerdict;
  /** Index of the matched response in the response array (0 for a single response), or null. */
  responseIndex: number | null;
  errorCode: number | null;
  detail: string;
  /** Responses a client comparing ids loosely (as JavaScript strings) would accept for this request. */
  looseMatches: number;
}

export interface ReceivedResponse {
  responseIndex: number;
  /** The response id, or null when the member is missing or unreadable. */
  id: RequestId | null;
  outcome: "result" | "error" | "malformed";
  errorCode: number | null;
  /** Requests it was matched to (strictly). */
  matchedRequests: (number | null)[];
}

export interface ClientDecision {
  /** False when the receiver sent nothing at all. */
  responseReceived: boolean;
  perRequest: ClientRequestDecision[];
  responses: ReceivedResponse[];
  /** Requests the client can count as done (confirmed-result). */
  confirmedSuccesses: number;
  /** Requests the client knows failed (confirmed-error). */
  confirmedErrors: number;
  summary: string;
}

function readResponse(node: JsonNode, responseIndex: number, text: string): ReceivedResponse {
  if (node.type !== "object")
    return {responseIndex, id: null, outcome: "malformed", errorCode: null, matchedRequests: []};
  const idNode = memberOf(node, "id")?.value;
  const id = idNode ? (readRequestId(idNode, text) ?? null) : null;
  const result = memberOf(node, "result");
  const error = memberOf(node, "error")?.value;
  if (result && !error) return {responseIndex, id, outcome: "result", errorCode: null, matchedRequests: []};
  if (error && !result && error.type === "object") {
    const code = memberOf(error, "code")?.value;
    return {
      responseIndex,
      id,
      outcome: "error",
      errorCode: code?.type === "number" ? Number(code.lexeme) : null,
      matchedRequests: []
    };
  }
  return {responseIndex, id, outcome: "malformed", errorCode: null, matchedRequests: []};
}

/** The responses read from the text: an array's elements in order, or the one response. */
function readResponses(responseText: string | null): ReceivedResponse[] {
  if (responseText === null) return [];
  const parsed = parseJson(responseText);
  if (!parsed.ok) return [];
  const items = parsed.value.type === "array" ? parsed.value.items : [parsed.value];
  return items.map((item, k) => readResponse(item, k, responseText));
}

/**
 * Every id read once into its keys (requestIdKey, looseRequestIdKey), so a batch
 * of a thousand requests is correlated through Maps instead of comparing each
 * id with every other one.
 */
interface IdIndex {
  /** Responses by strict id key, in response order. */
  responsesByKey: Map<string, ReceivedResponse[]>;
  /** How many responses share each loose id key. */
  looseResponseCounts: Map<string, number>;
  /** The strict key of each sent request's id (null for a notification or an id-less request), by position in `sent`. */
  sentKeys: (string | null)[];
  /** How many sent requests with an id (notifications excluded) share each strict key. */
  sentCounts: Map<string, number>;
}

function indexIds(sent: readonly SentRequest[], responses: readonly ReceivedResponse[]): IdIndex {
  const index: IdIndex = {
    responsesByKey: new Map(),
    looseResponseCounts: new Map(),
    sentKeys: [],
    sentCounts: new Map()
  };
  for (const response of responses) {
    if (response.id === null) continue;
    const key = requestIdKey(response.id);
    const list = index.responsesByKey.get(key);
    if (list) list.push(response);
    else index.responsesByKey.set(key, [response]);
    const looseKey = looseRequestIdKey(response.id);
    index.looseResponseCounts.set(looseKey, (index.looseResponseCounts.get(looseKey) ?? 0) + 1);
  }
  for (const request of sent) {
    const key = request.id === null || request.notification ? null : requestIdKey(request.id);
    index.sentKeys.push(key);
    if (key !== null) index.sentCounts.set(key, (index.sentCounts.get(key) ?? 0) + 1);
  }
  return index;
}

/** One request's decision; what it does not name is unknown: no loose matches, no response, no error code. */
function decision(
  request: SentRequest,
  verdict: ClientVerdict,
  detail: string,
  looseMatches = 0,
  responseIndex: number | null = null,
  errorCode: number | null = null
): ClientRequestDecision {
  return {
    requestIndex: request.requestIndex,
    id: request.id,
    verdict,
    responseIndex,
    errorCode,
    detail,
    looseMatches
  };
}

function decideRequest(request: SentRequest, key: string | null, index: IdIndex): ClientRequestDecision {
  if (request.notification) {
    return decision(
      request,
      "unconfirmed-notification",
      "Sent without an id: a notification. No response comes back, so the client cannot tell whether it was handled, rejected or lost."
    );
  }
  const id = request.id;
  if (id === null || key === null) {
    const why = request.hasIdMember
      ? "an id JSON-RPC cannot read (not a string, number or null)"
      : "no id (and, not being a valid request, it is not a notification either)";
    return decision(request, "no-usable-id", `The client sent ${why}, so no response can be matched to this request.`);
  }
  const matches = index.responsesByKey.get(key) ?? [];
  const looseMatches = index.looseResponseCounts.get(looseRequestIdKey(id)) ?? 0;
  // This request is one of those counted under its own key.
  const twins = (index.sentCounts.get(key) ?? 1) - 1;
  for (const match of matches) match.matchedRequests.push(request.requestIndex);
  const looseNote =
    looseMatches > matches.length
      ? ` A client comparing ids loosely (1 == "1", or through JSON.parse) would accept ${looseMatches} response${looseMatches === 1 ? "" : "s"} here.`
      : "";
  if (id.type === "null") {
    return decision(
      request,
      "ambiguous",
      `The id is null, which is also the id of every error the receiver could not attribute (JSON-RPC 2.0 section 5); a response with id null proves nothing about this request.${looseNote}`,
      looseMatches,
      matches[0]?.responseIndex ?? null
    );
  }
  if (twins > 0) {
    return decision(
      request,
      "ambiguous",
      `${twins + 1} requests in this batch carry the id ${describeRequestId(id)}; their responses cannot be told apart.${looseNote}`,
      looseMatches
    );
  }
  if (matches.length === 0) {
    return decision(
      request,
      "unmatched",
      `No response carries the id ${describeRequestId(id)}.${looseNote}`,
      looseMatches
    );
  }
  if (matches.length > 1) {
    return decision(
      request,
      "ambiguous",
      `${matches.length} responses carry the id ${describeRequestId(id)}.${looseNote}`,
      looseMatches
    );
  }
  return decideByResponse(request, id, matches[0]!, looseNote, looseMatches);
}

/** Exactly one response carries the request's id (which is not null and not shared): what that response says. */
function decideByResponse(
  request: SentRequest,
  id: RequestId,
  match: ReceivedResponse,
  looseNote: string,
  looseMatches: number
): ClientRequestDecision {
  if (match.outcome === "result") {
    return decision(
      request,
      "confirmed-result",
      `The response with id ${describeRequestId(id)} carries a result.${looseNote}`,
      looseMatches,
      match.responseIndex
    );
  }
  if (match.outcome === "error") {
    return decision(
      request,
      "confirmed-error",
      `The response with id ${describeRequestId(id)} carries error ${match.errorCode}: the request failed.${looseNote}`,
      looseMatches,
      match.responseIndex,
      match.errorCode
    );
  }
  return decision(
    request,
    "unmatched",
    `The response with id ${describeRequestId(id)} has neither a result nor an error.${looseNote}`,
    looseMatches,
    match.responseIndex
  );
}

/** The client's decision about each request it sent, from the response text alone. */
export function decideClient(sent: readonly SentRequest[], responseText: string | null): ClientDecision {
  const responses = readResponses(responseText);
  const index = indexIds(sent, responses);
  const perRequest = sent.map((request, k) => decideRequest(request, index.sentKeys[k]!, index));

  const confirmedSuccesses = perRequest.filter((d) => d.verdict === "confirmed-result").length;
  const confirmedErrors = perRequest.filter((d) => d.verdict === "confirmed-error").length;
  const orphans = responses.filter((r) => r.matchedRequests.length === 0);
  let summary: string;
  if (responseText === null) {
    summary = `Nothing came back. The client can confirm none of its ${sent.length} request${sent.length === 1 ? "" : "s"}.`;
  } else {
    summary = `The client matched ${confirmedSuccesses + confirmedErrors} of ${sent.length} request${sent.length === 1 ? "" : "s"} by id: ${confirmedSuccesses} succeeded, ${confirmedErrors} failed.`;
    if (orphans.length > 0)
      summary += ` ${orphans.length} response${orphans.length === 1 ? "" : "s"} could not be matched to any request (${orphans.map((r) => (r.errorCode !== null ? `error ${r.errorCode}` : r.outcome) + ` with id ${r.id ? describeRequestId(r.id) : "missing"}`).join("; ")}).`;
  }
  return {responseReceived: responseText !== null, perRequest, responses, confirmedSuccesses, confirmedErrors, summary};
}
