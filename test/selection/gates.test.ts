import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  explainGates,
  failedGates,
  firstFailedGate,
  gateFailures,
  gateLabels,
  gateOrder,
  type GateId,
  type Policy,
  type RegistryEntry
} from "../../lib/selection/index.js";

/** An agent that passes every gate of the default policy; tests change one thing at a time. */
function agent(
  change: {card?: Partial<RegistryEntry["card"]>; metadata?: Partial<RegistryEntry["registryMetadata"]>} = {}
): RegistryEntry {
  return {
    agentId: "probe",
    card: {
      name: "Probe",
      description: "Test agent.",
      url: "https://probe.example/a2a",
      version: "1.0.0",
      protocolVersion: "0.3.0",
      capabilities: {streaming: true},
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/markdown"],
      skills: [{id: "summarize-document", name: "Summarize", description: "Summarizes.", tags: ["summaries"]}],
      ...change.card
    },
    registryMetadata: {
      tenant: "northwind",
      curatorApproved: true,
      metadataAgeSeconds: 0,
      costPerCallCents: 5,
      medianLatencyMs: 100,
      observations: 100,
      successes: 90,
      ...change.metadata
    }
  };
}

function failing(entry: RegistryEntry, overrides: Partial<Policy> = {}): GateId[] {
  return failedGates(gateFailures(entry, {...defaultPolicy, ...overrides}));
}

describe("gates", () => {
  it("are checked in the order the issue fixes", () => {
    expect(gateOrder).toEqual([
      "tenant",
      "skill",
      "outputMode",
      "streaming",
      "curatorApproval",
      "freshness",
      "cost",
      "observations"
    ]);
    expect(Object.keys(gateLabels)).toEqual([...gateOrder]);
  });

  it("fit in one byte per agent, as selectAgent stores them (failureMasks is a Uint8Array)", () => {
    expect(2 ** gateOrder.length - 1).toBeLessThanOrEqual(0xff);
  });

  it("all pass for the probe agent", () => {
    expect(failing(agent())).toEqual([]);
    expect(firstFailedGate(gateFailures(agent(), defaultPolicy))).toBeNull();
  });

  it("tenant: another tenant fails", () => {
    expect(failing(agent({metadata: {tenant: "contoso"}}))).toEqual(["tenant"]);
  });

  it("skill: matched by id, not by name or tag; without it no format can be offered", () => {
    const renamed = agent({
      card: {skills: [{id: "summarize", name: "summarize-document", description: "x", tags: ["summarize-document"]}]}
    });
    expect(failing(renamed)).toEqual(["skill", "outputMode"]);
  });

  it("output format: a skill's outputModes replace the card's defaults", () => {
    const skill = {id: "summarize-document", name: "Summarize", description: "x", tags: []};
    const overriddenAway = agent({
      card: {defaultOutputModes: ["text/markdown"], skills: [{...skill, outputModes: ["application/pdf"]}]}
    });
    expect(failing(overriddenAway)).toEqual(["outputMode"]);
    const overriddenIn = agent({
      card: {defaultOutputModes: ["application/pdf"], skills: [{...skill, outputModes: ["text/markdown"]}]}
    });
    expect(failing(overriddenIn)).toEqual([]);
    // Present but empty still overrides: the skill offers nothing.
    const emptied = agent({card: {defaultOutputModes: ["text/markdown"], skills: [{...skill, outputModes: []}]}});
    expect(failing(emptied)).toEqual(["outputMode"]);
  });

  it("output format: MIME type and subtype compare case-insensitively (RFC 6838 section 4.2)", () => {
    expect(failing(agent({card: {defaultOutputModes: ["Text/Markdown"]}}))).toEqual([]);
    expect(failing(agent(), {outputMode: "TEXT/MARKDOWN"})).toEqual([]);
    expect(failing(agent({card: {defaultOutputModes: ["text/markdown-extra"]}}))).toEqual(["outputMode"]);
  });

  it("streaming: checked only when required; an absent capability counts as not streaming", () => {
    const silent = agent({card: {capabilities: {}}});
    expect(failing(silent)).toEqual([]);
    expect(failing(silent, {requireStreaming: true})).toEqual(["streaming"]);
    expect(failing(agent({card: {capabilities: {streaming: false}}}), {requireStreaming: true})).toEqual(["streaming"]);
    expect(failing(agent(), {requireStreaming: true})).toEqual([]);
  });

  it("curator approval: checked only when required", () => {
    const unapproved = agent({metadata: {curatorApproved: false}});
    expect(failing(unapproved)).toEqual(["curatorApproval"]);
    expect(failing(unapproved, {requireCuratorApproval: false})).toEqual([]);
  });

  it("freshness: age plus elapsed time may equal the TTL but not exceed it", () => {
    const aged = agent({metadata: {metadataAgeSeconds: 80_000}});
    expect(failing(aged, {metadataTtlSeconds: 86_400, additionalElapsedSeconds: 6_400})).toEqual([]);
    expect(failing(aged, {metadataTtlSeconds: 86_400, additionalElapsedSeconds: 6_401})).toEqual(["freshness"]);
    expect(failing(agent(), {metadataTtlSeconds: 0})).toEqual([]);
  });

  it("cost: a price equal to the budget passes, one cent more fails", () => {
    expect(failing(agent({metadata: {costPerCallCents: 10}}))).toEqual([]);
    expect(failing(agent({metadata: {costPerCallCents: 11}}))).toEqual(["cost"]);
  });

  it("observations: the minimum itself passes, one fewer fails", () => {
    expect(failing(agent({metadata: {observations: 20, successes: 20}}))).toEqual([]);
    expect(failing(agent({metadata: {observations: 19, successes: 19}}))).toEqual(["observations"]);
  });

  it("report the first failure in gate order, and every failure", () => {
    const bad = agent({metadata: {tenant: "contoso", costPerCallCents: 99, observations: 1, successes: 1}});
    const mask = gateFailures(bad, defaultPolicy);
    expect(firstFailedGate(mask)).toBe("tenant");
    expect(failedGates(mask)).toEqual(["tenant", "cost", "observations"]);
  });

  it("explain each verdict with the values compared", () => {
    const details = explainGates(agent({metadata: {metadataAgeSeconds: 90_000, costPerCallCents: 12}}), defaultPolicy);
    expect(details.map((detail) => [detail.gate, detail.passed, detail.detail])).toEqual([
      ["tenant", true, "tenant northwind"],
      ["skill", true, "card lists skill summarize-document"],
      [
        "outputMode",
        true,
        "card defaultOutputModes [text/markdown] include text/markdown; the skill declares no outputModes"
      ],
      ["streaming", true, "not required (capabilities.streaming is true)"],
      ["curatorApproval", true, "approved by the curator"],
      ["freshness", false, "age 90000 s + 0 s elapsed = 90000 s > TTL 86400 s"],
      ["cost", false, "12 cents per call > budget 10 cents"],
      ["observations", true, "100 observations ≥ minimum 20"]
    ]);
  });
});
