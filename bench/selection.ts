import type {BenchCase} from "./harness.js";
import {defaultPolicy, defaultRegistry, generateRegistry, selectAgent, type Registry} from "../lib/selection/index.js";

/*
 * Selection over the lesson fixture (target: under 50 µs median) and over generated registries of
 * growing size (target: 100,000 agents under 100 ms). Apart from sorting the eligible agents the
 * work is linear in the registry. Expect the per-agent time to rise at 100,000 agents anyway: the
 * registry (~110 MB of objects) no longer fits in cache, and the result keeps one rejection record
 * per rejected agent (~96,000 here), which V8's young-generation GC copies once.
 * Generated registries are built on first use, during the harness's warm-up, not at import.
 */

const generatedSeed = 20_250_301;

function lazyRegistry(agentCount: number): () => Registry {
  let registry: Registry | undefined;
  return () => (registry ??= generateRegistry(agentCount, generatedSeed));
}

function generatedCase(agentCount: number, samples: number): BenchCase {
  const registry = lazyRegistry(agentCount);
  return {
    name: `selectAgent, generated registry of ${agentCount.toLocaleString("en-US")} agents, default policy`,
    run: () => selectAgent(registry(), defaultPolicy),
    samples
  };
}

export const selectionBenchCases: BenchCase[] = [
  {name: "selectAgent, lesson fixture (13 agents), default policy", run: () => selectAgent(defaultRegistry, defaultPolicy), samples: 2_000},
  generatedCase(1_000, 500),
  generatedCase(10_000, 100),
  generatedCase(100_000, 20)
];
