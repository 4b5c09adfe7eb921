/**
 * A ProtoJSON reader (protobuf.dev/programming-guides/json) that only judges: is this JSON
 * value a valid `lf.a2a.v1.<Type>` under the A2A 1.0.1 proto, and if not, where and why. It
 * works on the position-preserving tree, so every violation has a pointer and a span, and
 * numbers are read from their lexemes. What it applies, from the ProtoJSON mapping and A2A 1.0.1:
 * - a field is named by its lowerCamelCase JSON name or its proto name (not both at once);
 * - null means "not set" (for google.protobuf.Value it is the JSON null value);
 * - scalars by type: strings (valid Unicode), booleans, integers as numbers or numeric strings
 *   in range, base64 bytes; enums as their value names, or numbers;
 * - at most one member of a oneof set;
 * - REQUIRED fields (google.api.field_behavior; specification section 5.7: "MUST be present
 *   and set", and a required array holds at least one element);
 * - members the proto does not describe are reported as not validated (section 5.7:
 *   implementations SHOULD ignore unrecognized fields).
 */
import {BASE64_LENIENT, decodeBase64} from "../shared/base64.js";
import {childPointer} from "./json-pointer.js";
import {describeNode} from "./json-source.js";
import type {JsonMember, JsonNode, JsonObjectNode} from "../shared/json-nodes.js";
import {decimalOf, isIntegerDecimal} from "./json-number.js";
import {A2A_V1, A2A_V1_VERSION, type ProtoField, type ProtoMessage, type ProtoModel} from "./proto-spec.js";

export interface ProtoViolation {
  /** The field the violation is about: the offending value, or for a missing field where it belongs. */
  pointer: string;
  keyword: "type" | "required" | "oneof" | "duplicate-field" | "enum" | "range" | "unicode" | "bytes";
  /** The proto field it applies to, e.g. "lf.a2a.v1.Message.role". */
  field: string;
  rule: string;
  message: string;
  accepted: string;
  /** Source offsets of the offending value (for a missing field: its object). */
  from: number;
  to: number;
}

export interface ProtoNotValidated {
  pointer: string;
  /** The message holding it, e.g. "lf.a2a.v1.Part". */
  message: string;
  from: number;
  to: number;
}

/** A member named by its proto name (message_id): ProtoJSON reads it; A2A 1.0.1 section 5.5 says to write the JSON name. */
export interface ProtoNamedMember {
  pointer: string;
  /** The JSON name the specification asks for, e.g. "messageId". */
  json: string;
  from: number;
  to: number;
}

export interface ProtoVerdict {
  valid: boolean;
  violations: ProtoViolation[];
  notValidated: ProtoNotValidated[];
  protoNamed: ProtoNamedMember[];
}

const PROTO = `A2A ${A2A_V1_VERSION} a2a.proto`;
const RULE_JSON = "ProtoJSON (protobuf.dev/programming-guides/json)";
/** ProtoJSON's bytes ("bytes" in the JSON mapping): what writers send is canonical, readers accept more (lib/shared/base64.ts, BASE64_LENIENT). */
const BYTES_RULE =
  'ProtoJSON: bytes are a base64 string; "either standard or URL-safe base64 encoding with/without paddings are accepted"';
const BYTES_ACCEPTED =
  "base64 (RFC 4648 section 4, or section 5's URL-safe alphabet, not both), with or without '=' padding, no whitespace";
const INT_BOUNDS: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n]
};
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Checks `node` as the message `typeName` (e.g. "SendMessageRequest"); `basePointer` is where it sits. */
export function validateProtoJson(
  typeName: string,
  node: JsonNode,
  basePointer = "",
  model: ProtoModel = A2A_V1
): ProtoVerdict {
  const reader = new Reader(model);
  reader.message(model.message(typeName), node, basePointer);
  return {
    valid: reader.violations.length === 0,
    violations: reader.violations,
    notValidated: reader.notValidated,
    protoNamed: reader.protoNamed
  };
}

/** What a message's members have set so far: each field by the member name that set it, each oneof likewise. */
interface FieldsRead {
  seen: Map<ProtoField, string>;
  oneofSet: Map<string, string>;
}

