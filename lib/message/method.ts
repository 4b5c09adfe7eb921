/**
 * Stage 3, the method: only message/send (A2A v0.3.0) or SendMessage (A2A 1.0) is
 * dispatched, by the version the request is read under. JSON-RPC 2.0 section 5.1: "The method
 * does not exist / is not available" is -32601. The finding says whether the name is a real
 * method of that version that this lab simply does not run, or the other version's name for
 * one (a 0.3 client talking to a 1.0 reading, or the reverse), and then names the right one.
 */
import type {JsonNode} from "../shared/json-nodes.js";
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import {v03MethodFor, v1MethodFor} from "./method-names.js";
import type {MessageVersion} from "../shared/message-version.js";

const RULE_NOT_FOUND =
  "JSON-RPC 2.0 section 5.1: -32601 Method not found: the method does not exist / is not available";

/** What stage 3 needs to know of a version. */
export interface MethodTable {
  version: MessageVersion;
  /** "A2A v0.3.0", "A2A 1.0.1" */
  label: string;
  dispatchedMethod: string;
  /** The version's request methods, each with where it is declared. */
  methods: readonly {method: string; declaredIn: string}[];
  /** How a client chooses this version, for messages. */
  chosenBy: string;
}

export interface MethodVerdict {
  ok: boolean;
  findings: Finding[];
  /** The name is a method of some A2A version (this one, or the other). */
  a2aMethod: boolean;
}

export function checkMethod(
  method: string,
  methodNode: JsonNode,
  context: RequestContext,
  table: MethodTable
): MethodVerdict {
  if (method === table.dispatchedMethod) return {ok: true, findings: [], a2aMethod: true};
  const shown = JSON.stringify(method.length > 80 ? `${method.slice(0, 80)}…` : method);
  const names = table.methods.map((m) => m.method);
  const known = table.methods.find((m) => m.method === method);
  const counterpart = table.version === "1.0" ? v1MethodFor(method) : v03MethodFor(method);
  const caseOnly = names.find((name) => name.toLowerCase() === method.toLowerCase());
  const runs = `this lab runs only "${table.dispatchedMethod}"`;
  let message: string;
  let code: string;
  if (known) {
    code = "method.not-run";
    message = `${shown} is a real ${table.label} method (${known.declaredIn}), but ${runs}.`;
  } else if (counterpart !== undefined) {
    code = "method.other-version";
    const other = table.version === "1.0" ? "A2A v0.3.0" : "A2A 1.0";
    message = `${shown} is the ${other} name of ${table.label}'s "${counterpart}"; the request is read as ${table.label} (${table.chosenBy}), where the method is "${counterpart}"${counterpart === table.dispatchedMethod ? "" : `, and ${runs}`}.`;
  } else if (caseOnly) {
    code = "method.unknown";
    message = `${shown} is not a method; method names are case-sensitive and ${table.label} spells it "${caseOnly}" (${runs}).`;
  } else if (method.startsWith("rpc.")) {
    code = "method.unknown";
    message = `${shown} starts with "rpc.", which JSON-RPC 2.0 section 4 reserves for rpc-internal methods; it is not an A2A method.`;
  } else {
    code = "method.unknown";
    message = `${shown} is not an ${table.label} method.`;
  }
  const finding = makeFinding(context, {
    stage: 3,
    severity: "error",
    code,
    pointer: "/method",
    from: methodNode.from,
    to: methodNode.to,
    rule: RULE_NOT_FOUND,
    message,
    accepted: `"${table.dispatchedMethod}" (${table.label} methods: ${names.join(", ")})`
  });
  return {ok: false, findings: [finding], a2aMethod: known !== undefined || counterpart !== undefined};
}
