import {describe, expect, it} from "vitest";
import {
  STORM_STRATEGIES,
  stormLessonDefaults,
  stormRunTables,
  stormUnder,
  type StormSummary
} from "../../lib/storm/index.js";
import type {RunTable} from "../../lib/shared/run-table.js";

// A small storm, under every strategy, as the page's runner hands them over.
const config = {...stormLessonDefaults, senders: 200, capacityPerSecond: 50};
const byStrategy = Object.fromEntries(
  STORM_STRATEGIES.map((strategy) => [strategy, stormUnder(config, strategy)])
) as Record<(typeof STORM_STRATEGIES)[number], StormSummary>;
const tables = Object.fromEntries(stormRunTables(byStrategy).map((table) => [table.name, table])) as Record<
  string,
  RunTable
>;
const storms = STORM_STRATEGIES.map((strategy) => byStrategy[strategy]);
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

describe("stormRunTables", () => {
  it("has a row per strategy per load bucket, per completion bar, and per strategy", () => {
    expect(Object.keys(tables)).toEqual(["load", "completions", "strategies"]);
    expect(tables.load!.rows).toHaveLength(sum(storms.map((storm) => storm.load.startSeconds.length)));
    expect(tables.completions!.rows).toHaveLength(sum(storms.map((storm) => storm.completion.counts.length)));
    expect(tables.strategies!.rows.map((row) => row.strategy)).toEqual([...STORM_STRATEGIES]);
  });

  it("gives every row exactly the columns declared", () => {
    for (const table of Object.values(tables))
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns.map((column) => column.name));
  });

  it("reads each strategy's storm", () => {
    const full = byStrategy.full;
    const fullCompletions = tables.completions!.rows.filter((row) => row.strategy === "full");
    expect(sum(fullCompletions.map((row) => row.updates as number))).toBe(full.totals.acknowledgedUpdates);
    expect(tables.strategies!.rows[2]).toMatchObject({
      strategy: "full",
      attempts: full.totals.attempts,
      herdFactor: full.totals.peakOfferedAfterRecoveryPerSecond / config.capacityPerSecond
    });
    const fullLoad = tables.load!.rows.filter((row) => row.strategy === "full");
    expect(fullLoad[3]!.offeredPerSecond).toBe(full.load.offeredPerSecond[3]);
  });

  it("leaves out a strategy whose storm is not here yet", () => {
    const [, , strategies] = stormRunTables({exponential: byStrategy.exponential});
    expect(strategies!.rows.map((row) => row.strategy)).toEqual(["exponential"]);
  });
});
