import {describeGate, firstFailedGate, gateOrder, gateVerdicts, type GateId, type GateVerdicts} from "./gates.js";
import type {Policy} from "./policy.js";
import type {RegistryEntry} from "./registry.js";
import {exitStageIndex, selectionStages, stageOfGate, type SelectionStageId} from "./stages.js";

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

/**
 * Who left the selection and where, kept as one failure mask per agent (a byte, registry order)
 * instead of one record per rejected agent. Over a large registry nearly every agent is rejected:
 * building and keeping 96,000 records was most of the time of selecting from 100,000 agents,
 * while a page reads a few. Lists are built on first read and kept.
 */
export class Rejections {
  readonly #agents: readonly RegistryEntry[];
  readonly #failureMasks: Uint8Array;
  #all: RejectedAgent[] | undefined;
  readonly #byStage = new Map<number, RejectedAgent[]>();
  readonly #remainingByStage = new Map<number, string[]>();

  /** failureMasks[i] holds agents[i]'s failed gates (bit i = gateOrder[i]); 0 when it passed every gate. */
  constructor(agents: readonly RegistryEntry[], failureMasks: Uint8Array) {
    this.#agents = agents;
    this.#failureMasks = failureMasks;
  }

  /** Every rejected agent, in registry order. */
  all(): RejectedAgent[] {
    return (this.#all ??= this.#collect(Infinity, (mask) => mask !== 0));
  }

  /** The agents that left at a stage (index 1-5), in registry order. */
  leftAt(stageIndex: number): RejectedAgent[] {
    let list = this.#byStage.get(stageIndex);
    if (list === undefined) {
      // The same records as all(), so an agent is one object wherever a reader meets it.
      const stageId = selectionStages[stageIndex - 1]?.id;
      this.#byStage.set(stageIndex, (list = this.all().filter((agent) => agent.stage === stageId)));
    }
    return list;
  }

  /** The first `limit` agents that left at a stage, without listing the others. */
  firstLeftAt(stageIndex: number, limit: number): RejectedAgent[] {
    return this.#collect(limit, (mask) => mask !== 0 && exitStageIndex(mask) === stageIndex);
  }

  /** The agents whose first failure is this gate, in registry order. */
  firstFailingAt(gate: GateId): RejectedAgent[] {
    const bit = 1 << gateOrder.indexOf(gate);
    // The first failure is `gate` when its bit is the lowest one set.
    return this.#collect(Infinity, (mask) => (mask & -mask) === bit);
  }

  /** The ids of the candidates still in after a stage (index 1-5), in registry order. */
  remainingAfter(stageIndex: number): string[] {
    let ids = this.#remainingByStage.get(stageIndex);
    if (ids === undefined) {
      ids = [];
      for (let index = 0; index < this.#agents.length; index++) {
        if (exitStageIndex(this.#failureMasks[index]!) > stageIndex) ids.push(this.#agents[index]!.agentId);
      }
      this.#remainingByStage.set(stageIndex, ids);
    }
    return ids;
  }

  #collect(limit: number, include: (mask: number) => boolean): RejectedAgent[] {
    const list: RejectedAgent[] = [];
    for (let index = 0; index < this.#agents.length && list.length < limit; index++) {
      const mask = this.#failureMasks[index]!;
      if (!include(mask)) continue;
      const entry = this.#agents[index]!;
      const gate = firstFailedGate(mask)!;
      list.push({
        agentId: entry.agentId,
        entry,
        gates: gateVerdicts(mask),
        firstFailedGate: gate,
        stage: stageOfGate[gate]
      });
    }
    return list;
  }
}
