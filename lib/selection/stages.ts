import {firstFailedGate, gateOrder, type GateFailureMask, type GateId} from "./gates.js";

/**
 * The lesson's six stages. Stages 1-5 group consecutive gates of gateOrder, so "left at stage N"
 * is the same as "first failed gate belongs to stage N". Stage 6 ranks what is left and writes
 * the contract (or the incompatibility).
 */
export const selectionStages = [
  {id: "tenant", index: 1, title: "Tenant", gates: ["tenant"]},
  {id: "capability", index: 2, title: "Capability match", gates: ["skill", "outputMode", "streaming"]},
  {id: "curatorApproval", index: 3, title: "Curator approval", gates: ["curatorApproval"]},
  {id: "freshness", index: 4, title: "Metadata freshness", gates: ["freshness"]},
  {id: "costAndObservations", index: 5, title: "Cost and observations", gates: ["cost", "observations"]},
  {id: "rankingAndContract", index: 6, title: "Ranking and contract", gates: []}
] as const satisfies readonly {id: string; index: number; title: string; gates: readonly GateId[]}[];

export type SelectionStageId = (typeof selectionStages)[number]["id"];
export type SelectionStage = (typeof selectionStages)[number];

/** The stage (1-5) that holds a gate. */
export const stageOfGate: Readonly<Record<GateId, SelectionStageId>> = {
  tenant: "tenant",
  skill: "capability",
  outputMode: "capability",
  streaming: "capability",
  curatorApproval: "curatorApproval",
  freshness: "freshness",
  cost: "costAndObservations",
  observations: "costAndObservations"
};

/** The stage index an agent reaches ranking at: after the five gate stages. */
export const rankingStageIndex = 6;

// One entry per possible failure mask (gateOrder has 8 gates, so 256 masks).
const exitStageIndexByMask = Uint8Array.from({length: 1 << gateOrder.length}, (_, mask) => {
  const gate = firstFailedGate(mask);
  if (gate === null) return rankingStageIndex;
  return selectionStages.find((stage) => stage.id === stageOfGate[gate])!.index;
});

/** The stage index (1-5) an agent leaves at, from its failure mask; rankingStageIndex when every gate passed. */
export function exitStageIndex(mask: GateFailureMask): number {
  return exitStageIndexByMask[mask]!;
}
