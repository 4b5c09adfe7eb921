/**
 * JSON numbers read from their lexeme, never through a binary double, so an id
 * like 9007199254740993 keeps its value (plain JSON.parse rounds it to ...992).
 *
 * RFC 8259 section 6: number = [ minus ] int [ frac ] [ exp ]. The lexemes given
 * here have already been accepted by that grammar (or are JavaScript number
 * strings such as "1e+21", which fit it too).
 */

/** The mathematical value sign × digits × 10^exponent, with no leading or trailing zero in `digits` ("" for zero). */
export interface DecimalValue {
  negative: boolean;
  digits: string;
  exponent: bigint;
}

const PLAIN_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;

export function decimalOf(lexeme: string): DecimalValue {
  let i = 0;
  let negative = false;
  if (lexeme.charCodeAt(0) === 0x2d) {
    negative = true;
    i = 1;
  }
  let intPart = "";
  let fracPart = "";
  let expPart = "0";
  const ePos = lexeme.search(/[eE]/);
  const mantissa = ePos >= 0 ? lexeme.slice(i, ePos) : lexeme.slice(i);
  if (ePos >= 0) expPart = lexeme.slice(ePos + 1);
  const dot = mantissa.indexOf(".");
  if (dot >= 0) {
    intPart = mantissa.slice(0, dot);
    fracPart = mantissa.slice(dot + 1);
  } else intPart = mantissa;
  let digits = intPart + fracPart;
  let exponent = BigInt(expPart.replace(/^\+/, "")) - BigInt(fracPart.length);
  digits = digits.replace(/^0+/, "");
  // A loop, not /0+$/: that expression retries from every zero, quadratic on "1000…0001".
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  exponent += BigInt(digits.length - end);
  digits = digits.slice(0, end);
  if (digits === "") return {negative: false, digits: "", exponent: 0n};
  return {negative, digits, exponent};
}

/**
 * JSON Schema draft-07 (core section 4.2.1): "integer" matches any number
 * with a zero fractional part, so 1.0 and 1e3 are integers and 1.5 is not.
 */
export function isIntegerLexeme(lexeme: string): boolean {
  if (PLAIN_INTEGER.test(lexeme)) return true;
  const value = decimalOf(lexeme);
  return value.digits === "" || value.exponent >= 0n;
}

/** Same mathematical value (so 1, 1.0 and 1e0 are equal; -0 equals 0). */
export function sameNumber(a: string, b: string): boolean {
  if (a === b) return true;
  const x = decimalOf(a);
  const y = decimalOf(b);
  return x.negative === y.negative && x.digits === y.digits && x.exponent === y.exponent;
}

/** True when the value is an integer JavaScript can hold exactly (|n| ≤ 2^53 − 1). */
export function isSafeIntegerLexeme(lexeme: string): boolean {
  // Up to 15 digits written plainly is always below 2^53 (16 digits).
  if (lexeme.length <= 15 && PLAIN_INTEGER.test(lexeme)) return true;
  if (!isIntegerLexeme(lexeme)) return false;
  const value = decimalOf(lexeme);
  if (value.digits === "") return true;
  // 2^53 has 16 digits: anything longer is unsafe, and 10n ** 1e9n must never be computed.
  if (BigInt(value.digits.length) + value.exponent > 16n) return false;
  const magnitude = BigInt(value.digits) * 10n ** value.exponent;
  return magnitude <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** What a client using plain JSON.parse then JSON.stringify would see: "9007199254740992", "null" for 1e400. */
export function jsonParseReading(lexeme: string): string {
  return JSON.stringify(Number(lexeme));
}

/** The lexeme JavaScript writes for a number taken from the schema file (for const/enum comparison). */
export function lexemeOfNumber(value: number): string {
  return String(value);
}
