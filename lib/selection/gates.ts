import type {Policy} from "./policy.js";
import {offeredOutputModes, type AgentSkill, type RegistryEntry} from "./registry.js";

/**
 * The hard requirements, in the fixed order they are checked. Every gate is evaluated for every
 * agent (so the page can show the whole table), but an agent's reason for leaving is the first
 * gate it fails. A gate either passes or fails: no score can buy back a failed gate.
 * At most 8 gates: selection keeps each agent's verdicts as the bits of one byte.
 */
export const gateOrder = [
  "tenant",
  "skill",
  "outputMode",
  "streaming",
  "curatorApproval",
  "freshness",
  "cost",
  "observations"
] as const;

export type GateId = (typeof gateOrder)[number];

export interface GateResult {
  gate: GateId;
  passed: boolean;
  /** The values compared and the rule, so a reader can check the verdict. */
  detail: string;
}

/** Column headings for a gate table. */
export const gateLabels: Readonly<Record<GateId, string>> = {
  tenant: "Tenant",
  skill: "Required skill",
  outputMode: "Output format",
  streaming: "Streaming",
  curatorApproval: "Curator approval",
  freshness: "Metadata freshness",
  cost: "Cost budget",
  observations: "Minimum observations"
};

/** The requirement as the policy states it ("offers text/markdown for skill summarize-document"). */
export function gateRequirement(gate: GateId, policy: Policy): string {
  switch (gate) {
    case "tenant":
      return `belongs to tenant ${policy.tenant}`;
    case "skill":
      return `has skill ${policy.requiredSkillId}`;
    case "outputMode":
      return `offers ${policy.outputMode} for skill ${policy.requiredSkillId}`;
    case "streaming":
      return policy.requireStreaming ? "supports streaming (required)" : "streaming (not required)";
    case "curatorApproval":
      return policy.requireCuratorApproval ? "curator-approved (required)" : "curator approval (not required)";
    case "freshness":
      return `metadata age + ${policy.additionalElapsedSeconds} s elapsed ≤ TTL ${policy.metadataTtlSeconds} s`;
    case "cost":
      return `costs at most ${policy.costBudgetCents} cents per call`;
    case "observations":
      return `has at least ${policy.minimumObservations} observations`;
  }
}

/** Short reasons for the one-line summary, in the style of Kubernetes' "0/3 nodes are available: ...". */
export function gateRejectionReason(gate: GateId, policy: Policy): string {
  switch (gate) {
    case "tenant":
      return "other tenant";
    case "skill":
      return "missing skill";
    case "outputMode":
      return `no ${policy.outputMode} output`;
    case "streaming":
      return "no streaming";
    case "curatorApproval":
      return "not curator-approved";
    case "freshness":
      return "metadata expired";
    case "cost":
      return "over budget";
    case "observations":
      return "too few observations";
  }
}

function findSkill(skills: readonly AgentSkill[], skillId: string): AgentSkill | undefined {
  for (const skill of skills) if (skill.id === skillId) return skill;
  return undefined;
}

// RFC 6838 section 4.2: type and subtype names are case-insensitive. Exact matches skip lowercasing.
function offersMediaType(modes: readonly string[], wanted: string): boolean {
  for (const mode of modes) {
    if (mode === wanted || (mode.length === wanted.length && mode.toLowerCase() === wanted.toLowerCase())) return true;
  }
  return false;
}

/** Bit i is set when gate gateOrder[i] fails. */
export type GateFailureMask = number;

/**
 * The verdict of every gate for one agent, as a bit mask. This is the only place the rules are
 * decided; explainGates formats these verdicts, it never re-decides them. Allocates nothing, so
 * selection over a large registry stays fast.
 */
export function gateFailures(entry: RegistryEntry, policy: Policy): GateFailureMask {
  const {card, registryMetadata: metadata} = entry;
  const skill = findSkill(card.skills, policy.requiredSkillId);
  let mask = 0;
  if (metadata.tenant !== policy.tenant) mask |= 1 << 0;
  if (skill === undefined)
    mask |= (1 << 1) | (1 << 2); // without the skill there is nothing to offer the format for
  else if (!offersMediaType(offeredOutputModes(card, skill), policy.outputMode)) mask |= 1 << 2;
  if (policy.requireStreaming && card.capabilities.streaming !== true) mask |= 1 << 3;
  if (policy.requireCuratorApproval && !metadata.curatorApproved) mask |= 1 << 4;
  // Fresh while the age, plus the time that has passed since the snapshot, does not exceed the TTL.
  if (metadata.metadataAgeSeconds + policy.additionalElapsedSeconds > policy.metadataTtlSeconds) mask |= 1 << 5;
  if (metadata.costPerCallCents > policy.costBudgetCents) mask |= 1 << 6;
  if (metadata.observations < policy.minimumObservations) mask |= 1 << 7;
  return mask;
}

