import {buildContract, buildIncompatibility, type Contract, type Incompatibility} from "./contract.js";
import {describeGate, firstFailedGate, gateFailures, gateVerdicts, type GateId, type GateVerdicts} from "./gates.js";
import type {Policy} from "./policy.js";
import {rankEligible, type EligibleAgent, type RankedAgent, type RankingScale} from "./ranking.js";
import type {Registry, RegistryEntry} from "./registry.js";
import {stageOfGate, selectionStages, type SelectionStageId} from "./stages.js";
import {buildTrace, summarizeSelection, type SelectionStageDecision} from "./trace.js";

export interface RejectedAgent {
  agentId: string;
  /** The registry entry (card and metadata), by reference. */
  entry: RegistryEntry;
  /** Every gate's verdict (true = passed); at least one failed. explainGates gives the details. */
  gates: GateVerdicts;
  /** The gate that removed it: its first failure in gateOrder. */
  firstFailedGate: GateId;
  /** The lesson stage holding that gate. */
  stage: SelectionStageId;
}

/**
 * Why an agent was rejected: its first failed gate's detail ("tenant contoso, not northwind").
 * Computed on demand rather than stored, so selection over a large registry allocates no text per agent.
 */
export function rejectionReason(agent: RejectedAgent, policy: Policy): string {
  return describeGate(agent.firstFailedGate, agent.entry, policy, false);
}

export interface SelectionResult {
  policy: Policy;
  agentCount: number;
  /** Eligible agents, best first. */
  ranked: RankedAgent[];
  /** Agents that failed at least one gate, in registry order. */
  rejected: RejectedAgent[];
  /** How many agents each gate removed (first failure only; sums to rejected.length). */
  removedByGate: Record<GateId, number>;
  /** Ranges used to normalise latency and cost; null when nothing is eligible. */
  scale: RankingScale | null;
  contract: Contract | null;
  incompatibility: Incompatibility | null;
  /** Kubernetes-style one-liner: "5/13 agents eligible: 2 other tenant, ...". */
  summary: string;
  /** Six decisions, one per lesson stage, for playback. */
  trace: SelectionStageDecision[];
}

function zeroPerGate(): Record<GateId, number> {
  return {tenant: 0, skill: 0, outputMode: 0, streaming: 0, curatorApproval: 0, freshness: 0, cost: 0, observations: 0};
}

const stageIndexById = Object.fromEntries(selectionStages.map((stage) => [stage.id, stage.index])) as Record<SelectionStageId, number>;
const eligibleStageIndex = stageIndexById.rankingAndContract;

/**
 * Picks one agent for one job: hard gates first, then ranking of what passed. Pure and
 * deterministic; the policy is trusted here (validate untrusted input with parsePolicy first).
 * Linear in the registry size apart from sorting the eligible agents.
 */
export function selectAgent(registry: Registry, policy: Policy): SelectionResult {
  const agents = registry.agents;
  const eligible: EligibleAgent[] = [];
  const rejected: RejectedAgent[] = [];
  const removedByGate = zeroPerGate();
  // Registry order: each agent's id, and the stage index (1-5) it left at, or 6 when it reached ranking.
  const agentIds: string[] = new Array(agents.length);
  const exitStageIndex = new Uint8Array(agents.length);
  // Rejected agents grouped by the stage they left at (index 1-5), each in registry order.
  const removedByStageIndex: RejectedAgent[][] = selectionStages.map(() => []);
  const allPassed = gateVerdicts(0);

  for (let index = 0; index < agents.length; index++) {
    const entry = agents[index]!;
    agentIds[index] = entry.agentId;
    const mask = gateFailures(entry, policy);
    const failed = firstFailedGate(mask);
    if (failed === null) {
      eligible.push({entry, gates: allPassed});
      exitStageIndex[index] = eligibleStageIndex;
      continue;
    }
    const stage = stageOfGate[failed];
    const stageIndex = stageIndexById[stage];
    const agent: RejectedAgent = {agentId: entry.agentId, entry, gates: gateVerdicts(mask), firstFailedGate: failed, stage};
    removedByGate[failed]++;
    exitStageIndex[index] = stageIndex;
    rejected.push(agent);
    removedByStageIndex[stageIndex - 1]!.push(agent);
  }

  const {ranked, scale} = rankEligible(eligible, policy);
  const top = ranked[0];
  let contract: Contract | null = null;
  let incompatibility: Incompatibility | null = null;
  if (top) {
    contract = buildContract(top.entry, top, ranked[1], policy);
  } else {
    incompatibility = buildIncompatibility(agents.length, rejected, removedByGate, policy);
  }

  return {
    policy,
    agentCount: agents.length,
    ranked,
    rejected,
    removedByGate,
    scale,
    contract,
    incompatibility,
    summary: summarizeSelection(agents.length, ranked.length, removedByGate, policy),
    trace: buildTrace({policy, agentIds, exitStageIndex, removedByStageIndex, ranked, scale, contract, incompatibility})
  };
}
