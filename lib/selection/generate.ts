import type {AgentSkill, Registry, RegistryEntry} from "./registry.js";
import {seededRandom} from "../random/seeded-random.js";

/*
 * Synthetic registries of any size, for benchmarks and property tests. Deterministic: the same
 * size and seed give the same registry. The mix is tuned so that, under the default policy, every
 * gate removes a share of the agents and several percent stay eligible.
 */

export const generatedTenants = ["northwind", "northwind", "northwind", "contoso", "fabrikam"] as const;
export const generatedSkillIds = ["summarize-document", "translate-text", "extract-tables", "classify-ticket"] as const;
export const generatedOutputModes = [
  "text/markdown",
  "text/plain",
  "text/html",
  "application/pdf",
  "application/json"
] as const;
const maxMetadataAgeSeconds = 172_800;
const maxCostPerCallCents = 20;
const latencyRangeMs = {min: 50, max: 2_000};
const maxObservations = 1_000;

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

function subset(random: () => number, values: readonly string[], probability: number): string[] {
  const chosen = values.filter(() => random() < probability);
  return chosen.length > 0 ? chosen : [pick(random, values)];
}

function wholeBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function generateRegistry(agentCount: number, seed: number): Registry {
  const random = seededRandom(seed);
  const idWidth = String(agentCount).length;
  const agents: RegistryEntry[] = [];
  for (let index = 0; index < agentCount; index++) {
    const agentId = `agent-${String(index).padStart(idWidth, "0")}`;
    const skills: AgentSkill[] = [];
    for (const skillId of generatedSkillIds) {
      if (random() < (skillId === "summarize-document" ? 0.7 : 0.3)) {
        const skill: AgentSkill = {
          id: skillId,
          name: skillId,
          description: `Generated ${skillId} skill.`,
          tags: [skillId.split("-")[0]!]
        };
        if (random() < 0.3) skill.outputModes = subset(random, generatedOutputModes, 0.35);
        skills.push(skill);
      }
    }
    const observations = random() < 0.1 ? wholeBetween(random, 0, 10) : wholeBetween(random, 0, maxObservations);
    const successRate = 0.7 + 0.3 * random();
    agents.push({
      agentId,
      card: {
        name: `Generated agent ${index}`,
        description: "Synthetic agent for benchmarks and property tests.",
        url: `https://agents.generated.example/a2a/${agentId}`,
        version: "1.0.0",
        protocolVersion: "0.3.0",
        capabilities: {streaming: random() < 0.7},
        defaultInputModes: ["text/plain"],
        defaultOutputModes: subset(random, generatedOutputModes, 0.5),
        skills
      },
      registryMetadata: {
        tenant: pick(random, generatedTenants),
        curatorApproved: random() < 0.85,
        metadataAgeSeconds: wholeBetween(random, 0, maxMetadataAgeSeconds),
        costPerCallCents: wholeBetween(random, 1, maxCostPerCallCents),
        medianLatencyMs: wholeBetween(random, latencyRangeMs.min, latencyRangeMs.max),
        observations,
        successes: Math.floor(observations * successRate)
      }
    });
  }
  return {
    notice: `Generated registry (${agentCount} agents, seed ${seed}). Observations are synthetic counts, not live telemetry; approval is fictional metadata.`,
    agents
  };
}
