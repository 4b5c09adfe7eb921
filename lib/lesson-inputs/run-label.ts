/**
 * What names a run on a slide or a file: the inputs that differ from the lesson's defaults.
 * An exported chart carries the caption ("Sender timeout: 0.5 s · Receiver ignores seen event
 * ids: off"), and its file name a short label built from the same differences, so two exports
 * of two runs never share a name and each says which run it shows.
 */
import type {FieldSpec, FieldValue, FieldValues} from "./fields.js";
import {defaultsFor} from "./following-defaults.js";

export interface RunLabel {
  /** "Lesson defaults", or each differing input with its value, in the lesson's words. */
  caption: string;
  /** For file names: "defaults", or the differing inputs as name-value, ASCII, at most FILE_LABEL_MAX characters. */
  fileLabel: string;
  /** True when the label names two runs compared (comparedRunLabel). */
  compared?: true;
}

const FILE_LABEL_MAX = 60;
const CAPTION_VALUE_MAX = 40;

/** The run described by `values` against `defaults`, input by input in `fields` order. */
export function describeRun(
  values: Readonly<Record<string, unknown>>,
  fields: readonly FieldSpec[],
  defaults: Readonly<Record<string, unknown>>
): RunLabel {
  const own = defaultsFor(fields, defaults as FieldValues, values);
  const differing = fields.filter((field) => !Object.is(values[field.name] ?? null, own[field.name] ?? null));
  if (differing.length === 0) return {caption: "Lesson defaults", fileLabel: "defaults"};
  return {
    caption: differing
      .map((field) => `${field.label}: ${captionValue(field, values[field.name] as FieldValue)}`)
      .join(" · "),
    fileLabel: fileLabel(differing.map((field) => fileWord(field, values[field.name] as FieldValue)))
  };
}

/** A run named by hand (lesson 2's request is one text, not a table of inputs). */
export function namedRun(caption: string, words: readonly string[]): RunLabel {
  return {caption, fileLabel: fileLabel(words)};
}

function captionValue(field: FieldSpec, value: FieldValue): string {
  if (value === null) return field.kind === "number" && field.nullLabel ? field.nullLabel : "off";
  switch (field.kind) {
    case "boolean":
      return value ? "on" : "off";
    case "choice":
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case "number":
      return field.unit ? `${value} ${field.unit}` : String(value);
    case "text": {
      const text = String(value).replace(/\s+/g, " ").trim();
      return text.length > CAPTION_VALUE_MAX ? `“${text.slice(0, CAPTION_VALUE_MAX - 1)}…” (edited)` : `“${text}”`;
    }
  }
}

/** A text's value is too long and too free for a file name: the input's name says it was edited. */
function fileWord(field: FieldSpec, value: FieldValue): string {
  if (field.kind === "text") return `${field.name}-edited`;
  if (value === null) return `${field.name}-off`;
  return `${field.name}-${String(value)}`;
}

function fileLabel(words: readonly string[]): string {
  const safe = words.map((word) => word.replace(/[^A-Za-z0-9.-]+/g, "-").replace(/^-+|-+$/g, "")).filter(Boolean);
  let label = "";
  for (const [index, word] of safe.entries()) {
    const next = label ? `${label}_${word}` : word;
    if (next.length > FILE_LABEL_MAX) return `${label || word.slice(0, FILE_LABEL_MAX - 4)}_+${safe.length - index}`;
    label = next;
  }
  return label || "run";
}

/** Two runs compared: "Pinned: … versus current: …", and both labels in the file name. */
export function comparedRunLabel(current: RunLabel, pinned: RunLabel): RunLabel {
  return {
    caption: `Pinned run: ${pinned.caption}; versus current run: ${current.caption}`,
    fileLabel: `${fileLabel([current.fileLabel])}--vs--${fileLabel([pinned.fileLabel])}`,
    compared: true
  };
}
