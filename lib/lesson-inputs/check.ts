/**
 * The one check every lesson state passes before a model sees it. The panel, a link, an
 * experiment or a test may hand a lesson any values at all; each field is checked by its
 * own row of the field table, and a value the row refuses is reported (input, value, what
 * is accepted) and replaced by the lesson's default. The result is always a complete,
 * valid state, so a lesson's compute never throws on what a reader typed or linked.
 */
import {checkFieldValue, type FieldSpec, type FieldValue, type FieldValues} from "./fields.js";
import {defaultsFor, followedFirst} from "./following-defaults.js";
import {shownValue} from "../text/visible-text.js";

/** A value a lesson did not use, and what it used instead. Shown as text, never as HTML. */
export interface RefusedInput {
  /** The field name (also the permalink parameter); "" for a problem of the whole state. */
  field: string;
  /** The input's label, in the reader's words. */
  label: string;
  /** The refused value as text, shortened for display. */
  value: string;
  /** What is wrong and what is accepted. */
  problem: string;
  /** The value used instead, as text. */
  fallback: string;
}

export interface CheckedInputs<T extends FieldValues> {
  /** Every field of the table, each either as given or, when refused, its default. */
  values: T;
  refused: RefusedInput[];
}

const MAX_SHOWN_VALUE_LENGTH = 80;
const NULL_TOKEN = "none";

/**
 * Checks every field of `values` against its row. A field left out (undefined) takes its
 * default silently; a key no row names is refused, so a typo cannot pass unnoticed.
 */
export function checkInputs<T extends FieldValues>(
  values: Readonly<Record<string, unknown>>,
  fields: readonly FieldSpec[],
  defaults: T
): CheckedInputs<T> {
  const checked: FieldValues = {...defaults};
  const refused: RefusedInput[] = [];
  for (const field of followedFirst(fields)) {
    // A following field's default is the one for the value its input has just been given.
    const fallback = field.defaultFollows
      ? (defaultsFor(fields, defaults, checked)[field.name] ?? null)
      : (defaults[field.name] ?? null);
    const value = values[field.name];
    const problem = value === undefined ? null : checkFieldValue(field, value);
    if (value !== undefined && problem === null) checked[field.name] = value as FieldValue;
    else checked[field.name] = fallback;
    if (problem !== null) refused.push(refusal(field, value, problem, fallback));
  }
  refused.sort((a, b) => fieldIndex(fields, a.field) - fieldIndex(fields, b.field));
  const known = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(values)) {
    if (!known.has(key) && values[key] !== undefined) {
      refused.push({
        field: key,
        label: shorten(key),
        value: showValue(values[key]),
        problem: `not an input of this lesson (accepted: ${[...known].join(", ")})`,
        fallback: "ignored"
      });
    }
  }
  return {values: checked as T, refused};
}

const fieldIndex = (fields: readonly FieldSpec[], name: string) => fields.findIndex((field) => field.name === name);

/** The report for one refused value of a field, with the default used in its place. */
export function refusal(field: FieldSpec, value: unknown, problem: string, fallback: FieldValue): RefusedInput {
  return {field: field.name, label: field.label, value: showValue(value), problem, fallback: showValue(fallback)};
}

/** Any value as short, plain text: strings as they are (shortened), others as JSON where possible. */
export function showValue(value: unknown): string {
  if (value === null) return NULL_TOKEN;
  if (typeof value === "string") return value === "" ? "empty" : shorten(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === undefined) return "undefined";
  try {
    return shorten(JSON.stringify(value) ?? String(value));
  } catch {
    return `a ${typeof value}`;
  }
}

/** Text for a notice: shortened, and every character a reader cannot see written as ⟨U+XXXX⟩. */
export function shorten(text: string): string {
  return shownValue(text, MAX_SHOWN_VALUE_LENGTH);
}
