/**
 * The tree the JSON parser builds (lib/message/json-source.ts) and the scanner's values (json-tokens.ts)
 * fill in: every node with its source offsets, numbers as their lexeme, objects with every
 * member. Types only, shared by both, so neither imports the other back.
 */

interface NodeBase {
  /** Offset of the first code unit of the value. */
  from: number;
  /** Offset after its last code unit. */
  to: number;
}

export interface JsonObjectNode extends NodeBase {
  type: "object";
  /** Every member in source order, duplicates included. */
  members: JsonMember[];
  /** True when some name appears twice (see ParseWarnings.duplicates). */
  hasDuplicateNames: boolean;
}

export interface JsonMember {
  name: string;
  /** Offsets of the quoted name. */
  nameFrom: number;
  nameTo: number;
  value: JsonNode;
}

export interface JsonArrayNode extends NodeBase {
  type: "array";
  items: JsonNode[];
}

export interface JsonStringNode extends NodeBase {
  type: "string";
  value: string;
  /** True when a \u escape produced an unpaired surrogate (RFC 8259 section 8.2). */
  hasLoneSurrogate: boolean;
}

export interface JsonNumberNode extends NodeBase {
  type: "number";
  /** The number exactly as written. */
  lexeme: string;
}

export interface JsonBooleanNode extends NodeBase {
  type: "boolean";
  value: boolean;
}

export interface JsonNullNode extends NodeBase {
  type: "null";
}

export type JsonNode =
  | JsonObjectNode
  | JsonArrayNode
  | JsonStringNode
  | JsonNumberNode
  | JsonBooleanNode
  | JsonNullNode;

export type ParseErrorKind =
  | "empty"
  | "unexpected-character"
  | "unexpected-end"
  | "trailing-text"
  | "trailing-comma"
  | "bad-literal"
  | "bad-number"
  | "bad-string"
  | "bad-escape"
  | "control-character"
  | "lone-surrogate"
  | "too-deep";

export interface ParseError {
  kind: ParseErrorKind;
  /** Where the problem is. */
  from: number;
  to: number;
  /** Pointer to the value being read when the problem was found. */
  pointer: string;
  message: string;
  /** What the grammar accepts at that place. */
  accepted: string;
  rule: string;
}

export interface DuplicateName {
  /** Pointer to the object holding the name twice. */
  objectPointer: string;
  name: string;
  /** Offsets of the earlier and of the repeated member name. */
  firstFrom: number;
  firstTo: number;
  repeatFrom: number;
  repeatTo: number;
}

export interface EscapedLoneSurrogate {
  pointer: string;
  /** Offsets of the \uXXXX escape. */
  from: number;
  to: number;
  codeUnit: number;
}

export interface ParseWarnings {
  /** Every repeated member name, in source order. */
  duplicates: DuplicateName[];
  loneSurrogateEscapes: EscapedLoneSurrogate[];
  loneSurrogateEscapesOmitted: number;
  /** RFC 8259 section 8.1: a parser MAY ignore a leading byte order mark. */
  byteOrderMark: boolean;
}

export type ParseResult =
  | {ok: true; value: JsonNode; warnings: ParseWarnings}
  | {ok: false; error: ParseError; warnings: ParseWarnings};
