/**
 * A position-preserving JSON parser (RFC 8259). Unlike JSON.parse it keeps:
 * - every value's source offsets, so a finding can mark the editor;
 * - numbers as their lexeme, so ids beyond 2^53 are not rounded;
 * - every member of an object, so duplicate names are reported, not silently dropped.
 *
 * It is iterative (an explicit stack, no recursion), so nesting depth cannot
 * overflow the call stack; depth is still bounded (RFC 8259 section 9 lets a
 * parser set limits) because later stages walk the tree.
 */
import {childPointer} from "./json-pointer.js";

/** RFC 8259 section 9: "An implementation may set limits on the maximum depth of nesting." */
export const MAX_NESTING_DEPTH = 256;
/** Escaped lone surrogates listed in full; the rest are counted. */
export const MAX_LISTED_ESCAPES = 100;

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

export type JsonNode = JsonObjectNode | JsonArrayNode | JsonStringNode | JsonNumberNode | JsonBooleanNode | JsonNullNode;

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

const RULE_GRAMMAR = "RFC 8259 section 2 (JSON grammar)";
const RULE_VALUES = "RFC 8259 section 3: a value is an object, array, number, string, true, false or null";
const RULE_OBJECTS = "RFC 8259 section 4 (objects)";
const RULE_ARRAYS = "RFC 8259 section 5 (arrays)";
const RULE_NUMBERS = "RFC 8259 section 6 (numbers)";
const RULE_STRINGS = "RFC 8259 section 7 (strings)";
const RULE_ENCODING = "RFC 8259 section 8.1: JSON text is UTF-8, which cannot encode an unpaired surrogate (RFC 3629 section 3)";
const RULE_DEPTH = `RFC 8259 section 9: a parser may limit nesting depth; this lab's limit is ${MAX_NESTING_DEPTH}`;

/** A run of string characters needing no attention: not '"', '\\', a control character or a surrogate. */
const PLAIN_RUN = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

/**
 * Builds a decoded string without creating one small string per escape
 * (a megabyte of "\\n" escapes would otherwise mean half a million strings).
 */
class StringBuilder {
  private readonly pieces: string[] = [];
  private length = 0;

  addUnit(unit: number): void {
    if (this.length === SCRATCH_UNITS) this.flush();
    scratch[this.length++] = unit;
  }

  /** Short slices are copied as code units; long ones are kept as slices. */
  addSlice(text: string, from: number, to: number): void {
    if (to - from <= 16) {
      for (let k = from; k < to; k++) this.addUnit(text.charCodeAt(k));
      return;
    }
    this.flush();
    this.pieces.push(text.slice(from, to));
  }

  private flush(): void {
    if (this.length > 0) this.pieces.push(String.fromCharCode.apply(null, scratch.subarray(0, this.length) as unknown as number[]));
    this.length = 0;
  }

  finish(): string {
    this.flush();
    return this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join("");
  }
}

/** Code units of the string being decoded. Shared: only one string is decoded at a time, and each is flushed before it ends. */
const SCRATCH_UNITS = 4096;
const scratch = new Uint16Array(SCRATCH_UNITS);

class Stop {
  constructor(readonly error: ParseError) {}
}

