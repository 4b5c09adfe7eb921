/**
 * The hand-drawn charts lay out their rows as Plot's band scale does: d3's scaleBand with the
 * same padding inside and outside, centred and rounded, which is what bandLayout must equal.
 */
import {scaleBand} from "d3-scale";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {bandLayout} from "../../src/components/svg-axis.js";

describe("bandLayout", () => {
  it("puts every band where d3's rounded scaleBand puts it, with its size", () => {
    fc.assert(fc.property(
      fc.integer({min: 1, max: 40}), fc.integer({min: 0, max: 300}), fc.integer({min: 20, max: 2000}), fc.double({min: 0, max: 0.9, noNaN: true}),
      (count, start, length, padding) => {
        const domain = Array.from({length: count}, (_, index) => String(index));
        const reference = scaleBand().domain(domain).range([start, start + length]).padding(padding).round(true);
        const {bandHeight, rowTop} = bandLayout(count, start, start + length, padding);
        expect(bandHeight).toBe(reference.bandwidth());
        expect(domain.map((_, index) => rowTop(index))).toEqual(domain.map((key) => reference(key)));
      }
    ), {numRuns: 500});
  });
});