class Reader {
  violations: ProtoViolation[] = [];
  notValidated: ProtoNotValidated[] = [];
  protoNamed: ProtoNamedMember[] = [];
  constructor(private readonly model: ProtoModel) {}

  private fail(
    keyword: ProtoViolation["keyword"],
    field: string,
    pointer: string,
    at: {from: number; to: number},
    rule: string,
    message: string,
    accepted: string
  ): void {
    this.violations.push({pointer, keyword, field, rule, message, accepted, from: at.from, to: at.to});
  }

  message(type: ProtoMessage, node: JsonNode, pointer: string): void {
    if (node.type !== "object") {
      this.fail(
        "type",
        type.fullName,
        pointer,
        node,
        `${RULE_JSON}: a message is a JSON object`,
        `${pointer || "The value"} is ${describeNode(node)}, not a ${type.fullName} object.`,
        `an object (${type.fullName})`
      );
      return;
    }
    const fields: FieldsRead = {seen: new Map(), oneofSet: new Map()};
    // With duplicate names JSON.parse keeps the last: read that one (stage 4 reports the duplicate itself).
    const last = new Map<string, number>();
    node.members.forEach((member, index) => last.set(member.name, index));
    node.members.forEach((member, index) => {
      if (last.get(member.name) !== index) return;
      this.member(type, member, childPointer(pointer, member.name), fields);
    });
    this.requiredFields(type, node, pointer, fields.seen, last);
  }

