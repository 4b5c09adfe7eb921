/**
 * Text from a link, a box or storage as a reader can see it. Characters that print nothing
 * or a blank that looks like another (controls, zero-width and bidi formatting characters,
 * spaces other than U+0020, line and paragraph separators, a lone surrogate) are written
 * as ⟨U+XXXX⟩, so "3⟨U+200B⟩" no longer reads as "3", and a bidi control cannot reverse
 * the line it is shown in. `fromVisible` reads such tokens back, so a box can show a value
 * this way and still hand the lesson the exact characters.
 */

/**
 * Cc: controls (NUL, tab, line feed, DEL, C1); Cf: formatting (zero-width, bidi, BOM, soft
 * hyphen, tags); Zl/Zp: separators; Zs minus U+0020: other spaces (NBSP, em space, …);
 * fillers that render blank; with the u flag, [\uD800-\uDFFF] matches only a lone surrogate.
 * The token's own "⟨" is written as a token too, so a literal "⟨U+0041⟩" reads back as itself.
 */
const UNSEEN =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u115F\u1160\u2800\u3164\uFFA0\uD800-\uDFFF⟨]/gu;
const TOKEN_OPEN = "⟨";
const TOKEN = /⟨U\+([0-9A-F]{4,6})⟩/g;

export interface VisibleTextOptions {
  /** Characters the place showing the text holds as they are (a text area keeps "\n"). */
  keep?: string;
  /** Also write a space at either end as a token (a notice; a box shows its own edges). */
  edges?: boolean;
}

export const codePointToken = (codePoint: number) =>
  `${TOKEN_OPEN}U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟩`;

export function toVisible(text: string, options: VisibleTextOptions = {}): string {
  const {keep = "", edges = false} = options;
  let visible = text.replace(UNSEEN, (character) =>
    keep.includes(character) ? character : codePointToken(character.codePointAt(0)!)
  );
  if (edges) visible = visible.replace(/^ +| +$/g, (spaces) => codePointToken(0x20).repeat(spaces.length));
  return visible;
}

/** The exact text a visible form stands for: every well-formed token back to its character. */
export function fromVisible(visible: string): string {
  return visible.replace(TOKEN, (token, hex: string) => {
    const codePoint = Number.parseInt(hex, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : token;
  });
}

/** Whether `text` holds a character that does not show as itself (the token's "⟨" aside). */
export function hasUnseen(text: string, keep = ""): boolean {
  for (const match of text.matchAll(UNSEEN)) if (match[0] !== TOKEN_OPEN && !keep.includes(match[0])) return true;
  return false;
}

const SHOWN_LENGTH = 80;

/**
 * A value for a notice: at most 80 UTF-16 units of the original (never half a surrogate
 * pair), then "…", with every unseen character and edge space as a token.
 */
export function shownValue(text: string, maxLength = SHOWN_LENGTH): string {
  if (text.length <= maxLength) return toVisible(text, {edges: true});
  let end = maxLength;
  if (/[\uD800-\uDBFF]/.test(text[end - 1]!) && /[\uDC00-\uDFFF]/.test(text[end] ?? "")) end -= 1;
  return `${toVisible(text.slice(0, end), {edges: true})}…`;
}
