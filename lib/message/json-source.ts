/**
 * A position-preserving JSON parser (RFC 8259). Unlike JSON.parse it keeps:
 * - every value's source offsets, so a finding can mark the editor;
 * - numbers as their lexeme, so ids beyond 2^53 are not rounded;
 * - every member of an object, so duplicate names are reported, not silently dropped.
 *
 * This file builds the tree: objects, arrays, member names and the
 * punctuation between them. The tokens that are whole values (strings,
 * numbers, literals) are read by the scanner in json-tokens.ts.
 *
 * It is iterative (an explicit stack, no recursion), so nesting depth cannot
 * overflow the call stack; depth is still bounded (RFC 8259 section 9 lets a
 * parser set limits) because later stages walk the tree.
 */
import {childPointer} from "./json-pointer.js";
import {JsonScanner, RULE_ENCODING, RULE_GRAMMAR, Stop, type ScanContext} from "./json-tokens.js";
import type {
  JsonArrayNode,
  JsonMember,
  JsonNode,
  JsonObjectNode,
  JsonStringNode,
  ParseResult,
  ParseWarnings
} from "../shared/json-nodes.js";

/** RFC 8259 section 9: "An implementation may set limits on the maximum depth of nesting." */
export const MAX_NESTING_DEPTH = 256;
/** Escaped lone surrogates listed in full; the rest are counted. */
export const MAX_LISTED_ESCAPES = 100;

const RULE_OBJECTS = "RFC 8259 section 4 (objects)";
const RULE_ARRAYS = "RFC 8259 section 5 (arrays)";
const RULE_DEPTH = `RFC 8259 section 9: a parser may limit nesting depth; this lab's limit is ${MAX_NESTING_DEPTH}`;

/** Objects with at least this many members look names up in a Map; smaller ones are scanned. */
const NAME_MAP_FROM_MEMBERS = 16;

interface ObjectFrame {
  node: JsonObjectNode;
  /** Name of the member whose value is being read. */
  name: string;
  /** False while a name is expected or read: the pointer then names the object itself. */
  inValue: boolean;
  nameFrom: number;
  nameTo: number;
  /** Each name's first member index, once the object has NAME_MAP_FROM_MEMBERS members. */
  seen: Map<string, number> | null;
  /** The object's own pointer, computed on its first duplicate name. */
  pointer: string | null;
}

interface ArrayFrame {
  node: JsonArrayNode;
}

type Frame = ObjectFrame | ArrayFrame;

function isObjectFrame(frame: Frame): frame is ObjectFrame {
  return frame.node.type === "object";
}

/** The tree for one text: a stack of open containers, and the warnings met on the way. */
class TreeBuilder implements ScanContext {
  readonly warnings: ParseWarnings = {
    duplicates: [],
    loneSurrogateEscapes: [],
    loneSurrogateEscapesOmitted: 0,
    byteOrderMark: false
  };
  private readonly stack: Frame[] = [];
  private readonly scanner: JsonScanner;

  constructor(text: string) {
    this.scanner = new JsonScanner(text, this);
  }

  pointer(): string {
    let pointer = "";
    for (const frame of this.stack) {
      if (!isObjectFrame(frame)) pointer = childPointer(pointer, frame.node.items.length);
      else if (frame.inValue) pointer = childPointer(pointer, frame.name);
    }
    return pointer;
  }

  loneSurrogateEscape(from: number, codeUnit: number): void {
    if (this.warnings.loneSurrogateEscapes.length >= MAX_LISTED_ESCAPES) {
      this.warnings.loneSurrogateEscapesOmitted++;
      return;
    }
    this.warnings.loneSurrogateEscapes.push({pointer: this.pointer(), from, to: from + 6, codeUnit});
  }

