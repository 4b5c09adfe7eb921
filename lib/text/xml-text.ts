/**
 * XML 1.0 holds tab, line feed, carriage return and U+0020 upward, less the surrogates
 * (paired ones stand for characters beyond U+FFFF) and U+FFFE/U+FFFF (XML 1.0 section 2.2,
 * production [2] Char). An SVG file with any other character is not well-formed, and an
 * image decoder refuses it: such characters are written visibly, as toVisible does.
 */
import {codePointToken} from "./visible-text.js";

const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

export function xmlSafeText(text: string): string {
  return text.replace(NOT_XML, (character) => codePointToken(character.codePointAt(0)!));
}
