import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  scoreFormulaDescription,
  selectAgent,
  type Policy,
  type RankedAgent,
  type Registry,
  type RegistryEntry
} from "../../lib/selection/index.js";

function entry(
  agentId: string,
  latencyMs: number,
  costCents: number,
  observations: number,
  successes: number
): RegistryEntry {
  return {
    agentId,
    card: {
      name: agentId,
      description: "x",
      url: `https://${agentId}.example`,
      version: "1",
      protocolVersion: "0.3.0",
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: ["text/markdown"],
      skills: [{id: "summarize-document", name: "s", description: "s", tags: []}]
    },
    registryMetadata: {
      tenant: "northwind",
      curatorApproved: true,
      metadataAgeSeconds: 0,
      costPerCallCents: costCents,
      medianLatencyMs: latencyMs,
      observations,
      successes
    }
  };
}

function rank(agents: RegistryEntry[], overrides: Partial<Policy> = {}): RankedAgent[] {
  const registry: Registry = {notice: "test", agents};
  return selectAgent(registry, {...defaultPolicy, minimumObservations: 0, ...overrides}).ranked;
}

/** Reads "w × t + w × t + w × t = s" back into numbers, as a reader recomputing by hand would. */
function recompute(formula: string): {sum: number; shown: number} {
  const match = /^([\d.]+) × ([\d.]+) \+ ([\d.]+) × ([\d.]+) \+ ([\d.]+) × ([\d.]+) = ([\d.]+)$/.exec(formula);
  if (!match) throw new Error(`formula not in the published shape: ${formula}`);
  const [w1, t1, w2, t2, w3, t3, shown] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number
  ];
  return {sum: w1 * t1 + w2 * t2 + w3 * t3, shown};
}

describe("ranking", () => {
  it("normalises latency and cost min-max over eligible agents: best 1, worst 0, linear between", () => {
    const ranked = rank([entry("a", 100, 2, 10, 10), entry("b", 300, 4, 10, 5), entry("c", 500, 6, 10, 0)]);
    const terms = Object.fromEntries(
      ranked.map((agent) => [
        agent.agentId,
        [agent.terms.latency.value, agent.terms.cost.value, agent.terms.observedSuccess.value]
      ])
    );
    expect(terms).toEqual({a: [1, 1, 1], b: [0.5, 0.5, 0.5], c: [0, 0, 0]});
    expect(ranked.find((agent) => agent.agentId === "b")!.terms.latency.derivation).toBe(
      "(500 − 300) / (500 − 100) = 0.500"
    );
  });

  it("gives 1 to every agent when all eligible latencies (or costs) are equal", () => {
    const ranked = rank([entry("a", 250, 3, 10, 10), entry("b", 250, 3, 10, 10)]);
    for (const agent of ranked) {
      expect(agent.terms.latency.value).toBe(1);
      expect(agent.terms.cost.value).toBe(1);
      expect(agent.terms.latency.derivation).toBe("every eligible agent has 250 ms → 1");
    }
    expect(rank([entry("solo", 900, 9, 10, 10)])[0]!.terms.latency.value).toBe(1);
  });

  it("scores an agent with no observations 0 on observed success", () => {
    const [only] = rank([entry("fresh", 100, 1, 0, 0)]);
    expect(only!.terms.observedSuccess.value).toBe(0);
    expect(only!.terms.observedSuccess.derivation).toBe("no observations → 0");
  });

  it("weights terms relatively: the weight decides which strength wins", () => {
    const fast = entry("fast", 100, 6, 10, 5);
    const cheap = entry("cheap", 500, 2, 10, 5);
    expect(rank([fast, cheap], {latencyWeight: 2, costWeight: 1})[0]!.agentId).toBe("fast");
    expect(rank([fast, cheap], {latencyWeight: 1, costWeight: 2})[0]!.agentId).toBe("cheap");
  });

  it("breaks equal scores by agent id, ascending, whatever the registry order", () => {
    const ids = (agents: RegistryEntry[]) => rank(agents).map((agent) => agent.agentId);
    const twins = [entry("m", 200, 3, 10, 9), entry("b", 200, 3, 10, 9), entry("x", 200, 3, 10, 9)];
    expect(ids(twins)).toEqual(["b", "m", "x"]);
    expect(ids([...twins].reverse())).toEqual(["b", "m", "x"]);
  });

  it("lets float noise not split a real tie", () => {
    // z: 0.1 × 1 + 0.2 × 1 + 0.3 × 0 = 0.30000000000000004; a: 0.1 × 0 + 0.2 × 0 + 0.3 × 1 = 0.3.
    // Unrounded, z would win on noise; rounded to scoreDecimals they tie and a wins on id.
    const ranked = rank([entry("z", 100, 1, 10, 0), entry("a", 300, 3, 10, 10)], {
      latencyWeight: 0.1,
      costWeight: 0.2,
      observedSuccessWeight: 0.3
    });
    expect(ranked.map((agent) => [agent.agentId, agent.score])).toEqual([
      ["a", 0.3],
      ["z", 0.3]
    ]);
  });

  it("shows formulas a reader can recompute from the displayed numbers", () => {
    for (const agent of selectAgent(defaultRegistry, defaultPolicy).ranked) {
      const {sum, shown} = recompute(agent.formula);
      expect(Math.abs(sum - shown)).toBeLessThanOrEqual(0.002);
      expect(Math.abs(shown - agent.score)).toBeLessThanOrEqual(0.0005);
    }
  });

  it("documents the formula, the normalisation and the tie-break, contrasting Kubernetes", () => {
    expect(scoreFormulaDescription).toContain("(slowest eligible median latency − this agent's) / (slowest − fastest)");
    expect(scoreFormulaDescription).toContain("successes / observations");
    expect(scoreFormulaDescription).toContain("not probabilities and not thresholds");
    expect(scoreFormulaDescription).toContain("agent id, ascending");
    expect(scoreFormulaDescription).toMatch(/Kubernetes.*random/);
  });
});
