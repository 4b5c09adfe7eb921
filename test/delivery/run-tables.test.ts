import {describe, expect, it} from "vitest";
import {deliveryRunTables, evenlySpacedUpdates, simulateDelivery} from "../../lib/delivery/index.js";
import type {RunTable} from "../../lib/shared/run-table.js";

// Lost first acknowledgements and no deduplication: retries, duplicates and several decisions per update.
const run = simulateDelivery({loseFirstSuccessfulAck: true, ignoreSeenEventIds: false});
const tables = Object.fromEntries(deliveryRunTables(run).map((table) => [table.name, table])) as Record<
  string,
  RunTable
>;

describe("deliveryRunTables", () => {
  it("has one row per attempt, receiver decision and effect", () => {
    expect(Object.keys(tables)).toEqual(["attempts", "decisions", "effects"]);
    expect(run.effects.length).toBeGreaterThan(0);
    expect(tables.attempts!.rows).toHaveLength(run.attempts.length);
    expect(tables.decisions!.rows).toHaveLength(run.receiverStates.length);
    expect(tables.effects!.rows).toHaveLength(run.effects.length);
  });

  it("gives every row exactly the columns declared", () => {
    for (const table of Object.values(tables))
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns.map((column) => column.name));
  });

  it("reads the run's values", () => {
    const second = run.attempts[1]!;
    expect(tables.attempts!.rows[1]).toMatchObject({
      updateIndex: second.updateIndex,
      attemptNumber: second.attemptNumber,
      dispatchedAtSeconds: second.dispatchedAtSeconds,
      senderSaw: second.sender.kind
    });
    expect(tables.effects!.rows.filter((row) => row.duplicate).length).toBe(run.summary.duplicateEffects);
    expect(tables.decisions!.rows.at(-1)!.effectsSoFar).toBe(run.summary.effects);
  });

  it("has no rows for a run with no updates", () => {
    const empty = simulateDelivery({updates: evenlySpacedUpdates(0)});
    for (const table of deliveryRunTables(empty)) expect(table.rows).toEqual([]);
  });
});
