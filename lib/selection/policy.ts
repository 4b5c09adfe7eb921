import * as z from "zod/mini";
import {MESSAGE_VERSIONS} from "../shared/message-version.js";
import {problemsFromIssues, type InputProblem} from "./problems.js";

/** The job the client needs done, used when the reader has changed nothing. */
export const defaultPolicy: Readonly<Policy> = Object.freeze({
  tenant: "northwind",
  requiredSkillId: "summarize-document",
  outputMode: "text/markdown",
  requireStreaming: false,
  requireCuratorApproval: true,
  metadataTtlSeconds: 86_400,
  additionalElapsedSeconds: 0,
  costBudgetCents: 10,
  minimumObservations: 20,
  latencyWeight: 1,
  costWeight: 1,
  observedSuccessWeight: 2,
  version: "0.3"
});

/**
 * Accepted ranges of the numeric policy fields. The schema below, the page's controls and
 * permalink parsing all read this one table, so they cannot disagree. `step` is a control hint;
 * `whole` fields must be integers.
 */
export const policyNumberLimits = {
  metadataTtlSeconds: {min: 0, max: 604_800, step: 3_600, whole: true, unit: "seconds"},
  additionalElapsedSeconds: {min: 0, max: 604_800, step: 3_600, whole: true, unit: "seconds"},
  costBudgetCents: {min: 0, max: 100, step: 1, whole: true, unit: "cents per call"},
  minimumObservations: {min: 0, max: 10_000, step: 1, whole: true, unit: "observations"},
  // Weights are relative: only their ratios matter, so the upper bound only sizes the control.
  latencyWeight: {min: 0, max: 10, step: 0.5, whole: false, unit: "relative weight"},
  costWeight: {min: 0, max: 10, step: 0.5, whole: false, unit: "relative weight"},
  observedSuccessWeight: {min: 0, max: 10, step: 0.5, whole: false, unit: "relative weight"}
} as const;

export type PolicyNumberField = keyof typeof policyNumberLimits;

function limitedNumber(field: PolicyNumberField) {
  const {min, max, whole, unit} = policyNumberLimits[field];
  const accepted = `must be ${whole ? "a whole number" : "a number"} from ${min} to ${max} (${unit})`;
  const error = (issue: {input?: unknown}) =>
    issue.input === undefined ? `is required; it ${accepted}` : `${accepted}; got ${JSON.stringify(issue.input)}`;
  const checks = whole
    ? [z.int({error}), z.minimum(min, {error}), z.maximum(max, {error})]
    : [z.minimum(min, {error}), z.maximum(max, {error})];
  return z.number({error}).check(...checks);
}

function requiredText(what: string) {
  const error = (issue: {input?: unknown}) =>
    issue.input === undefined
      ? `is required; it must be ${what}`
      : `must be ${what}; got ${JSON.stringify(issue.input)}`;
  return z.string({error}).check(z.minLength(1, {error}));
}

function requiredFlag() {
  const error = (issue: {input?: unknown}) =>
    issue.input === undefined
      ? "is required; it must be true or false"
      : `must be true or false; got ${JSON.stringify(issue.input)}`;
  return z.boolean({error});
}

const mediaTypeText = requiredText('a MIME type such as "text/markdown"').check(
  z.regex(/^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*$/, {
    error: (issue) =>
      `must be a MIME type such as "text/markdown" (type/subtype, no parameters); got ${JSON.stringify(issue.input)}`
  })
);

/** What the client requires (hard gates) and how it ranks what passes (weights). */
export const policySchema = z.strictObject({
  tenant: requiredText("a non-empty tenant name"),
  requiredSkillId: requiredText("a non-empty AgentSkill id"),
  outputMode: mediaTypeText,
  requireStreaming: requiredFlag(),
  requireCuratorApproval: requiredFlag(),
  metadataTtlSeconds: limitedNumber("metadataTtlSeconds"),
  additionalElapsedSeconds: limitedNumber("additionalElapsedSeconds"),
  costBudgetCents: limitedNumber("costBudgetCents"),
  minimumObservations: limitedNumber("minimumObservations"),
  latencyWeight: limitedNumber("latencyWeight"),
  costWeight: limitedNumber("costWeight"),
  observedSuccessWeight: limitedNumber("observedSuccessWeight"),
  /** The A2A version the client speaks: it names the contract's method. */
  version: z.enum(MESSAGE_VERSIONS, {
    error: (issue) =>
      `must be one of ${MESSAGE_VERSIONS.map((v) => `"${v}"`).join(", ")}; got ${JSON.stringify(issue.input)}`
  })
});

export type Policy = z.infer<typeof policySchema>;
export type PolicyField = keyof Policy;

export type ParsePolicyResult = {ok: true; policy: Policy} | {ok: false; problems: InputProblem[]};

/** Validates a complete policy from untrusted input (a form, a permalink, a test). Unknown fields are refused. */
export function parsePolicy(input: unknown): ParsePolicyResult {
  const parsed = z.safeParse(policySchema, input);
  return parsed.success
    ? {ok: true, policy: parsed.data}
    : {ok: false, problems: problemsFromIssues(parsed.error.issues)};
}

/** The default policy with some fields replaced; the overrides are validated like any other input. */
export function policyWith(overrides: Partial<Policy>, base: Readonly<Policy> = defaultPolicy): ParsePolicyResult {
  return parsePolicy({...base, ...overrides});
}
