/**
 * The one way a number is written when it enters as text, a link or a number box alike:
 * plain decimal, so no exponent ("1e3", "1e-400"), hex, "Infinity", "NaN", spaces or
 * invisible characters sneak in through Number(). The rule is stated in full in every
 * message that refuses a value by it.
 */
import {describeAccepted, type NumberField} from "./fields.js";

const MAX_DECIMALS = 6;
const PLAIN_DECIMAL = new RegExp(`^-?\\d{1,15}(\\.\\d{1,${MAX_DECIMALS}})?$`);

/**
 * How a number for `field` is written, as the message states it: the minus sign only where the
 * range has negatives and decimals only where the field takes them, so a whole number from 0 to
 * 3600 is not told "at most 6 decimals". (A whole value written "300.0" is still read.)
 */
export function numberTextRule(field: Pick<NumberField, "min" | "whole">): string {
  const parts = [
    "digits",
    ...(field.min < 0 ? ["an optional minus sign"] : []),
    ...(field.whole ? [] : [`at most ${MAX_DECIMALS} decimals`])
  ];
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `written in plain decimal (${listed}; no exponent, spaces or other characters)`;
}

/** The number `text` writes, or undefined when it is not plain decimal. */
export function readNumberText(text: string): number | undefined {
  return PLAIN_DECIMAL.test(text) ? Number(text) : undefined;
}

/** What a field says of text that is not plain decimal: its range, and the rule the text broke. */
export function numberTextProblem(field: NumberField): string {
  return `must be ${describeAccepted(field)}, ${numberTextRule(field)}`;
}
