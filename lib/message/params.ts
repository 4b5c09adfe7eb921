/**
 * Stage 4, the request against its method's definition: under A2A v0.3.0 the params validated
 * as MessageSendParams against the official schema (#/definitions/MessageSendParams), and the id
 * as the method's request definition narrows it (method-request-id.ts); params-v1.ts does A2A
 * 1.0. A params violation is -32602 Invalid params, with every violation in error.data; an id
 * the method's definition refuses makes it -32600 (the id is not a parameter). Members the
 * schema does not describe are listed as not validated, not as errors.
 */
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import type {JsonNode, JsonObjectNode, DuplicateName} from "../shared/json-nodes.js";
import {
  compileSchema,
  validateNode,
  type CompiledSchema,
  type SchemaVerdict,
  type SchemaViolation
} from "./schema-validator.js";
import {methodRequestIdViolations} from "./method-request-id.js";
import {a2aSchema} from "./spec.js";
import type {SpecNoteId} from "./spec-notes.js";

export const PARAMS_DEFINITION = "#/definitions/MessageSendParams";
/** Violations listed in findings and error.data; beyond this they are counted in `omitted`. */
export const MAX_REPORTED_VIOLATIONS = 200;

/** Each definition a stage 4 checks against, compiled once (compiling throws if the schema uses an unimplemented keyword). */
const compiledDefinitions = new Map<string, CompiledSchema>();

function compiledDefinition(path: string): CompiledSchema {
  let schema = compiledDefinitions.get(path);
  if (schema === undefined) compiledDefinitions.set(path, (schema = compileSchema(a2aSchema, path)));
  return schema;
}

/** The compiled MessageSendParams schema. */
export function messageSendParamsSchema(): CompiledSchema {
  return compiledDefinition(PARAMS_DEFINITION);
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
  /** True when the request itself is not a valid request of its method (its id): -32600, not -32602. */
  requestInvalid: boolean;
  errorData: ParamsErrorData | null;
}

const RULE_DUPLICATE =
  "RFC 8259 section 4: member names SHOULD be unique; receivers disagree on which duplicate counts, so the lab does not guess";

function schemaRule(violation: SchemaViolation): string {
  return `A2A v0.3.0 schema ${violation.schemaPath}`;
}