  /** One member of a message: the field it names, read once, and at most one member per oneof. */
  private member(type: ProtoMessage, member: JsonMember, memberPointer: string, {seen, oneofSet}: FieldsRead): void {
    const field = type.byName.get(member.name);
    if (!field) {
      this.notValidated.push({
        pointer: memberPointer,
        message: type.fullName,
        from: member.nameFrom,
        to: member.value.to
      });
      return;
    }
    const fieldName = `${type.fullName}.${field.name}`;
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      this.fail(
        "duplicate-field",
        fieldName,
        memberPointer,
        {from: member.nameFrom, to: member.nameTo},
        `${RULE_JSON}: a field is named by its JSON name or its proto name, once`,
        `"${member.name}" and "${earlier}" are the same field (${fieldName}).`,
        `one of "${field.json}" or "${field.name}"`
      );
      return;
    }
    seen.set(field, member.name);
    if (member.name !== field.json)
      this.protoNamed.push({pointer: memberPointer, json: field.json, from: member.nameFrom, to: member.nameTo});
    const value = member.value;
    if (value.type === "null" && field.type !== "google.protobuf.Value") return;
    if (field.oneof !== undefined && !field.repeated) {
      const other = oneofSet.get(field.oneof);
      if (other !== undefined) {
        this.fail(
          "oneof",
          fieldName,
          memberPointer,
          {from: member.nameFrom, to: value.to},
          `${PROTO} ${type.fullName}: oneof ${field.oneof} holds at most one member`,
          `"${member.name}" is set beside "${other}"; ${type.name}.${field.oneof} is one of ${oneofMembers(type, field.oneof)}.`,
          `exactly one of ${oneofMembers(type, field.oneof)}`
        );
        return;
      }
      oneofSet.set(field.oneof, member.name);
    }
    this.field(type, field, value, memberPointer);
  }

  /** Specification section 5.7: a REQUIRED field is present and set (a repeated one with at least one element). */
  private requiredFields(
    type: ProtoMessage,
    node: JsonObjectNode,
    pointer: string,
    seen: ReadonlyMap<ProtoField, string>,
    last: ReadonlyMap<string, number>
  ): void {
    for (const field of type.fields) {
      if (!field.required) continue;
      const name = seen.get(field);
      const member = name === undefined ? undefined : node.members[last.get(name)!];
      if (member !== undefined && isSet(this.model, field, member.value)) continue;
      const emptyArray = member?.value.type === "array";
      const shown =
        member === undefined
          ? `has no "${field.json}"`
          : emptyArray
            ? `has an empty "${field.json}"`
            : `has "${field.json}" ${describeNode(member.value)}, which is not set`;
      this.fail(
        "required",
        `${type.fullName}.${field.name}`,
        childPointer(pointer, field.json),
        member === undefined ? {from: node.from, to: node.from + 1} : member.value,
        `${PROTO} ${type.fullName}.${field.name}: REQUIRED (google.api.field_behavior; specification section 5.7: present and set${field.repeated ? ", with at least one element" : ""})`,
        `${type.name} ${shown}.`,
        requiredAccepted(field)
      );
    }
  }

  private field(type: ProtoMessage, field: ProtoField, value: JsonNode, pointer: string): void {
    const fieldName = `${type.fullName}.${field.name}`;
    if (field.mapKey !== undefined) {
      if (value.type !== "object") {
        this.fail(
          "type",
          fieldName,
          pointer,
          value,
          `${RULE_JSON}: a map is a JSON object`,
          `${fieldName} is ${describeNode(value)}, not an object.`,
          "an object"
        );
        return;
      }
      for (const entry of value.members)
        this.single(fieldName, field.type, entry.value, childPointer(pointer, entry.name));
      return;
    }
    if (field.repeated) {
      if (value.type !== "array") {
        this.fail(
          "type",
          fieldName,
          pointer,
          value,
          `${RULE_JSON}: a repeated field is a JSON array`,
          `${fieldName} is ${describeNode(value)}, not an array.`,
          "an array"
        );
        return;
      }
      value.items.forEach((item, index) => {
        const itemPointer = childPointer(pointer, index);
        if (item.type === "null" && field.type !== "google.protobuf.Value") {
          this.fail(
            "type",
            fieldName,
            itemPointer,
            item,
            `${RULE_JSON}: a repeated field holds no null element`,
            `Element ${index} of ${fieldName} is null.`,
            acceptedFor(this.model, field.type)
          );
        } else this.single(fieldName, field.type, item, itemPointer);
      });
      return;
    }
    this.single(fieldName, field.type, value, pointer);
  }

  /** One value of a field's type (not null, unless the type is google.protobuf.Value). */
  private single(fieldName: string, type: string, value: JsonNode, pointer: string): void {
    const wrong = (rule: string) => this.wrongType(fieldName, type, value, pointer, rule);
    if (type.startsWith("message:")) return this.message(this.model.message(type.slice(8)), value, pointer);
    if (type.startsWith("enum:")) return this.enumValue(fieldName, type.slice(5), value, pointer);
    switch (type) {
      case "string":
        if (value.type !== "string") return wrong("a string field is a JSON string");
        return this.unicode(fieldName, value, pointer);
      case "bool":
        if (value.type !== "boolean") return wrong("a bool field is true or false");
        return;
      case "bytes": {
        if (value.type !== "string") return wrong("a bytes field is a base64 string");
        const decoded = decodeBase64(value.value, BASE64_LENIENT);
        if (!decoded.ok)
          this.fail(
            "bytes",
            fieldName,
            pointer,
            value,
            BYTES_RULE,
            `${fieldName} is not base64: ${decoded.message}`,
            BYTES_ACCEPTED
          );
        return;
      }
      case "float":
      case "double":
        if (value.type === "number") return;
        if (
          value.type === "string" &&
          (NUMBER_TEXT.test(value.value) || ["NaN", "Infinity", "-Infinity"].includes(value.value))
        )
          return;
        return wrong(`${withArticle(type)} is a number, a numeric string, or "NaN", "Infinity", "-Infinity"`);
      case "google.protobuf.Value":
        return this.anyJson(fieldName, value, pointer);
      case "google.protobuf.Struct":
        if (value.type !== "object") return wrong("a google.protobuf.Struct is a JSON object");
        return this.anyJson(fieldName, value, pointer);
      case "google.protobuf.ListValue":
        if (value.type !== "array") return wrong("a google.protobuf.ListValue is a JSON array");
        return this.anyJson(fieldName, value, pointer);
      case "google.protobuf.Empty":
        if (value.type !== "object" || value.members.length > 0) return wrong("a google.protobuf.Empty is {}");
        return;
      case "google.protobuf.Timestamp":
        if (value.type !== "string" || !validTimestamp(value.value))
          return wrong('a google.protobuf.Timestamp is an RFC 3339 string such as "2026-03-12T10:00:00.000Z"');
        return;
    }
    this.integer(fieldName, type, value, pointer);
  }

  /** A value of the wrong JSON type for its field; `rule` says which type ProtoJSON expects. */
  private wrongType(fieldName: string, type: string, value: JsonNode, pointer: string, rule: string): void {
    this.fail(
      "type",
      fieldName,
      pointer,
      value,
      `${RULE_JSON}: ${rule}`,
      `${fieldName} (${type.replace(/^(message|enum):/, "")}) is ${describeNode(value)}.`,
      acceptedFor(this.model, type)
    );
  }

  /** An integer type (int32 ... fixed64): a number or numeric string, whole, and in its type's range. */
  private integer(fieldName: string, type: string, value: JsonNode, pointer: string): void {
    const bounds = INT_BOUNDS[type];
    if (bounds === undefined) throw new Error(`no ProtoJSON rule for type ${type}`);
    const lexeme =
      value.type === "number"
        ? value.lexeme
        : value.type === "string" && NUMBER_TEXT.test(value.value)
          ? value.value
          : null;
    if (lexeme === null)
      return this.wrongType(
        fieldName,
        type,
        value,
        pointer,
        `${withArticle(type)} is a number or a string holding one`
      );
    const integer = integerOf(lexeme);
    if (integer === null) {
      this.fail(
        "type",
        fieldName,
        pointer,
        value,
        `${RULE_JSON}: ${withArticle(type)} is a whole number`,
        `${fieldName} is ${describeNode(value)}, which is not a whole number.`,
        `a whole number from ${bounds[0]} to ${bounds[1]}`
      );
    } else if (integer === "huge" || integer < bounds[0] || integer > bounds[1]) {
      this.fail(
        "range",
        fieldName,
        pointer,
        value,
        `${RULE_JSON}: ${withArticle(type)} lies in its type's range`,
        `${fieldName} is ${describeNode(value)}, outside the range of ${type}.`,
        `a whole number from ${bounds[0]} to ${bounds[1]}`
      );
    }
  }

  private enumValue(fieldName: string, enumName: string, value: JsonNode, pointer: string): void {
    const type = this.model.enumType(enumName);
    const accepted = `one of ${type.names.map((name) => `"${name}"`).join(", ")} (or its number)`;
    if (value.type === "string") {
      if (type.numberOf.has(value.value)) return;
      const near = type.names.find(
        (name) =>
          name.toLowerCase() === value.value.toLowerCase() ||
          name.toLowerCase().endsWith(`_${value.value.toLowerCase()}`)
      );
      const hint = near === undefined ? "" : ` A2A 1.0 spells it "${near}".`;
      this.fail(
        "enum",
        fieldName,
        pointer,
        value,
        `${RULE_JSON}: an enum value is written as its name from the proto (A2A ${A2A_V1_VERSION} specification section 5.5)`,
        `${fieldName} is "${shorten(value.value)}", not a value name of ${type.fullName}.${hint}`,
        accepted
      );
      return;
    }
    if (value.type === "number") {
      const integer = integerOf(value.lexeme);
      if (
        integer !== null &&
        integer !== "huge" &&
        integer >= INT_BOUNDS["int32"]![0] &&
        integer <= INT_BOUNDS["int32"]![1]
      )
        return;
      this.fail(
        "enum",
        fieldName,
        pointer,
        value,
        `${RULE_JSON}: an enum value may also be its number, a 32-bit integer`,
        `${fieldName} is ${describeNode(value)}, not an enum number.`,
        accepted
      );
      return;
    }
    this.fail(
      "type",
      fieldName,
      pointer,
      value,
      `${RULE_JSON}: an enum value is a string (its name) or a number`,
      `${fieldName} is ${describeNode(value)}.`,
      accepted
    );
  }

  /** google.protobuf.Value and Struct hold any JSON, whose strings (and names) are proto strings: valid Unicode. */
  private anyJson(fieldName: string, value: JsonNode, pointer: string): void {
    if (value.type === "string") this.unicode(fieldName, value, pointer);
    else if (value.type === "array")
      value.items.forEach((item, index) => this.anyJson(fieldName, item, childPointer(pointer, index)));
    else if (value.type === "object") {
      for (const member of value.members) {
        if (hasLoneSurrogate(member.name))
          this.fail(
            "unicode",
            fieldName,
            childPointer(pointer, member.name),
            {from: member.nameFrom, to: member.nameTo},
            UNICODE_RULE,
            `A name inside ${fieldName} has an unpaired surrogate.`,
            UNICODE_ACCEPTED
          );
        this.anyJson(fieldName, member.value, childPointer(pointer, member.name));
      }
    }
  }

  private unicode(fieldName: string, value: Extract<JsonNode, {type: "string"}>, pointer: string): void {
    if (value.hasLoneSurrogate)
      this.fail(
        "unicode",
        fieldName,
        pointer,
        value,
        UNICODE_RULE,
        `${fieldName} has an unpaired surrogate escape: it is not valid Unicode.`,
        UNICODE_ACCEPTED
      );
  }
}

