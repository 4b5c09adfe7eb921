/**
 * Stage 4, the params: validated as MessageSendParams against the official A2A
 * v0.3.0 schema (#/definitions/MessageSendParams), plus the schema's own type
 * for a message/send id (#/definitions/SendMessageRequest/properties/id), which
 * is stricter than JSON-RPC. Any violation is -32602 Invalid params, with every
 * violation in error.data. Members the schema does not describe are listed as
 * not validated, not as errors.
 */
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import type {JsonNode, JsonObjectNode, DuplicateName} from "./json-source.js";
import {compileSchema, validateNode, type CompiledSchema, type SchemaVerdict, type SchemaViolation} from "./schema-validator.js";
import {a2aSchema} from "./spec.js";
import type {SpecNoteId} from "./spec-notes.js";

export const PARAMS_DEFINITION = "#/definitions/MessageSendParams";
export const REQUEST_DEFINITION = "#/definitions/SendMessageRequest";
/** Violations listed in findings and error.data; beyond this they are counted in `omitted`. */
export const MAX_REPORTED_VIOLATIONS = 200;

let paramsSchema: CompiledSchema | null = null;
let idSchema: CompiledSchema | null = null;

/** The compiled MessageSendParams schema (compiled once; throws if the schema uses an unimplemented keyword). */
export function messageSendParamsSchema(): CompiledSchema {
  paramsSchema ??= compileSchema(a2aSchema, PARAMS_DEFINITION);
  return paramsSchema;
}

function sendMessageIdSchema(): CompiledSchema {
  idSchema ??= compileSchema(a2aSchema, `${REQUEST_DEFINITION}/properties/id`);
  return idSchema;
}

/** The schema verdict alone: what ajv would say about this value as MessageSendParams. */
export function validateMessageSendParams(node: JsonNode, basePointer = ""): SchemaVerdict {
  return validateNode(messageSendParamsSchema(), node, basePointer);
}

/** One entry of error.data.violations in the -32602 response. */
export interface ViolationData {
  /** Pointer relative to the request object. */
  pointer: string;
  rule: string;
  message: string;
  accepted: string;
}

export interface ParamsErrorData {
  violations: ViolationData[];
  /** Violations not listed (beyond MAX_REPORTED_VIOLATIONS). */
  omitted?: number;
  /** Members no schema describes (relative pointers). */
  notValidated?: string[];
}

export interface ParamsVerdict {
  ok: boolean;
  findings: Finding[];
  /** The schema's verdict on params alone (what ajv would say). */
  schemaValid: boolean;
  errorData: ParamsErrorData | null;
}

const RULE_DUPLICATE = "RFC 8259 section 4: member names SHOULD be unique; receivers disagree on which duplicate counts, so the lab does not guess";

function schemaRule(violation: SchemaViolation): string {
  return `A2A v0.3.0 schema ${violation.schemaPath}`;
}

function noteFor(violation: SchemaViolation): SpecNoteId | undefined {
  if (violation.keyword === "required" && violation.schemaPath === "#/definitions/Message/required" && violation.message.startsWith('Missing member "kind"')) {
    return "examples-omit-message-kind";
  }
  return undefined;
}

/** The duplicates whose repeated name lies in [from, to); the list is in source order, so this is a binary search. */
function duplicatesWithin(duplicates: readonly DuplicateName[], from: number, to: number): DuplicateName[] {
  let lo = 0;
  let hi = duplicates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (duplicates[mid]!.repeatFrom < from) lo = mid + 1;
    else hi = mid;
  }
  const found: DuplicateName[] = [];
  for (let k = lo; k < duplicates.length && duplicates[k]!.repeatFrom < to; k++) found.push(duplicates[k]!);
  return found;
}

