import type {FieldSpec, FieldValue, FieldValues} from "../lesson-inputs/fields.js";
import {policyFields} from "./fields.js";
import {defaultPolicy, parsePolicy, type Policy, type PolicyField, type PolicyNumberField} from "./policy.js";
import {selectionStages} from "./stages.js";

/*
 * The policy field table in the shared lib/lesson-inputs form, which the control panel renders
 * and the permalink reader and writer use. Those check kinds and ranges only: pass the values
 * they produce through parsePolicy, which also requires whole numbers where the unit is
 * countable and a MIME type for the output format.
 */

const stageTitles = Object.fromEntries(selectionStages.map((stage) => [stage.id, stage.title])) as Record<(typeof selectionStages)[number]["id"], string>;

/**
 * Where a slider ends when the accepted range is far wider than the fixture needs (the number
 * box still takes the whole range): the registry's largest record is 900 observations, and a
 * 0-10,000 slider would put every interesting value in its first pixels.
 */
const SLIDER_MAX: Partial<Record<PolicyNumberField, number>> = {minimumObservations: 1_000};

export const selectionInputFields: readonly FieldSpec[] = policyFields.map((row): FieldSpec => {
  const base = {name: row.field, label: row.label, group: stageTitles[row.stage], help: row.help};
  switch (row.control) {
    case "choice":
      return {...base, kind: "choice", options: row.options.map((value) => ({value, label: value}))};
    case "toggle":
      return {...base, kind: "boolean"};
    case "number":
      return {...base, kind: "number", min: row.min, max: row.max, step: row.step, unit: row.unit, ...(row.field in SLIDER_MAX ? {sliderMax: SLIDER_MAX[row.field]} : {})};
  }
});

/** The default policy as the shared control panel's defaults (and what permalinks leave out). */
export const selectionInputDefaults: FieldValues = Object.freeze({...defaultPolicy});

/** A panel or permalink value that parsePolicy refused, and what the lesson used instead. */
export interface PolicyInputProblem {
  /** The policy field (also the permalink parameter), or "" when the whole input was refused. */
  field: string;
  /** The rule it broke and what is accepted, from parsePolicy. */
  message: string;
  /** The default value the selection used in its place. */
  fallback: FieldValue;
}

export interface PolicyFromInputs {
  /** Always a valid policy: the inputs, with every refused field replaced by its default. */
  policy: Policy;
  problems: PolicyInputProblem[];
}

/**
 * The control panel and the permalink reader check kinds and ranges only; this is where the
 * page's values meet parsePolicy (whole numbers, MIME types). A refused field falls back to
 * its default, like a bad permalink value, and is reported rather than thrown.
 */
export function policyFromInputs(values: Readonly<Record<string, unknown>>): PolicyFromInputs {
  const parsed = parsePolicy(values);
  if (parsed.ok) return {policy: parsed.policy, problems: []};
  const repaired: Record<string, unknown> = {...values};
  const problems: PolicyInputProblem[] = parsed.problems.map((problem) => {
    const field = problem.field.split("/")[1] ?? "";
    if (Object.hasOwn(defaultPolicy, field)) {
      repaired[field] = defaultPolicy[field as PolicyField];
      return {field, message: problem.message, fallback: defaultPolicy[field as PolicyField]};
    }
    // An unrecognised field is dropped; a refused whole input falls back entirely.
    delete repaired[field];
    return {field, message: problem.message, fallback: null};
  });
  const retried = parsePolicy(repaired);
  return {policy: retried.ok ? retried.policy : {...defaultPolicy}, problems};
}
