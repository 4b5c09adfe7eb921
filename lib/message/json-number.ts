/**
 * JSON numbers read from their lexeme, never through a binary double, so an id
 * like 9007199254740993 keeps its value (plain JSON.parse rounds it to ...992).
 *
 * RFC 8259 section 6: number = [ minus ] int [ frac ] [ exp ]. The lexemes given
 * here have already been accepted by that grammar (or are JavaScript number
 * strings such as "1e+21", which fit it too).
 */

/**
 * The mathematical value sign × digits × 10^exponent, with no leading or trailing zero in `digits` ("" for zero).
 * The exponent is exact but kept as text: a pasted id may carry a million-digit exponent, and BigInt of that
 * (or its toString) takes about half a second each time.
 */
export interface DecimalValue {
  negative: boolean;
  digits: string;
  /** The power of ten, exactly, as canonical integer text: "0", "-3", "1000000…"; no "+", no leading zero, never "-0". */
  exponent: string;
}

const PLAIN_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
/**
 * Exponents of up to this many digits are added in a double exactly (|written| < 10^15, and the shift from
 * the fraction and trailing zeros is below a string's length, < 2^30, so every sum stays below 2^53).
 */
const EXACT_EXPONENT_DIGITS = 15;
const EXACT_EXPONENT_LIMB = 10 ** EXACT_EXPONENT_DIGITS;
/** 2^53 − 1 has 16 digits, so an exponent of 17 or more (written with 2+ digits past "16") never is safe. */
const SAFE_INTEGER_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 0x30) start++;
  return digits.slice(start);
}

/** digits + 1, for digits without leading zero (one pass from the right). */
function incremented(digits: string): string {
  let k = digits.length - 1;
  while (k >= 0 && digits.charCodeAt(k) === 0x39) k--;
  const carried = "0".repeat(digits.length - 1 - k);
  return k < 0 ? `1${carried}` : digits.slice(0, k) + String.fromCharCode(digits.charCodeAt(k) + 1) + carried;
}

/** digits − 1, for digits > 0 (one pass from the right; may leave a leading zero). */
function decremented(digits: string): string {
  let k = digits.length - 1;
  while (digits.charCodeAt(k) === 0x30) k--;
  return digits.slice(0, k) + String.fromCharCode(digits.charCodeAt(k) - 1) + "9".repeat(digits.length - 1 - k);
}

/**
 * The exponent written in the lexeme ([+|-] digits, leading zeros allowed) plus `shift`, as canonical text,
 * in one pass over the written digits whatever their number. |shift| < 2^30 (see EXACT_EXPONENT_DIGITS).
 */
function shiftedExponent(written: string, shift: number): string {
  const first = written.charCodeAt(0);
  const negative = first === 0x2d;
  const magnitude = withoutLeadingZeros(first === 0x2d || first === 0x2b ? written.slice(1) : written);
  if (magnitude.length <= EXACT_EXPONENT_DIGITS)
    return String((negative ? -Number(magnitude) : Number(magnitude)) + shift);
  // |written| ≥ 10^15 > |shift|: the sign stays, and only the low 15 digits (and one carry or borrow) change.
  const change = negative ? -shift : shift;
  let head = magnitude.slice(0, -EXACT_EXPONENT_DIGITS);
  let low = Number(magnitude.slice(-EXACT_EXPONENT_DIGITS)) + change;
  if (low >= EXACT_EXPONENT_LIMB) {
    head = incremented(head);
    low -= EXACT_EXPONENT_LIMB;
  } else if (low < 0) {
    head = decremented(head);
    low += EXACT_EXPONENT_LIMB;
  }
  return (negative ? "-" : "") + withoutLeadingZeros(head + String(low).padStart(EXACT_EXPONENT_DIGITS, "0"));
}

