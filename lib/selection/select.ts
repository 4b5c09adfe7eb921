import {rememberingReads} from "../shared/remembered.js";
import {buildContract, buildIncompatibility, type Contract, type Incompatibility} from "./contract.js";
import {firstFailedGate, gateFailures, gateVerdicts, type GateId} from "./gates.js";
import type {Policy} from "./policy.js";
import {rankEligible, type EligibleAgent, type RankedAgent, type RankingScale} from "./ranking.js";
import {Rejections, type RejectedAgent} from "./rejections.js";
import type {Registry} from "./registry.js";
import {buildTrace, summarizeSelection, type SelectionStageDecision} from "./trace.js";

export interface SelectionResult {
  policy: Policy;
  agentCount: number;
  /** Eligible agents, best first. */
  ranked: RankedAgent[];
  /**
   * Every gate's verdict for every agent, in registry order: bit i is set when gate gateOrder[i]
   * failed, so 0 means eligible. gateVerdicts(mask) turns one into named verdicts.
   */
  failureMasks: Uint8Array;
  /** Agents that failed at least one gate, in registry order. Built from failureMasks on first read. */
  readonly rejected: readonly RejectedAgent[];
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

interface GateOutcome {
  eligible: EligibleAgent[];
  removedByGate: Record<GateId, number>;
  failureMasks: Uint8Array;
  rejections: Rejections;
}

/** Every gate for every agent: the first pass of a selection. */
function evaluateGates(registry: Registry, policy: Policy): GateOutcome {
  const agents = registry.agents;
  const eligible: EligibleAgent[] = [];
  const removedByGate = zeroPerGate();
  const failureMasks = new Uint8Array(agents.length);
  const allPassed = gateVerdicts(0);
  for (let index = 0; index < agents.length; index++) {
    const entry = agents[index]!;
    const mask = gateFailures(entry, policy);
    failureMasks[index] = mask;
    if (mask === 0) eligible.push({entry, gates: allPassed});
    else removedByGate[firstFailedGate(mask)!]++;
  }
  return {eligible, removedByGate, failureMasks, rejections: new Rejections(agents, failureMasks)};
}

/** How a selection computes its gates and its ranking: as they are, or remembering (rememberingSelectAgent). */
export interface SelectionParts {
  gates: (policy: Policy, registry: Registry) => GateOutcome;
  ranking: (policy: Policy, eligible: readonly EligibleAgent[]) => ReturnType<typeof rankEligible>;
}

const COMPUTED_PARTS: SelectionParts = {
  gates: (policy, registry) => evaluateGates(registry, policy),
  ranking: (policy, eligible) => rankEligible(eligible, policy)
};

/**
 * Picks one agent for one job: hard gates first, then ranking of what passed. Pure and
 * deterministic; the policy is trusted here (validate untrusted input with parsePolicy first).
 * Linear in the registry size apart from sorting the eligible agents.
 *
 * `parts` computes the gates and the ranking; rememberingSelectAgent passes parts that hand back
 * their last result while what they read of the policy is unchanged (the gate verdicts when only
 * a weight moved, the ranking when the eligible set and the weights stayed), so a page can tell
 * an unchanged part by identity and skip redrawing it.
 */
export function selectAgent(
  registry: Registry,
  policy: Policy,
  parts: SelectionParts = COMPUTED_PARTS
): SelectionResult {
  const agents = registry.agents;
  const gates = parts.gates(policy, registry);
  const {eligible, removedByGate, failureMasks, rejections} = gates;

  const ranking = parts.ranking(policy, eligible);
  const {ranked, scale} = ranking;
  const top = ranked[0];
  let contract: Contract | null = null;
  let incompatibility: Incompatibility | null = null;
  if (top) {
    contract = buildContract(top.entry, ranked, policy);
  } else {
    incompatibility = buildIncompatibility(agents.length, rejections, removedByGate, policy);
  }

  const result: SelectionResult = {
    policy,
    agentCount: agents.length,
    ranked,
    failureMasks,
    get rejected() {
      return rejections.all();
    },
    removedByGate,
    scale,
    contract,
    incompatibility,
    summary: summarizeSelection(agents.length, ranked.length, removedByGate, policy),
    trace: buildTrace({
      policy,
      agentCount: agents.length,
      removedByGate,
      rejections,
      ranked,
      scale,
      contract,
      incompatibility
    })
  };
  return result;
}

/**
 * selectAgent whose gates and ranking remember their last result by what they read of the policy
 * (rememberingReads): a page keeps this function, not a result.
 */
export function rememberingSelectAgent(): (registry: Registry, policy: Policy) => SelectionResult {
  const parts: SelectionParts = {
    gates: rememberingReads(COMPUTED_PARTS.gates),
    ranking: rememberingReads(COMPUTED_PARTS.ranking)
  };
  return (registry, policy) => selectAgent(registry, policy, parts);
}
