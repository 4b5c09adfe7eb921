import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {decimalOf, isIntegerLexeme, isSafeIntegerLexeme, jsonParseReading, sameNumber} from "../../lib/message/json-number.js";

describe("numbers read from their lexeme", () => {
  test.each([
    ["0", true],
    ["-0", true],
    ["1.0", true],
    ["1.000", true],
    ["1e3", true],
    ["1E+3", true],
    ["1.5e1", true],
    ["15e-1", false],
    ["1.5", false],
    ["0.1", false],
    ["100e-2", true],
    ["101e-2", false],
    ["12345678901234567890.5", false], // JSON.parse makes this an integer-valued double
    ["1e400", true], // JSON.parse makes this Infinity
    ["1e-400", false],
    ["0e-999999999999999999999", true],
    ["5e-324", false]
  ])("draft-07 integer: %s → %s", (lexeme, integer) => {
    expect(isIntegerLexeme(lexeme)).toBe(integer);
  });

  test("agrees with Number.isInteger wherever a double holds the value exactly", () => {
    fc.assert(
      fc.property(fc.double({noNaN: true, noDefaultInfinity: true}), (x) => {
        expect(isIntegerLexeme(JSON.stringify(x))).toBe(Number.isInteger(x));
      }),
      {numRuns: 2000}
    );
  });

  test("equality is by mathematical value", () => {
    expect(sameNumber("1", "1.0")).toBe(true);
    expect(sameNumber("1", "1e0")).toBe(true);
    expect(sameNumber("100", "1e2")).toBe(true);
    expect(sameNumber("-0", "0")).toBe(true);
    expect(sameNumber("0.10", "1e-1")).toBe(true);
    expect(sameNumber("9007199254740993", "9007199254740992")).toBe(false);
    expect(sameNumber("1e400", "1e401")).toBe(false);
    expect(sameNumber("-1", "1")).toBe(false);
  });

  test("a long run of inner zeros is read in one pass (a trailing-zero regex retried from every zero was quadratic)", () => {
    const zeros = "0".repeat(300_000);
    expect(decimalOf(`1${zeros}1`)).toEqual({negative: false, digits: `1${zeros}1`, exponent: 0n});
    expect(decimalOf(`-1${zeros}1${zeros}`)).toEqual({negative: true, digits: `1${zeros}1`, exponent: 300_000n});
    expect(sameNumber(`1${zeros}1`, `1${zeros}1.${zeros}`)).toBe(true);
  });

  test("safe integers stop at 2^53 - 1; huge exponents are answered without computing them", () => {
    expect(isSafeIntegerLexeme("9007199254740991")).toBe(true);
    expect(isSafeIntegerLexeme("9007199254740992")).toBe(false);
    expect(isSafeIntegerLexeme("-9007199254740991")).toBe(true);
    expect(isSafeIntegerLexeme("1e15")).toBe(true);
    expect(isSafeIntegerLexeme("1e999999999999")).toBe(false);
    expect(isSafeIntegerLexeme("1.5")).toBe(false);
  });

  test("shows what JSON.parse would read", () => {
    expect(jsonParseReading("9007199254740993")).toBe("9007199254740992");
    expect(jsonParseReading("1e400")).toBe("null");
  });
});
