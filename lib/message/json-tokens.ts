/**
 * The lexical half of the JSON parser (RFC 8259): whitespace, and the tokens
 * that are whole values (strings, numbers, true, false, null), read where the
 * tree builder (json-source.ts) asks for them. Strings are decoded with their
 * escapes; numbers are kept as their lexeme, never read through a double.
 *
 * The builder knows where in the tree the scanner is, so it supplies the JSON
 * pointer of an error and records escaped lone surrogates (ScanContext).
 */
import type {
  JsonBooleanNode,
  JsonNullNode,
  JsonNumberNode,
  JsonStringNode,
  ParseError,
  ParseErrorKind
} from "../shared/json-nodes.js";

export const RULE_GRAMMAR = "RFC 8259 section 2 (JSON grammar)";
const RULE_VALUES = "RFC 8259 section 3: a value is an object, array, number, string, true, false or null";
const RULE_NUMBERS = "RFC 8259 section 6 (numbers)";
const RULE_STRINGS = "RFC 8259 section 7 (strings)";
export const RULE_ENCODING =
  "RFC 8259 section 8.1: JSON text is UTF-8, which cannot encode an unpaired surrogate (RFC 3629 section 3)";

/** A run of string characters needing no attention: not '"', '\\', a control character or a surrogate. */
const PLAIN_RUN = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

/** Where the scanner reads, as only the tree builder knows it. */
export interface ScanContext {
  /** Pointer to the value being read, for an error found now. */
  pointer(): string;
  /** A \uXXXX escape at [from, from + 6) that decodes to an unpaired surrogate (RFC 8259 section 8.2). */
  loneSurrogateEscape(from: number, codeUnit: number): void;
}

/** Thrown at the first error; parseJson turns it into its result. */
export class Stop {
  constructor(readonly error: ParseError) {}
}

/** Code units of the string being decoded. Shared: only one string is decoded at a time, and each is flushed before it ends. */
const SCRATCH_UNITS = 4096;
const scratch = new Uint16Array(SCRATCH_UNITS);

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
    if (this.length > 0)
      this.pieces.push(String.fromCharCode.apply(null, scratch.subarray(0, this.length) as unknown as number[]));
    this.length = 0;
  }

  finish(): string {
    this.flush();
    return this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join("");
  }
}

