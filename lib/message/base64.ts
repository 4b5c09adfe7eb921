/**
 * Canonical padded Base64 (RFC 4648 section 4), decoded strictly:
 * - only the 64 alphabet characters and "=" (section 3.3: no whitespace, no
 *   line breaks, no base64url "-" or "_" from section 5);
 * - length a multiple of 4, with "=" only as the last one or two characters
 *   (section 3.2 and 4);
 * - pad bits zero (section 3.5: canonical encoding), so each byte string has
 *   exactly one accepted spelling.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Int16Array(128).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) VALUES[ALPHABET.charCodeAt(k)] = k;

export type Base64Problem = "alphabet" | "whitespace" | "base64url" | "length" | "padding" | "pad-bits";

export type Base64Result =
  | {ok: true; bytes: Uint8Array}
  | {
      ok: false;
      problem: Base64Problem;
      /** Index in the string of the first offending character (or of the last group). */
      index: number;
      message: string;
      rule: string;
    };

function describeUnit(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return code >= 0x21 && code < 0x7f ? `'${String.fromCharCode(code)}' (${hex})` : hex;
}

export function decodeCanonicalBase64(text: string): Base64Result {
  const n = text.length;
  // Padding: at most two "=", only at the very end.
  let padding = 0;
  if (n > 0 && text.charCodeAt(n - 1) === 0x3d) padding = n > 1 && text.charCodeAt(n - 2) === 0x3d ? 2 : 1;
  if (n % 4 !== 0) {
    const bad = firstNonAlphabet(text, n - padding);
    if (bad) return bad;
    return {ok: false, problem: "length", index: Math.max(0, n - 1), message: `The length is ${n}, not a multiple of 4: the final group is ${n % 4 === 1 ? "one character (never valid)" : "not padded with '='"}.`, rule: "RFC 4648 section 4: padded encoding; the output is a whole number of 4-character groups"};
  }
  const bytes = new Uint8Array((n / 4) * 3 - padding);
  const full = padding > 0 ? n - 4 : n;
  let out = 0;
  // One pass: decode whole groups; an invalid character makes some value negative.
  for (let k = 0; k < full; k += 4) {
    const a = lookup(text.charCodeAt(k));
    const b = lookup(text.charCodeAt(k + 1));
    const c = lookup(text.charCodeAt(k + 2));
    const d = lookup(text.charCodeAt(k + 3));
    if ((a | b | c | d) < 0) return firstNonAlphabet(text, n - padding)!;
    bytes[out++] = (a << 2) | (b >> 4);
    bytes[out++] = ((b & 15) << 4) | (c >> 2);
    bytes[out++] = ((c & 3) << 6) | d;
  }
  if (padding > 0) {
    const k = n - 4;
    const a = lookup(text.charCodeAt(k));
    const b = lookup(text.charCodeAt(k + 1));
    const c = padding === 1 ? lookup(text.charCodeAt(k + 2)) : 0;
    if ((a | b | c) < 0) return firstNonAlphabet(text, n - padding)!;
    if (padding === 2) {
      if ((b & 15) !== 0) return padBitsError(k + 1, text);
      bytes[out++] = (a << 2) | (b >> 4);
    } else {
      if ((c & 3) !== 0) return padBitsError(k + 2, text);
      bytes[out++] = (a << 2) | (b >> 4);
      bytes[out++] = ((b & 15) << 4) | (c >> 2);
    }
  }
  return {ok: true, bytes};
}

function lookup(code: number): number {
  return code < 128 ? VALUES[code]! : -1;
}

/** The first character before `body` that is not in the alphabet, described; undefined if none. */
function firstNonAlphabet(text: string, body: number): Base64Result | undefined {
  for (let k = 0; k < body; k++) {
    const c = text.charCodeAt(k);
    if (lookup(c) >= 0) continue;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      return {ok: false, problem: "whitespace", index: k, message: `Character ${k} is whitespace (${describeUnit(c)}).`, rule: "RFC 4648 section 3.3: characters outside the alphabet (including line breaks, section 3.1) make the data invalid"};
    }
    if (c === 0x2d || c === 0x5f) {
      return {ok: false, problem: "base64url", index: k, message: `Character ${k} is ${describeUnit(c)}, which belongs to the base64url alphabet (RFC 4648 section 5), not base64.`, rule: "RFC 4648 section 4: the base64 alphabet is A-Z a-z 0-9 + /"};
    }
    if (c === 0x3d) {
      return {ok: false, problem: "padding", index: k, message: `Character ${k} is '=' before the end; padding may only close the last group.`, rule: "RFC 4648 section 4: '=' pads only the final quantum"};
    }
    return {ok: false, problem: "alphabet", index: k, message: `Character ${k} is ${describeUnit(c)}, which is not in the base64 alphabet.`, rule: "RFC 4648 section 4: the base64 alphabet is A-Z a-z 0-9 + / with '=' for padding"};
  }
  return undefined;
}

function padBitsError(index: number, text: string): Base64Result {
  return {
    ok: false,
    problem: "pad-bits",
    index,
    message: `Character ${index} ('${text[index]}') leaves non-zero pad bits: the same bytes have a canonical spelling, and lenient decoders silently drop these bits.`,
    rule: "RFC 4648 section 3.5: pad bits are set to zero by conforming encoders (canonical encoding)"
  };
}

/** Canonical padded Base64 of some bytes (used by tests and by the examples). */
export function encodeBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let out = "";
  let k = 0;
  for (; k + 3 <= bytes.length; k += 3) {
    const v = (bytes[k]! << 16) | (bytes[k + 1]! << 8) | bytes[k + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
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