  /** The whole text: an optional byte order mark, one value, then only whitespace. */
  build(): JsonNode {
    const scanner = this.scanner;
    if (scanner.text.charCodeAt(0) === 0xfeff) {
      // RFC 8259 section 8.1: parsers MAY ignore a byte order mark rather than treat it as an error.
      this.warnings.byteOrderMark = true;
      scanner.pos = 1;
    }
    scanner.skipWhitespace();
    if (scanner.atEnd())
      scanner.fail(
        "empty",
        scanner.pos,
        scanner.pos,
        "The text is empty: there is no JSON value to read.",
        "one JSON value",
        RULE_GRAMMAR
      );
    const root = this.readRoot();
    this.expectEnd();
    return root;
  }

  /** Reads a value, opening containers, until the outermost one is complete. */
  private readRoot(): JsonNode {
    for (;;) {
      const value = this.openValue();
      if (value === null) continue;
      const root = this.attach(value);
      if (root !== null) return root;
    }
  }

  /** The value at pos, or null after opening a container whose first member or element comes next. */
  private openValue(): JsonNode | null {
    this.scanner.skipWhitespace();
    const c = this.scanner.peek();
    if (c === 0x7b) return this.openObject();
    if (c === 0x5b) return this.openArray();
    return this.scanner.readScalar();
  }

  private openObject(): JsonObjectNode | null {
    const scanner = this.scanner;
    const node: JsonObjectNode = {type: "object", from: scanner.pos, to: -1, members: [], hasDuplicateNames: false};
    const frame: ObjectFrame = {node, name: "", inValue: false, nameFrom: 0, nameTo: 0, seen: null, pointer: null};
    this.push(frame);
    scanner.pos++;
    scanner.skipWhitespace();
    if (scanner.peek() === 0x7d) return this.close(node);
    this.expectName(frame, -1);
    return null;
  }

  private openArray(): JsonArrayNode | null {
    const scanner = this.scanner;
    const node: JsonArrayNode = {type: "array", from: scanner.pos, to: -1, items: []};
    this.push({node});
    scanner.pos++;
    scanner.skipWhitespace();
    return scanner.peek() === 0x5d ? this.close(node) : null;
  }

  private push(frame: Frame): void {
    const at = this.scanner.pos;
    if (this.stack.length >= MAX_NESTING_DEPTH) {
      this.scanner.fail(
        "too-deep",
        at,
        at + 1,
        `Nesting goes deeper than ${MAX_NESTING_DEPTH} levels here.`,
        `at most ${MAX_NESTING_DEPTH} nested objects and arrays`,
        RULE_DEPTH
      );
    }
    this.stack.push(frame);
  }

  /** Ends the innermost container at its closing bracket (at pos). */
  private close<T extends JsonObjectNode | JsonArrayNode>(node: T): T {
    this.scanner.pos++;
    node.to = this.scanner.pos;
    this.stack.pop();
    return node;
  }