function noteFor(violation: SchemaViolation): SpecNoteId | undefined {
  if (
    violation.keyword === "required" &&
    violation.schemaPath === "#/definitions/Message/required" &&
    violation.message.startsWith('Missing member "kind"')
  ) {
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

/** Collects stage 4's errors (capped, with error.data beside them) and notes, for either version. */
export class ParamsReport {
  readonly findings: Finding[] = [];
  private readonly data: ViolationData[] = [];
  private readonly notValidated: string[] = [];
  private count = 0;
  constructor(private readonly context: RequestContext) {}

  error(fields: {
    pointer: string;
    from: number;
    to: number;
    rule: string;
    message: string;
    accepted: string;
    code: string;
    specNote?: SpecNoteId | undefined;
  }): void {
    this.count++;
    if (this.count > MAX_REPORTED_VIOLATIONS) return;
    this.data.push({pointer: fields.pointer, rule: fields.rule, message: fields.message, accepted: fields.accepted});
    this.findings.push(
      makeFinding(this.context, {
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
  }

  /** A note that does not stop the request. */
  note(fields: {
    pointer: string;
    from: number;
    to: number;
    rule: string;
    message: string;
    accepted: string;
    code: string;
  }): void {
    this.findings.push(makeFinding(this.context, {stage: 4, severity: "note", ...fields}));
  }

  /** Members the definition does not describe: noted one by one up to the cap, then counted. */
  notValidatedMembers(
    members: readonly {pointer: string; from: number; to: number; definition: string}[],
    params: JsonNode,
    ruleOf: (definition: string) => string,
    moreRule: string
  ): void {
    for (const member of members.slice(0, MAX_REPORTED_VIOLATIONS)) {
      this.notValidated.push(member.pointer);
      const {definition} = member;
      this.findings.push(
        makeFinding(this.context, {
          stage: 4,
          severity: "note",
          code: "params.not-validated",
          pointer: member.pointer,
          from: member.from,
          to: member.to,
          rule: ruleOf(definition),
          message: `${member.pointer} is not part of ${definition}; it is not validated.`,
          accepted: `any value (only the members ${definition} lists are checked)`
        })
      );
    }
    if (members.length > MAX_REPORTED_VIOLATIONS) {
      this.findings.push(
        makeFinding(this.context, {
          stage: 4,
          severity: "note",
          code: "params.not-validated",
          pointer: "/params",
          from: params.from,
          to: params.from + 1,
          rule: moreRule,
          message: `${members.length - MAX_REPORTED_VIOLATIONS} more members are not validated.`,
          accepted: "any value"
        })
      );
    }
  }

  /** Duplicate names inside params make the value ambiguous: JSON.parse keeps the last, other parsers the first. */
  duplicates(duplicates: readonly DuplicateName[], params: JsonNode): void {
    for (const duplicate of duplicatesWithin(duplicates, params.from, params.to)) {
      const pointer = `${duplicate.objectPointer.slice(this.context.prefix.length)}/${duplicate.name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      this.error({
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

  verdict(schemaValid: boolean, requestInvalid = false): ParamsVerdict {
    const ok = this.count === 0;
    let errorData: ParamsErrorData | null = null;
    if (!ok) {
      errorData = {violations: this.data};
      if (this.count > this.data.length) errorData.omitted = this.count - this.data.length;
      if (this.notValidated.length > 0) errorData.notValidated = this.notValidated;
    }
    return {ok, findings: this.findings, schemaValid, requestInvalid: requestInvalid && !ok, errorData};
  }
}

/** The signature every version's and method's stage 4 has. */
export type ParamsCheck = (
  request: JsonObjectNode,
  params: JsonNode | null,
  duplicates: DuplicateName[],
  context: RequestContext
) => ParamsVerdict;

/**
 * Stage 4 under A2A v0.3.0 for a method whose params are `#/definitions/<definition>` and whose
 * request is `#/definitions/<requestDefinition>` (which makes params required).
 */
export function schemaParamsCheck(method: string, definition: string, requestDefinition: string): ParamsCheck {
  return (request, params, duplicates, context) => {
    const report = new ParamsReport(context);
    const idViolations = methodRequestIdViolations(request, requestDefinition);
    for (const violation of idViolations) report.error(violation);
    const idInvalid = idViolations.length > 0;
    if (params === null) {
      report.error({
        code: "params.schema",
        pointer: "/params",
        from: request.from,
        to: request.from + 1,
        rule: `A2A v0.3.0 schema #/definitions/${requestDefinition}/required`,
        message: `${method} has no "params" member.`,
        accepted: `a "params" object holding ${definition}`
      });
      return report.verdict(false, idInvalid);
    }
    const verdict = validateNode(compiledDefinition(`#/definitions/${definition}`), params, "/params");
    for (const v of verdict.violations) {
      report.error({
        code: "params.schema",
        pointer: v.pointer,
        from: v.from,
        to: v.to,
        rule: schemaRule(v),
        message: v.message,
        accepted: v.accepted,
        specNote: noteFor(v)
      });
    }
    const members = verdict.notValidated.map((member) => ({
      ...member,
      definition: member.schemaPath.replace("#/definitions/", "")
    }));
    report.notValidatedMembers(
      members,
      params,
      (name) => `A2A v0.3.0 schema #/definitions/${name} does not describe this member (and does not forbid it)`,
      "A2A v0.3.0 schema: members a definition does not describe are not validated"
    );
    report.duplicates(duplicates, params);
    return report.verdict(verdict.valid, idInvalid);
  };
}

/** Stage 4 under A2A v0.3.0 for message/send: params against #/definitions/MessageSendParams. */
export const checkParams: ParamsCheck = schemaParamsCheck("message/send", "MessageSendParams", "SendMessageRequest");
