/**
 * Inputs whose default follows another input (a field's `defaultFollows`): lesson 4's body is
 * the demo body of the chosen A2A version, lesson 2's example the first example of it. Left
 * alone, such an input moves with the one it follows; once the reader sets it, it stays.
 * Every place that fills in or leaves out defaults (checks, links, run labels, the panel)
 * asks here for the defaults of a state, so they agree on it.
 */
import type {FieldSpec, FieldValue, FieldValues} from "./fields.js";

/** The defaults of a state: each following field's default for the value its input holds there. */
export function defaultsFor<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  values: Readonly<Record<string, unknown>>
): T {
  let result: FieldValues | null = null;
  for (const field of fields) {
    const followed = field.defaultFollows ? values[field.defaultFollows.field] : undefined;
    const value =
      typeof followed === "string" && Object.hasOwn(field.defaultFollows!.values, followed)
        ? field.defaultFollows!.values[followed]
        : undefined;
    if (value !== undefined) (result ??= {...defaults})[field.name] = value;
  }
  return (result ?? defaults) as T;
}

/** Fields that follow another, after the ones they follow: checks settle the followed inputs first. */
export function followedFirst(fields: readonly FieldSpec[]): FieldSpec[] {
  return [...fields.filter((field) => !field.defaultFollows), ...fields.filter((field) => field.defaultFollows)];
}

/**
 * The state after one input changed: every input that follows it and still held its default
 * for the old value moves to its default for the new one.
 */
export function withFollowers<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  before: T,
  name: string,
  value: FieldValue
): T {
  const after: FieldValues = {...before, [name]: value};
  const was = defaultsFor(fields, defaults, before);
  const now = defaultsFor(fields, defaults, after);
  for (const field of fields) {
    if (field.defaultFollows?.field === name && Object.is(before[field.name], was[field.name]))
      after[field.name] = now[field.name]!;
  }
  return after as T;
}

/** An experiment's inputs over the defaults: inputs it leaves out that follow one it sets follow it. */
export function overDefaults<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  overrides: Partial<T>
): T {
  return {...defaultsFor(fields, defaults, {...defaults, ...overrides}), ...overrides};
}

/**
 * The state an experiment sets while the reader has `current`: the lesson's defaults, the
 * course-wide inputs (the A2A version) kept as the reader has them, then the experiment's own
 * inputs, each following input following. Restore and the baseline are the experiment with none.
 */
export function experimentState<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  current: Readonly<Record<string, unknown>>,
  overrides: Partial<T> = {}
): T {
  const kept: Partial<T> = {};
  for (const field of fields)
    if (field.courseWide && current[field.name] !== undefined)
      (kept as FieldValues)[field.name] = current[field.name] as FieldValue;
  return overDefaults(fields, defaults, {...kept, ...overrides});
}
