/**
 * A text read back from storage, quoted for a sentence: shortened, and every character that
 * does not show as itself (a bidi override such as U+202E, a zero-width or control character,
 * a lone surrogate) written as ⟨U+XXXX⟩, as every notice of the course writes it
 * (lib/text/visible-text.ts). So a tampered key is named without reordering its line.
 */
import {shownValue} from "../text/visible-text.js";

const SHOWN_LENGTH = 40;

/** `“text”`, shortened, with unseen characters as tokens. */
export function quoteStoredText(text: string): string {
  return `“${shownValue(text, SHOWN_LENGTH)}”`;
}
