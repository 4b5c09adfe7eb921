/**
 * Base64 (RFC 4648), one encoder and one decoder for every reader in the course.
 *
 * The canonical spelling of some bytes is section 4's alphabet (A-Z a-z 0-9 + /), '=' padding to
 * a whole number of 4-character groups (section 3.2) and zero pad bits (section 3.5), so each byte
 * string has exactly one. A reader names the departures from it that it reads anyway; the result
 * says which ones the text made:
 *
 * | reader                                   | url-safe | unpadded | pad-bits |
 * | ---------------------------------------- | -------- | -------- | -------- |
 * | `BASE64_STRICT`: lesson 2's v0.3.0 bytes  | refused  | refused  | refused  |
 * | `BASE64_LENIENT`: ProtoJSON `bytes`       | read     | read     | read     |
 *
 * (Standard Webhooks keys and signatures read pad bits only, as `atob` does; message links read
 * the URL-safe alphabet unpadded: both name their own list.) What no reader accepts: characters
 * outside both alphabets (whitespace and line breaks included, section 3.3), '=' anywhere but
 * closing the last group, a final group of one character (it encodes no whole byte), and the two
 * alphabets mixed in one text (Go's protojson picks one alphabet by what it sees, Java's tries one
 * and then the other: neither reads a mix).
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const PLUS = 0x2b;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const MINUS = 0x2d;
const UNDERSCORE = 0x5f;

/** Each character's 6-bit value in either alphabet (section 5's '-' and '_' stand for 62 and 63), -1 if in neither. */
const VALUES = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) VALUES[ALPHABET.charCodeAt(k)] = k;
VALUES[MINUS] = 62;
VALUES[UNDERSCORE] = 63;

/** A way a text departs from the canonical spelling and still says which bytes it means. */
export type Base64Departure = "url-safe" | "unpadded" | "pad-bits";

/** Canonical padded Base64 only: each byte string has exactly one accepted spelling. */
export const BASE64_STRICT: readonly Base64Departure[] = [];
/** ProtoJSON's `bytes`: "either standard or URL-safe base64 encoding with/without paddings are accepted". */
export const BASE64_LENIENT: readonly Base64Departure[] = ["url-safe", "unpadded", "pad-bits"];

export type Base64Problem =
  | "alphabet"
  | "whitespace"
  | "base64url"
  | "mixed-alphabets"
  | "padding"
  | "length"
  | "pad-bits";

export type Base64Result =
  | {
      ok: true;
      bytes: Uint8Array<ArrayBuffer>;
      /** The departures from the canonical spelling the text made (each one the reader reads), in this order: url-safe, unpadded, pad-bits. */
      departures: Base64Departure[];
    }
  | {
      ok: false;
      problem: Base64Problem;
      /** Index in the string of the first offending character (or of the last character, for the length). */
      index: number;
      message: string;
      rule: string;
    };

type Base64Failure = Extract<Base64Result, {ok: false}>;

/** Decodes `text`, reading the departures from the canonical spelling that `reads` lists and refusing the others. */
export function decodeBase64(text: string, reads: readonly Base64Departure[]): Base64Result {
  const padding = trailingPadding(text);
  const body = text.length - padding;
  const departures: Base64Departure[] = [];
  const problem = misspelling(text, body, reads, departures) ?? lengthProblem(text, padding, reads, departures);
  if (problem) return problem;
  const bytes = decodeBody(text, body);
  if (padBitsSet(text, body)) {
    if (!reads.includes("pad-bits")) return padBitsProblem(text, body - 1);
    departures.push("pad-bits");
  }
  return {ok: true, bytes, departures};
}

/** Canonical padded Base64 of some bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let out = "";
  let k = 0;
  for (; k + 3 <= bytes.length; k += 3) {
    const v = (bytes[k]! << 16) | (bytes[k + 1]! << 8) | bytes[k + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
    // Joining 4 KB chunks keeps a megabyte's string from being built one character at a time.
    if (out.length >= 4096) {
      chunks.push(out);
      out = "";
    }
  }
  const rest = bytes.length - k;
  if (rest === 1) {
    const v = bytes[k]! << 16;
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const v = (bytes[k]! << 16) | (bytes[k + 1]! << 8);
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}${ALPHABET[(v >> 6) & 63]!}=`;
  }
  chunks.push(out);
  return chunks.join("");
}

/** How many '=' end the text: at most two, the most a final group carries. */
function trailingPadding(text: string): number {
  const n = text.length;
  if (n === 0 || text.charCodeAt(n - 1) !== EQUALS) return 0;
  return n > 1 && text.charCodeAt(n - 2) === EQUALS ? 2 : 1;
}

function sextetOf(code: number): number {
  return code < 128 ? VALUES[code]! : -1;
}