  /** Attaches a completed value, closing the containers it completes: the root when none is left open, else null. */
  private attach(value: JsonNode): JsonNode | null {
    let completed = value;
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (top === undefined) return completed;
      const closed = isObjectFrame(top) ? this.addMember(top, completed) : this.addElement(top, completed);
      if (closed === null) return null;
      completed = closed;
    }
  }

  /** Adds a member; then ',' and the next name (null), or '}' (the closed object). */
  private addMember(frame: ObjectFrame, value: JsonNode): JsonObjectNode | null {
    const scanner = this.scanner;
    frame.node.members.push({name: frame.name, nameFrom: frame.nameFrom, nameTo: frame.nameTo, value});
    frame.inValue = false;
    scanner.skipWhitespace();
    const c = scanner.peek();
    const i = scanner.pos;
    if (c === 0x2c) {
      scanner.pos++;
      this.expectName(frame, i);
      return null;
    }
    if (c === 0x7d) return this.close(frame.node);
    if (scanner.atEnd())
      scanner.fail(
        "unexpected-end",
        scanner.end,
        scanner.end,
        "The text ends inside an object that is never closed.",
        "',' or '}'",
        RULE_OBJECTS
      );
    if (c === 0x2f)
      scanner.fail(
        "unexpected-character",
        i,
        Math.min(scanner.end, i + 2),
        "JSON has no comments.",
        "',' then another member, or '}'",
        RULE_GRAMMAR
      );
    return scanner.fail(
      "unexpected-character",
      i,
      i + 1,
      `Expected ',' or '}' after a member value, found ${scanner.describe(i)}.`,
      "',' then another member, or '}'",
      RULE_OBJECTS
    );
  }

  /** Adds an element; then ',' (null, the next element comes), or ']' (the closed array). */
  private addElement(frame: ArrayFrame, value: JsonNode): JsonArrayNode | null {
    const scanner = this.scanner;
    frame.node.items.push(value);
    scanner.skipWhitespace();
    const c = scanner.peek();
    const i = scanner.pos;
    if (c === 0x2c) {
      scanner.pos++;
      scanner.skipWhitespace();
      if (scanner.peek() === 0x5d)
        scanner.fail(
          "trailing-comma",
          i,
          i + 1,
          "A comma before ']' is not allowed.",
          "another element after ',', or no comma before ']'",
          RULE_ARRAYS
        );
      return null;
    }
    if (c === 0x5d) return this.close(frame.node);
    if (scanner.atEnd())
      scanner.fail(
        "unexpected-end",
        scanner.end,
        scanner.end,
        "The text ends inside an array that is never closed.",
        "',' or ']'",
        RULE_ARRAYS
      );
    if (c === 0x2f)
      scanner.fail(
        "unexpected-character",
        i,
        Math.min(scanner.end, i + 2),
        "JSON has no comments.",
        "',' then another element, or ']'",
        RULE_GRAMMAR
      );
    return scanner.fail(
      "unexpected-character",
      i,
      i + 1,
      `Expected ',' or ']' after an array element, found ${scanner.describe(i)}.`,
      "',' then another element, or ']'",
      RULE_ARRAYS
    );
  }

  /** A member name at pos, after '{' or after the comma at `afterComma` (-1 after '{'). */
  private expectName(frame: ObjectFrame, afterComma: number): void {
    const scanner = this.scanner;
    scanner.skipWhitespace();
    const c = scanner.peek();
    const i = scanner.pos;
    if (c === 0x22) return this.readName(frame);
    if (c === 0x7d && afterComma >= 0)
      scanner.fail(
        "trailing-comma",
        afterComma,
        afterComma + 1,
        "A comma before '}' is not allowed.",
        "another member after ',', or no comma before '}'",
        RULE_OBJECTS
      );
    if (scanner.atEnd())
      scanner.fail(
        "unexpected-end",
        scanner.end,
        scanner.end,
        "The text ends inside an object.",
        "a member name in double quotes",
        RULE_OBJECTS
      );
    if (c === 0x27)
      scanner.fail(
        "bad-string",
        i,
        i + 1,
        "Member names must be written in double quotes, not single quotes.",
        "a member name in double quotes",
        RULE_OBJECTS
      );
    if (/[A-Za-z_$]/.test(scanner.text[i]!))
      scanner.fail(
        "unexpected-character",
        i,
        i + 1,
        "Member names must be quoted strings.",
        "a member name in double quotes",
        RULE_OBJECTS
      );
    if (c === 0x2f)
      scanner.fail(
        "unexpected-character",
        i,
        Math.min(scanner.end, i + 2),
        "JSON has no comments.",
        "a member name in double quotes",
        RULE_GRAMMAR
      );
    scanner.fail(
      "unexpected-character",
      i,
      i + 1,
      `Expected a member name, found ${scanner.describe(i)}.`,
      "a member name in double quotes",
      RULE_OBJECTS
    );
  }

  /** Reads a member name and its colon; pos is at the opening quote. */
  private readName(frame: ObjectFrame): void {
    const scanner = this.scanner;
    frame.inValue = false;
    const nameNode = scanner.readString();
    frame.name = nameNode.value;
    frame.nameFrom = nameNode.from;
    frame.nameTo = nameNode.to;
    const firstIndex = this.earlierMemberNamed(frame, nameNode.value);
    if (firstIndex >= 0) this.noteDuplicate(frame, firstIndex, nameNode);
    scanner.skipWhitespace();
    if (scanner.peek() !== 0x3a) {
      if (scanner.atEnd())
        scanner.fail(
          "unexpected-end",
          scanner.end,
          scanner.end,
          "The text ends after a member name.",
          "':' after the member name",
          RULE_OBJECTS
        );
      scanner.fail(
        "unexpected-character",
        scanner.pos,
        scanner.pos + 1,
        `Expected ':' after the member name, found ${scanner.describe()}.`,
        "':' after the member name",
        RULE_OBJECTS
      );
    }
    scanner.pos++;
    frame.inValue = true;
  }

  /** Index of the first member already named `name`, or -1 (which also records the name). */
  private earlierMemberNamed(frame: ObjectFrame, name: string): number {
    const members = frame.node.members;
    if (frame.seen === null && members.length >= NAME_MAP_FROM_MEMBERS) {
      const seen = new Map<string, number>();
      members.forEach((m, k) => {
        if (!seen.has(m.name)) seen.set(m.name, k);
      });
      frame.seen = seen;
    }
    if (frame.seen === null) return members.findIndex((m) => m.name === name);
    const firstIndex = frame.seen.get(name) ?? -1;
    if (firstIndex < 0) frame.seen.set(name, members.length);
    return firstIndex;
  }

  /** Every duplicate is kept (later stages decide on them); only their findings are capped. */
  private noteDuplicate(frame: ObjectFrame, firstIndex: number, nameNode: JsonStringNode): void {
    frame.node.hasDuplicateNames = true;
    const first = frame.node.members[firstIndex]!;
    frame.pointer ??= this.pointer();
    this.warnings.duplicates.push({
      objectPointer: frame.pointer,
      name: nameNode.value,
      firstFrom: first.nameFrom,
      firstTo: first.nameTo,
      repeatFrom: nameNode.from,
      repeatTo: nameNode.to
    });
  }

  /** After the value: only whitespace. */
  private expectEnd(): void {
    const scanner = this.scanner;
    scanner.skipWhitespace();
    if (scanner.atEnd()) return;
    const i = scanner.pos;
    const c = scanner.peek();
    if (c >= 0xd800 && c <= 0xdfff && !scanner.isPairAt(i))
      scanner.fail(
        "lone-surrogate",
        i,
        i + 1,
        `The text contains an ${scanner.describe(i)}.`,
        "well-formed Unicode text",
        RULE_ENCODING
      );
    scanner.fail(
      "trailing-text",
      i,
      scanner.end,
      `Unexpected ${scanner.describe(i)} after the end of the JSON value.`,
      "only whitespace after the value (send several requests as one array: a batch)",
      RULE_GRAMMAR
    );
  }
}

