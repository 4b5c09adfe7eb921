/**
 * A lesson's scalar inputs, described once as data. The same table renders the
 * controls, derives the zod schema that checks values where they enter (permalinks,
 * user-supplied configs), and writes and reads permalinks.
 */
import * as z from "zod/mini";

interface FieldBase {
  /** The config field name; also the permalink parameter name. */
  name: string;
  /** The control's label, in the reader's words. */
  label: string;
  /** The heading of the control group the field belongs to. */
  group: string;
  /** One sentence on what the field means in the model. */
  help?: string;
  /**
   * The default depends on another (choice) input: its value for each of that input's values
   * (lesson 4's body is the demo body of the chosen A2A version). See following-defaults.ts.
   */
  defaultFollows?: {field: string; values: Readonly<Record<string, string>>};
  /**
   * A course-wide choice (the A2A version): the reader makes it once for the course, so an
   * experiment, a tour step, the restore button and the baseline keep it as the reader has it.
   */
  courseWide?: true;
}

export interface NumberField extends FieldBase {
  kind: "number";
  min: number;
  max: number;
  step: number;
  /** Only whole numbers are accepted (counts, attempts, seconds the model keeps as integers). */
  whole?: boolean;
  /** The slider's upper end when the accepted range is wider than the lesson needs (the box still takes up to max). */
  sliderMax?: number;
  unit?: string;
  /** When set, the field may be null ("off"), shown with this label. */
  nullLabel?: string;
  /** With nullLabel: the value the field takes when a reader switches it on (min when absent). */
  switchOnValue?: number;
}

export interface BooleanField extends FieldBase {
  kind: "boolean";
}

export interface ChoiceField extends FieldBase {
  kind: "choice";
  options: readonly {value: string; label: string}[];
}

export interface TextField extends FieldBase {
  kind: "text";
  maxLength: number;
  /** Shown as a text area of this many rows (for a list, one entry per line); a one-line box when absent. */
  rows?: number;
}

export type FieldSpec = NumberField | BooleanField | ChoiceField | TextField;
export type FieldValue = number | boolean | string | null;
export type FieldValues = Record<string, FieldValue>;

/** The zod schema of one field, derived from its description. */
export function fieldSchema(field: FieldSpec): z.ZodMiniType<FieldValue> {
  switch (field.kind) {
    case "number": {
      // z.number() already refuses NaN and ±Infinity; whole adds the integer rule. -0 is no
      // value a reader means: a link or a box holding it is reported like any other bad value.
      const checks = [z.minimum(field.min), z.maximum(field.max), z.refine((value) => !Object.is(value, -0))] as const;
      const number = field.whole ? z.int().check(...checks) : z.number().check(...checks);
      return field.nullLabel === undefined ? number : z.nullable(number);
    }
    case "boolean":
      return z.boolean();
    case "choice": {
      const values = field.options.map((option) => option.value);
      return z.string().check(z.refine((value) => values.includes(value)));
    }
    case "text":
      return z.string().check(z.maxLength(field.maxLength));
  }
}

/** The zod object schema of a whole table of fields. */
export function fieldsSchema(fields: readonly FieldSpec[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));
}

/** What a field accepts, in words, for messages ("a number from 0 to 600 seconds, or none"). */
export function describeAccepted(field: FieldSpec): string {
  switch (field.kind) {
    case "number": {
      const unit = field.unit ? ` ${field.unit}` : "";
      const orNull = field.nullLabel === undefined ? "" : `, or "none" (${field.nullLabel})`;
      return `${field.whole ? "a whole number" : "a number"} from ${field.min} to ${field.max}${unit}${orNull}`;
    }
    case "boolean":
      return `"true" or "false"`;
    case "choice":
      return `one of ${field.options.map((option) => `"${option.value}"`).join(", ")}`;
    case "text":
      return `text of at most ${field.maxLength} characters`;
  }
}

// Built once per row: checkInputs checks every field of a lesson on every input.
const schemas = new WeakMap<FieldSpec, z.ZodMiniType<FieldValue>>();

/**
 * Checks one value against its field; returns the rule and what is accepted ("must be a whole
 * number from 1 to 20 attempts"), or null when accepted. Callers name the input themselves
 * (a link notice by its parameter, a box or a lesson notice by its label), so it is named once.
 */
export function checkFieldValue(field: FieldSpec, value: unknown): string | null {
  let schema = schemas.get(field);
  if (!schema) schemas.set(field, (schema = fieldSchema(field)));
  if (z.safeParse(schema, value).success) return null;
  return `must be ${describeAccepted(field)}`;
}