/** Reads a lexeme in one pass over its characters, however long its mantissa or its exponent. */
export function decimalOf(lexeme: string): DecimalValue {
  const negative = lexeme.charCodeAt(0) === 0x2d;
  const start = negative ? 1 : 0;
  let ePos = lexeme.indexOf("e", start);
  if (ePos < 0) ePos = lexeme.indexOf("E", start);
  const mantissaEnd = ePos >= 0 ? ePos : lexeme.length;
  const dot = lexeme.indexOf(".", start);
  const fractionDigits = dot >= 0 && dot < mantissaEnd ? mantissaEnd - dot - 1 : 0;
  const mantissa =
    dot >= 0 && dot < mantissaEnd
      ? lexeme.slice(start, dot) + lexeme.slice(dot + 1, mantissaEnd)
      : lexeme.slice(start, mantissaEnd);
  let first = 0;
  while (first < mantissa.length && mantissa.charCodeAt(first) === 0x30) first++;
  // A loop, not /0+$/: that expression retries from every zero, quadratic on "1000…0001".
  let end = mantissa.length;
  while (end > first && mantissa.charCodeAt(end - 1) === 0x30) end--;
  // Zero is zero whatever its exponent (0e999…9 included), so that exponent is never read.
  if (first === end) return {negative: false, digits: "", exponent: "0"};
  const shift = mantissa.length - end - fractionDigits;
  const exponent = ePos >= 0 ? shiftedExponent(lexeme.slice(ePos + 1), shift) : String(shift);
  return {negative, digits: mantissa.slice(first, end), exponent};
}

/** JSON Schema draft-07 "integer" (see isIntegerLexeme), for a value already read. */
export function isIntegerDecimal(value: DecimalValue): boolean {
  // `digits` has no trailing zero, so a negative exponent always leaves a fraction.
  return value.digits === "" || value.exponent.charCodeAt(0) !== 0x2d;
}

/** |n| ≤ 2^53 − 1 and n an integer (see isSafeIntegerLexeme), for a value already read. */
export function isSafeIntegerDecimal(value: DecimalValue): boolean {
  if (value.digits === "") return true;
  if (!isIntegerDecimal(value)) return false;
  // 2^53 has 16 digits: anything longer is unsafe (and an exponent of 3+ digits is at least 100).
  if (value.exponent.length > 2) return false;
  const exponent = Number(value.exponent);
  if (value.digits.length + exponent > SAFE_INTEGER_DIGITS) return false;
  return BigInt(value.digits) * 10n ** BigInt(exponent) <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** Same mathematical value, for values already read. */
export function sameDecimal(x: DecimalValue, y: DecimalValue): boolean {
  return x.negative === y.negative && x.digits === y.digits && x.exponent === y.exponent;
}

/**
 * JSON Schema draft-07 (core section 4.2.1): "integer" matches any number
 * with a zero fractional part, so 1.0 and 1e3 are integers and 1.5 is not.
 */
export function isIntegerLexeme(lexeme: string): boolean {
  return PLAIN_INTEGER.test(lexeme) || isIntegerDecimal(decimalOf(lexeme));
}

/** Same mathematical value (so 1, 1.0 and 1e0 are equal; -0 equals 0). */
export function sameNumber(a: string, b: string): boolean {
  return a === b || sameDecimal(decimalOf(a), decimalOf(b));
}

/** True when the value is an integer JavaScript can hold exactly (|n| ≤ 2^53 − 1). */
export function isSafeIntegerLexeme(lexeme: string): boolean {
  // Up to 15 digits written plainly is always below 2^53 (16 digits).
  if (lexeme.length <= 15 && PLAIN_INTEGER.test(lexeme)) return true;
  return isSafeIntegerDecimal(decimalOf(lexeme));
}

/** What a client using plain JSON.parse then JSON.stringify would see: "9007199254740992", "null" for 1e400. */
export function jsonParseReading(lexeme: string): string {
  return JSON.stringify(Number(lexeme));
}

/** The lexeme JavaScript writes for a number taken from the schema file (for const/enum comparison). */
export function lexemeOfNumber(value: number): string {
  return String(value);
}