/** The code unit a one-character escape stands for (\n is U+000A), or -1. */
function singleEscape(letter: number): number {
  switch (letter) {
    case 0x22:
      return 0x22;
    case 0x5c:
      return 0x5c;
    case 0x2f:
      return 0x2f;
    case 0x62:
      return 0x08;
    case 0x66:
      return 0x0c;
    case 0x6e:
      return 0x0a;
    case 0x72:
      return 0x0d;
    case 0x74:
      return 0x09;
    default:
      return -1;
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Reads tokens from `text`; `pos` is where the next one starts. */
export class JsonScanner {
  /** Offset of the next code unit to read. */
  pos = 0;
  readonly end: number;
  /** Set while reading a string once an escape has decoded to an unpaired surrogate. */
  private loneInString = false;

  constructor(
    readonly text: string,
    private readonly context: ScanContext
  ) {
    this.end = text.length;
  }

  fail(kind: ParseErrorKind, from: number, to: number, message: string, accepted: string, rule: string): never {
    throw new Stop({kind, from, to, pointer: this.context.pointer(), message, accepted, rule});
  }

  /** The code unit at pos; NaN at the end. */
  peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    while (i < this.end) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.pos = i;
  }

  /** The character at `at` for a message: `'x' (U+0078)`, `control character U+0000`, `the end of the text`. */
  describe(at: number = this.pos): string {
    if (at >= this.end) return "the end of the text";
    const code = this.text.codePointAt(at)!;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    if (code < 0x20 || code === 0x7f) return `control character ${hex}`;
    if (code >= 0xd800 && code <= 0xdfff) return `unpaired surrogate ${hex}`;
    return `'${String.fromCodePoint(code)}' (${hex})`;
  }

  /** True when a high surrogate at `at` is followed by a low one. */
  isPairAt(at: number): boolean {
    const c = this.text.charCodeAt(at);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = this.text.charCodeAt(at + 1);
      return d >= 0xdc00 && d <= 0xdfff;
    }
    return false;
  }

  /** A string, number or literal at pos; any other character is an error where a value should start. */
  readScalar(): JsonStringNode | JsonNumberNode | JsonBooleanNode | JsonNullNode {
    const c = this.peek();
    if (c === 0x22) return this.readString();
    if (c === 0x2d || isDigit(c)) return this.readNumber();
    return this.readLiteral();
  }

  /** A string; pos is at its opening quote. Also used for member names. */
  readString(): JsonStringNode {
    const text = this.text;
    const start = this.pos;
    let j = start + 1;
    let chunkStart = j;
    // Only strings with escapes are decoded piece by piece; the others are one slice.
    let decoded: StringBuilder | null = null;
    let plain = 0;
    this.loneInString = false;
    for (;;) {
      if (j >= this.end)
        this.fail(
          "bad-string",
          start,
          this.end,
          "This string is never closed.",
          "a closing double quote",
          RULE_STRINGS
        );
      const c = text.charCodeAt(j);
      if (c === 0x22) break;
      if (c === 0x5c) {
        decoded ??= new StringBuilder();
        decoded.addSlice(text, chunkStart, j);
        j = this.decodeEscape(j, start, decoded);
        chunkStart = j;
        continue;
      }
      if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) {
        j += this.rawSpecialLength(j);
        continue;
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
    this.pos = j + 1;
    return {type: "string", from: start, to: this.pos, value, hasLoneSurrogate: this.loneInString};
  }

  /** A raw control character or surrogate inside a string: the length of a valid pair (2), or an error. */
  private rawSpecialLength(j: number): number {
    const c = this.text.charCodeAt(j);
    if (c < 0x20) {
      this.fail(
        "control-character",
        j,
        j + 1,
        `A string contains the raw ${this.describe(j)}.`,
        "control characters U+0000 to U+001F written as escapes (\\n, \\t, \\u0000 ...)",
        RULE_STRINGS
      );
    }
    if (this.isPairAt(j)) return 2;
    return this.fail(
      "lone-surrogate",
      j,
      j + 1,
      `A string contains an ${this.describe(j)}.`,
      "well-formed Unicode text",
      RULE_ENCODING
    );
  }

  /** Decodes the escape at `j` (a backslash) into `decoded`; returns the offset after it. */
  private decodeEscape(j: number, stringStart: number, decoded: StringBuilder): number {
    const letter = this.text.charCodeAt(j + 1);
    if (letter === 0x75) return this.decodeUnicodeEscape(j, decoded);
    const unit = singleEscape(letter);
    if (unit < 0) {
      if (j + 1 >= this.end)
        this.fail(
          "bad-string",
          stringStart,
          this.end,
          "This string is never closed.",
          "a closing double quote",
          RULE_STRINGS
        );
      this.fail(
        "bad-escape",
        j,
        j + 2,
        `'\\${this.text[j + 1]}' is not a JSON escape.`,
        '\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u followed by four hex digits',
        RULE_STRINGS
      );
    }
    decoded.addUnit(unit);
    return j + 2;
  }

  /** \uXXXX, or a \uXXXX\uXXXX surrogate pair; an unpaired surrogate is kept and reported. */
  private decodeUnicodeEscape(j: number, decoded: StringBuilder): number {
    const text = this.text;
    const value = this.readHex4(j);
    if (value >= 0xd800 && value <= 0xdbff && text.charCodeAt(j + 6) === 0x5c && text.charCodeAt(j + 7) === 0x75) {
      const low = this.readHex4(j + 6);
      if (low >= 0xdc00 && low <= 0xdfff) {
        decoded.addUnit(value);
        decoded.addUnit(low);
        return j + 12;
      }
    }
    if (value >= 0xd800 && value <= 0xdfff) {
      this.loneInString = true;
      this.context.loneSurrogateEscape(j, value);
    }
    decoded.addUnit(value);
    return j + 6;
  }

  /** The four hex digits after the \u at `at`. */
  private readHex4(at: number): number {
    let value = 0;
    for (let k = at + 2; k < at + 6; k++) {
      const h = k < this.end ? hexValue(this.text.charCodeAt(k)) : -1;
      if (h < 0) {
        if (k >= this.end)
          this.fail(
            "bad-string",
            at,
            this.end,
            "The text ends inside a \\u escape.",
            "\\u followed by four hex digits",
            RULE_STRINGS
          );
        this.fail(
          "bad-escape",
          at,
          k + 1,
          `'\\u' must be followed by four hex digits; found ${this.describe(k)}.`,
          "\\u followed by four hex digits (0-9, a-f, A-F)",
          RULE_STRINGS
        );
      }
      value = value * 16 + h;
    }
    return value;
  }

  private readDigits(from: number): number {
    let j = from;
    while (j < this.end && isDigit(this.text.charCodeAt(j))) j++;
    return j;
  }

  /** RFC 8259 section 6: number = [ minus ] int [ frac ] [ exp ]; pos is at the minus or first digit. */
  readNumber(): JsonNumberNode {
    const start = this.pos;
    let j = this.readInteger(start);
    if (this.text.charCodeAt(j) === 0x2e) {
      const after = this.readDigits(j + 1);
      if (after === j + 1)
        this.fail(
          "bad-number",
          start,
          Math.min(this.end, j + 2),
          "A decimal point must be followed by a digit.",
          "digits after '.'",
          RULE_NUMBERS
        );
      j = after;
    }
    const e = this.text.charCodeAt(j);
    if (e === 0x65 || e === 0x45) {
      let k = j + 1;
      const sign = this.text.charCodeAt(k);
      if (sign === 0x2b || sign === 0x2d) k++;
      const after = this.readDigits(k);
      if (after === k)
        this.fail(
          "bad-number",
          start,
          Math.min(this.end, k + 1),
          "An exponent must have digits.",
          "digits after 'e', 'e+' or 'e-'",
          RULE_NUMBERS
        );
      j = after;
    }
    this.pos = j;
    return {type: "number", from: start, to: j, lexeme: this.text.slice(start, j)};
  }

  /** [ minus ] int, from `start`; returns the offset after it. */
  private readInteger(start: number): number {
    const text = this.text;
    let j = start;
    if (text.charCodeAt(j) === 0x2d) {
      j++;
      if (!isDigit(text.charCodeAt(j))) {
        if (text.startsWith("Infinity", j))
          this.fail(
            "bad-number",
            start,
            j + 8,
            "-Infinity is not a JSON number.",
            "a finite number written in decimal",
            RULE_NUMBERS
          );
        this.fail(
          "bad-number",
          start,
          Math.min(this.end, j + 1),
          `A minus sign must be followed by a digit; found ${this.describe(j)}.`,
          "a digit after '-'",
          RULE_NUMBERS
        );
      }
    }
    if (text.charCodeAt(j) !== 0x30) return this.readDigits(j);
    const c = text.charCodeAt(j + 1);
    if (isDigit(c))
      this.fail(
        "bad-number",
        start,
        this.readDigits(j + 1),
        "A number cannot have a leading zero.",
        "0, or a digit 1-9 followed by digits",
        RULE_NUMBERS
      );
    if (c === 0x78 || c === 0x58)
      this.fail(
        "bad-number",
        start,
        j + 2,
        "JSON numbers are decimal; hexadecimal is not allowed.",
        "decimal digits",
        RULE_NUMBERS
      );
    return j + 1;
  }

  private readLiteral(): JsonBooleanNode | JsonNullNode {
    const text = this.text;
    const start = this.pos;
    const c = text.charCodeAt(start);
    if (c === 0x74 && text.startsWith("true", start)) {
      this.pos += 4;
      return {type: "boolean", from: start, to: this.pos, value: true};
    }
    if (c === 0x66 && text.startsWith("false", start)) {
      this.pos += 5;
      return {type: "boolean", from: start, to: this.pos, value: false};
    }
    if (c === 0x6e && text.startsWith("null", start)) {
      this.pos += 4;
      return {type: "null", from: start, to: this.pos};
    }
    return this.expectedValueError();
  }

  /** The error for a character where a value should start, as specific as the character allows. */
  private expectedValueError(): never {
    const i = this.pos;
    if (i >= this.end)
      this.fail(
        "unexpected-end",
        this.end,
        this.end,
        "The text ends where a value should start.",
        "a JSON value",
        RULE_VALUES
      );
    // The checks below look at disjoint sets of characters, so at most one of them fails.
    this.rejectJavaScriptSpelling(i);
    this.rejectMisplacedCharacter(i);
    return this.fail(
      "unexpected-character",
      i,
      i + 1,
      `Found ${this.describe(i)} where a value should start.`,
      "a JSON value",
      RULE_VALUES
    );
  }

  /** Values written as JavaScript (or JSON5) allows and JSON does not: quotes, comments, numbers, bare words. */
  private rejectJavaScriptSpelling(i: number): void {
    const c = this.text.charCodeAt(i);
    if (c === 0x27)
      this.fail(
        "bad-string",
        i,
        i + 1,
        "Strings must be written in double quotes, not single quotes.",
        "a string in double quotes",
        RULE_STRINGS
      );
    if (c === 0x2f)
      this.fail(
        "unexpected-character",
        i,
        Math.min(this.end, i + 2),
        "JSON has no comments.",
        "a JSON value",
        RULE_GRAMMAR
      );
    if (c === 0x2b || c === 0x2e)
      this.fail(
        "bad-number",
        i,
        i + 1,
        `A number cannot start with ${this.describe(i)}.`,
        "an optional '-' then digits",
        RULE_NUMBERS
      );
    if (/[A-Za-z_$]/.test(this.text[i]!)) {
      const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(this.text.slice(i, i + 32))![0];
      this.fail(
        "bad-literal",
        i,
        i + word.length,
        `'${word}' is not a JSON value.`,
        "true, false or null (lowercase), a number, a string, an object or an array",
        RULE_VALUES
      );
    }
  }

  /** Punctuation, whitespace or text that is not well-formed Unicode where a value should start. */
  private rejectMisplacedCharacter(i: number): void {
    const c = this.text.charCodeAt(i);
    const what = this.describe(i);
    if (c === 0x7d || c === 0x5d || c === 0x2c || c === 0x3a)
      this.fail(
        "unexpected-character",
        i,
        i + 1,
        `Found ${what} where a value should start.`,
        "a JSON value",
        RULE_VALUES
      );
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)
      this.fail(
        "unexpected-character",
        i,
        i + 1,
        `Found ${what} where a value should start.`,
        "a JSON value",
        RULE_VALUES
      );
    if (c >= 0xd800 && c <= 0xdfff && !this.isPairAt(i))
      this.fail("lone-surrogate", i, i + 1, `The text contains an ${what}.`, "well-formed Unicode text", RULE_ENCODING);
    if (c === 0xa0 || c === 0x0b || c === 0x0c || c === 0xfeff || c === 0x2028 || c === 0x2029) {
      this.fail(
        "unexpected-character",
        i,
        i + 1,
        `${what} is not JSON whitespace.`,
        "space, tab, line feed or carriage return between tokens",
        RULE_GRAMMAR
      );
    }
  }
}
