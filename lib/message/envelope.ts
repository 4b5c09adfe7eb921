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
import {describeNode} from "./json-source.js";
import type {JsonMember, JsonNode, JsonObjectNode} from "../shared/json-nodes.js";
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
const RULE_PARAMS =
  'JSON-RPC 2.0 section 4.2: "params", if present, MUST be a Structured value (an Array or an Object)';
const RULE_ID = 'JSON-RPC 2.0 section 4: "id" MUST contain a String, Number, or Null value if included';
const RULE_DUPLICATE =
  "RFC 8259 section 4: member names SHOULD be unique; receivers disagree on which duplicate counts, so the lab does not guess";

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

/** One request object as the member checks read it, and where they write what they find. */
interface Envelope {
  node: JsonObjectNode;
  /** Every member under its name, in source order (duplicates included). */
  byName: Map<string, JsonMember[]>;
  ids: IdReading;
  idRule: IdRule | null;
  reading: EnvelopeReading;
  context: RequestContext;
}

/** The id members, each read once: a pasted id can be a megabyte long, and it is asked several questions. */
interface IdReading {
  members: JsonMember[] | undefined;
  /** The last id member's value as read; undefined when there is none or it cannot be read. */
  id: RequestId | undefined;
  /** Two ids with the same value are not ambiguous; anything else is. */
  unambiguous: boolean;
}

type At = {from: number; to: number};
type EnvelopeSpecNote = "notification-without-id" | "id-type";

/**
 * The checks of a request object's members, in the order their findings are listed. Each returns
 * whether the request is still valid as far as it looks: a note leaves it valid, an error not.
 */
const MEMBER_CHECKS: readonly ((envelope: Envelope) => boolean)[] = [
  checkDuplicates,
  checkJsonrpc,
  checkMethod,
  checkParams,
  checkId,
  noteUnknownMembers
];

/** Reads and checks the envelope of one request object. */
export function readEnvelope(node: JsonNode, context: RequestContext, idRule: IdRule | null): EnvelopeReading {
  const reading: EnvelopeReading = {
    ok: false,
    findings: [],
    request: null,
    hasIdMember: false,
    id: null,
    method: null,
    methodNode: null,
    params: null
  };
  if (node.type !== "object") {
    const inBatch = context.requestIndex !== null;
    const rule = inBatch ? RULE_BATCH_ELEMENT : RULE_OBJECT;
    const nested = inBatch && node.type === "array" ? " Batches do not nest." : "";
    error(
      {reading, context},
      "envelope.not-object",
      "",
      node,
      rule,
      `Expected a request object, found ${describeNode(node)}.${nested}`,
      "an object with jsonrpc, method and optionally params and id"
    );
    return reading;
  }
  reading.request = node;
  const byName = membersByName(node);
  const envelope: Envelope = {node, byName, ids: readIds(byName.get("id"), context), idRule, reading, context};
  let valid = true;
  for (const check of MEMBER_CHECKS) if (!check(envelope)) valid = false;
  reading.ok = valid;
  return reading;
}

function membersByName(node: JsonObjectNode): Map<string, JsonMember[]> {
  const byName = new Map<string, JsonMember[]>();
  for (const member of node.members) {
    const list = byName.get(member.name);
    if (list) list.push(member);
    else byName.set(member.name, [member]);
  }
  return byName;
}

function readIds(members: JsonMember[] | undefined, context: RequestContext): IdReading {
  const ids = members?.map((m) => readRequestId(m.value, context.text));
  const id = ids?.at(-1);
  return {
    members,
    id,
    unambiguous: id !== undefined && ids!.every((other) => other !== undefined && sameRequestId(id, other))
  };
}

function error(
  {reading, context}: Pick<Envelope, "reading" | "context">,
  code: string,
  pointer: string,
  at: At,
  rule: string,
  message: string,
  accepted: string,
  specNote?: EnvelopeSpecNote
): void {
  reading.findings.push(
    makeFinding(context, {
      stage: 2,
      severity: "error",
      code,
      pointer,
      from: at.from,
      to: at.to,
      rule,
      message,
      accepted,
      ...(specNote ? {specNote} : {})
    })
  );
}

function note(
  {reading, context}: Envelope,
  code: string,
  pointer: string,
  at: At,
  rule: string,
  message: string,
  accepted: string,
  specNote?: EnvelopeSpecNote
): void {
  reading.findings.push(
    makeFinding(context, {
      stage: 2,
      severity: "note",
      code,
      pointer,
      from: at.from,
      to: at.to,
      rule,
      message,
      accepted,
      ...(specNote ? {specNote} : {})
    })
  );
}

/** Where a missing member is reported: the object's opening brace. */
const openingBrace = (node: JsonObjectNode): At => ({from: node.from, to: node.from + 1});

function checkDuplicates(envelope: Envelope): boolean {
  let valid = true;
  for (const name of REQUEST_MEMBERS) {
    const list = envelope.byName.get(name);
    if (!list || list.length < 2 || (name === "id" && envelope.ids.unambiguous)) continue;
    const repeat = list[1]!;
    valid = false;
    error(
      envelope,
      "envelope.duplicate-member",
      childPointer("", name),
      {from: repeat.nameFrom, to: repeat.nameTo},
      RULE_DUPLICATE,
      `The request has ${list.length} "${name}" members.`,
      `one "${name}" member`
    );
  }
  return valid;
}