interface ObjectFrame {
  node: JsonObjectNode;
  /** Name of the member whose value is being read. */
  name: string;
  /** False while a name is expected or read: the pointer then names the object itself. */
  inValue: boolean;
  nameFrom: number;
  nameTo: number;
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

function describeChar(text: string, at: number): string {
  if (at >= text.length) return "the end of the text";
  const code = text.codePointAt(at)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (code < 0x20 || code === 0x7f) return `control character ${hex}`;
  if (code >= 0xd800 && code <= 0xdfff) return `unpaired surrogate ${hex}`;
  return `'${String.fromCodePoint(code)}' (${hex})`;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Parses `text` as one JSON value. Never throws. */
export function parseJson(text: string): ParseResult {
  const warnings: ParseWarnings = {
    duplicates: [],
    loneSurrogateEscapes: [],
    loneSurrogateEscapesOmitted: 0,
    byteOrderMark: false
  };
  const n = text.length;
  const stack: Frame[] = [];
  let i = 0;

  function pointerHere(): string {
    let pointer = "";
    for (const frame of stack) {
      if (!isObjectFrame(frame)) pointer = childPointer(pointer, frame.node.items.length);
      else if (frame.inValue) pointer = childPointer(pointer, frame.name);
    }
    return pointer;
  }

  function fail(kind: ParseErrorKind, from: number, to: number, message: string, accepted: string, rule: string): never {
    throw new Stop({kind, from, to, pointer: pointerHere(), message, accepted, rule});
  }

  function skipWhitespace(): void {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  }

  function expectedValueError(context: string): never {
    if (i >= n) fail("unexpected-end", n, n, `The text ends where ${context} should start.`, "a JSON value", RULE_VALUES);
    const c = text.charCodeAt(i);
    const what = describeChar(text, i);
    if (c === 0x27) fail("bad-string", i, i + 1, "Strings must be written in double quotes, not single quotes.", "a string in double quotes", RULE_STRINGS);
    if (c === 0x2f) fail("unexpected-character", i, Math.min(n, i + 2), "JSON has no comments.", "a JSON value", RULE_GRAMMAR);
    if (c === 0x2b || c === 0x2e) fail("bad-number", i, i + 1, `A number cannot start with ${what}.`, "an optional '-' then digits", RULE_NUMBERS);
    if (c === 0x7d || c === 0x5d || c === 0x2c || c === 0x3a) fail("unexpected-character", i, i + 1, `Found ${what} where ${context} should start.`, "a JSON value", RULE_VALUES);
    if (/[A-Za-z_$]/.test(text[i]!)) {
      const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i, i + 32))![0];
      fail("bad-literal", i, i + word.length, `'${word}' is not a JSON value.`, "true, false or null (lowercase), a number, a string, an object or an array", RULE_VALUES);
    }
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) fail("unexpected-character", i, i + 1, `Found ${what} where ${context} should start.`, "a JSON value", RULE_VALUES);
    if (c >= 0xd800 && c <= 0xdfff && !isPairAt(i)) fail("lone-surrogate", i, i + 1, `The text contains an ${what}.`, "well-formed Unicode text", RULE_ENCODING);
    if (c === 0xa0 || c === 0x0b || c === 0x0c || c === 0xfeff || c === 0x2028 || c === 0x2029) {
      fail("unexpected-character", i, i + 1, `${what} is not JSON whitespace.`, "space, tab, line feed or carriage return between tokens", RULE_GRAMMAR);
    }
    return fail("unexpected-character", i, i + 1, `Found ${what} where ${context} should start.`, "a JSON value", RULE_VALUES);
  }

  function isPairAt(at: number): boolean {
    const c = text.charCodeAt(at);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(at + 1);
      return d >= 0xdc00 && d <= 0xdfff;
    }
    return false;
  }

  function readString(): JsonStringNode {
    const start = i;
    let j = i + 1;
    let chunkStart = j;
    // For strings with escapes: decoded pieces, plus code units not yet turned into a piece.
    let decoded: StringBuilder | null = null;
    let lone = false;
    let plain = 0;
    for (;;) {
      if (j >= n) fail("bad-string", start, n, "This string is never closed.", "a closing double quote", RULE_STRINGS);
      const c = text.charCodeAt(j);
      if (c === 0x22) break;
      if (c === 0x5c) {
        decoded ??= new StringBuilder();
        decoded.addSlice(text, chunkStart, j);
        const e = text.charCodeAt(j + 1);
        let unit = -1;
        switch (e) {
          case 0x22: unit = 0x22; break;
          case 0x5c: unit = 0x5c; break;
          case 0x2f: unit = 0x2f; break;
          case 0x62: unit = 0x08; break;
          case 0x66: unit = 0x0c; break;
          case 0x6e: unit = 0x0a; break;
          case 0x72: unit = 0x0d; break;
          case 0x74: unit = 0x09; break;
          case 0x75: {
            const value = readHex4(j);
            if (value >= 0xd800 && value <= 0xdbff && text.charCodeAt(j + 6) === 0x5c && text.charCodeAt(j + 7) === 0x75) {
              const low = readHex4(j + 6);
              if (low >= 0xdc00 && low <= 0xdfff) {
                decoded.addUnit(value);
                decoded.addUnit(low);
                j += 12;
                chunkStart = j;
                continue;
              }
            }
            if (value >= 0xd800 && value <= 0xdfff) {
              lone = true;
              noteLoneEscape(j, value);
            }
            decoded.addUnit(value);
            j += 6;
            chunkStart = j;
            continue;
          }
          default:
            if (j + 1 >= n) fail("bad-string", start, n, "This string is never closed.", "a closing double quote", RULE_STRINGS);
            fail("bad-escape", j, j + 2, `'\\${text[j + 1]}' is not a JSON escape.`, "\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u followed by four hex digits", RULE_STRINGS);
        }
        decoded.addUnit(unit);
        j += 2;
        chunkStart = j;
        continue;
      }
      if (c < 0x20) {
        fail("control-character", j, j + 1, `A string contains the raw ${describeChar(text, j)}.`, "control characters U+0000 to U+001F written as escapes (\\n, \\t, \\u0000 ...)", RULE_STRINGS);
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        if (c <= 0xdbff) {
          const d = text.charCodeAt(j + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            j += 2;
            continue;
          }
        }
        fail("lone-surrogate", j, j + 1, `A string contains an ${describeChar(text, j)}.`, "well-formed Unicode text", RULE_ENCODING);
      }
      j++;
      // Long runs of ordinary characters are skipped by the regular expression engine.
      if (++plain === 32) {
        plain = 0;
        PLAIN_RUN.lastIndex = j;
        PLAIN_RUN.test(text);
        j = PLAIN_RUN.lastIndex;
      }
    }
    let value: string;
    if (decoded === null) value = text.slice(chunkStart, j);
    else {
      decoded.addSlice(text, chunkStart, j);
      value = decoded.finish();
    }
    i = j + 1;
    return {type: "string", from: start, to: i, value, hasLoneSurrogate: lone};
  }

  function readHex4(at: number): number {
    let value = 0;
    for (let k = at + 2; k < at + 6; k++) {
      const h = k < n ? hexValue(text.charCodeAt(k)) : -1;
      if (h < 0) {
        if (k >= n) fail("bad-string", at, n, "The text ends inside a \\u escape.", "\\u followed by four hex digits", RULE_STRINGS);
        fail("bad-escape", at, k + 1, `'\\u' must be followed by four hex digits; found ${describeChar(text, k)}.`, "\\u followed by four hex digits (0-9, a-f, A-F)", RULE_STRINGS);
      }
      value = value * 16 + h;
    }
    return value;
  }

  function noteLoneEscape(at: number, codeUnit: number): void {
    if (warnings.loneSurrogateEscapes.length >= MAX_LISTED_ESCAPES) {
      warnings.loneSurrogateEscapesOmitted++;
      return;
    }
    warnings.loneSurrogateEscapes.push({pointer: pointerHere(), from: at, to: at + 6, codeUnit});
  }

  function readDigits(from: number): number {
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c < 0x30 || c > 0x39) break;
      j++;
    }
    return j;
  }

  function readNumber(): JsonNumberNode {
    const start = i;
    let j = i;
    if (text.charCodeAt(j) === 0x2d) {
      j++;
      const c = text.charCodeAt(j);
      if (!(c >= 0x30 && c <= 0x39)) {
        if (text.startsWith("Infinity", j)) fail("bad-number", start, j + 8, "-Infinity is not a JSON number.", "a finite number written in decimal", RULE_NUMBERS);
        fail("bad-number", start, Math.min(n, j + 1), `A minus sign must be followed by a digit; found ${describeChar(text, j)}.`, "a digit after '-'", RULE_NUMBERS);
      }
    }
    if (text.charCodeAt(j) === 0x30) {
      j++;
      const c = text.charCodeAt(j);
      if (c >= 0x30 && c <= 0x39) fail("bad-number", start, readDigits(j), "A number cannot have a leading zero.", "0, or a digit 1-9 followed by digits", RULE_NUMBERS);
      if (c === 0x78 || c === 0x58) fail("bad-number", start, j + 1, "JSON numbers are decimal; hexadecimal is not allowed.", "decimal digits", RULE_NUMBERS);
    } else j = readDigits(j);
    if (text.charCodeAt(j) === 0x2e) {
      const after = readDigits(j + 1);
      if (after === j + 1) fail("bad-number", start, Math.min(n, j + 2), "A decimal point must be followed by a digit.", "digits after '.'", RULE_NUMBERS);
      j = after;
    }
    const e = text.charCodeAt(j);
    if (e === 0x65 || e === 0x45) {
      let k = j + 1;
      const s = text.charCodeAt(k);
      if (s === 0x2b || s === 0x2d) k++;
      const after = readDigits(k);
      if (after === k) fail("bad-number", start, Math.min(n, k + 1), "An exponent must have digits.", "digits after 'e', 'e+' or 'e-'", RULE_NUMBERS);
      j = after;
    }
    i = j;
    return {type: "number", from: start, to: j, lexeme: text.slice(start, j)};
  }

  function readLiteral(): JsonNode {
    const start = i;
    const c = text.charCodeAt(i);
    if (c === 0x74 && text.startsWith("true", i)) {
      i += 4;
      return {type: "boolean", from: start, to: i, value: true};
    }
    if (c === 0x66 && text.startsWith("false", i)) {
      i += 5;
      return {type: "boolean", from: start, to: i, value: false};
    }
    if (c === 0x6e && text.startsWith("null", i)) {
      i += 4;
      return {type: "null", from: start, to: i};
    }
    return expectedValueError("a value");
  }

  function pushFrame(frame: Frame, at: number): void {
    if (stack.length >= MAX_NESTING_DEPTH) {
      fail("too-deep", at, at + 1, `Nesting goes deeper than ${MAX_NESTING_DEPTH} levels here.`, `at most ${MAX_NESTING_DEPTH} nested objects and arrays`, RULE_DEPTH);
    }
    stack.push(frame);
  }

  /** Reads a member name and its colon; i is at the opening quote. */
  function readName(frame: ObjectFrame): void {
    frame.inValue = false;
    const nameNode = readString();
    frame.name = nameNode.value;
    frame.nameFrom = nameNode.from;
    frame.nameTo = nameNode.to;
    const members = frame.node.members;
    // Linear scan for small objects; a map once an object grows.
    let firstIndex = -1;
    if (frame.seen === null && members.length >= 16) {
      frame.seen = new Map();
      members.forEach((m, k) => {
        if (!frame.seen!.has(m.name)) frame.seen!.set(m.name, k);
      });
    }
    if (frame.seen !== null) {
      firstIndex = frame.seen.get(nameNode.value) ?? -1;
      if (firstIndex < 0) frame.seen.set(nameNode.value, members.length);
    } else {
      for (let k = 0; k < members.length; k++) {
        if (members[k]!.name === nameNode.value) {
          firstIndex = k;
          break;
        }
      }
    }
    if (firstIndex >= 0) {
      // Every duplicate is kept (later stages decide on them); only their findings are capped.
      frame.node.hasDuplicateNames = true;
      const first = members[firstIndex]!;
      frame.pointer ??= pointerHere();
      warnings.duplicates.push({
        objectPointer: frame.pointer,
        name: nameNode.value,
        firstFrom: first.nameFrom,
        firstTo: first.nameTo,
        repeatFrom: nameNode.from,
        repeatTo: nameNode.to
      });
    }
    skipWhitespace();
    if (text.charCodeAt(i) !== 0x3a) {
      if (i >= n) fail("unexpected-end", n, n, "The text ends after a member name.", "':' after the member name", RULE_OBJECTS);
      fail("unexpected-character", i, i + 1, `Expected ':' after the member name, found ${describeChar(text, i)}.`, "':' after the member name", RULE_OBJECTS);
    }
    i++;
    frame.inValue = true;
  }

  function expectName(frame: ObjectFrame, afterComma: number): void {
    skipWhitespace();
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      readName(frame);
      return;
    }
    if (c === 0x7d && afterComma >= 0) fail("trailing-comma", afterComma, afterComma + 1, "A comma before '}' is not allowed.", "another member after ',', or no comma before '}'", RULE_OBJECTS);
    if (i >= n) fail("unexpected-end", n, n, "The text ends inside an object.", "a member name in double quotes", RULE_OBJECTS);
    if (c === 0x27) fail("bad-string", i, i + 1, "Member names must be written in double quotes, not single quotes.", "a member name in double quotes", RULE_OBJECTS);
    if (/[A-Za-z_$]/.test(text[i]!)) fail("unexpected-character", i, i + 1, "Member names must be quoted strings.", "a member name in double quotes", RULE_OBJECTS);
    if (c === 0x2f) fail("unexpected-character", i, Math.min(n, i + 2), "JSON has no comments.", "a member name in double quotes", RULE_GRAMMAR);
    fail("unexpected-character", i, i + 1, `Expected a member name, found ${describeChar(text, i)}.`, "a member name in double quotes", RULE_OBJECTS);
  }

  try {
    if (text.charCodeAt(0) === 0xfeff) {
      // RFC 8259 section 8.1: parsers MAY ignore a byte order mark rather than treat it as an error.
      warnings.byteOrderMark = true;
      i = 1;
    }
    skipWhitespace();
    if (i >= n) fail("empty", i, i, "The text is empty: there is no JSON value to read.", "one JSON value", RULE_GRAMMAR);

    let root: JsonNode | null = null;
    let value: JsonNode | null = null;
    // Main loop: read a value (possibly opening a container), then attach completed values.
    for (;;) {
      // --- read one value, or open a container ---
      skipWhitespace();
      const c = text.charCodeAt(i);
      if (c === 0x7b) {
        const node: JsonObjectNode = {type: "object", from: i, to: -1, members: [], hasDuplicateNames: false};
        const frame: ObjectFrame = {node, name: "", inValue: false, nameFrom: 0, nameTo: 0, seen: null, pointer: null};
        pushFrame(frame, i);
        i++;
        skipWhitespace();
        if (text.charCodeAt(i) === 0x7d) {
          i++;
          node.to = i;
          stack.pop();
          value = node;
        } else {
          expectName(frame, -1);
          continue;
        }
      } else if (c === 0x5b) {
        const node: JsonArrayNode = {type: "array", from: i, to: -1, items: []};
        pushFrame({node}, i);
        i++;
        skipWhitespace();
        if (text.charCodeAt(i) === 0x5d) {
          i++;
          node.to = i;
          stack.pop();
          value = node;
        } else continue;
      } else if (c === 0x22) value = readString();
      else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) value = readNumber();
      else value = readLiteral();

      // --- attach completed values, closing containers as they end ---
      let done = false;
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          root = value;
          done = true;
          break;
        }
        if (isObjectFrame(top)) {
          top.node.members.push({name: top.name, nameFrom: top.nameFrom, nameTo: top.nameTo, value: value!});
          top.inValue = false;
          skipWhitespace();
          const d = text.charCodeAt(i);
          if (d === 0x2c) {
            const comma = i;
            i++;
            expectName(top, comma);
            break;
          }
          if (d === 0x7d) {
            i++;
            top.node.to = i;
            stack.pop();
            value = top.node;
            continue;
          }
          if (i >= n) fail("unexpected-end", n, n, "The text ends inside an object that is never closed.", "',' or '}'", RULE_OBJECTS);
          if (d === 0x2f) fail("unexpected-character", i, Math.min(n, i + 2), "JSON has no comments.", "',' then another member, or '}'", RULE_GRAMMAR);
          fail("unexpected-character", i, i + 1, `Expected ',' or '}' after a member value, found ${describeChar(text, i)}.`, "',' then another member, or '}'", RULE_OBJECTS);
        } else {
          top.node.items.push(value!);
          skipWhitespace();
          const d = text.charCodeAt(i);
          if (d === 0x2c) {
            const comma = i;
            i++;
            skipWhitespace();
            if (text.charCodeAt(i) === 0x5d) fail("trailing-comma", comma, comma + 1, "A comma before ']' is not allowed.", "another element after ',', or no comma before ']'", RULE_ARRAYS);
            break;
          }
          if (d === 0x5d) {
            i++;
            top.node.to = i;
            stack.pop();
            value = top.node;
            continue;
          }
          if (i >= n) fail("unexpected-end", n, n, "The text ends inside an array that is never closed.", "',' or ']'", RULE_ARRAYS);
          if (d === 0x2f) fail("unexpected-character", i, Math.min(n, i + 2), "JSON has no comments.", "',' then another element, or ']'", RULE_GRAMMAR);
          fail("unexpected-character", i, i + 1, `Expected ',' or ']' after an array element, found ${describeChar(text, i)}.`, "',' then another element, or ']'", RULE_ARRAYS);
        }
      }
      if (done) break;
    }
    skipWhitespace();
    if (i < n) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff && !isPairAt(i)) fail("lone-surrogate", i, i + 1, `The text contains an ${describeChar(text, i)}.`, "well-formed Unicode text", RULE_ENCODING);
      fail("trailing-text", i, n, `Unexpected ${describeChar(text, i)} after the end of the JSON value.`, "only whitespace after the value (send several requests as one array: a batch)", RULE_GRAMMAR);
    }
    return {ok: true, value: root!, warnings};
  } catch (thrown) {
    if (thrown instanceof Stop) return {ok: false, error: thrown.error, warnings};
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

/** Every member with this name, in source order. */
export function membersNamed(node: JsonObjectNode, name: string): JsonMember[] {
  return node.members.filter((m) => m.name === name);
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