const UNICODE_RULE =
  "proto3: a string field holds valid UTF-8, so a JSON string with an unpaired surrogate escape (RFC 8259 section 8.2) is refused";
const UNICODE_ACCEPTED = "text made of Unicode scalar values (surrogates only in valid pairs)";

function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

function withArticle(type: string): string {
  return `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The whole number a lexeme holds, "huge" when it has more than 30 digits, or null when it has a fraction. */
function integerOf(lexeme: string): bigint | "huge" | null {
  const value = decimalOf(lexeme);
  if (!isIntegerDecimal(value)) return null;
  if (value.digits === "") return 0n;
  if (value.exponent.length > 2 || value.digits.length + Number(value.exponent) > 30) return "huge";
  const magnitude = BigInt(value.digits + "0".repeat(Number(value.exponent)));
  return value.negative ? -magnitude : magnitude;
}

function validTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number
  ];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59
  );
}

/** Proto3 presence for a REQUIRED field: set means not the default (a non-empty string or array, a non-zero enum, any message). */
function isSet(model: ProtoModel, field: ProtoField, value: JsonNode): boolean {
  if (value.type === "null") return field.type === "google.protobuf.Value";
  if (field.repeated) return value.type !== "array" || value.items.length > 0;
  if (field.type === "string" || field.type === "bytes") return value.type !== "string" || value.value !== "";
  if (field.type.startsWith("enum:")) {
    if (value.type === "string") return model.enumType(field.type.slice(5)).numberOf.get(value.value) !== 0;
    if (value.type === "number") return integerOf(value.lexeme) !== 0n;
  }
  if (field.type === "bool") return value.type !== "boolean" || value.value;
  return true;
}

function oneofMembers(type: ProtoMessage, oneof: string): string {
  return type.fields
    .filter((field) => field.oneof === oneof)
    .map((field) => `"${field.json}"`)
    .join(", ");
}

function requiredAccepted(field: ProtoField): string {
  if (field.repeated) return `"${field.json}" with at least one element`;
  if (field.type.startsWith("enum:")) return `"${field.json}" set to a value other than the UNSPECIFIED one`;
  if (field.type === "string") return `"${field.json}": a non-empty string`;
  return `"${field.json}" present`;
}

function acceptedFor(model: ProtoModel, type: string): string {
  if (type.startsWith("message:")) return `an object (${model.message(type.slice(8)).fullName})`;
  if (type.startsWith("enum:"))
    return `one of ${model
      .enumType(type.slice(5))
      .names.map((name) => `"${name}"`)
      .join(", ")}`;
  switch (type) {
    case "string":
      return "a string";
    case "bool":
      return "true or false";
    case "bytes":
      return BYTES_ACCEPTED;
    case "google.protobuf.Value":
      return "any JSON value";
    case "google.protobuf.Struct":
      return "an object (any members)";
    case "google.protobuf.ListValue":
      return "an array";
    case "google.protobuf.Empty":
      return "{}";
    case "google.protobuf.Timestamp":
      return "an RFC 3339 timestamp string";
    case "float":
    case "double":
      return "a number";
    default:
      return `a whole number (${type}), written as a number or a string`;
  }
}
