/**
 * A small JSON Schema (draft-07) interpreter for exactly the keywords the A2A
 * v0.3.0 MessageSendParams subgraph uses, so the page never ships a full
 * validator. It works on the position-preserving tree (numbers as lexemes), and
 * compiling a schema that uses any other keyword throws: the lab must never
 * pass a value because it silently skipped a rule.
 */
import {childPointer} from "./json-pointer.js";
import {describeNode} from "./json-source.js";
import type {JsonNode, JsonObjectNode} from "../shared/json-nodes.js";
import {isIntegerLexeme, lexemeOfNumber, sameNumber} from "./json-number.js";

/** The keywords that constrain a value, each with its compiler, in the order a schema's keywords are compiled (and its first error found). */
const KEYWORD_COMPILERS: readonly (readonly [keyword: string, compile: KeywordCompiler])[] = [
  ["$ref", compileRef],
  ["type", compileType],
  ["properties", compileProperties],
  ["required", compileRequired],
  ["additionalProperties", compileAdditionalProperties],
  ["items", compileItems],
  ["enum", compileEnum],
  ["const", compileConst],
  ["anyOf", compileSchemaList("anyOf")],
  ["oneOf", compileSchemaList("oneOf")],
  ["allOf", compileSchemaList("allOf")]
];
/** Keywords that constrain a value. */
export const IMPLEMENTED_KEYWORDS: readonly string[] = KEYWORD_COMPILERS.map(([keyword]) => keyword);
/** Keywords that only annotate (draft-07 validation section 10) and never change a verdict. */
export const ANNOTATION_KEYWORDS: readonly string[] = ["description", "title", "default", "examples", "$comment"];

const JSON_TYPES = ["object", "array", "string", "number", "integer", "boolean", "null"] as const;
type JsonType = (typeof JSON_TYPES)[number];

export class UnsupportedSchemaError extends Error {
  constructor(
    readonly schemaPath: string,
    readonly keyword: string,
    detail: string
  ) {
    super(`${schemaPath}: ${detail}`);
    this.name = "UnsupportedSchemaError";
  }
}

export interface CompiledSchema {
  /** Where the schema sits, e.g. "#/definitions/Message/properties/kind". */
  path: string;
  /** The definition name for "#/definitions/X" itself, for messages ("Message"). */
  definition: string | null;
  /** Boolean schema: true accepts everything, false nothing. */
  always: boolean | null;
  /** No constraining keyword at all (like `{}`): accepts everything. */
  trivial: boolean;
  ref: string | null;
  /** The compiled schema `ref` points to (linked after compilation). */
  refTarget: CompiledSchema | null;
  types: JsonType[] | null;
  properties: Map<string, CompiledSchema> | null;
  required: string[] | null;
  additionalProperties: CompiledSchema | null;
  items: CompiledSchema | null;
  enumValues: unknown[] | null;
  hasConst: boolean;
  constValue: unknown;
  anyOf: CompiledSchema[] | null;
  oneOf: CompiledSchema[] | null;
  allOf: CompiledSchema[] | null;
}

export interface SchemaViolation {
  /** The field the violation is about: the offending value, or for "required" the missing member. */
  pointer: string;
  /** The value the keyword was applied to (for "required", the object lacking the member). */
  instancePointer: string;
  keyword: string;
  /** The schema rule that fired, e.g. "#/definitions/Message/required". */
  schemaPath: string;
  message: string;
  /** What that rule accepts. */
  accepted: string;
  /** Source offsets of the offending value (for a missing member: its object). */
  from: number;
  to: number;
}

export interface NotValidatedMember {
  /** Pointer to a member no schema in force describes. */
  pointer: string;
  /** The schema of the object holding it. */
  schemaPath: string;
  from: number;
  to: number;
}

export interface SchemaVerdict {
  valid: boolean;
  violations: SchemaViolation[];
  notValidated: NotValidatedMember[];
}

interface Sink {
  /** Verdict only: stop at the first failure, build no messages. */
  quiet: boolean;
  violations: SchemaViolation[];
  notValidated: NotValidatedMember[];
}

