import {explainGates, type GateId, type GateResult} from "./gates.js";
import type {Registry} from "./registry.js";
import type {SelectionResult} from "./select.js";
import type {SelectionStageId} from "./stages.js";

/** One agent's row of the lesson's gate table: outcome, rank, and every gate with its detail. */
export interface AgentGateRow {
  agentId: string;
  name: string;
  tenant: string;
  outcome: "selected" | "eligible" | "rejected";
  /** 1 for the selected agent; null when rejected. */
  rank: number | null;
  score: number | null;
  firstFailedGate: GateId | null;
  /** The stage the agent left at, or "rankingAndContract" when it passed every gate. */
  stage: SelectionStageId;
  gates: GateResult[];
}

/**
 * Every agent of the registry, in registry order, with all gate details. Meant for a page
 * showing a small registry: it formats eight sentences per agent, which selectAgent avoids.
 */
export function gateTable(registry: Registry, result: SelectionResult): AgentGateRow[] {
  const ranked = new Map(result.ranked.map((agent) => [agent.agentId, agent]));
  const rejected = new Map(result.rejected.map((agent) => [agent.agentId, agent]));
  return registry.agents.map((entry) => {
    const rankedAgent = ranked.get(entry.agentId);
    const rejectedAgent = rejected.get(entry.agentId);
    return {
      agentId: entry.agentId,
      name: entry.card.name,
      tenant: entry.registryMetadata.tenant,
      outcome: rankedAgent ? (rankedAgent.rank === 1 ? "selected" : "eligible") : "rejected",
      rank: rankedAgent?.rank ?? null,
      score: rankedAgent?.score ?? null,
      firstFailedGate: rejectedAgent?.firstFailedGate ?? null,
      stage: rejectedAgent?.stage ?? "rankingAndContract",
      gates: explainGates(entry, result.policy)
    };
  });
}
