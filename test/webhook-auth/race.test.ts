import {describe, expect, it} from "vitest";
import {countInterleavings, enumerateInterleavings, raceTable, runInterleaving} from "../../lib/webhook-auth/index.js";

/** All ways to choose which k of n slots worker A takes (independent of the lib's enumeration). */
function combinations(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...combinations(n - 1, k - 1).map((c) => [...c, n - 1]), ...combinations(n - 1, k)];
}

describe("interleavings", () => {
  it("counts (w*s)!/(s!)^w orders", () => {
    expect(countInterleavings(2, 3)).toBe(20);
    expect(countInterleavings(2, 2)).toBe(6);
    expect(countInterleavings(3, 2)).toBe(90);
    expect(countInterleavings(3, 3)).toBe(1680);
  });

  it("enumerates each order exactly once", () => {
    const orders = enumerateInterleavings(2, 3);
    expect(orders).toHaveLength(20);
    expect(new Set(orders.map((o) => o.join(""))).size).toBe(20);
    for (const order of orders) expect(order.filter((w) => w === 0)).toHaveLength(3);
    expect(enumerateInterleavings(3, 2)).toHaveLength(90);
  });

  it("refuses orders that do not run every step exactly once", () => {
    expect(() => runInterleaving("check-then-act", [0, 0, 0, 0, 1, 1])).toThrow(RangeError);
    expect(() => runInterleaving("check-then-act", [0, 0, 1])).toThrow(RangeError);
  });
});

describe("the race", () => {
  it("check-then-act doubles the effect unless one worker finishes before the other checks (18 of 20)", () => {
    // Steps of X: check c, effect e, record r. Double effect iff cA < rB and cB < rA.
    // Single effect needs rA < cB (all of A before B: 1 order) or rB < cA (1 order): 2 of 20.
    let doubleByAnalysis = 0;
    for (const slots of combinations(6, 3)) {
      const [cA, , rA] = slots as [number, number, number];
      const other = [0, 1, 2, 3, 4, 5].filter((i) => !slots.includes(i));
      const [cB, , rB] = other as [number, number, number];
      if (cA < rB && cB < rA) doubleByAnalysis++;
    }
    const table = raceTable("check-then-act");
    expect(doubleByAnalysis).toBe(18);
    expect(table.duplicated).toBe(18);
    expect(table.byEffects).toEqual({1: 2, 2: 18});
  });

  it("recording before the effect, but in a separate step, still doubles 12 of 20", () => {
    // Steps: c, r, e. Double iff cA < rB and cB < rA; the effect's position does not matter.
    let doubleByAnalysis = 0;
    for (const slots of combinations(6, 3)) {
      const [cA, rA] = slots as [number, number, number];
      const [cB, rB] = [0, 1, 2, 3, 4, 5].filter((i) => !slots.includes(i)) as [number, number, number];
      if (cA < rB && cB < rA) doubleByAnalysis++;
    }
    expect(doubleByAnalysis).toBe(12);
    expect(raceTable("check-then-record").byEffects).toEqual({1: 8, 2: 12});
  });

  it("atomic insert-if-absent gives exactly one effect in every interleaving", () => {
    expect(raceTable("insert-if-absent").byEffects).toEqual({1: 6});
    expect(raceTable("insert-if-absent", 3).byEffects).toEqual({1: 90});
  });

  it("with three workers check-then-act can apply the effect three times", () => {
    const table = raceTable("check-then-act", 3);
    expect(table.runs).toHaveLength(1680);
    expect(table.byEffects[3]).toBeGreaterThan(0);
    const allChecksFirst = table.runs.find((run) => run.label.startsWith("A:check B:check C:check"));
    expect(allChecksFirst?.effects).toBe(3);
  });

  it("traces every step as a playback decision", () => {
    const run = runInterleaving("check-then-act", [0, 1, 0, 1, 0, 1]);
    expect(run.label).toBe("A:check B:check A:effect B:effect A:record B:record");
    expect(run.effects).toBe(2);
    expect(run.trace.map((d) => d.atSeconds)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(run.trace.filter((d) => d.kind === "effect")).toHaveLength(2);
  });

  it("titles a step a worker skips as skipped, never as if it ran", () => {
    const run = runInterleaving("insert-if-absent", [0, 1, 0, 1]);
    expect(run.trace.map((d) => d.title)).toEqual([
      "A: insert-if-absent",
      "B: insert-if-absent",
      "A: effect",
      "B: effect (skipped)"
    ]);
  });
});