/**
 * Compiles `#/definitions/<name>` (or any "#/definitions/..." path) of `root`.
 * Throws UnsupportedSchemaError on a keyword it does not implement.
 */
export function compileSchema(root: unknown, path: string): CompiledSchema {
  const cache = new Map<string, CompiledSchema>();
  const entry = compileAt(root, path, cache);
  for (const compiled of cache.values()) {
    if (compiled.ref !== null) compiled.refTarget = cache.get(compiled.ref) ?? null;
  }
  return entry;
}

function resolvePath(root: unknown, path: string): unknown {
  if (!path.startsWith("#"))
    throw new UnsupportedSchemaError(path, "$ref", "only references inside this document (#/...) are implemented");
  let node: unknown = root;
  const tokens = path.slice(1).split("/").slice(1);
  for (const raw of tokens) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(token in node))
      throw new UnsupportedSchemaError(path, "$ref", "reference does not resolve");
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function compileAt(root: unknown, path: string, cache: Map<string, CompiledSchema>): CompiledSchema {
  const cached = cache.get(path);
  if (cached) return cached;
  const raw = resolvePath(root, path);
  const compiled = emptySchema(path);
  cache.set(path, compiled);
  if (typeof raw === "boolean") {
    compiled.always = raw;
    return compiled;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new UnsupportedSchemaError(path, "", "a schema must be an object or a boolean");
  const schema = raw as Record<string, unknown>;
  for (const keyword of Object.keys(schema)) {
    if (!IMPLEMENTED_KEYWORDS.includes(keyword) && !ANNOTATION_KEYWORDS.includes(keyword)) {
      throw new UnsupportedSchemaError(path, keyword, `keyword "${keyword}" is not implemented by this validator`);
    }
  }
  compiled.trivial = Object.keys(schema).every((k) => ANNOTATION_KEYWORDS.includes(k));
  const at: SchemaAt = {root, path, cache};
  for (const [keyword, compile] of KEYWORD_COMPILERS) if (keyword in schema) compile(schema, compiled, at);
  return compiled;
}

function emptySchema(path: string): CompiledSchema {
  const definitionMatch = /^#\/definitions\/([^/]+)$/.exec(path);
  return {
    path,
    definition: definitionMatch ? definitionMatch[1]! : null,
    always: null,
    trivial: false,
    ref: null,
    refTarget: null,
    types: null,
    properties: null,
    required: null,
    additionalProperties: null,
    items: null,
    enumValues: null,
    hasConst: false,
    constValue: undefined,
    anyOf: null,
    oneOf: null,
    allOf: null
  };
}

/** The schema being compiled: the document, its path in it, and the schemas compiled so far. */
interface SchemaAt {
  root: unknown;
  path: string;
  cache: Map<string, CompiledSchema>;
}

type KeywordCompiler = (schema: Record<string, unknown>, compiled: CompiledSchema, at: SchemaAt) => void;

function compileRef(schema: Record<string, unknown>, compiled: CompiledSchema, {root, path, cache}: SchemaAt): void {
  // Draft-07 core section 8.3: siblings of $ref are ignored. Refuse them rather than guess which reading a validator applies.
  const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !ANNOTATION_KEYWORDS.includes(k));
  if (siblings.length > 0)
    throw new UnsupportedSchemaError(path, siblings[0]!, "keywords beside $ref are not implemented");
  const ref = schema["$ref"];
  if (typeof ref !== "string" || !ref.startsWith("#/definitions/"))
    throw new UnsupportedSchemaError(path, "$ref", "only #/definitions/... references are implemented");
  compiled.ref = ref;
  // Resolve now, so every reachable keyword is checked at compile time.
  compileAt(root, ref, cache);
}

function compileType(schema: Record<string, unknown>, compiled: CompiledSchema, {path}: SchemaAt): void {
  const type = schema["type"];
  const list = Array.isArray(type) ? type : [type];
  for (const t of list) {
    if (typeof t !== "string" || !(JSON_TYPES as readonly string[]).includes(t))
      throw new UnsupportedSchemaError(path, "type", `unknown type ${JSON.stringify(t)}`);
  }
  compiled.types = list as JsonType[];
}

