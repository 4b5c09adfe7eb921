/**
 * Stage 2, the envelope: is this a JSON-RPC 2.0 Request object?
 * JSON-RPC 2.0 section 4: jsonrpc is exactly "2.0", method is a String, params
 * (optional) is a Structured value, id (optional) is a String, Number or Null.
 * Failing any of these is -32600 Invalid Request. So is an id the A2A version's envelope
 * refuses (IdRule: v0.3.0's JSONRPCRequest, 1.0's SDK rule): the id is a member of the Request
 * object, not of params. A null id is a request (a notification has no id member) and is
 * answered with id null; a method that narrows the id further says so at stage 4.
 */
import {childPointer} from "./json-pointer.js";
import {describeNode, type JsonNode, type JsonObjectNode} from "./json-source.js";
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import {describeRequestId, readRequestId, sameRequestId, type RequestId} from "./request-id.js";

export const JSONRPC_VERSION = "2.0";
/** The members JSON-RPC 2.0 section 4 defines for a Request object. */
export const REQUEST_MEMBERS: readonly string[] = ["jsonrpc", "method", "params", "id"];
/** Unknown members noted one by one; beyond this, one note counts the rest. */
export const MAX_UNKNOWN_MEMBER_NOTES = 20;

const RULE_OBJECT = "JSON-RPC 2.0 section 4: a Request is a JSON object";
const RULE_BATCH_ELEMENT = "JSON-RPC 2.0 section 6: each element of a batch is a Request object";
const RULE_JSONRPC = 'JSON-RPC 2.0 section 4: "jsonrpc" MUST be exactly "2.0"';
const RULE_METHOD = 'JSON-RPC 2.0 section 4: "method" is a String containing the name of the method';
const RULE_PARAMS = 'JSON-RPC 2.0 section 4.2: "params", if present, MUST be a Structured value (an Array or an Object)';
const RULE_ID = 'JSON-RPC 2.0 section 4: "id" MUST contain a String, Number, or Null value if included';
const RULE_DUPLICATE = "RFC 8259 section 4: member names SHOULD be unique; receivers disagree on which duplicate counts, so the lab does not guess";

/** The ids an A2A version accepts, narrower than JSON-RPC's (spec note "id-type"). */
export interface IdRule {
  accepts(id: RequestId): boolean;
  rule: string;
  accepted: string;
}

export interface EnvelopeReading {
  ok: boolean;
  findings: Finding[];
  /** The request object (null when the element is not an object). */
  request: JsonObjectNode | null;
  /** True when the object has an id member (so it is not a notification). */
  hasIdMember: boolean;
  /** The id exactly as written, or null when absent or unreadable (JSON-RPC 2.0 section 5: the error response then carries null). */
  id: RequestId | null;
  method: string | null;
  methodNode: JsonNode | null;
  params: JsonNode | null;
}

