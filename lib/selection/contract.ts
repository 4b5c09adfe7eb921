import type {MessageVersion} from "../shared/message-version.js";
import {gateOrder, gateRejectionReason, gateRequirement, type GateId} from "./gates.js";
import type {Policy} from "./policy.js";
import {displayDecimals, type RankedAgent} from "./ranking.js";
import type {RegistryEntry} from "./registry.js";
import type {Rejections} from "./rejections.js";
import {stageOfGate, selectionStages, type SelectionStageId} from "./stages.js";

/**
 * The method of each delivery mode in each version: the v0.3.0 schema's names and their 1.0
 * names (the pairs of lib/message/method-names.ts, not imported: it reads the whole schema,
 * which this lesson's page does not load; test/selection/contract-methods.test.ts holds them equal).
 */
export const CONTRACT_METHODS = {
  "0.3": {streaming: "message/stream", "request-response": "message/send"},
  "1.0": {streaming: "SendStreamingMessage", "request-response": "SendMessage"}
} as const satisfies Record<MessageVersion, Record<"streaming" | "request-response", string>>;
export type ContractMethod = (typeof CONTRACT_METHODS)[MessageVersion][keyof (typeof CONTRACT_METHODS)[MessageVersion]];

/** What the client and the selected agent will do: one skill, one output format, one delivery mode. */
export interface Contract {
  agentId: string;
  agentName: string;
  /** AgentCard.url, the endpoint the client will call. */
  url: string;
  skillId: string;
  skillName: string;
  outputMode: string;
  /** Streaming only when the policy required it (the streaming gate then guaranteed support). */
  deliveryMode: "streaming" | "request-response";
  /** The A2A version the client speaks (the policy's), sent as the A2A-Version header under 1.0. */
  a2aVersion: MessageVersion;
  /** The JSON-RPC method for that delivery mode in that version. */
  a2aMethod: ContractMethod;
  score: number;
  /** One sentence on why this agent. */
  rationale: string;
}

/** The explicit "no" when no agent passes every gate. Nothing is relaxed to produce a contract. */
export interface Incompatibility {
  /** The gate, in gateOrder, after which no candidate remained; null for an empty registry. */
  emptiedAtGate: GateId | null;
  /** The stage holding that gate. */
  emptiedAtStage: SelectionStageId | null;
  /** The candidates that reached emptiedAtGate and failed it, with the later gates each would still fail. */
  lastCandidates: {agentId: string; alsoFails: GateId[]}[];
  /** How many agents each gate of the emptying stage removed (first failure), in gate order; gates that removed none are left out. */
  removedAtStage: {gate: GateId; requirement: string; reason: string; count: number}[];
  message: string;
}

/** The contract with the winner of `ranked` (best first, ties already ordered by agent id). */
export function buildContract(entry: RegistryEntry, ranked: readonly RankedAgent[], policy: Policy): Contract {
  const top = ranked[0]!;
  const runnerUp = ranked[1];
  const skill = entry.card.skills.find((candidate) => candidate.id === policy.requiredSkillId);
  const streaming = policy.requireStreaming;
  // Every agent tied with the winner is named: with all weights at 0, that is every eligible agent.
  const tied = ranked.filter((agent) => agent.score === top.score);
  const shown = (score: number) => score.toFixed(displayDecimals);
  const rationale =
    runnerUp === undefined
      ? `${top.agentId} is the only agent that passed every gate (score ${shown(top.score)}).`
      : tied.length > 1
        ? `${listed(tied.map((agent) => agent.agentId))} tie at score ${shown(top.score)}; the tie is broken by agent id, ascending, which picks ${top.agentId}.`
        : `${top.agentId} has the highest score, ${shown(top.score)}, ahead of ${runnerUp.agentId} at ${shown(runnerUp.score)}.`;
  return {
    agentId: entry.agentId,
    agentName: entry.card.name,
    url: entry.card.url,
    skillId: policy.requiredSkillId,
    skillName: skill?.name ?? policy.requiredSkillId,
    outputMode: policy.outputMode,
    deliveryMode: streaming ? "streaming" : "request-response",
    a2aVersion: policy.version,
    a2aMethod: CONTRACT_METHODS[policy.version][streaming ? "streaming" : "request-response"],
    score: top.score,
    rationale
  };
}

/**
 * Names what removed the last candidates. Agents leave at their first failed gate, so walking
 * gateOrder and subtracting each gate's removals finds the one gate where the count reaches zero.
 */
export function buildIncompatibility(
  agentCount: number,
  rejections: Pick<Rejections, "firstFailingAt">,
  removedByGate: Readonly<Record<GateId, number>>,
  policy: Policy
): Incompatibility {
  if (agentCount === 0) {
    return {
      emptiedAtGate: null,
      emptiedAtStage: null,
      lastCandidates: [],
      removedAtStage: [],
      message: "No eligible agent: the registry lists no agents."
    };
  }

  let remaining = agentCount;
  let emptiedAtGate: GateId = gateOrder[0];
  for (const gate of gateOrder) {
    remaining -= removedByGate[gate];
    if (remaining === 0) {
      emptiedAtGate = gate;
      break;
    }
  }
  const emptiedAtStage = stageOfGate[emptiedAtGate];
  const gateIndex = gateOrder.indexOf(emptiedAtGate);

  const laterGates = gateOrder.slice(gateIndex + 1);
  const lastCandidates = rejections
    .firstFailingAt(emptiedAtGate)
    .map((agent) => ({agentId: agent.agentId, alsoFails: laterGates.filter((gate) => !agent.gates[gate])}));

  const stage = selectionStages.find((candidate) => candidate.id === emptiedAtStage)!;
  const removedAtStage = (stage.gates as readonly GateId[])
    .filter((gate) => removedByGate[gate] > 0)
    .map((gate) => ({
      gate,
      requirement: gateRequirement(gate, policy),
      reason: gateRejectionReason(gate, policy),
      count: removedByGate[gate]
    }));

  const names = lastCandidates.map((candidate) => candidate.agentId);
  const shownNames =
    names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
  const stillBlocked = lastCandidates.filter((candidate) => candidate.alsoFails.length > 0);
  const message = [
    `No eligible agent (0/${agentCount}).`,
    `The last ${names.length === 1 ? "candidate" : `${names.length} candidates`} (${shownNames}) failed the requirement "${gateRequirement(emptiedAtGate, policy)}".`,
    `At stage ${stage.index} (${stage.title}) agents left for: ${removedAtStage.map((entry) => `${entry.count} ${entry.reason}`).join(", ")}.`,
    stillBlocked.length > 0
      ? `Relaxing that requirement alone would not be enough for ${stillBlocked
          .map(
            (candidate) =>
              `${candidate.agentId} (also ${candidate.alsoFails.map((gate) => gateRejectionReason(gate, policy)).join(", ")})`
          )
          .slice(0, 5)
          .join("; ")}.`
      : "",
    "No requirement was relaxed; change the policy to get a contract."
  ]
    .filter((sentence) => sentence !== "")
    .join(" ");

  return {emptiedAtGate, emptiedAtStage, lastCandidates, removedAtStage, message};
}

/** "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
