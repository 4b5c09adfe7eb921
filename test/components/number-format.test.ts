/** The pages' number format agrees with toLocaleString("en-US") (which it replaces, see number-format.ts) over the lessons' range. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {formatNumber} from "../../src/components/number-format.js";

describe("formatNumber", () => {
  it("prints what toLocaleString(\"en-US\") prints, for any number up to 10^15", () => {
    fc.assert(fc.property(fc.oneof(fc.integer({min: -1e15, max: 1e15}), fc.double({min: -1e9, max: 1e9, noNaN: true})), (value) => {
      expect(formatNumber(value)).toBe(value.toLocaleString("en-US"));
    }), {numRuns: 2000});
  });

  it("prints the lessons' usual figures", () => {
    expect([0, 5, 1234, 1234.5, 100000, 0.1, 1e-7].map(formatNumber)).toEqual(["0", "5", "1,234", "1,234.5", "100,000", "0.1", "0"]);
  });
});