function checkJsonrpc(envelope: Envelope): boolean {
  const jsonrpc = envelope.byName.get("jsonrpc")?.at(-1);
  if (!jsonrpc) {
    error(
      envelope,
      "envelope.jsonrpc",
      "",
      openingBrace(envelope.node),
      RULE_JSONRPC,
      'The request has no "jsonrpc" member.',
      'a member "jsonrpc": "2.0"'
    );
    return false;
  }
  if (jsonrpc.value.type === "string" && jsonrpc.value.value === JSONRPC_VERSION) return true;
  error(
    envelope,
    "envelope.jsonrpc",
    "/jsonrpc",
    jsonrpc.value,
    RULE_JSONRPC,
    `"jsonrpc" is ${describeNode(jsonrpc.value)}.`,
    'the string "2.0"'
  );
  return false;
}

function checkMethod(envelope: Envelope): boolean {
  const method = envelope.byName.get("method")?.at(-1);
  if (!method) {
    error(
      envelope,
      "envelope.method",
      "",
      openingBrace(envelope.node),
      RULE_METHOD,
      'The request has no "method" member.',
      'a member "method" holding a string'
    );
    return false;
  }
  if (method.value.type !== "string") {
    error(
      envelope,
      "envelope.method",
      "/method",
      method.value,
      RULE_METHOD,
      `"method" is ${describeNode(method.value)}.`,
      "a string"
    );
    return false;
  }
  envelope.reading.method = method.value.value;
  envelope.reading.methodNode = method.value;
  return true;
}

function checkParams(envelope: Envelope): boolean {
  const params = envelope.byName.get("params")?.at(-1);
  if (!params) return true;
  if (params.value.type === "object" || params.value.type === "array") {
    envelope.reading.params = params.value;
    return true;
  }
  error(
    envelope,
    "envelope.params",
    "/params",
    params.value,
    RULE_PARAMS,
    `"params" is ${describeNode(params.value)}.`,
    "an object (by-name) or an array (by-position), or no params member"
  );
  return false;
}

function checkId(envelope: Envelope): boolean {
  const {members, id, unambiguous} = envelope.ids;
  if (!members) {
    note(
      envelope,
      "envelope.notification",
      "",
      openingBrace(envelope.node),
      "JSON-RPC 2.0 section 4.1: a Request object without an id member is a Notification; the Server MUST NOT reply to it",
      "No id: this is a notification. The receiver will not answer, whatever happens.",
      'an "id" member, to get a response',
      "notification-without-id"
    );
    return true;
  }
  envelope.reading.hasIdMember = true;
  const idNode = members[members.length - 1]!.value;
  if (id === undefined) {
    error(
      envelope,
      "envelope.id",
      "/id",
      idNode,
      RULE_ID,
      `"id" is ${describeNode(idNode)}; it cannot be read as an id, so an error response carries id null (JSON-RPC 2.0 section 5).`,
      "a string, a number or null"
    );
    return false;
  }
  // An ambiguous id was reported with the duplicates.
  if (!unambiguous) return true;
  envelope.reading.id = id;
  const {idRule} = envelope;
  if (idRule !== null && !idRule.accepts(id)) {
    error(
      envelope,
      "envelope.id-type",
      "/id",
      idNode,
      idRule.rule,
      `The id ${describeRequestId(id)} is a JSON-RPC id, but not one this A2A version accepts; the error response still carries it, as read (JSON-RPC 2.0 section 5).`,
      idRule.accepted,
      "id-type"
    );
    return false;
  }
  noteUnusualId(envelope, id, idNode);
  return true;
}

/** A readable id the version accepts may still deserve a note: null, a fraction, or a number JavaScript cannot hold exactly. */
function noteUnusualId(envelope: Envelope, id: RequestId, idNode: JsonNode): void {
  if (id.type === "null") {
    note(
      envelope,
      "envelope.id-null",
      "/id",
      idNode,
      "JSON-RPC 2.0 section 4: the use of Null as a value for id in a Request is discouraged",
      "The id is null: this is a request, not a notification (that has no id member), so it is answered, with id null, the same id JSON-RPC uses when it could not read one.",
      "a string or an integer",
      "id-type"
    );
  } else if (id.type === "number" && !id.integer) {
    note(
      envelope,
      "envelope.id-fraction",
      "/id",
      idNode,
      "JSON-RPC 2.0 section 4: Numbers SHOULD NOT contain fractional parts",
      `The id ${id.lexeme} has a fractional part.`,
      "a string or an integer",
      "id-type"
    );
  } else if (id.type === "number" && !id.safeInJavaScript) {
    note(
      envelope,
      "envelope.id-exact",
      "/id",
      idNode,
      "JSON-RPC 2.0 section 5: the response id MUST be the same as the request id",
      `The id ${id.lexeme} is kept exactly as written; a client using plain JSON.parse would read ${id.jsonParseReading}.`,
      "any number, kept exactly"
    );
  }
}

function noteUnknownMembers(envelope: Envelope): boolean {
  const unknown = envelope.node.members.filter((member) => !REQUEST_MEMBERS.includes(member.name));
  for (const member of unknown.slice(0, MAX_UNKNOWN_MEMBER_NOTES)) {
    note(
      envelope,
      "envelope.unknown-member",
      childPointer("", member.name),
      {from: member.nameFrom, to: member.value.to},
      "JSON-RPC 2.0 section 4 defines jsonrpc, method, params and id",
      `"${member.name}" is not a Request member; it is not validated.`,
      "jsonrpc, method, params, id"
    );
  }
  if (unknown.length > MAX_UNKNOWN_MEMBER_NOTES) {
    const first = unknown[MAX_UNKNOWN_MEMBER_NOTES]!;
    note(
      envelope,
      "envelope.unknown-member",
      "",
      {from: first.nameFrom, to: unknown[unknown.length - 1]!.value.to},
      "JSON-RPC 2.0 section 4 defines jsonrpc, method, params and id",
      `${unknown.length - MAX_UNKNOWN_MEMBER_NOTES} more members are not Request members; they are not validated.`,
      "jsonrpc, method, params, id"
    );
  }
  return true;
}