/** The first character before the padding that the reader refuses; notes a URL-safe alphabet it reads. */
function misspelling(
  text: string,
  body: number,
  reads: readonly Base64Departure[],
  departures: Base64Departure[]
): Base64Failure | undefined {
  const readsUrlSafe = reads.includes("url-safe");
  let urlSafe = false;
  let standard = false;
  for (let k = 0; k < body; k++) {
    const code = text.charCodeAt(k);
    if (sextetOf(code) < 0) return outsideAlphabets(k, code);
    if (code === MINUS || code === UNDERSCORE) {
      if (!readsUrlSafe)
        return failure(
          "base64url",
          k,
          `Character ${k} is ${describeUnit(code)}, which belongs to the base64url alphabet (RFC 4648 section 5), not base64.`,
          "RFC 4648 section 4: the base64 alphabet is A-Z a-z 0-9 + /"
        );
      urlSafe = true;
    } else if (code === PLUS || code === SLASH) {
      standard = true;
    }
    if (urlSafe && standard) {
      return failure(
        "mixed-alphabets",
        k,
        `Character ${k} is ${describeUnit(code)}: the text mixes the standard alphabet ('+' '/') with the URL-safe one ('-' '_').`,
        "RFC 4648 section 5: the URL-safe alphabet replaces '+' and '/' with '-' and '_'; a text is spelt in one of the two"
      );
    }
  }
  if (urlSafe) departures.push("url-safe");
  return undefined;
}

function outsideAlphabets(index: number, code: number): Base64Failure {
  if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
    return failure(
      "whitespace",
      index,
      `Character ${index} is whitespace (${describeUnit(code)}).`,
      "RFC 4648 section 3.3: characters outside the alphabet (including line breaks, section 3.1) make the data invalid"
    );
  }
  if (code === EQUALS) {
    return failure(
      "padding",
      index,
      `Character ${index} is '=' before the end; padding may only close the last group.`,
      "RFC 4648 section 4: '=' pads only the final quantum"
    );
  }
  return failure(
    "alphabet",
    index,
    `Character ${index} is ${describeUnit(code)}, which is not in the base64 alphabet.`,
    "RFC 4648 section 4: the base64 alphabet is A-Z a-z 0-9 + / with '=' for padding"
  );
}

/** Whether the characters make whole groups: padded to a multiple of 4, or (read unpadded) a last group of 2 or 3. */
function lengthProblem(
  text: string,
  padding: number,
  reads: readonly Base64Departure[],
  departures: Base64Departure[]
): Base64Failure | undefined {
  const n = text.length;
  if (n % 4 === 0) return undefined;
  const readsUnpadded = reads.includes("unpadded");
  if (padding === 0 && readsUnpadded && n % 4 !== 1) {
    departures.push("unpadded");
    return undefined;
  }
  const finalGroup =
    n % 4 === 1
      ? "one character (never valid)"
      : padding > 0
        ? "not completed by its '=' padding"
        : "not padded with '='";
  const rule = readsUnpadded
    ? "RFC 4648 section 3.2: padding may be left off, but a final group of one character encodes no whole byte, and '=' completes a group of 4"
    : "RFC 4648 section 4: padded encoding; the output is a whole number of 4-character groups";
  return failure(
    "length",
    Math.max(0, n - 1),
    `The length is ${n}, not a multiple of 4: the final group is ${finalGroup}.`,
    rule
  );
}

/** The bytes of the first `body` characters, all in one alphabet (checked before). */
function decodeBody(text: string, body: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.floor((body * 3) / 4));
  const whole = body - (body % 4);
  let out = 0;
  for (let k = 0; k < whole; k += 4) {
    const group =
      (VALUES[text.charCodeAt(k)]! << 18) |
      (VALUES[text.charCodeAt(k + 1)]! << 12) |
      (VALUES[text.charCodeAt(k + 2)]! << 6) |
      VALUES[text.charCodeAt(k + 3)]!;
    bytes[out++] = group >> 16;
    bytes[out++] = (group >> 8) & 255;
    bytes[out++] = group & 255;
  }
  if (body - whole >= 2) {
    const a = VALUES[text.charCodeAt(whole)]!;
    const b = VALUES[text.charCodeAt(whole + 1)]!;
    bytes[out++] = (a << 2) | (b >> 4);
    if (body - whole === 3) bytes[out++] = ((b & 15) << 4) | (VALUES[text.charCodeAt(whole + 2)]! >> 2);
  }
  return bytes;
}

/** Whether the last character of a short final group carries bits beyond the last whole byte. */
function padBitsSet(text: string, body: number): boolean {
  const last = body % 4;
  if (last < 2) return false;
  const value = VALUES[text.charCodeAt(body - 1)]!;
  return (value & (last === 2 ? 15 : 3)) !== 0;
}

function padBitsProblem(text: string, index: number): Base64Failure {
  return failure(
    "pad-bits",
    index,
    `Character ${index} ('${text[index]}') leaves non-zero pad bits: the same bytes have a canonical spelling, and lenient decoders silently drop these bits.`,
    "RFC 4648 section 3.5: pad bits are set to zero by conforming encoders (canonical encoding)"
  );
}

function failure(problem: Base64Problem, index: number, message: string, rule: string): Base64Failure {
  return {ok: false, problem, index, message, rule};
}

function describeUnit(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return code >= 0x21 && code < 0x7f ? `'${String.fromCharCode(code)}' (${hex})` : hex;
}