/** Parses `text` as one JSON value. Never throws. */
export function parseJson(text: string): ParseResult {
  const builder = new TreeBuilder(text);
  try {
    return {ok: true, value: builder.build(), warnings: builder.warnings};
  } catch (thrown) {
    if (thrown instanceof Stop) return {ok: false, error: thrown.error, warnings: builder.warnings};
    throw thrown;
  }
}

/** Object member by name; with duplicate names, the last one (what JSON.parse keeps). */
export function memberOf(node: JsonObjectNode, name: string): JsonMember | undefined {
  const members = node.members;
  for (let k = members.length - 1; k >= 0; k--) {
    if (members[k]!.name === name) return members[k];
  }
  return undefined;
}

/** A short description of a value for messages: `string "mesage"`, `number 1.5`, `object`. */
export function describeNode(node: JsonNode): string {
  switch (node.type) {
    case "string":
      return `string ${JSON.stringify(node.value.length > 40 ? `${node.value.slice(0, 40)}…` : node.value)}`;
    case "number":
      return `number ${node.lexeme.length > 40 ? `${node.lexeme.slice(0, 40)}…` : node.lexeme}`;
    case "boolean":
      return `boolean ${node.value}`;
    case "null":
      return "null";
    case "array":
      return `array of ${node.items.length}`;
    case "object":
      return `object with ${node.members.length} member${node.members.length === 1 ? "" : "s"}`;
  }
}
