/**
 * The pages' number format (d3-format's ",.3~f") agrees with toLocaleString("en-US"), which it
 * replaces, over the lessons' range, but for one case: a negative value that rounds to 0 prints
 * "0", not "-0" (d3-format's README: "If a negative value rounds to zero after formatting, and no
 * explicit positive sign is requested, hide the sign").
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {formatNumber} from "../../src/components/format/number-format.js";

describe("formatNumber", () => {
  it('prints what toLocaleString("en-US") prints, for any number up to 10^15', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({min: -1e15, max: 1e15}), fc.double({min: -1e9, max: 1e9, noNaN: true})),
        (value) => {
          const locale = value.toLocaleString("en-US");
          expect(formatNumber(value)).toBe(locale === "-0" ? "0" : locale);
        }
      ),
      {numRuns: 2000}
    );
  });

  it("hides the sign of a value that rounds to 0, and keeps an ASCII minus", () => {
    expect([-0, -0.0004, -0.0005, -1234.5].map(formatNumber)).toEqual(["0", "0", "-0.001", "-1,234.5"]);
  });

  it("prints the lessons' usual figures", () => {
    expect([0, 5, 1234, 1234.5, 100000, 0.1, 1e-7].map(formatNumber)).toEqual([
      "0",
      "5",
      "1,234",
      "1,234.5",
      "100,000",
      "0.1",
      "0"
    ]);
  });
});
