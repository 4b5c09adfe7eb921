import {checkInputs, type RefusedInput} from "../lesson-inputs/check.js";
import {selectionInputDefaults, selectionInputFields} from "./fields.js";
import {defaultPolicy, parsePolicy, type Policy, type PolicyField} from "./policy.js";

export interface PolicyFromInputs {
  /** Always a valid policy: the inputs, with every refused field replaced by its default. */
  policy: Policy;
  /** Every value the selection did not use: the input, the value, what is accepted, the fallback. */
  problems: RefusedInput[];
}

/**
 * The lesson state (the panel's values, a link's, anything) to a policy. Every field is
 * checked by its row first (checkInputs: kind, range, whole numbers, the registry's options);
 * parsePolicy then has the last word. A refused field falls back to its default and is
 * reported rather than thrown.
 */
export function policyFromInputs(values: Readonly<Record<string, unknown>>): PolicyFromInputs {
  const checked = checkInputs(values, selectionInputFields, selectionInputDefaults);
  const problems = [...checked.refused];
  const parsed = parsePolicy(checked.values);
  if (parsed.ok) return {policy: parsed.policy, problems};
  // The rows accept only what parsePolicy accepts, so this is a guard, not a path the page takes.
  for (const problem of parsed.problems) {
    const field = problem.field.split("/")[1] ?? "";
    const fallback = Object.hasOwn(defaultPolicy, field)
      ? String(defaultPolicy[field as PolicyField])
      : "the default policy";
    problems.push({
      field,
      label: field || "policy",
      value: String(checked.values[field] ?? ""),
      problem: problem.message,
      fallback
    });
  }
  return {policy: {...defaultPolicy}, problems};
}
