import {defaultRegistry} from "./fixture.js";
import type {GateId} from "./gates.js";
import {defaultPolicy, policyNumberLimits, type Policy, type PolicyNumberField} from "./policy.js";
import {offeredOutputModes, type Registry} from "./registry.js";
import type {SelectionStageId} from "./stages.js";

/*
 * One row per policy field, in the order the gates use them. The page builds its controls from
 * these rows (through selectionInputFields, the shared lib/lesson-inputs form, which also reads
 * and writes permalinks), so a field added here shows up in both.
 */

interface FieldBase {
  field: keyof Policy;
  label: string;
  help: string;
  /** The lesson stage the field changes. */
  stage: SelectionStageId;
  /** The gate the field feeds; null for ranking weights. */
  gate: GateId | null;
}

export interface PolicyChoiceRow extends FieldBase {
  field: "tenant" | "requiredSkillId" | "outputMode";
  control: "choice";
  /** Values found in the registry (and the default), sorted; any non-empty value is valid policy. */
  options: string[];
}

export interface PolicyToggleRow extends FieldBase {
  field: "requireStreaming" | "requireCuratorApproval";
  control: "toggle";
}

export interface PolicyNumberRow extends FieldBase {
  field: PolicyNumberField;
  control: "number";
  min: number;
  max: number;
  step: number;
  /** Whole numbers only. */
  whole: boolean;
  unit: string;
}

export type PolicyFieldDescription = PolicyChoiceRow | PolicyToggleRow | PolicyNumberRow;

function numberField(field: PolicyNumberField, label: string, help: string, stage: SelectionStageId, gate: GateId | null): PolicyNumberRow {
  const {min, max, step, whole, unit} = policyNumberLimits[field];
  return {field, control: "number", label, help, stage, gate, min, max, step, whole, unit};
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/** The field table, with choice options read from a registry. */
export function describePolicyFields(registry: Registry): PolicyFieldDescription[] {
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
  return [
    {field: "tenant", control: "choice", label: "Tenant", help: "Only agents registered to this tenant are candidates.", stage: "tenant", gate: "tenant", options: sortedUnique(tenants)},
    {field: "requiredSkillId", control: "choice", label: "Required skill", help: "The AgentSkill id the job needs; the card must list it.", stage: "capability", gate: "skill", options: sortedUnique(skillIds)},
    {
      field: "outputMode",
      control: "choice",
      label: "Output format",
      help: "MIME type the result must come in. A skill's outputModes, when present, replace the card's defaultOutputModes.",
      stage: "capability",
      gate: "outputMode",
      options: sortedUnique(outputModes)
    },
    {field: "requireStreaming", control: "toggle", label: "Require streaming", help: "Only agents whose capabilities.streaming is true; the contract then uses message/stream.", stage: "capability", gate: "streaming"},
    {
      field: "requireCuratorApproval",
      control: "toggle",
      label: "Require curator approval",
      help: "Approval is fictional registry metadata, not verified identity or a safety assessment.",
      stage: "curatorApproval",
      gate: "curatorApproval"
    },
    numberField("metadataTtlSeconds", "Metadata TTL", "How old an agent's registry metadata may be and still count as fresh.", "freshness", "freshness"),
    numberField("additionalElapsedSeconds", "Additional elapsed time", "Time passed since the registry snapshot; it is added to every agent's metadata age.", "freshness", "freshness"),
    numberField("costBudgetCents", "Cost budget", "The most the client pays per call.", "costAndObservations", "cost"),
    numberField(
      "minimumObservations",
      "Minimum observations",
      "Fewest historical observations (synthetic counts, not live telemetry) for a success rate to be trusted.",
      "costAndObservations",
      "observations"
    ),
    numberField("latencyWeight", "Latency weight", "Relative weight of the latency term (lower latency is better).", "rankingAndContract", null),
    numberField("costWeight", "Cost weight", "Relative weight of the cost term (lower cost is better).", "rankingAndContract", null),
    numberField("observedSuccessWeight", "Observed success weight", "Relative weight of successes / observations.", "rankingAndContract", null)
  ];
}

/** The field table for the lesson's registry. */
export const policyFields: readonly PolicyFieldDescription[] = describePolicyFields(defaultRegistry);
