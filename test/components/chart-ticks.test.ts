/**
 * The hand-drawn charts' ticks against d3's own ticks(), the rule Plot's axes follow, so a
 * hand-drawn axis and a Plot axis beside it put their ticks at the same values.
 */
import {ticks as d3Ticks} from "d3-array";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {linearTicks} from "../../src/components/chart-ticks.js";

describe("linearTicks", () => {
  it("picks the values d3's ticks() picks, for any axis from 0 and any tick count", () => {
    fc.assert(fc.property(fc.double({min: 1e-3, max: 1e7, noNaN: true}), fc.double({min: 0.5, max: 20, noNaN: true}), (end, count) => {
      const ours = linearTicks(0, end, count);
      const theirs = d3Ticks(0, end, count);
      expect(ours).toHaveLength(theirs.length);
      ours.forEach((tick, index) => expect(tick).toBeCloseTo(theirs[index]!, 9));
    }));
  });

  it("prints decimal steps without float noise", () => {
    expect(linearTicks(0, 0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(linearTicks(0, 40, 470 / 80)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40]);
  });

  it("gives the start alone for an empty axis", () => {
    expect(linearTicks(0, 0, 5)).toEqual([0]);
    expect(linearTicks(3, 1, 5)).toEqual([3]);
  });
});
