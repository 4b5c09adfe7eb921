import {describe, expect, it} from "vitest";
import {
  defaultRegistry,
  gateOrder,
  policyFromInputs,
  selectAgent,
  selectionInputDefaults,
  selectionRunTables
} from "../../lib/selection/index.js";
import type {RunTable} from "../../lib/shared/run-table.js";

const result = selectAgent(defaultRegistry, policyFromInputs(selectionInputDefaults).policy);
const tables = Object.fromEntries(selectionRunTables(result).map((table) => [table.name, table])) as Record<
  string,
  RunTable
>;

describe("selectionRunTables", () => {
  it("has one row per candidate per gate, and one per ranked candidate", () => {
    expect(Object.keys(tables)).toEqual(["candidates", "scores"]);
    expect(tables.candidates!.rows).toHaveLength(defaultRegistry.agents.length * gateOrder.length);
    expect(result.ranked.length).toBeGreaterThan(1);
    expect(tables.scores!.rows).toHaveLength(result.ranked.length);
  });

  it("gives every row exactly the columns declared", () => {
    for (const table of Object.values(tables))
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns.map((column) => column.name));
  });

  it("names the gate that removed each rejected agent, once", () => {
    const removals = tables.candidates!.rows.filter((row) => row.removedHere);
    expect(removals).toHaveLength(result.rejected.length);
    for (const agent of result.rejected)
      expect(removals.find((row) => row.agentId === agent.agentId)!.gate).toBe(agent.firstFailedGate);
    const failed = tables.candidates!.rows.filter((row) => !row.passed);
    expect(failed.every((row) => typeof row.reason === "string" && row.reason.length > 0)).toBe(true);
  });

  it("reads each ranked agent's score and terms", () => {
    const best = result.ranked[0]!;
    expect(tables.scores!.rows[0]).toMatchObject({
      rank: 1,
      agentId: best.agentId,
      score: best.score,
      latencyTerm: best.terms.latency.value,
      costWeight: best.terms.cost.weight,
      observedSuccessWeighted: best.terms.observedSuccess.weighted
    });
  });
});