function compileProperties(
  schema: Record<string, unknown>,
  compiled: CompiledSchema,
  {root, path, cache}: SchemaAt
): void {
  const properties = schema["properties"];
  if (typeof properties !== "object" || properties === null)
    throw new UnsupportedSchemaError(path, "properties", "properties must be an object");
  compiled.properties = new Map();
  for (const name of Object.keys(properties)) {
    compiled.properties.set(
      name,
      compileAt(root, `${path}/properties/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, cache)
    );
  }
}

function compileRequired(schema: Record<string, unknown>, compiled: CompiledSchema, {path}: SchemaAt): void {
  const required = schema["required"];
  if (!Array.isArray(required) || !required.every((r) => typeof r === "string"))
    throw new UnsupportedSchemaError(path, "required", "required must be an array of strings");
  compiled.required = required as string[];
}

function compileAdditionalProperties(
  _schema: Record<string, unknown>,
  compiled: CompiledSchema,
  {root, path, cache}: SchemaAt
): void {
  compiled.additionalProperties = compileAt(root, `${path}/additionalProperties`, cache);
}

function compileItems(schema: Record<string, unknown>, compiled: CompiledSchema, {root, path, cache}: SchemaAt): void {
  if (Array.isArray(schema["items"]))
    throw new UnsupportedSchemaError(path, "items", "the array (tuple) form of items is not implemented");
  compiled.items = compileAt(root, `${path}/items`, cache);
}

function compileEnum(schema: Record<string, unknown>, compiled: CompiledSchema, {path}: SchemaAt): void {
  const values = schema["enum"];
  if (!Array.isArray(values)) throw new UnsupportedSchemaError(path, "enum", "enum must be an array");
  compiled.enumValues = values;
}

function compileConst(schema: Record<string, unknown>, compiled: CompiledSchema): void {
  compiled.hasConst = true;
  compiled.constValue = schema["const"];
}

function compileSchemaList(keyword: "anyOf" | "oneOf" | "allOf"): KeywordCompiler {
  return (schema, compiled, {root, path, cache}) => {
    const list = schema[keyword];
    if (!Array.isArray(list) || list.length === 0)
      throw new UnsupportedSchemaError(path, keyword, `${keyword} must be a non-empty array`);
    compiled[keyword] = list.map((_, k) => compileAt(root, `${path}/${keyword}/${k}`, cache));
  };
}

/** Every keyword (constraining or annotating) used by the schemas reachable from `path`. */
export function keywordsReachable(root: unknown, path: string): string[] {
  const seen = new Set<string>();
  const keywords = new Set<string>();
  const pending = [path];
  while (pending.length > 0) {
    const at = pending.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    const raw = resolvePath(root, at);
    if (typeof raw !== "object" || raw === null) continue;
    const schema = raw as Record<string, unknown>;
    for (const keyword of Object.keys(schema)) {
      keywords.add(keyword);
      const value = schema[keyword];
      if (keyword === "$ref" && typeof value === "string") pending.push(value);
      else if (keyword === "properties" && typeof value === "object" && value !== null) {
        for (const name of Object.keys(value))
          pending.push(`${at}/properties/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`);
      } else if (keyword === "additionalProperties" || keyword === "items" || keyword === "not") {
        if (typeof value === "object" && value !== null && !Array.isArray(value)) pending.push(`${at}/${keyword}`);
      } else if ((keyword === "anyOf" || keyword === "oneOf" || keyword === "allOf") && Array.isArray(value)) {
        value.forEach((_, k) => pending.push(`${at}/${keyword}/${k}`));
      }
    }
  }
  return [...keywords].sort();
}

/** Validates `node` against `schema`; pointers in the verdict start with `basePointer`. */
export function validateNode(schema: CompiledSchema, node: JsonNode, basePointer = ""): SchemaVerdict {
  const sink: Sink = {quiet: false, violations: [], notValidated: []};
  const valid = check(schema, node, basePointer, sink);
  return {valid, violations: sink.violations, notValidated: sink.notValidated};
}

function typeMatches(type: JsonType, node: JsonNode): boolean {
  switch (type) {
    case "integer":
      // Draft-07 core section 4.2.1: a number with a zero fractional part, read from the lexeme.
      return node.type === "number" && isIntegerLexeme(node.lexeme);
    default:
      return node.type === type;
  }
}

/** JSON Schema equality (draft-07 core section 4.2.2), used by const and enum: numbers by value, objects regardless of member order. */
export function nodeEquals(node: JsonNode, value: unknown): boolean {
  switch (node.type) {
    case "null":
      return value === null;
    case "boolean":
      return value === node.value;
    case "string":
      return value === node.value;
    case "number":
      return typeof value === "number" && Number.isFinite(value) && sameNumber(node.lexeme, lexemeOfNumber(value));
    case "array":
      return (
        Array.isArray(value) &&
        value.length === node.items.length &&
        node.items.every((item, k) => nodeEquals(item, value[k]))
      );
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const names = lastMembers(node);
      const keys = Object.keys(record);
      if (keys.length !== names.size) return false;
      return keys.every((k) => names.has(k) && nodeEquals(names.get(k)!, record[k]));
    }
  }
}

/** Members by name, the last of duplicates winning (what JSON.parse, and so ajv, would see). */
function lastMembers(node: JsonObjectNode): Map<string, JsonNode> {
  const map = new Map<string, JsonNode>();
  for (const member of node.members) map.set(member.name, member.value);
  return map;
}

function describeValue(value: unknown): string {
  return JSON.stringify(value);
}

function describeTypes(types: JsonType[]): string {
  const words = types.map((t) =>
    t === "integer"
      ? "an integer (a number with no fractional part)"
      : t === "object"
        ? "an object"
        : t === "array"
          ? "an array"
          : t === "null"
            ? "null"
            : `a ${t}`
  );
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

function label(schema: CompiledSchema): string {
  return schema.definition ?? schema.path;
}

/** Short description of what a branch of anyOf/oneOf accepts, e.g. `TextPart (kind "text"; requires kind, text)`. */
function describeBranch(schema: CompiledSchema): string {
  const name = schema.definition ?? schema.ref?.replace("#/definitions/", "") ?? schema.path;
  const body = schema.refTarget ?? schema;
  const bits: string[] = [];
  if (body?.properties) {
    for (const [prop, sub] of body.properties) {
      if (sub.hasConst) bits.push(`${prop} ${describeValue(sub.constValue)}`);
    }
  }
  if (body?.required) bits.push(`requires ${body.required.join(", ")}`);
  return bits.length > 0 ? `${name} (${bits.join("; ")})` : name;
}

function violation(
  sink: Sink,
  schema: CompiledSchema,
  node: JsonNode,
  pointer: string,
  keyword: string,
  message: () => string,
  accepted: () => string,
  field = pointer
): void {
  if (sink.quiet) return;
  sink.violations.push({
    pointer: field,
    instancePointer: pointer,
    keyword,
    schemaPath: `${schema.path}/${keyword}`,
    message: message(),
    accepted: accepted(),
    from: node.from,
    to: node.to
  });
}

function hasMember(node: JsonObjectNode, name: string): boolean {
  for (const member of node.members) if (member.name === name) return true;
  return false;
}

/** True when `member` is the one JSON.parse (and so ajv) would keep: the last of its name. */
function isLastOfName(node: JsonObjectNode, index: number): boolean {
  if (!node.hasDuplicateNames) return true;
  const name = node.members[index]!.name;
  for (let k = index + 1; k < node.members.length; k++) if (node.members[k]!.name === name) return false;
  return true;
}

/**
 * Applies `schema` to `node`. In a quiet sink (used to try anyOf/oneOf
 * branches) it stops at the first failure and builds no messages.
 */
function check(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  if (schema.trivial) return true;
  if (schema.always !== null) {
    if (schema.always) return true;
    violation(
      sink,
      schema,
      node,
      pointer,
      "false",
      () => "No value is allowed here.",
      () => "nothing (the schema is false)"
    );
    return false;
  }
  if (schema.ref !== null) {
    if (schema.refTarget === null) throw new Error(`unresolved reference ${schema.ref} at ${schema.path}`);
    return check(schema.refTarget, node, pointer, sink);
  }
  // Other keywords would only add noise about a value of the wrong type.
  if (!checkType(schema, node, pointer, sink)) return false;
  let valid = true;
  for (const keywordCheck of KEYWORD_CHECKS) {
    if (keywordCheck(schema, node, pointer, sink)) continue;
    if (sink.quiet) return false;
    valid = false;
  }
  if (schema.anyOf !== null && !checkAlternatives(schema, schema.anyOf, "anyOf", node, pointer, sink)) valid = false;
  if (schema.oneOf !== null && !checkAlternatives(schema, schema.oneOf, "oneOf", node, pointer, sink)) valid = false;
  return valid;
}

/**
 * One keyword (or keyword family) applied to a node; true when it holds or
 * does not apply. In a quiet sink it returns at the first failure.
 */
type KeywordCheck = (schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink) => boolean;

/** The keywords checked after `type`, in the order their violations are reported. */
const KEYWORD_CHECKS: readonly KeywordCheck[] = [
  checkConst,
  checkEnum,
  checkRequired,
  checkMembers,
  checkItems,
  checkAllOf
];

function checkType(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  const types = schema.types;
  if (types === null || types.some((t) => typeMatches(t, node))) return true;
  violation(
    sink,
    schema,
    node,
    pointer,
    "type",
    () => `Expected ${describeTypes(types)}, found ${describeNode(node)}.`,
    () => describeTypes(types)
  );
  return false;
}

function checkConst(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  if (!schema.hasConst || nodeEquals(node, schema.constValue)) return true;
  violation(
    sink,
    schema,
    node,
    pointer,
    "const",
    () => `Expected exactly ${describeValue(schema.constValue)}, found ${describeNode(node)}.`,
    () => `exactly ${describeValue(schema.constValue)}`
  );
  return false;
}

function checkEnum(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  const enumValues = schema.enumValues;
  if (enumValues === null || enumValues.some((v) => nodeEquals(node, v))) return true;
  if (sink.quiet) return false;
  const options = enumValues.map(describeValue).join(", ");
  violation(
    sink,
    schema,
    node,
    pointer,
    "enum",
    () => `Expected one of ${options}, found ${describeNode(node)}.`,
    () => `one of ${options}`
  );
  return false;
}

/** Each missing required member is its own violation, pointing at where the member belongs. */
function checkRequired(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  const required = schema.required;
  if (node.type !== "object" || required === null) return true;
  let valid = true;
  for (const name of required) {
    if (hasMember(node, name)) continue;
    if (sink.quiet) return false;
    valid = false;
    violation(
      sink,
      schema,
      node,
      pointer,
      "required",
      () => `Missing member "${name}" (${label(schema)} requires ${required.join(", ")}).`,
      () => `an object with member "${name}"`,
      childPointer(pointer, name)
    );
  }
  return valid;
}

/**
 * properties and additionalProperties: each member against the schema that
 * describes it; a member no schema describes is recorded as not validated.
 */
function checkMembers(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  if (node.type !== "object" || (schema.properties === null && schema.additionalProperties === null)) return true;
  let valid = true;
  const members = node.members;
  for (let k = 0; k < members.length; k++) {
    const member = members[k]!;
    if (!isLastOfName(node, k)) continue; // an earlier duplicate: JSON.parse would drop it
    const sub = schema.properties?.get(member.name) ?? schema.additionalProperties;
    if (sub === null) {
      sink.notValidated.push({
        pointer: childPointer(pointer, member.name),
        schemaPath: schema.path,
        from: member.nameFrom,
        to: member.value.to
      });
    } else if (!sub.trivial && !check(sub, member.value, childPointer(pointer, member.name), sink)) {
      if (sink.quiet) return false;
      valid = false;
    }
  }
  return valid;
}

function checkItems(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  if (node.type !== "array" || schema.items === null) return true;
  let valid = true;
  const items = node.items;
  for (let k = 0; k < items.length; k++) {
    if (!check(schema.items, items[k]!, childPointer(pointer, k), sink)) {
      if (sink.quiet) return false;
      valid = false;
    }
  }
  return valid;
}

function checkAllOf(schema: CompiledSchema, node: JsonNode, pointer: string, sink: Sink): boolean {
  if (schema.allOf === null) return true;
  let valid = true;
  for (const branch of schema.allOf) {
    if (!check(branch, node, pointer, sink)) {
      if (sink.quiet) return false;
      valid = false;
    }
  }
  return valid;
}

interface BranchRun {
  schema: CompiledSchema;
  valid: boolean;
  sink: Sink;
}

/**
 * anyOf: at least one branch; oneOf: exactly one. When no branch fits, the
 * report names the branch the value evidently meant (its discriminating const
 * and its required members hold) or else lists what each branch accepts.
 */
function checkAlternatives(
  owner: CompiledSchema,
  branches: CompiledSchema[],
  keyword: "anyOf" | "oneOf",
  node: JsonNode,
  pointer: string,
  sink: Sink
): boolean {
  // First pass: verdicts only (no messages), keeping the not-validated members of passing branches.
  const quietRuns = branches.map((branch) => {
    const branchSink: Sink = {quiet: true, violations: [], notValidated: []};
    return {schema: branch, valid: check(branch, node, pointer, branchSink), sink: branchSink};
  });
  const passing = quietRuns.filter((r) => r.valid);
  const path = `${owner.path}/${keyword}`;
  if (keyword === "oneOf" && passing.length > 1) {
    violation(
      sink,
      owner,
      node,
      pointer,
      keyword,
      () =>
        `The value matches ${passing.length} alternatives (${passing.map((r) => describeBranch(r.schema)).join(", ")}); oneOf allows exactly one.`,
      () => `exactly one of: ${branches.map(describeBranch).join("; ")}`
    );
    return false;
  }
  if (passing.length > 0) {
    // A member is "not validated" only if no passing branch describes it.
    const counts = new Map<string, {member: NotValidatedMember; count: number}>();
    for (const run of passing) {
      for (const member of run.sink.notValidated) {
        const entry = counts.get(member.pointer);
        if (entry) entry.count++;
        else counts.set(member.pointer, {member, count: 1});
      }
    }
    for (const {member, count} of counts.values()) if (count === passing.length) sink.notValidated.push(member);
    return true;
  }
  if (sink.quiet) return false;
  // Second pass, only when every branch failed: full reports, to name the branch the value meant.
  const runs: BranchRun[] = branches.map((branch) => {
    const branchSink: Sink = {quiet: false, violations: [], notValidated: []};
    return {schema: branch, valid: check(branch, node, pointer, branchSink), sink: branchSink};
  });
  const meant = pickIntendedBranch(runs, pointer);
  if (meant) {
    sink.violations.push(...meant.sink.violations);
    sink.notValidated.push(...meant.sink.notValidated);
  } else {
    const accepted = branches.map(describeBranch).join("; or ");
    sink.violations.push({
      pointer,
      instancePointer: pointer,
      keyword,
      schemaPath: path,
      message: `The value matches none of the ${branches.length} alternatives: ${accepted}.`,
      accepted: `one of: ${accepted}`,
      from: node.from,
      to: node.to
    });
  }
  return false;
}

function pickIntendedBranch(runs: BranchRun[], pointer: string): BranchRun | undefined {
  const depth = pointer.split("/").length;
  // Rule out branches whose type or discriminating const (a direct member's const) fails.
  let candidates = runs.filter(
    (run) =>
      !run.sink.violations.some(
        (v) =>
          (v.instancePointer === pointer &&
            (v.keyword === "type" || v.keyword === "const" || v.keyword === "anyOf" || v.keyword === "oneOf")) ||
          (v.keyword === "const" && v.instancePointer.split("/").length === depth + 1)
      )
  );
  if (candidates.length > 1) {
    const complete = candidates.filter(
      (run) => !run.sink.violations.some((v) => v.instancePointer === pointer && v.keyword === "required")
    );
    if (complete.length > 0) candidates = complete;
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}
