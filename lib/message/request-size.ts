/**
 * The size limit. RFC 8259 section 9: "An implementation may set limits on the
 * size of texts that it accepts." A request is sent as UTF-8 (RFC 8259 section
 * 8.1), so its size is counted in UTF-8 bytes.
 */

const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** 1 MiB of UTF-8. Larger texts get a finding and are not parsed. */
export const MAX_REQUEST_BYTES = 1_048_576;

/**
 * UTF-8 length of a JavaScript string. An unpaired surrogate counts 3 bytes,
 * as U+FFFD, which is what an encoder would send in its place.
 */
export function utf8ByteLength(text: string): number {
  // ASCII text (the usual request) is one byte per code unit.
  if (ASCII_ONLY.test(text)) return text.length;
  let bytes = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** True when the text is over the limit; avoids counting when the string length alone decides. */
export function exceedsRequestLimit(text: string, limit = MAX_REQUEST_BYTES): boolean {
  if (text.length > limit) return true; // every code unit is at least one byte
  if (text.length * 3 <= limit) return false; // every code unit is at most three bytes
  return utf8ByteLength(text) > limit;
}
