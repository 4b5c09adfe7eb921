import type {FieldSpec, FieldValues} from "../lesson-inputs/fields.js";
import {policyFields} from "./fields.js";
import {defaultPolicy} from "./policy.js";
import {selectionStages} from "./stages.js";

/*
 * The policy field table in the shared lib/lesson-inputs form, which the control panel renders
 * and the permalink reader and writer use. Those check kinds and ranges only: pass the values
 * they produce through parsePolicy, which also requires whole numbers where the unit is
 * countable and a MIME type for the output format.
 */

const stageTitles = Object.fromEntries(selectionStages.map((stage) => [stage.id, stage.title])) as Record<(typeof selectionStages)[number]["id"], string>;

export const selectionInputFields: readonly FieldSpec[] = policyFields.map((row): FieldSpec => {
  const base = {name: row.field, label: row.label, group: stageTitles[row.stage], help: row.help};
  switch (row.control) {
    case "choice":
      return {...base, kind: "choice", options: row.options.map((value) => ({value, label: value}))};
    case "toggle":
      return {...base, kind: "boolean"};
    case "number":
      return {...base, kind: "number", min: row.min, max: row.max, step: row.step, unit: row.unit};
  }
});

/** The default policy as the shared control panel's defaults (and what permalinks leave out). */
export const selectionInputDefaults: FieldValues = Object.freeze({...defaultPolicy});
