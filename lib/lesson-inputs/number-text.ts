/**
 * The one way a number is written when it enters as text, a link or a number box alike:
 * plain decimal, so no exponent ("1e3", "1e-400"), hex, "Infinity", "NaN", spaces or
 * invisible characters sneak in through Number(). The rule is stated in full in every
 * message that refuses a value by it.
 */
import {describeAccepted, type NumberField} from "./fields.js";

const MAX_DECIMALS = 6;
const PLAIN_DECIMAL = new RegExp(`^-?\\d{1,15}(\\.\\d{1,${MAX_DECIMALS}})?$`);

export const NUMBER_TEXT_RULE = `written in plain decimal (digits, an optional minus sign and at most ${MAX_DECIMALS} decimals; no exponent, spaces or other characters)`;

/** The number `text` writes, or undefined when it is not plain decimal. */
export function readNumberText(text: string): number | undefined {
  return PLAIN_DECIMAL.test(text) ? Number(text) : undefined;
}

/** What a field says of text that is not plain decimal: its range, and the rule the text broke. */
export function numberTextProblem(field: NumberField): string {
  return `must be ${describeAccepted(field)}, ${NUMBER_TEXT_RULE}`;
}