export function checkParams(request: JsonObjectNode, params: JsonNode | null, idNode: JsonNode | null, duplicates: DuplicateName[], context: RequestContext): ParamsVerdict {
  const findings: Finding[] = [];
  const data: ViolationData[] = [];
  let count = 0;
  const report = (fields: {pointer: string; from: number; to: number; rule: string; message: string; accepted: string; code: string; specNote?: SpecNoteId | undefined}): void => {
    count++;
    if (count > MAX_REPORTED_VIOLATIONS) return;
    data.push({pointer: fields.pointer, rule: fields.rule, message: fields.message, accepted: fields.accepted});
    findings.push(
      makeFinding(context, {
        stage: 4,
        severity: "error",
        code: fields.code,
        pointer: fields.pointer,
        from: fields.from,
        to: fields.to,
        rule: fields.rule,
        message: fields.message,
        accepted: fields.accepted,
        ...(fields.specNote ? {specNote: fields.specNote} : {})
      })
    );
  };

  // The A2A schema types a message/send id as string or integer: stricter than JSON-RPC 2.0 section 4.
  if (idNode !== null) {
    const verdict = validateNode(sendMessageIdSchema(), idNode, "/id");
    for (const v of verdict.violations) {
      report({
        code: "params.id-type",
        pointer: v.pointer,
        from: v.from,
        to: v.to,
        rule: `${schemaRule(v)} (string or integer): stricter than JSON-RPC 2.0 section 4, which also allows null and fractional numbers`,
        message: `${v.message} JSON-RPC accepted this id at stage 2; the A2A schema for message/send does not.`,
        accepted: v.accepted,
        specNote: "id-type"
      });
    }
  }

  let schemaValid = false;
  const notValidated: string[] = [];
  if (params === null) {
    report({
      code: "params.schema",
      pointer: "/params",
      from: request.from,
      to: request.from + 1,
      rule: `A2A v0.3.0 schema ${REQUEST_DEFINITION}/required`,
      message: 'message/send has no "params" member.',
      accepted: 'a "params" object holding MessageSendParams'
    });
  } else {
    const verdict = validateMessageSendParams(params, "/params");
    schemaValid = verdict.valid;
    for (const v of verdict.violations) {
      report({code: "params.schema", pointer: v.pointer, from: v.from, to: v.to, rule: schemaRule(v), message: v.message, accepted: v.accepted, specNote: noteFor(v)});
    }
    for (const member of verdict.notValidated.slice(0, MAX_REPORTED_VIOLATIONS)) {
      notValidated.push(member.pointer);
      const schemaName = member.schemaPath.replace("#/definitions/", "");
      findings.push(
        makeFinding(context, {
          stage: 4,
          severity: "note",
          code: "params.not-validated",
          pointer: member.pointer,
          from: member.from,
          to: member.to,
          rule: `A2A v0.3.0 schema #/definitions/${schemaName} does not describe this member (and does not forbid it)`,
          message: `${member.pointer} is not part of ${schemaName}; it is not validated.`,
          accepted: `any value (only the members ${schemaName} lists are checked)`
        })
      );
    }
    if (verdict.notValidated.length > MAX_REPORTED_VIOLATIONS) {
      findings.push(
        makeFinding(context, {
          stage: 4,
          severity: "note",
          code: "params.not-validated",
          pointer: "/params",
          from: params.from,
          to: params.from + 1,
          rule: "A2A v0.3.0 schema: members a definition does not describe are not validated",
          message: `${verdict.notValidated.length - MAX_REPORTED_VIOLATIONS} more members are not validated.`,
          accepted: "any value"
        })
      );
    }
    // Duplicate names inside params make the value ambiguous: JSON.parse keeps the last, other parsers the first.
    for (const duplicate of duplicatesWithin(duplicates, params.from, params.to)) {
      const pointer = `${duplicate.objectPointer.slice(context.prefix.length)}/${duplicate.name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      report({
        code: "params.duplicate-member",
        pointer,
        from: duplicate.repeatFrom,
        to: duplicate.repeatTo,
        rule: RULE_DUPLICATE,
        message: `The member name "${duplicate.name}" appears more than once in the same object.`,
        accepted: "each member name once per object"
      });
    }
  }

  const ok = count === 0;
  let errorData: ParamsErrorData | null = null;
  if (!ok) {
    errorData = {violations: data};
    if (count > data.length) errorData.omitted = count - data.length;
    if (notValidated.length > 0) errorData.notValidated = notValidated;
  }
  return {ok, findings, schemaValid, errorData};
}
