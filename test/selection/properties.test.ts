import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  compareRanked,
  explainGates,
  firstFailedGate,
  gateFailures,
  gateOrder,
  rejectionReason,
  scoreDecimals,
  selectAgent,
  selectionStages,
  type Registry
} from "../../lib/selection/index.js";
import {entryArbitrary, permuted, policyArbitrary, registryArbitrary} from "./arbitraries.js";

const runs = {numRuns: 300};

describe("selectAgent over random registries and policies", () => {
  it("puts every agent in exactly one of ranked or rejected", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        const seen = [...result.ranked.map((agent) => agent.agentId), ...result.rejected.map((agent) => agent.agentId)];
        expect(seen.sort()).toEqual(registry.agents.map((entry) => entry.agentId).sort());
        expect(result.agentCount).toBe(registry.agents.length);
      }),
      runs
    );
  });

  it("never ranks an agent that fails a gate, and rejects only agents that fail one", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        const byId = new Map(registry.agents.map((entry) => [entry.agentId, entry]));
        for (const agent of result.ranked) {
          const details = explainGates(byId.get(agent.agentId)!, policy);
          expect(details.every((gate) => gate.passed)).toBe(true);
          expect(Object.values(agent.gates).every(Boolean)).toBe(true);
        }
        for (const agent of result.rejected) {
          const details = explainGates(byId.get(agent.agentId)!, policy);
          const firstFailure = details.find((gate) => !gate.passed);
          expect(firstFailure?.gate).toBe(agent.firstFailedGate);
          expect(rejectionReason(agent, policy)).toBe(firstFailure?.detail);
          expect(agent.entry).toBe(byId.get(agent.agentId));
          for (const detail of details) expect(agent.gates[detail.gate]).toBe(detail.passed);
        }
      }),
      runs
    );
  });

  it("ranks in a strict total order: score descending, then agent id ascending", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const {ranked} = selectAgent(registry, policy);
        ranked.forEach((agent, index) => expect(agent.rank).toBe(index + 1));
        for (let index = 1; index < ranked.length; index++) {
          const previous = ranked[index - 1]!;
          const current = ranked[index]!;
          expect(compareRanked(previous, current)).toBeLessThan(0);
          expect(previous.score).toBeGreaterThanOrEqual(current.score);
          if (previous.score === current.score) expect(previous.agentId < current.agentId).toBe(true);
        }
      }),
      runs
    );
  });

  it("gives the same result for the same inputs, and the same ranking whatever the registry order", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, fc.integer({min: 1, max: 1_000}), (registry, policy, seed) => {
        const first = selectAgent(registry, policy);
        expect(selectAgent(registry, policy)).toEqual(first);
        const reordered: Registry = {...registry, agents: permuted(registry.agents, seed)};
        const again = selectAgent(reordered, policy);
        expect(again.ranked).toEqual(first.ranked);
        expect(again.contract).toEqual(first.contract);
        expect(again.summary).toBe(first.summary);
      }),
      runs
    );
  });

  it("keeps every term in [0, 1] and the score equal to the weighted sum", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        for (const agent of selectAgent(registry, policy).ranked) {
          const {latency, cost, observedSuccess} = agent.terms;
          for (const term of [latency, cost, observedSuccess]) {
            expect(term.value).toBeGreaterThanOrEqual(0);
            expect(term.value).toBeLessThanOrEqual(1);
          }
          expect(latency.weight).toBe(policy.latencyWeight);
          expect(cost.weight).toBe(policy.costWeight);
          expect(observedSuccess.weight).toBe(policy.observedSuccessWeight);
          const sum =
            policy.latencyWeight * latency.value +
            policy.costWeight * cost.value +
            policy.observedSuccessWeight * observedSuccess.value;
          expect(Math.abs(agent.score - sum)).toBeLessThanOrEqual(10 ** -scoreDecimals);
        }
      }),
      runs
    );
  });

  it("never lets a rejected agent move anyone's score (normalisation is over eligible agents only)", () => {
    const outsider = fc.constantFrom("zz1", "zz2").chain((id) => entryArbitrary(id));
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, outsider, (registry, policy, extra) => {
        // Put the extra agent in a tenant the policy never asks for, so it always fails the tenant gate.
        const stranger = {...extra, registryMetadata: {...extra.registryMetadata, tenant: "elsewhere"}};
        const before = selectAgent(registry, policy);
        const after = selectAgent({...registry, agents: [...registry.agents, stranger]}, policy);
        expect(after.ranked).toEqual(before.ranked);
        expect(after.rejected.at(-1)?.firstFailedGate).toBe("tenant");
      }),
      runs
    );
  });

  it("keeps the order when every weight is scaled by the same factor (weights are relative)", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, fc.constantFrom(2, 4, 10), (registry, policy, factor) => {
        const scaled = {
          ...policy,
          latencyWeight: policy.latencyWeight * factor,
          costWeight: policy.costWeight * factor,
          observedSuccessWeight: policy.observedSuccessWeight * factor
        };
        const ids = (result: ReturnType<typeof selectAgent>) => result.ranked.map((agent) => agent.agentId);
        expect(ids(selectAgent(registry, scaled))).toEqual(ids(selectAgent(registry, policy)));
      }),
      runs
    );
  });

  it("gives a contract exactly when something is eligible, and otherwise names the gate that emptied the field", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        if (result.ranked.length > 0) {
          expect(result.incompatibility).toBeNull();
          expect(result.contract?.agentId).toBe(result.ranked[0]!.agentId);
          return;
        }
        expect(result.contract).toBeNull();
        const incompatibility = result.incompatibility!;
        if (registry.agents.length === 0) {
          expect(incompatibility.emptiedAtGate).toBeNull();
          return;
        }
        // Walk the gates in order: the count must reach zero exactly at emptiedAtGate.
        let remaining = registry.agents.length;
        for (const gate of gateOrder) {
          const before = remaining;
          remaining -= result.rejected.filter((agent) => agent.firstFailedGate === gate).length;
          if (gate === incompatibility.emptiedAtGate) {
            expect(before).toBeGreaterThan(0);
            expect(remaining).toBe(0);
            break;
          }
          expect(remaining).toBeGreaterThan(0);
        }
        expect(incompatibility.lastCandidates.length).toBeGreaterThan(0);
        expect(incompatibility.removedAtStage.map((entry) => entry.gate)).toContain(incompatibility.emptiedAtGate);
      }),
      runs
    );
  });

  it("traces six selectionStages whose removals are exactly the rejected agents, each at the stage of its first failed gate", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        expect(result.trace.map((decision) => decision.atSeconds)).toEqual([1, 2, 3, 4, 5, 6]);
        let candidates = registry.agents.length;
        for (const [index, decision] of result.trace.slice(0, 5).entries()) {
          expect(decision.candidatesBefore).toBe(candidates);
          expect(decision.candidatesAfter).toBe(candidates - decision.removed.length);
          expect(decision.remainingAgentIds).toHaveLength(decision.candidatesAfter);
          for (const agent of decision.removed) {
            expect((selectionStages[index]!.gates as readonly string[]).includes(agent.firstFailedGate)).toBe(true);
          }
          candidates = decision.candidatesAfter;
        }
        expect(candidates).toBe(result.ranked.length);
        const removedIds = result.trace.flatMap((decision) => decision.removed.map((agent) => agent.agentId));
        expect(removedIds.sort()).toEqual(result.rejected.map((agent) => agent.agentId).sort());
        expect(result.trace[5]!.kind).toBe(result.contract ? "contract" : "incompatibility");
      }),
      runs
    );
  });

  it("keeps every agent's verdicts as a failure mask, and builds the same lists from them whatever is read first", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, fc.boolean(), (registry, policy, traceFirst) => {
        const result = selectAgent(registry, policy);
        expect([...result.failureMasks]).toEqual(registry.agents.map((entry) => gateFailures(entry, policy)));
        // Lists are built on first read; reading the trace first must not change what rejected says.
        const readStageLists = () => result.trace.forEach((decision) => [decision.removed, decision.remainingAgentIds]);
        if (traceFirst) readStageLists();
        const rejected = result.rejected;
        if (!traceFirst) readStageLists();
        expect(rejected).toEqual(
          registry.agents
            .filter((entry) => gateFailures(entry, policy) !== 0)
            .map((entry) => expect.objectContaining({agentId: entry.agentId}))
        );
        expect(result.rejected).toBe(rejected);
        let remaining = registry.agents.map((entry) => entry.agentId);
        for (const decision of result.trace.slice(0, 5)) {
          const left = new Set(decision.removed.map((agent) => agent.agentId));
          remaining = remaining.filter((agentId) => !left.has(agentId));
          expect(decision.remainingAgentIds).toEqual(remaining);
          const leftHere = rejected.filter((agent) => agent.stage === decision.stage);
          expect(decision.removed).toHaveLength(leftHere.length);
          decision.removed.forEach((agent, index) => expect(agent).toBe(leftHere[index]));
        }
      }),
      runs
    );
  });

  it("counts each rejected agent once in the summary", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        const counted = [...result.summary.matchAll(/(?:: |, )(\d+) /g)].reduce(
          (sum, match) => sum + Number(match[1]),
          0
        );
        expect(counted).toBe(result.rejected.length);
        expect(result.summary.startsWith(`${result.ranked.length}/${registry.agents.length} agents eligible`)).toBe(
          true
        );
      }),
      runs
    );
  });

  it("decides each gate once: the explained verdicts are the mask's verdicts", () => {
    fc.assert(
      fc.property(entryArbitrary("x"), policyArbitrary, (entry, policy) => {
        const mask = gateFailures(entry, policy);
        const details = explainGates(entry, policy);
        expect(details.map((detail) => detail.gate)).toEqual([...gateOrder]);
        details.forEach((detail, index) => expect(detail.passed).toBe((mask & (1 << index)) === 0));
        expect(firstFailedGate(mask)).toBe(details.find((detail) => !detail.passed)?.gate ?? null);
      }),
      runs
    );
  });
});
