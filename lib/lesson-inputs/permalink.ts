/**
 * Lesson inputs in the URL, so a link reproduces the exact experiment.
 *
 * A URL is user input: every parameter is decoded by its field's kind and checked
 * by the field's zod schema. A malformed, unknown or out-of-range value is never
 * trusted; it becomes a notice naming the parameter, and the input keeps its default.
 */
import {shorten} from "./check.js";
import {checkFieldValue, describeAccepted, type FieldSpec, type FieldValue, type FieldValues} from "./fields.js";
import {defaultsFor} from "./following-defaults.js";
import {numberTextProblem, readNumberText} from "./number-text.js";

export interface PermalinkNotice {
  parameter: string;
  /** The raw value as it appeared in the URL (shown as text, never as HTML). */
  value: string;
  /** What is wrong and what is accepted. */
  problem: string;
}

export interface PermalinkReading<T extends FieldValues> {
  values: T;
  notices: PermalinkNotice[];
}

/** A guided lesson's step (read by tour/position.ts): an input writer keeps it as it is. */
export const TOUR_STEP_PARAMETER = "step";
/** The class deck's slide while the deck is open (read by tour/position.ts): kept as the step is. */
export const PRESENT_PARAMETER = "present";
/** The class deck's steps, a subset in the teacher's order (`steps=1,3,5`, read by tour/position.ts). */
export const DECK_STEPS_PARAMETER = "steps";
/** A reader's cell shared as a link (lib/notebook/shared-cell.ts). */
export const CELL_PARAMETER = "cell";
// Parameters other readers of the page own (the tour, the deck, a shared cell): kept when the inputs rewrite the link.
const TOUR_PARAMETERS: ReadonlySet<string> = new Set([
  TOUR_STEP_PARAMETER,
  PRESENT_PARAMETER,
  DECK_STEPS_PARAMETER,
  CELL_PARAMETER
]);
const NULL_TOKEN = "none";

/** The pinned run of a comparison travels as `vs` and `vs.<input>` (read by pinned-run.ts, left alone here). */
export const PIN_PARAMETER = "vs";
export const PIN_PREFIX = "vs.";
export function isPinParameter(parameter: string): boolean {
  return parameter === PIN_PARAMETER || parameter.startsWith(PIN_PREFIX);
}

/** Parameters of the page that other readers own (the tour's step and deck, the pinned run): not lesson inputs, and not unknown. */
export function isReadElsewhere(parameter: string): boolean {
  return TOUR_PARAMETERS.has(parameter) || isPinParameter(parameter);
}

export interface PermalinkOptions {
  /** Parameters another reader owns, passed over without a notice (the page's own link: the step and the pinned run). */
  readElsewhere?: (parameter: string) => boolean;
}

/** The "not an input" notice for a parameter no field and no other reader owns. */
export function unknownParameterNotice(parameter: string, value: string, accepted: readonly string[]): PermalinkNotice {
  return {
    parameter: shorten(parameter),
    value: shorten(value),
    problem: `not an input of this lesson, so it is ignored (accepted: ${accepted.join(", ")})`
  };
}

/**
 * Every parameter of `search` is either read by its field, left to the reader that owns it
 * (`readElsewhere`), or named as unknown: none is dropped silently.
 */
export function readPermalink<T extends FieldValues>(
  search: string,
  fields: readonly FieldSpec[],
  defaults: T,
  options: PermalinkOptions = {}
): PermalinkReading<T> {
  const {readElsewhere = isReadElsewhere} = options;
  const byName = new Map(fields.map((field) => [field.name, field]));
  const values: FieldValues = {...defaults};
  const notices: PermalinkNotice[] = [];
  const seen = new Set<string>();
  const repeats = new Map<string, {notice: PermalinkNotice; times: number}>();
  const given = new Set<string>();
  const refused: {field: FieldSpec; notice: PermalinkNotice}[] = [];
  for (const [parameter, raw] of new URLSearchParams(search)) {
    const field = byName.get(parameter);
    const value = shorten(raw);
    if (!field) {
      if (!readElsewhere(parameter))
        notices.push(
          unknownParameterNotice(
            parameter,
            raw,
            fields.map((field) => field.name)
          )
        );
      continue;
    }
    if (seen.has(parameter)) {
      // A link may repeat a parameter thousands of times: one notice a parameter, counting them.
      const repeat = repeats.get(parameter);
      if (repeat)
        repeat.notice.problem = `given more than once (${(++repeat.times).toLocaleString("en-US")} times); the first value is used`;
      else {
        const notice = {parameter, value, problem: "given more than once; the first value is used"};
        repeats.set(parameter, {notice, times: 2});
        notices.push(notice);
      }
      continue;
    }
    seen.add(parameter);
    const decoded = decodeValue(field, raw);
    const problem = decoded === undefined ? notDecoded(field) : checkFieldValue(field, decoded);
    if (problem !== null) {
      const notice = {parameter, value, problem};
      notices.push(notice);
      refused.push({field, notice});
      continue;
    }
    values[parameter] = decoded as FieldValue;
    given.add(parameter);
  }
  // Defaults last: a following field's default is the one for its input's value in this link.
  const fallbacks = defaultsFor(fields, defaults, values);
  for (const field of fields)
    if (field.defaultFollows && !given.has(field.name)) values[field.name] = fallbacks[field.name]!;
  for (const {field, notice} of refused)
    notice.problem = `${notice.problem}; using the default (${formatValue(fallbacks[field.name] ?? null)})`;
  return {values: values as T, notices};
}

/** The query string for a set of values: only the fields that differ from the defaults, in table order. */
export function writePermalink(values: FieldValues, fields: readonly FieldSpec[], defaults: FieldValues): string {
  const params = new URLSearchParams();
  const omitted = defaultsFor(fields, defaults, values);
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === omitted[field.name]) continue;
    params.set(field.name, encodeValue(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * The query string of an input writer's own parameters (each part with or without its "?"),
 * followed by the parameters other writers own in `current` (the tour's step and deck), unchanged.
 */
export function joinQuery(current: string, ...parts: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const [parameter, value] of new URLSearchParams(current))
    if (TOUR_PARAMETERS.has(parameter)) kept.append(parameter, value);
  const query = [...parts.map((part) => part.replace(/^\?/, "")), kept.toString()].filter(Boolean).join("&");
  return query ? `?${query}` : "";
}

/** Text to typed value by the field's kind; undefined when the text is not of that kind. */
function decodeValue(field: FieldSpec, raw: string): FieldValue | undefined {
  switch (field.kind) {
    case "number":
      if (raw === NULL_TOKEN && field.nullLabel !== undefined) return null;
      return readNumberText(raw);
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : undefined;
    case "choice":
    case "text":
      return raw;
  }
}

function notDecoded(field: FieldSpec): string {
  return field.kind === "number" ? numberTextProblem(field) : `must be ${describeAccepted(field)}`;
}

function encodeValue(value: FieldValue): string {
  return value === null ? NULL_TOKEN : String(value);
}

function formatValue(value: FieldValue): string {
  return value === null ? NULL_TOKEN : value === "" ? "empty" : String(value);
}
