import fc from "fast-check";
import {policyArbitrary, registryArbitrary} from "./arbitraries.js";
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  explainGates,
  gateOrder,
  gateTable,
  rememberingSelectAgent,
  selectAgent,
  type GateId,
  type Policy,
  type Registry,
  type SelectionResult
} from "../../lib/selection/index.js";

function select(overrides: Partial<Policy> = {}, registry: Registry = defaultRegistry): SelectionResult {
  return selectAgent(registry, {...defaultPolicy, ...overrides});
}

function firstFailures(result: SelectionResult): Record<string, GateId> {
  return Object.fromEntries(result.rejected.map((agent) => [agent.agentId, agent.firstFailedGate]));
}

describe("selectAgent on the lesson fixture, default policy", () => {
  const result = select();

  it("removes each agent at the gate the fixture was designed for", () => {
    expect(firstFailures(result)).toEqual({
      "contoso-summarizer": "tenant",
      "contoso-translator": "tenant",
      "northwind-newcomer": "observations",
      "northwind-pdf-summarizer": "outputMode",
      "northwind-premium": "cost",
      "northwind-stale": "freshness",
      "northwind-translator": "skill",
      "northwind-unvetted": "curatorApproval"
    });
  });

  it("ranks the five eligible agents by the published formula, twins tied and ordered by id", () => {
    expect(result.ranked.map((agent) => [agent.agentId, agent.score])).toEqual([
      ["northwind-swift", 3.45],
      ["northwind-steady", 3.13],
      ["northwind-brief-writer", 2.7],
      ["northwind-twin-a", 2.65],
      ["northwind-twin-b", 2.65]
    ]);
    // Latency 200-600 ms and cost 2-6 cents over the eligible agents: swift is fastest (1) and mid-priced (0.5).
    expect(result.scale).toEqual({
      fastestLatencyMs: 200,
      slowestLatencyMs: 600,
      lowestCostCents: 2,
      highestCostCents: 6
    });
    expect(result.ranked[0]!.formula).toBe("1 × 1.000 + 1 × 0.500 + 2 × 0.975 = 3.450");
    expect(result.ranked[0]!.terms.observedSuccess.derivation).toBe("39 / 40 = 0.975");
  });

  it("writes a request/response contract with the selected agent, skill and format", () => {
    expect(result.contract).toMatchObject({
      agentId: "northwind-swift",
      skillId: "summarize-document",
      outputMode: "text/markdown",
      deliveryMode: "request-response",
      a2aMethod: "message/send",
      url: "https://agents.northwind.example/a2a/northwind-swift"
    });
    expect(result.incompatibility).toBeNull();
  });

  it("summarises like Kubernetes' unschedulable message, counting each agent at its first failed gate", () => {
    expect(result.summary).toBe(
      "5/13 agents eligible: 2 other tenant, 1 missing skill, 1 no text/markdown output, 1 not curator-approved, 1 metadata expired, 1 over budget, 1 too few observations."
    );
  });

  it("plays back six selectionStages with who left at each and why", () => {
    expect(
      result.trace.map((decision) => [
        decision.atSeconds,
        decision.stage,
        decision.removed.map((agent) => agent.agentId)
      ])
    ).toEqual([
      [1, "tenant", ["contoso-summarizer", "contoso-translator"]],
      [2, "capability", ["northwind-pdf-summarizer", "northwind-translator"]],
      [3, "curatorApproval", ["northwind-unvetted"]],
      [4, "freshness", ["northwind-stale"]],
      [5, "costAndObservations", ["northwind-newcomer", "northwind-premium"]],
      [6, "rankingAndContract", []]
    ]);
    expect(result.trace[0]!.detail).toContain("contoso-summarizer (tenant contoso, not northwind)");
    expect(result.trace[1]!.detail).toContain("skill outputModes [application/pdf] do not include text/markdown");
    expect(result.trace[5]!.kind).toBe("contract");
    expect(result.trace[5]!.detail).toContain("northwind-swift: 1 × 1.000 + 1 × 0.500 + 2 × 0.975 = 3.450");
    expect(result.trace[5]!.remainingAgentIds).toEqual(result.ranked.map((agent) => agent.agentId));
  });

  it("records every gate for every agent, including the gates after the first failure", () => {
    const stale = result.rejected.find((agent) => agent.agentId === "northwind-stale")!;
    expect(Object.keys(stale.gates)).toEqual([...gateOrder]);
    // Stale fails freshness first; with streaming not required everything else passes.
    expect(gateOrder.filter((gate) => !stale.gates[gate])).toEqual(["freshness"]);
    const translator = result.rejected.find((agent) => agent.agentId === "contoso-translator")!;
    expect(gateOrder.filter((gate) => !translator.gates[gate])).toEqual(["tenant", "skill", "outputMode"]);
  });
});