/** Pass/fail per gate (true = passed), one shared frozen object per combination of verdicts. */
export type GateVerdicts = Readonly<Record<GateId, boolean>>;

const verdictsByMask: GateVerdicts[] = Array.from({length: 1 << gateOrder.length}, (_, mask) =>
  Object.freeze(
    Object.fromEntries(gateOrder.map((gate, index) => [gate, (mask & (1 << index)) === 0])) as Record<GateId, boolean>
  )
);

export function gateVerdicts(mask: GateFailureMask): GateVerdicts {
  return verdictsByMask[mask]!;
}

/** The gate that removed the agent: the first failure in gateOrder, or null when every gate passed. */
export function firstFailedGate(mask: GateFailureMask): GateId | null {
  if (mask === 0) return null;
  return gateOrder[31 - Math.clz32(mask & -mask)]!;
}

/** The gates an agent failed, in gateOrder. */
export function failedGates(mask: GateFailureMask): GateId[] {
  return gateOrder.filter((_, index) => (mask & (1 << index)) !== 0);
}

function listOf(values: readonly string[]): string {
  return values.length === 0 ? "[] (none)" : `[${values.join(", ")}]`;
}

/** One gate's verdict with the values compared, for the agent's gate table or its rejection reason. */
export function explainGate(
  gate: GateId,
  entry: RegistryEntry,
  policy: Policy,
  mask: GateFailureMask = gateFailures(entry, policy)
): GateResult {
  const passed = (mask & (1 << gateOrder.indexOf(gate))) === 0;
  return {gate, passed, detail: describeGate(gate, entry, policy, passed)};
}

/** The values a gate compared and its verdict, in a sentence fragment ("tenant contoso, not northwind"). */
export function describeGate(gate: GateId, entry: RegistryEntry, policy: Policy, passed: boolean): string {
  const {card, registryMetadata: metadata} = entry;
  switch (gate) {
    case "tenant":
      return passed ? `tenant ${metadata.tenant}` : `tenant ${metadata.tenant}, not ${policy.tenant}`;
    case "skill":
      return passed
        ? `card lists skill ${policy.requiredSkillId}`
        : `card lists skills ${listOf(card.skills.map((skill) => skill.id))}, not ${policy.requiredSkillId}`;
    case "outputMode": {
      const skill = findSkill(card.skills, policy.requiredSkillId);
      if (skill === undefined) return `no skill ${policy.requiredSkillId} to offer ${policy.outputMode} for`;
      const verdict = `${passed ? "include" : "do not include"} ${policy.outputMode}`;
      return skill.outputModes
        ? `skill outputModes ${listOf(skill.outputModes)} ${verdict}; they override the card's defaultOutputModes ${listOf(card.defaultOutputModes)}`
        : `card defaultOutputModes ${listOf(card.defaultOutputModes)} ${verdict}; the skill declares no outputModes`;
    }
    case "streaming": {
      const declared = card.capabilities.streaming === true;
      if (!policy.requireStreaming) return `not required (capabilities.streaming is ${declared})`;
      return passed ? "capabilities.streaming is true" : "streaming required, but capabilities.streaming is not true";
    }
    case "curatorApproval":
      if (!policy.requireCuratorApproval) return `not required (curatorApproved is ${metadata.curatorApproved})`;
      return passed ? "approved by the curator" : "approval required, but the curator has not approved it";
    case "freshness": {
      const ageNowSeconds = metadata.metadataAgeSeconds + policy.additionalElapsedSeconds;
      return `age ${metadata.metadataAgeSeconds} s + ${policy.additionalElapsedSeconds} s elapsed = ${ageNowSeconds} s ${passed ? "≤" : ">"} TTL ${policy.metadataTtlSeconds} s`;
    }
    case "cost":
      return `${metadata.costPerCallCents} cents per call ${passed ? "≤" : ">"} budget ${policy.costBudgetCents} cents`;
    case "observations":
      return `${metadata.observations} observations ${passed ? "≥" : "<"} minimum ${policy.minimumObservations}`;
  }
}

/** Every gate's verdict and detail for one agent, in gateOrder: the rows of the page's gate table. */
export function explainGates(entry: RegistryEntry, policy: Policy): GateResult[] {
  const mask = gateFailures(entry, policy);
  return gateOrder.map((gate) => explainGate(gate, entry, policy, mask));
}
