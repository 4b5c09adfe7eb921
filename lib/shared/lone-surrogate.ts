/**
 * A lone surrogate: half of a UTF-16 pair with no other half. It is not a character, and UTF-8
 * has no form for it (an encoder writes U+FFFD instead), so text that holds one cannot be the
 * bytes a sender signed or a JSON string as written.
 */

/** The index of the first lone surrogate in `text`, or -1. */
export function firstLoneSurrogate(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return index;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return index;
  }
  return -1;
}