describe("hard gates are never traded for score", () => {
  it("keeps premium out although it beats every eligible agent on latency and success", () => {
    const premium = defaultRegistry.agents.find((entry) => entry.agentId === "northwind-premium")!.registryMetadata;
    const result = select({costWeight: 0});
    for (const agent of result.ranked) {
      const metadata = defaultRegistry.agents.find((entry) => entry.agentId === agent.agentId)!.registryMetadata;
      expect(premium.medianLatencyMs).toBeLessThan(metadata.medianLatencyMs);
      expect(premium.successes / premium.observations).toBeGreaterThan(metadata.successes / metadata.observations);
    }
    // Even when cost carries no weight, the budget gate keeps it out; only raising the budget lets it win.
    expect(firstFailures(result)["northwind-premium"]).toBe("cost");
    expect(select({costWeight: 0, costBudgetCents: 25}).ranked[0]!.agentId).toBe("northwind-premium");
  });

  it("keeps another tenant's agent out although it is better on every ranking term", () => {
    const contoso = defaultRegistry.agents.find((entry) => entry.agentId === "contoso-summarizer")!.registryMetadata;
    for (const agent of select().ranked) {
      const metadata = defaultRegistry.agents.find((entry) => entry.agentId === agent.agentId)!.registryMetadata;
      expect(contoso.medianLatencyMs).toBeLessThan(metadata.medianLatencyMs);
      expect(contoso.costPerCallCents).toBeLessThan(metadata.costPerCallCents);
      expect(contoso.successes / contoso.observations).toBeGreaterThan(metadata.successes / metadata.observations);
    }
    expect(select().ranked.map((agent) => agent.agentId)).not.toContain("contoso-summarizer");
  });
});

