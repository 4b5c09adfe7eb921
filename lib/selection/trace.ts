import type {Decision} from "../playback/decision.js";
import type {Contract, Incompatibility} from "./contract.js";
import {describeGate, gateOrder, gateRejectionReason, gateRequirement, type GateId} from "./gates.js";
import type {Policy} from "./policy.js";
import type {RankedAgent, RankingScale} from "./ranking.js";
import type {RejectedAgent, Rejections} from "./rejections.js";
import {selectionStages, type SelectionStageId} from "./stages.js";

/** How many removed agents a stage's detail sentence names before saying "and N more". */
export const traceNamedAgentLimit = 20;

/** One lesson stage. atSeconds is the stage index (1-6): selection has no modeled clock. */
export interface SelectionStageDecision extends Decision {
  kind: "gate" | "contract" | "incompatibility";
  stage: SelectionStageId;
  gates: readonly GateId[];
  candidatesBefore: number;
  candidatesAfter: number;
  /** Agents that left at this stage (first failed gate in this stage), in registry order. Empty at stage 6. Built on first read. */
  readonly removed: readonly RejectedAgent[];
  /** Candidates after the stage: registry order for stages 1-5, rank order at stage 6. Built on first read. */
  readonly remainingAgentIds: readonly string[];
}

/** "0/13 agents eligible: 2 other tenant, 1 missing skill, ...", counted by first failed gate, in gate order. */
export function summarizeSelection(
  agentCount: number,
  eligibleCount: number,
  removedByGate: Readonly<Record<GateId, number>>,
  policy: Policy
): string {
  const reasons = gateOrder
    .filter((gate) => removedByGate[gate] > 0)
    .map((gate) => `${removedByGate[gate]} ${gateRejectionReason(gate, policy)}`);
  const head = `${eligibleCount}/${agentCount} agents eligible`;
  return reasons.length === 0 ? `${head}.` : `${head}: ${reasons.join(", ")}.`;
}

function nameRemovals(removed: readonly RejectedAgent[], count: number, policy: Policy): string {
  const named = removed.map(
    (agent) => `${agent.agentId} (${describeGate(agent.firstFailedGate, agent.entry, policy, false)})`
  );
  const more = count - named.length;
  return named.join("; ") + (more > 0 ? `; and ${more} more` : "");
}

export interface TraceInput {
  policy: Policy;
  agentCount: number;
  /** How many agents each gate removed first. */
  removedByGate: Readonly<Record<GateId, number>>;
  rejections: Rejections;
  ranked: readonly RankedAgent[];
  scale: RankingScale | null;
  contract: Contract | null;
  incompatibility: Incompatibility | null;
}

export function buildTrace(input: TraceInput): SelectionStageDecision[] {
  const {policy, rejections} = input;
  const trace: SelectionStageDecision[] = [];
  let before = input.agentCount;

  for (const stage of selectionStages) {
    if (stage.id === "rankingAndContract") continue;
    let removedCount = 0;
    for (const gate of stage.gates as readonly GateId[]) removedCount += input.removedByGate[gate];
    const after = before - removedCount;
    const requirements = (stage.gates as readonly GateId[]).map((gate) => gateRequirement(gate, policy)).join("; ");
    const detail =
      before === 0
        ? `No candidates left to check against: ${requirements}.`
        : removedCount === 0
          ? `All ${before} candidates meet: ${requirements}.`
          : `Requirement: ${requirements}. Removed: ${nameRemovals(rejections.firstLeftAt(stage.index, traceNamedAgentLimit), removedCount, policy)}.`;
    trace.push({
      atSeconds: stage.index,
      title: `${stage.title}: ${removedCount} of ${before} removed, ${after} remain`,
      detail,
      kind: "gate",
      stage: stage.id,
      gates: stage.gates,
      candidatesBefore: before,
      candidatesAfter: after,
      get removed() {
        return rejections.leftAt(stage.index);
      },
      get remainingAgentIds() {
        return rejections.remainingAfter(stage.index);
      }
    });
    before = after;
  }

  const finalStage = selectionStages[5];
  const eligibleCount = input.ranked.length;
  if (input.contract) {
    const {contract, scale} = input;
    const top = input.ranked[0]!;
    const ranges = scale
      ? ` Latency normalised over ${scale.fastestLatencyMs}–${scale.slowestLatencyMs} ms and cost over ${scale.lowestCostCents}–${scale.highestCostCents} cents (eligible agents only).`
      : "";
    trace.push({
      atSeconds: finalStage.index,
      title: `${finalStage.title}: ${contract.agentId} selected from ${eligibleCount}`,
      detail:
        `Score = ${policy.latencyWeight} × latency + ${policy.costWeight} × cost + ${policy.observedSuccessWeight} × observed success.${ranges}` +
        ` ${top.agentId}: ${top.formula}. ${contract.rationale}` +
        ` Contract: skill ${contract.skillId}, ${contract.outputMode}, ${contract.deliveryMode === "streaming" ? "streaming" : "request/response"} (${contract.a2aMethod}${contract.a2aVersion === "1.0" ? ", A2A-Version: 1.0" : ""}).`,
      kind: "contract",
      stage: finalStage.id,
      gates: finalStage.gates,
      candidatesBefore: eligibleCount,
      candidatesAfter: eligibleCount,
      removed: [],
      remainingAgentIds: input.ranked.map((agent) => agent.agentId)
    });
  } else {
    trace.push({
      atSeconds: finalStage.index,
      title: `${finalStage.title}: no eligible agent, no contract`,
      detail: input.incompatibility?.message ?? "No eligible agent.",
      kind: "incompatibility",
      stage: finalStage.id,
      gates: finalStage.gates,
      candidatesBefore: 0,
      candidatesAfter: 0,
      removed: [],
      remainingAgentIds: []
    });
  }
  return trace;
}
