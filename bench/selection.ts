import type {BenchCase} from "./harness.js";
import {defaultPolicy, defaultRegistry, generateRegistry, selectAgent, type Registry} from "../lib/selection/index.js";

/*
 * Selection over the lesson fixture (target: under 50 µs median) and over generated registries of
 * growing size (target: 100,000 agents under 100 ms). Apart from sorting the eligible agents the
 * work is linear in the registry; the time per agent still rises at 100,000 agents, whose registry
 * (~110 MB of objects) no longer fits in cache. selectAgent keeps rejections as one failure mask
 * per agent and builds the rejection records when first read: the last case reads every list too,
 * so the cost of that choice is printed rather than hidden.
 * Generated registries are built on first use, during the harness's warm-up, not at import.
 */

const generatedSeed = 20_250_301;

function lazyRegistry(agentCount: number): () => Registry {
  let registry: Registry | undefined;
  return () => (registry ??= generateRegistry(agentCount, generatedSeed));
}

const registryOf = new Map([1_000, 10_000, 100_000].map((count) => [count, lazyRegistry(count)]));

function generatedCase(agentCount: number, samples: number): BenchCase {
  const registry = registryOf.get(agentCount)!;
  return {
    name: `selectAgent, generated registry of ${agentCount.toLocaleString("en-US")} agents, default policy`,
    run: () => selectAgent(registry(), defaultPolicy),
    samples
  };
}

/** Selection, then every list a reader could ask for: all rejection records and each stage's lists. */
function readEverythingCase(agentCount: number, samples: number): BenchCase {
  const registry = registryOf.get(agentCount)!;
  return {
    name: `  … and reading every rejection record and stage list`,
    run: () => {
      const result = selectAgent(registry(), defaultPolicy);
      return [
        result.rejected.length,
        result.trace.map((decision) => decision.removed.length + decision.remainingAgentIds.length)
      ];
    },
    samples
  };
}

export const selectionBenchCases: BenchCase[] = [
  {
    name: "selectAgent, lesson fixture (13 agents), default policy",
    run: () => selectAgent(defaultRegistry, defaultPolicy),
    samples: 2_000
  },
  generatedCase(1_000, 500),
  generatedCase(10_000, 100),
  generatedCase(100_000, 20),
  readEverythingCase(100_000, 20)
];
