import type {FieldSpec, FieldValues} from "../lesson-inputs/fields.js";
import {describeRun, type RunLabel} from "../lesson-inputs/run-label.js";
import {versionField} from "../shared/message-version.js";
import {defaultRegistry} from "./fixture.js";
import {defaultPolicy, policyNumberLimits, type Policy, type PolicyNumberField} from "./policy.js";
import {offeredOutputModes, type Registry} from "./registry.js";
import {selectionStages, type SelectionStageId} from "./stages.js";

/*
 * Lesson 3's field table: one row per policy field, in the order the gates use them, in the
 * shared lib/lesson-inputs vocabulary (FieldSpec). The control panel renders it, permalinks
 * are read and written with it, and policyFromInputs checks every value against it before
 * parsePolicy sees the policy. Number rows take their bounds from policyNumberLimits, the
 * table parsePolicy's schema is built from; each row's group is the title of the stage it changes.
 */

/** The page's control groups: one per stage a field changes, titled as the stage. */
export const selectionLessonGroups = Object.fromEntries(
  selectionStages.map((stage) => [stage.id, stage.title])
) as Record<SelectionStageId, string>;
const stageTitle = (id: SelectionStageId) => selectionLessonGroups[id];

/**
 * Where a slider ends when the accepted range is far wider than the fixture needs (the number
 * box still takes the whole range): the registry's largest record is 900 observations, and a
 * 0-10,000 slider would put every interesting value in its first pixels.
 */
const SLIDER_MAX: Partial<Record<PolicyNumberField, number>> = {minimumObservations: 1_000};

function numberField(name: PolicyNumberField, label: string, help: string, stage: SelectionStageId): FieldSpec {
  const {min, max, step, whole, unit} = policyNumberLimits[name];
  const sliderMax = SLIDER_MAX[name];
  return {
    kind: "number",
    name,
    label,
    help,
    group: stageTitle(stage),
    min,
    max,
    step,
    whole,
    unit,
    ...(sliderMax === undefined ? {} : {sliderMax})
  };
}

function choiceField(
  name: keyof Policy,
  label: string,
  help: string,
  stage: SelectionStageId,
  values: Iterable<string>
): FieldSpec {
  const options = [...new Set(values)].sort().map((value) => ({value, label: value}));
  return {kind: "choice", name, label, help, group: stageTitle(stage), options};
}

function toggleField(name: keyof Policy, label: string, help: string, stage: SelectionStageId): FieldSpec {
  return {kind: "boolean", name, label, help, group: stageTitle(stage)};
}

/** The values a registry offers for each choice row, the default policy's value first so it is always offered. */
function offeredChoices(registry: Registry): {tenants: string[]; skillIds: string[]; outputModes: string[]} {
  const tenants = [defaultPolicy.tenant];
  const skillIds = [defaultPolicy.requiredSkillId];
  const outputModes = [defaultPolicy.outputMode];
  for (const {card, registryMetadata} of registry.agents) {
    tenants.push(registryMetadata.tenant);
    for (const skill of card.skills) {
      skillIds.push(skill.id);
      outputModes.push(...offeredOutputModes(card, skill));
    }
  }
  return {tenants, skillIds, outputModes};
}

/** The number rows, in gate order: freshness, then cost and observations, then the ranking weights. */
function policyNumberFields(): FieldSpec[] {
  return [
    numberField(
      "metadataTtlSeconds",
      "Metadata TTL",
      "How old an agent's registry metadata may be and still count as fresh.",
      "freshness"
    ),
    numberField(
      "additionalElapsedSeconds",
      "Additional elapsed time",
      "Time passed since the registry snapshot; it is added to every agent's metadata age.",
      "freshness"
    ),
    numberField("costBudgetCents", "Cost budget", "The most the client pays per call.", "costAndObservations"),
    numberField(
      "minimumObservations",
      "Minimum observations",
      "Fewest historical observations (synthetic counts, not live telemetry) for a success rate to be trusted.",
      "costAndObservations"
    ),
    numberField(
      "latencyWeight",
      "Latency weight",
      "Relative weight of the latency term (lower latency is better).",
      "rankingAndContract"
    ),
    numberField(
      "costWeight",
      "Cost weight",
      "Relative weight of the cost term (lower cost is better).",
      "rankingAndContract"
    ),
    numberField(
      "observedSuccessWeight",
      "Observed success weight",
      "Relative weight of successes / observations.",
      "rankingAndContract"
    )
  ];
}

/** The field table, with choice options read from a registry (and the defaults, so they are always offered). */
export function describePolicyFields(registry: Registry): FieldSpec[] {
  const {tenants, skillIds, outputModes} = offeredChoices(registry);
  return [
    choiceField("tenant", "Tenant", "Only agents registered to this tenant are candidates.", "tenant", tenants),
    choiceField(
      "requiredSkillId",
      "Required skill",
      "The AgentSkill id the job needs; the card must list it.",
      "capability",
      skillIds
    ),
    choiceField(
      "outputMode",
      "Output format",
      "MIME type the result must come in. A skill's outputModes, when present, replace the card's defaultOutputModes.",
      "capability",
      outputModes
    ),
    toggleField(
      "requireStreaming",
      "Require streaming",
      "Only agents whose capabilities.streaming is true; the contract then uses message/stream.",
      "capability"
    ),
    toggleField(
      "requireCuratorApproval",
      "Require curator approval",
      "Approval is fictional registry metadata, not verified identity or a safety assessment.",
      "curatorApproval"
    ),
    ...policyNumberFields(),
    versionField(
      stageTitle("rankingAndContract"),
      "The A2A version the client speaks: the contract's method (message/send or SendMessage, and their streaming twins). Not a gate: every card here declares protocolVersion 0.3.0."
    )
  ];
}

/** The field table for the lesson's registry. */
export const selectionInputFields: readonly FieldSpec[] = describePolicyFields(defaultRegistry);

/** The default policy as the shared control panel's defaults (and what permalinks leave out). */
export const selectionInputDefaults: FieldValues = Object.freeze({...defaultPolicy});

/** Names a run of lesson 3 on exports: the policy inputs that differ from the defaults. */
export function selectionRunLabel(values: Readonly<Record<string, unknown>>): RunLabel {
  return describeRun(values, selectionInputFields, selectionInputDefaults);
}