describe("pinned behaviours from the issue", () => {
  it("orders by agent id when every weight is zero, every score being 0", () => {
    const result = select({latencyWeight: 0, costWeight: 0, observedSuccessWeight: 0});
    const ids = result.ranked.map((agent) => agent.agentId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toHaveLength(5);
    expect(result.ranked.every((agent) => agent.score === 0)).toBe(true);
    expect(result.contract?.agentId).toBe("northwind-brief-writer");
    expect(result.contract?.rationale).toContain("tie is broken by agent id");
    // Every tied agent is named, not only the first two.
    for (const id of ids) expect(result.contract?.rationale).toContain(id);
  });

  it("names only the runner-up when the winner does not tie", () => {
    const rationale = select().contract?.rationale ?? "";
    expect(rationale).toMatch(/has the highest score, [\d.]+, ahead of /);
  });

  it("rejects every agent for freshness once the elapsed time passes every TTL", () => {
    const result = select({additionalElapsedSeconds: defaultPolicy.metadataTtlSeconds + 1});
    expect(result.ranked).toEqual([]);
    expect(result.rejected).toHaveLength(defaultRegistry.agents.length);
    expect(result.rejected.every((agent) => agent.gates.freshness === false)).toBe(true);
    expect(result.contract).toBeNull();
    expect(result.incompatibility?.emptiedAtGate).toBe("freshness");
    expect(result.incompatibility?.emptiedAtStage).toBe("freshness");
  });

  it("returns an incompatibility naming the observations gate for a huge minimum", () => {
    const result = select({minimumObservations: 10_000});
    expect(result.contract).toBeNull();
    const incompatibility = result.incompatibility!;
    expect(incompatibility.emptiedAtGate).toBe("observations");
    expect(incompatibility.emptiedAtStage).toBe("costAndObservations");
    // Premium leaves at stage 5 for cost; the six others that reached stage 5 all lack observations.
    expect(incompatibility.removedAtStage.map(({gate, count}) => [gate, count])).toEqual([
      ["cost", 1],
      ["observations", 6]
    ]);
    expect(incompatibility.lastCandidates.map((candidate) => candidate.agentId).sort()).toEqual([
      "northwind-brief-writer",
      "northwind-newcomer",
      "northwind-steady",
      "northwind-swift",
      "northwind-twin-a",
      "northwind-twin-b"
    ]);
    expect(incompatibility.message).toContain('"has at least 10000 observations"');
    expect(incompatibility.message).toContain("No requirement was relaxed");
    expect(result.summary.startsWith("0/13 agents eligible:")).toBe(true);
  });

  it("streams when streaming is required and some streaming agent qualifies", () => {
    const result = select({requireStreaming: true});
    expect(result.contract).toMatchObject({
      agentId: "northwind-swift",
      deliveryMode: "streaming",
      a2aMethod: "message/stream"
    });
    expect(firstFailures(result)["northwind-brief-writer"]).toBe("streaming");
  });

  it("says which last candidate would still be blocked if the emptying requirement were relaxed", () => {
    const result = select({outputMode: "text/html", requireStreaming: true});
    expect(result.incompatibility?.emptiedAtGate).toBe("streaming");
    expect(result.incompatibility?.lastCandidates).toEqual([
      {agentId: "northwind-brief-writer", alsoFails: []},
      {agentId: "northwind-stale", alsoFails: ["freshness"]}
    ]);
  });

  it("returns an incompatibility, not an exception, for an empty registry", () => {
    const result = select({}, {notice: "empty", agents: []});
    expect(result.ranked).toEqual([]);
    expect(result.incompatibility).toMatchObject({emptiedAtGate: null, emptiedAtStage: null});
    expect(result.summary).toBe("0/0 agents eligible.");
    expect(result.trace).toHaveLength(6);
  });
});

describe("the fixture's design", () => {
  const policies: Partial<Policy>[] = [
    {},
    {requireStreaming: true},
    {additionalElapsedSeconds: 7_200},
    {minimumObservations: 50},
    {outputMode: "text/html", requireStreaming: true}
  ];

  it("has at least 12 agents in at least 2 tenants", () => {
    expect(defaultRegistry.agents.length).toBeGreaterThanOrEqual(12);
    expect(new Set(defaultRegistry.agents.map((entry) => entry.registryMetadata.tenant)).size).toBeGreaterThanOrEqual(
      2
    );
  });

  it("lets every gate remove someone under the default policy or an experiment's policy", () => {
    const removing = new Set(
      policies.flatMap((overrides) => select(overrides).rejected.map((agent) => agent.firstFailedGate))
    );
    expect([...removing].sort()).toEqual([...gateOrder].sort());
  });

  it("has one agent that fails two gates for different reasons under different policies", () => {
    expect(firstFailures(select())["northwind-swift"]).toBeUndefined();
    expect(firstFailures(select({additionalElapsedSeconds: 7_200}))["northwind-swift"]).toBe("freshness");
    const raised = select({minimumObservations: 50}).rejected.find((agent) => agent.agentId === "northwind-swift")!;
    expect(raised.firstFailedGate).toBe("observations");
    expect(raised.gates.freshness).toBe(true);
  });

  it("has one agent with very few observations and a perfect success rate, kept out by the minimum", () => {
    const newcomer = defaultRegistry.agents.find((entry) => entry.agentId === "northwind-newcomer")!.registryMetadata;
    expect(newcomer.observations).toBeLessThan(defaultPolicy.minimumObservations);
    expect(newcomer.successes).toBe(newcomer.observations);
    const trusting = select({minimumObservations: 0});
    expect(trusting.ranked[0]!.agentId).toBe("northwind-newcomer");
    expect(trusting.ranked[0]!.terms.observedSuccess.value).toBe(1);
  });

  it("has two agents that tie on score", () => {
    const scores = select().ranked.map((agent) => agent.score);
    expect(new Set(scores).size).toBeLessThan(scores.length);
  });

  it("uses a skill's outputModes to override the card's defaults, both ways", () => {
    const pdf = defaultRegistry.agents.find((entry) => entry.agentId === "northwind-pdf-summarizer")!;
    expect(pdf.card.defaultOutputModes).toContain("text/markdown");
    expect(explainGates(pdf, defaultPolicy).find((gate) => gate.gate === "outputMode")?.passed).toBe(false);
    const stale = defaultRegistry.agents.find((entry) => entry.agentId === "northwind-stale")!;
    expect(stale.card.defaultOutputModes).not.toContain("text/markdown");
    expect(explainGates(stale, defaultPolicy).find((gate) => gate.gate === "outputMode")?.passed).toBe(true);
  });
});

describe("gateTable", () => {
  it("lists every agent in registry order with its outcome and all eight explained gates", () => {
    const result = select();
    const rows = gateTable(defaultRegistry, result);
    expect(rows.map((row) => row.agentId)).toEqual(defaultRegistry.agents.map((entry) => entry.agentId));
    expect(rows.filter((row) => row.outcome === "selected").map((row) => row.agentId)).toEqual(["northwind-swift"]);
    expect(rows.filter((row) => row.outcome !== "rejected")).toHaveLength(result.ranked.length);
    for (const row of rows) {
      expect(row.gates.map((gate) => gate.gate)).toEqual([...gateOrder]);
      expect(row.firstFailedGate).toBe(row.gates.find((gate) => !gate.passed)?.gate ?? null);
    }
    const twinB = rows.find((row) => row.agentId === "northwind-twin-b")!;
    expect(twinB).toMatchObject({outcome: "eligible", rank: 5, score: 2.65, stage: "rankingAndContract"});
  });
});

describe("rememberingSelectAgent hands back an unchanged ranking as the same object", () => {
  it("when only a gate input moved and the eligible set stayed", () => {
    const select = rememberingSelectAgent();
    const first = select(defaultRegistry, defaultPolicy);
    const later = select(defaultRegistry, {...defaultPolicy, additionalElapsedSeconds: 60});
    expect(later.ranked.map((agent) => agent.agentId)).toEqual(first.ranked.map((agent) => agent.agentId));
    expect(later.ranked).toBe(first.ranked);
    const reweighted = select(defaultRegistry, {...defaultPolicy, additionalElapsedSeconds: 60, latencyWeight: 3});
    expect(reweighted.ranked).not.toBe(first.ranked);
    // Without remembering nothing is reused, and what was reused is what a fresh computation gives.
    const fresh = selectAgent(defaultRegistry, {...defaultPolicy, additionalElapsedSeconds: 60});
    expect(fresh.ranked).not.toBe(first.ranked);
    expect(later).toEqual(fresh);
  });
});

describe("rememberingSelectAgent hands back unchanged gate verdicts as the same objects", () => {
  it("when only a weight moved", () => {
    const select = rememberingSelectAgent();
    const first = select(defaultRegistry, defaultPolicy);
    const reweighted = select(defaultRegistry, {...defaultPolicy, costWeight: 4});
    expect(reweighted.failureMasks).toBe(first.failureMasks);
    expect(reweighted.removedByGate).toBe(first.removedByGate);
    expect(reweighted).toEqual(selectAgent(defaultRegistry, {...defaultPolicy, costWeight: 4}));
    const regated = select(defaultRegistry, {...defaultPolicy, costWeight: 4, costBudgetCents: 3});
    expect(regated.failureMasks).not.toBe(first.failureMasks);
    expect(regated).toEqual(selectAgent(defaultRegistry, {...defaultPolicy, costWeight: 4, costBudgetCents: 3}));
    // Another registry (one agent fewer) reuses no verdict.
    const fewer = {...defaultRegistry, agents: defaultRegistry.agents.slice(1)};
    const policy = {...defaultPolicy, costWeight: 4, costBudgetCents: 3};
    expect(select(fewer, policy).failureMasks).not.toBe(regated.failureMasks);
    expect(select(fewer, policy)).toEqual(selectAgent(fewer, policy));
  });
});

describe("a remembering selection after another", () => {
  it("equals the selection made from scratch, for any registry and any two policies", () => {
    fc.assert(
      fc.property(
        registryArbitrary,
        policyArbitrary,
        policyArbitrary,
        fc.boolean(),
        (registry, before, after, weightsOnly) => {
          const next = weightsOnly
            ? {
                ...before,
                latencyWeight: after.latencyWeight,
                costWeight: after.costWeight,
                observedSuccessWeight: after.observedSuccessWeight
              }
            : after;
          const select = rememberingSelectAgent();
          select(registry, before);
          const reused = select(registry, next);
          const fresh = selectAgent(registry, next);
          expect(reused).toEqual(fresh);
          expect(reused.rejected).toEqual(fresh.rejected);
          expect(reused.trace).toEqual(fresh.trace);
        }
      ),
      {numRuns: 300}
    );
  });
});
