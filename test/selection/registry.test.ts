import {existsSync, readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import registryJson from "../../data/selection/registry.json" with {type: "json"};
import {defaultRegistry, generateRegistry, parseRegistry, registryNotice} from "../../lib/selection/index.js";

/*
 * Property names of the official A2A v0.3.0 JSON schema (a2a.json, definitions AgentCard,
 * AgentSkill, AgentCapabilities), copied so the test runs without the spec; when the spec is
 * present beside the checkout, the copy itself is checked against it.
 */
const officialProperties = {
  AgentCard: [
    "additionalInterfaces",
    "capabilities",
    "defaultInputModes",
    "defaultOutputModes",
    "description",
    "documentationUrl",
    "iconUrl",
    "name",
    "preferredTransport",
    "protocolVersion",
    "provider",
    "security",
    "securitySchemes",
    "signatures",
    "skills",
    "supportsAuthenticatedExtendedCard",
    "url",
    "version"
  ],
  AgentSkill: ["description", "examples", "id", "inputModes", "name", "outputModes", "security", "tags"],
  AgentCapabilities: ["extensions", "pushNotifications", "stateTransitionHistory", "streaming"]
} as const;
const specPath = new URL("../../../shared/spec/a2a/v0.3.0/a2a.json", import.meta.url);

function clone<T>(value: T): T {
  return structuredClone(value);
}

function problemsOf(input: unknown) {
  const parsed = parseRegistry(input);
  if (parsed.ok) throw new Error("expected the registry to be refused");
  return parsed.problems;
}

describe("the registry fixture", () => {
  it("loads and validates", () => {
    expect(parseRegistry(registryJson).ok).toBe(true);
    expect(defaultRegistry.agents.map((entry) => entry.agentId)).toContain("northwind-swift");
  });

  it("says the observations are synthetic and the approval fictional", () => {
    expect(registryNotice).toContain("synthetic historical counts, not live telemetry");
    expect(registryNotice).toContain("not verified identity and not a safety assessment");
    expect(registryNotice).toContain("defines no registry API");
  });

  it("uses only AgentCard, AgentSkill and AgentCapabilities field names from the A2A v0.3.0 schema", () => {
    for (const {card} of defaultRegistry.agents) {
      for (const key of Object.keys(card)) expect(officialProperties.AgentCard).toContain(key);
      for (const key of Object.keys(card.capabilities)) expect(officialProperties.AgentCapabilities).toContain(key);
      for (const skill of card.skills)
        for (const key of Object.keys(skill)) expect(officialProperties.AgentSkill).toContain(key);
      expect(card.protocolVersion).toBe("0.3.0");
    }
  });

  it.skipIf(!existsSync(specPath))(
    "matches the official schema's property lists (when the spec is checked out beside the project)",
    () => {
      const schema = JSON.parse(readFileSync(specPath, "utf8")) as {
        definitions: Record<string, {properties: object; required?: string[]}>;
      };
      for (const [name, properties] of Object.entries(officialProperties)) {
        expect(Object.keys(schema.definitions[name]!.properties).sort()).toEqual([...properties].sort());
      }
      for (const {card} of defaultRegistry.agents) {
        for (const key of schema.definitions.AgentCard!.required ?? []) expect(card).toHaveProperty(key);
        for (const skill of card.skills)
          for (const key of schema.definitions.AgentSkill!.required ?? []) expect(skill).toHaveProperty(key);
      }
    }
  );
});

describe("parseRegistry", () => {
  it("refuses duplicate agent ids, pointing at the second one", () => {
    const input = clone(registryJson);
    input.agents[1]!.agentId = input.agents[0]!.agentId;
    expect(problemsOf(input)).toEqual([
      {field: "/agents/1/agentId", message: 'must be unique; "contoso-summarizer" is already used by /agents/0'}
    ]);
  });

  it("refuses more successes than observations", () => {
    const input = clone(registryJson);
    input.agents[2]!.registryMetadata.successes = input.agents[2]!.registryMetadata.observations + 1;
    expect(problemsOf(input)).toEqual([
      {
        field: "/agents/2/registryMetadata/successes",
        message: "must not exceed observations (a success is one of the observed calls)"
      }
    ]);
  });

  it("refuses a card without a field the A2A schema requires", () => {
    const input = clone(registryJson) as {agents: {card: Record<string, unknown>}[]};
    delete input.agents[0]!.card.skills;
    expect(problemsOf(input)).toEqual([{field: "/agents/0/card/skills", message: "must be an array"}]);
  });

  it("refuses unknown registry metadata, negative counts and malformed MIME types", () => {
    const input = clone(registryJson) as unknown as {
      agents: {card: {defaultOutputModes: string[]}; registryMetadata: Record<string, unknown>}[];
    };
    input.agents[0]!.registryMetadata.trustScore = 5;
    input.agents[1]!.registryMetadata.observations = -1;
    input.agents[2]!.card.defaultOutputModes = ["markdown"];
    expect(problemsOf(input)).toEqual([
      {field: "/agents/0/registryMetadata/trustScore", message: "is not a recognised field; remove it"},
      {field: "/agents/1/registryMetadata/observations", message: "must be a whole number ≥ 0"},
      {
        field: "/agents/2/card/defaultOutputModes/0",
        message: 'must be a MIME type such as "text/markdown" (type/subtype, no parameters); got "markdown"'
      }
    ]);
  });

  it("accepts card fields it does not read, as A2A cards carry many", () => {
    const input = clone(registryJson) as unknown as {agents: {card: Record<string, unknown>}[]};
    input.agents[0]!.card.preferredTransport = "JSONRPC";
    expect(parseRegistry(input).ok).toBe(true);
  });
});

describe("generateRegistry", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateRegistry(50, 7)).toEqual(generateRegistry(50, 7));
    expect(generateRegistry(50, 7)).not.toEqual(generateRegistry(50, 8));
  });

  it("produces registries the schema accepts", () => {
    const parsed = parseRegistry(generateRegistry(500, 1));
    expect(parsed.ok ? [] : parsed.problems.slice(0, 3)).toEqual([]);
  });
});
