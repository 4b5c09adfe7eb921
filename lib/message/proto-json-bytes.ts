/**
 * A ProtoJSON `bytes` value (protobuf.dev/programming-guides/json, "bytes"): "standard base64
 * encoding with paddings" is what writers send, and "either standard or URL-safe base64
 * encoding with/without paddings are accepted". So, unlike lesson 2's v0.3.0 rule (canonical
 * padded Base64 only), this reads the standard alphabet ('+' '/') or the URL-safe one ('-' '_'),
 * with or without the final '='s; it refuses a text mixing the two (Go's protojson picks one
 * alphabet by what it sees, Java tries one and then the other: neither reads a mix), whitespace,
 * '=' anywhere but the end, and a final group of one character, which encode no whole byte. How the text departs from the canonical spelling is reported, so the
 * lesson can show it.
 */

const VALUES = new Int16Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach((char, value) => (VALUES[char.charCodeAt(0)] = value));
VALUES[0x2d] = 62; // "-" (URL-safe alphabet, RFC 4648 section 5)
VALUES[0x5f] = 63; // "_"

export const PROTOJSON_BYTES_RULE = 'ProtoJSON: bytes are a base64 string; "either standard or URL-safe base64 encoding with/without paddings are accepted"';
export const PROTOJSON_BYTES_ACCEPTED = "base64 (RFC 4648 section 4, or section 5's URL-safe alphabet, not both), with or without '=' padding, no whitespace";

export type ProtoJsonBytes =
  | {
      ok: true;
      bytes: Uint8Array;
      /** How the spelling departs from canonical padded standard Base64 (empty when it does not). */
      departures: ("url-safe" | "unpadded" | "pad-bits")[];
    }
  | {ok: false; index: number; message: string};

export function decodeProtoJsonBytes(text: string): ProtoJsonBytes {
  let end = text.length;
  while (end > 0 && end > text.length - 2 && text.charCodeAt(end - 1) === 0x3d) end--;
  const padding = text.length - end;
  let urlSafe = false;
  let standard = false;
  for (let k = 0; k < end; k++) {
    const code = text.charCodeAt(k);
    if (code >= 128 || VALUES[code]! < 0) {
      const what = code === 0x3d ? "'=' before the end" : code <= 0x20 ? "whitespace" : `'${text[k]}'`;
      return {ok: false, index: k, message: `Character ${k} is ${what}, which base64 does not allow there.`};
    }
    if (code === 0x2d || code === 0x5f) urlSafe = true;
    if (code === 0x2b || code === 0x2f) standard = true;
    if (urlSafe && standard) return {ok: false, index: k, message: `Character ${k} ('${text[k]}') mixes the standard alphabet ('+' '/') with the URL-safe one ('-' '_').`};
  }
  if (end % 4 === 1) return {ok: false, index: Math.max(0, end - 1), message: `The text has ${end} base64 characters: the last group is one character, which encodes no whole byte.`};
  if (padding > 0 && text.length % 4 !== 0) return {ok: false, index: end, message: `The '=' padding makes ${text.length} characters, not a multiple of 4.`};
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let out = 0;
  let buffer = 0;
  let bits = 0;
  for (let k = 0; k < end; k++) {
    buffer = (buffer << 6) | VALUES[text.charCodeAt(k)]!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  const departures: ("url-safe" | "unpadded" | "pad-bits")[] = [];
  if (urlSafe) departures.push("url-safe");
  if (end % 4 !== 0 && padding === 0) departures.push("unpadded");
  if ((buffer & ((1 << bits) - 1)) !== 0) departures.push("pad-bits");
  return {ok: true, bytes, departures};
}