/** Reads and checks the envelope of one request object. */
export function readEnvelope(node: JsonNode, context: RequestContext, idRule: IdRule | null): EnvelopeReading {
  const findings: Finding[] = [];
  const reading: EnvelopeReading = {ok: false, findings, request: null, hasIdMember: false, id: null, method: null, methodNode: null, params: null};
  const error = (code: string, pointer: string, at: {from: number; to: number}, rule: string, message: string, accepted: string): void => {
    findings.push(makeFinding(context, {stage: 2, severity: "error", code, pointer, from: at.from, to: at.to, rule, message, accepted}));
  };
  const note = (code: string, pointer: string, at: {from: number; to: number}, rule: string, message: string, accepted: string, specNote?: "notification-without-id" | "id-type"): void => {
    findings.push(makeFinding(context, {stage: 2, severity: "note", code, pointer, from: at.from, to: at.to, rule, message, accepted, ...(specNote ? {specNote} : {})}));
  };

  if (node.type !== "object") {
    const inBatch = context.requestIndex !== null;
    const rule = inBatch ? RULE_BATCH_ELEMENT : RULE_OBJECT;
    const nested = inBatch && node.type === "array" ? " Batches do not nest." : "";
    error("envelope.not-object", "", node, rule, `Expected a request object, found ${describeNode(node)}.${nested}`, "an object with jsonrpc, method and optionally params and id");
    return reading;
  }
  reading.request = node;

  const byName = new Map<string, JsonObjectNode["members"]>();
  for (const member of node.members) {
    const list = byName.get(member.name);
    if (list) list.push(member);
    else byName.set(member.name, [member]);
  }
  // Each id member read once: a pasted id can be a megabyte long, and it is asked several questions below.
  const idMembers = byName.get("id");
  const ids = idMembers?.map((m) => readRequestId(m.value, context.text));
  const id = ids?.at(-1);
  // Two ids with the same value are not ambiguous; anything else is.
  const unambiguous = id !== undefined && ids!.every((other) => other !== undefined && sameRequestId(id, other));
  let valid = true;
  for (const name of REQUEST_MEMBERS) {
    const list = byName.get(name);
    if (list && list.length > 1) {
      const repeat = list[1]!;
      if (name === "id" && unambiguous) continue;
      valid = false;
      error("envelope.duplicate-member", childPointer("", name), {from: repeat.nameFrom, to: repeat.nameTo}, RULE_DUPLICATE, `The request has ${list.length} "${name}" members.`, `one "${name}" member`);
    }
  }

  const jsonrpc = byName.get("jsonrpc")?.at(-1);
  if (!jsonrpc) {
    valid = false;
    error("envelope.jsonrpc", "", {from: node.from, to: node.from + 1}, RULE_JSONRPC, 'The request has no "jsonrpc" member.', 'a member "jsonrpc": "2.0"');
  } else if (jsonrpc.value.type !== "string" || jsonrpc.value.value !== JSONRPC_VERSION) {
    valid = false;
    error("envelope.jsonrpc", "/jsonrpc", jsonrpc.value, RULE_JSONRPC, `"jsonrpc" is ${describeNode(jsonrpc.value)}.`, 'the string "2.0"');
  }

  const method = byName.get("method")?.at(-1);
  if (!method) {
    valid = false;
    error("envelope.method", "", {from: node.from, to: node.from + 1}, RULE_METHOD, 'The request has no "method" member.', 'a member "method" holding a string');
  } else if (method.value.type !== "string") {
    valid = false;
    error("envelope.method", "/method", method.value, RULE_METHOD, `"method" is ${describeNode(method.value)}.`, "a string");
  } else {
    reading.method = method.value.value;
    reading.methodNode = method.value;
  }

  const params = byName.get("params")?.at(-1);
  if (params) {
    if (params.value.type !== "object" && params.value.type !== "array") {
      valid = false;
      error("envelope.params", "/params", params.value, RULE_PARAMS, `"params" is ${describeNode(params.value)}.`, "an object (by-name) or an array (by-position), or no params member");
    } else reading.params = params.value;
  }

  if (idMembers) {
    reading.hasIdMember = true;
    const idMember = idMembers[idMembers.length - 1]!;
    if (id === undefined) {
      valid = false;
      error("envelope.id", "/id", idMember.value, RULE_ID, `"id" is ${describeNode(idMember.value)}; it cannot be read as an id, so an error response carries id null (JSON-RPC 2.0 section 5).`, "a string, a number or null");
    } else if (unambiguous) {
      reading.id = id;
      if (idRule !== null && !idRule.accepts(id)) {
        valid = false;
        findings.push(makeFinding(context, {stage: 2, severity: "error", code: "envelope.id-type", pointer: "/id", from: idMember.value.from, to: idMember.value.to, rule: idRule.rule, message: `The id ${describeRequestId(id)} is a JSON-RPC id, but not one this A2A version accepts; the error response still carries it, as read (JSON-RPC 2.0 section 5).`, accepted: idRule.accepted, specNote: "id-type"}));
      } else if (id.type === "null") {
        note("envelope.id-null", "/id", idMember.value, "JSON-RPC 2.0 section 4: the use of Null as a value for id in a Request is discouraged", "The id is null: this is a request, not a notification (that has no id member), so it is answered, with id null, the same id JSON-RPC uses when it could not read one.", "a string or an integer", "id-type");
      } else if (id.type === "number" && !id.integer) {
        note("envelope.id-fraction", "/id", idMember.value, "JSON-RPC 2.0 section 4: Numbers SHOULD NOT contain fractional parts", `The id ${id.lexeme} has a fractional part.`, "a string or an integer", "id-type");
      } else if (id.type === "number" && !id.safeInJavaScript) {
        note("envelope.id-exact", "/id", idMember.value, "JSON-RPC 2.0 section 5: the response id MUST be the same as the request id", `The id ${id.lexeme} is kept exactly as written; a client using plain JSON.parse would read ${id.jsonParseReading}.`, "any number, kept exactly");
      }
    }
  } else {
    note("envelope.notification", "", {from: node.from, to: node.from + 1}, "JSON-RPC 2.0 section 4.1: a Request object without an id member is a Notification; the Server MUST NOT reply to it", "No id: this is a notification. The receiver will not answer, whatever happens.", 'an "id" member, to get a response', "notification-without-id");
  }

  const unknown = node.members.filter((member) => !REQUEST_MEMBERS.includes(member.name));
  for (const member of unknown.slice(0, MAX_UNKNOWN_MEMBER_NOTES)) {
    note("envelope.unknown-member", childPointer("", member.name), {from: member.nameFrom, to: member.value.to}, "JSON-RPC 2.0 section 4 defines jsonrpc, method, params and id", `"${member.name}" is not a Request member; it is not validated.`, "jsonrpc, method, params, id");
  }
  if (unknown.length > MAX_UNKNOWN_MEMBER_NOTES) {
    const first = unknown[MAX_UNKNOWN_MEMBER_NOTES]!;
    note("envelope.unknown-member", "", {from: first.nameFrom, to: unknown[unknown.length - 1]!.value.to}, "JSON-RPC 2.0 section 4 defines jsonrpc, method, params and id", `${unknown.length - MAX_UNKNOWN_MEMBER_NOTES} more members are not Request members; they are not validated.`, "jsonrpc, method, params, id");
  }

  reading.ok = valid;
  return reading;
}
