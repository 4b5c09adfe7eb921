/**
 * Stage 4 under A2A v0.3.0, the id half: the envelope (stage 2) reads the id as
 * #/definitions/JSONRPCRequest/properties/id types it, a string, an integer or null; but the
 * method's own request definition narrows it. a2a.json (v0.3.0):
 *   "SendMessageRequest": {"properties": {"id": {"description": "The identifier for this request.",
 *                                                 "type": ["string", "integer"]}, …}}
 * and so does every request of the A2ARequest union. The id is not a parameter (JSON-RPC 2.0
 * section 5.1: -32602 is "Invalid method parameter(s)"): a request that fails its method's
 * definition is not a valid request of that method, which the schema's InvalidRequestError
 * (-32600, "Request payload validation error") names. Spec note "id-type".
 */
import type {JsonObjectNode} from "../shared/json-nodes.js";
import type {FindingFields} from "./finding.js";
import {compileSchema, validateNode, type CompiledSchema} from "./schema-validator.js";
import {a2aSchema} from "./spec.js";

/** One compiled id schema per request definition (each is a one-keyword schema). */
const compiledIds = new Map<string, CompiledSchema>();

function idSchemaOf(requestDefinition: string): CompiledSchema {
  const path = `#/definitions/${requestDefinition}/properties/id`;
  let schema = compiledIds.get(path);
  if (schema === undefined) compiledIds.set(path, (schema = compileSchema(a2aSchema, path)));
  return schema;
}

/**
 * The violations of the request's id against `#/definitions/<requestDefinition>/properties/id`,
 * as stage 4 reports them (none when the id is one the method accepts). A request without an id member is
 * a notification (spec note "notification-without-id"), so there is nothing to check.
 */
/** A violation as stage 4 reports it: a finding's fields less its stage and severity. */
export type RequestIdViolation = Omit<FindingFields, "stage" | "severity">;

export function methodRequestIdViolations(request: JsonObjectNode, requestDefinition: string): RequestIdViolation[] {
  // Stage 2 has refused two ids that differ, so the last one is the id.
  const id = request.members.filter((member) => member.name === "id").at(-1);
  if (id === undefined) return [];
  return validateNode(idSchemaOf(requestDefinition), id.value, "/id").violations.map((v) => ({
    code: "params.request-id",
    pointer: "/id",
    from: v.from,
    to: v.to,
    rule: `A2A v0.3.0 schema ${v.schemaPath} ("The identifier for this request."): the id of a ${requestDefinition}, narrower than #/definitions/JSONRPCRequest/properties/id, which also allows null`,
    message: `${v.message} The envelope reads this id (JSONRPCRequest allows it), but ${requestDefinition} does not, so this is not a valid ${requestDefinition}; the error carries the id as read.`,
    accepted: v.accepted,
    specNote: "id-type"
  }));
}
