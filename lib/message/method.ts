/**
 * Stage 3, the method: only message/send is dispatched. JSON-RPC 2.0 section
 * 5.1: "The method does not exist / is not available" is -32601. The finding
 * says whether the name is a real A2A v0.3.0 method (read from the schema's
 * A2ARequest union) that this lab simply does not run.
 */
import type {JsonNode} from "./json-source.js";
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import {A2A_REQUEST_METHODS} from "./spec.js";

export const DISPATCHED_METHOD = "message/send";

const RULE_NOT_FOUND = "JSON-RPC 2.0 section 5.1: -32601 Method not found: the method does not exist / is not available";

export interface MethodVerdict {
  ok: boolean;
  findings: Finding[];
}

export function checkMethod(method: string, methodNode: JsonNode, context: RequestContext): MethodVerdict {
  if (method === DISPATCHED_METHOD) return {ok: true, findings: []};
  const shown = JSON.stringify(method.length > 80 ? `${method.slice(0, 80)}…` : method);
  const known = A2A_REQUEST_METHODS.find((m) => m.method === method);
  const caseOnly = A2A_REQUEST_METHODS.find((m) => m.method.toLowerCase() === method.toLowerCase());
  let message: string;
  if (known) {
    message = `${shown} is a real A2A v0.3.0 method (schema: #/definitions/${known.definition}), but this lab runs only "${DISPATCHED_METHOD}".`;
  } else if (caseOnly) {
    message = `${shown} is not a method; method names are case-sensitive and A2A v0.3.0 spells it "${caseOnly.method}" (this lab runs only "${DISPATCHED_METHOD}").`;
  } else if (method.startsWith("rpc.")) {
    message = `${shown} starts with "rpc.", which JSON-RPC 2.0 section 4 reserves for rpc-internal methods; it is not an A2A method.`;
  } else {
    message = `${shown} is not an A2A v0.3.0 method.`;
  }
  const finding = makeFinding(context, {
    stage: 3,
    severity: "error",
    code: known ? "method.not-run" : "method.unknown",
    pointer: "/method",
    from: methodNode.from,
    to: methodNode.to,
    rule: RULE_NOT_FOUND,
    message,
    accepted: `"${DISPATCHED_METHOD}" (A2A v0.3.0 methods: ${A2A_REQUEST_METHODS.map((m) => m.method).join(", ")})`
  });
  return {ok: false, findings: [finding]};
}
