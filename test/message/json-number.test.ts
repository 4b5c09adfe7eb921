import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {
  decimalOf,
  isIntegerLexeme,
  isSafeIntegerLexeme,
  jsonParseReading,
  sameNumber
} from "../../lib/message/json-number.js";
import {parseJson} from "../../lib/message/json-source.js";
import {readRequestId, requestIdKey, sameRequestId, type RequestId} from "../../lib/message/request-id.js";

/**
 * The definitions before exponents were read as text: every exponent through BigInt.
 * Exact by construction and slow on a long exponent, so it is the reference here.
 */
const reference = {
  decimalOf(lexeme: string): {negative: boolean; digits: string; exponent: bigint} {
    const negative = lexeme.startsWith("-");
    const ePos = lexeme.search(/[eE]/);
    const mantissa = (ePos >= 0 ? lexeme.slice(0, ePos) : lexeme).replace(/^-/, "");
    const [intPart = "", fracPart = ""] = mantissa.split(".");
    const written = ePos >= 0 ? BigInt(lexeme.slice(ePos + 1).replace(/^\+/, "")) : 0n;
    const all = (intPart + fracPart).replace(/^0+/, "");
    const digits = all.replace(/0+$/, "");
    if (digits === "") return {negative: false, digits: "", exponent: 0n};
    return {negative, digits, exponent: written - BigInt(fracPart.length) + BigInt(all.length - digits.length)};
  },
  isInteger(lexeme: string): boolean {
    const value = reference.decimalOf(lexeme);
    return value.digits === "" || value.exponent >= 0n;
  },
  isSafeInteger(lexeme: string): boolean {
    const value = reference.decimalOf(lexeme);
    if (value.digits === "") return true;
    if (value.exponent < 0n || BigInt(value.digits.length) + value.exponent > 16n) return false;
    return BigInt(value.digits) * 10n ** value.exponent <= BigInt(Number.MAX_SAFE_INTEGER);
  },
  same(a: string, b: string): boolean {
    const x = reference.decimalOf(a);
    const y = reference.decimalOf(b);
    return x.negative === y.negative && x.digits === y.digits && x.exponent === y.exponent;
  }
};

const digitString = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), {minLength: min, maxLength: max}).map((d) => d.join(""));
/**
 * Exponent digits up to a few hundred long: random ones, and runs of 9s or 0s
 * across the 15 low digits, where adding the mantissa's shift carries or borrows.
 */
const exponentText = fc
  .tuple(
    fc.constantFrom("", "+", "-"),
    fc.constantFrom("", "0", "000"),
    fc.oneof(
      digitString(1, 300).filter((d) => d !== ""),
      fc
        .tuple(
          fc.integer({min: 1, max: 9}),
          digitString(0, 20),
          fc.constantFrom("0", "9"),
          fc.integer({min: 12, max: 40}),
          digitString(0, 2)
        )
        .map(([lead, head, run, length, tail]) => `${lead}${head}${run.repeat(length)}${tail}`)
    )
  )
  .map(([sign, zeros, digits]) => sign + zeros + digits);
/** RFC 8259 numbers with long exponents; fractions and trailing zeros give the mantissa a shift of up to ±40. */
const longExponentLexeme = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant("0"),
      fc
        .tuple(fc.integer({min: 1, max: 9}), digitString(0, 20), fc.constantFrom("", "0000000000"))
        .map(([a, b, c]) => `${a}${b}${c}`)
    ),
    fc.option(digitString(1, 20)),
    fc.option(exponentText)
  )
  .map(
    ([minus, int, frac, exp]) =>
      `${minus ? "-" : ""}${int}${frac === null ? "" : `.${frac}`}${exp === null ? "" : `e${exp}`}`
  );
/** The same value written another way: a digit moved across the point and the exponent adjusted, zeros added. */
const rewritten = (lexeme: string, offByOne: boolean): string => {
  const value = reference.decimalOf(lexeme);
  const digits = value.digits === "" ? "0" : value.digits;
  const exponent = value.exponent - BigInt(digits.length - 1) + (offByOne ? 1n : 0n);
  return `${value.negative ? "-" : ""}${digits[0]}.${digits.slice(1)}000e${exponent + BigInt(digits.length - 1)}`.replace(
    /e(\d)/,
    "E+$1"
  );
};

function idOf(lexeme: string): RequestId {
  const parsed = parseJson(lexeme);
  if (!parsed.ok) throw new Error(`not JSON: ${lexeme.slice(0, 40)}`);
  return readRequestId(parsed.value, lexeme)!;
}

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
    expect(decimalOf(`1${zeros}1`)).toEqual({negative: false, digits: `1${zeros}1`, exponent: "0"});
    expect(decimalOf(`-1${zeros}1${zeros}`)).toEqual({negative: true, digits: `1${zeros}1`, exponent: "300000"});
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

  test("exponents read as text agree with the BigInt definitions, exponents of up to 300 digits included", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        longExponentLexeme,
        fc.oneof(longExponentLexeme, fc.constant("same"), fc.constant("off by one")),
        (a, other) => {
          const b = other === "same" ? rewritten(a, false) : other === "off by one" ? rewritten(a, true) : other;
          const expected = reference.decimalOf(a);
          const value = decimalOf(a);
          expect(value).toEqual({...expected, exponent: String(expected.exponent)});
          expect(isIntegerLexeme(a)).toBe(reference.isInteger(a));
          expect(isSafeIntegerLexeme(a)).toBe(reference.isSafeInteger(a));
          expect(sameNumber(a, b)).toBe(reference.same(a, b));
          expect(sameRequestId(idOf(a), idOf(b))).toBe(reference.same(a, b));
          expect(requestIdKey(idOf(a)) === requestIdKey(idOf(b))).toBe(reference.same(a, b));
          // Which paths the run went through, checked below.
          const written = (a.split(/[eE]/)[1] ?? "0").replace(/^[+-]/, "");
          if (value.digits !== "" && BigInt(written) >= 10n ** 15n) {
            seen.add("long exponent");
            const high = (n: bigint) => (n < 0n ? -n : n) / 10n ** 15n;
            if (high(expected.exponent) > high(BigInt(written))) seen.add("carry");
            if (high(expected.exponent) < high(BigInt(written))) seen.add("borrow");
          }
          if (reference.same(a, b) && a !== b) seen.add("equal, written differently");
          if (!reference.same(a, b)) seen.add("different");
        }
      ),
      {numRuns: 3000}
    );
    expect([...seen].sort()).toEqual(["borrow", "carry", "different", "equal, written differently", "long exponent"]);
  });

  describe("a million-digit exponent gets the answers of its small-exponent equivalents", () => {
    const nines = "9".repeat(1_000_000);
    const ninesMinusOne = `${"9".repeat(999_999)}8`;
    const tenToTheMillion = `1${"0".repeat(1_000_000)}`;

    test.each([
      // [huge, small equivalent in integer / safe / JSON.parse reading]
      [`1e${nines}`, "1e400"],
      [`-1E+${nines}`, "-1e400"],
      [`${"7".repeat(500_000)}.${"3".repeat(100)}e${nines}`, "7.3e400"],
      [`1e-${nines}`, "1e-400"],
      [`-12.5e-${nines}`, "-12.5e-400"],
      [`0e${nines}`, "0"],
      [`-0.000e-${nines}`, "0"]
    ])("%#: integer, safe and JSON.parse reading as for %s", (huge, small) => {
      const {integer, safeInJavaScript, jsonParseReading: reading} = idOf(huge) as Extract<RequestId, {type: "number"}>;
      expect({integer, safeInJavaScript, reading}).toEqual({
        integer: isIntegerLexeme(small),
        safeInJavaScript: isSafeIntegerLexeme(small),
        reading: jsonParseReading(small)
      });
    });

    test.each([
      // Equal where the mathematics says so, like 10e399 and 1e400 ...
      [`10e${ninesMinusOne}`, `1e${nines}`, true, "10e399", "1e400"],
      [`1e${nines}`, `1.000e+${nines}`, true, "1e400", "1.000e+400"],
      [`100e-${tenToTheMillion}`, `1e-${"9".repeat(999_999)}8`, true, "100e-400", "1e-398"],
      [`0e${nines}`, `-0e-${nines}`, true, "0e400", "-0e-400"],
      [`0e${nines}`, "0", true, "0e400", "0"],
      [`1.5e${tenToTheMillion}`, `15e${nines}`, true, "1.5e400", "15e399"],
      // ... and different where it says so, like 1e399 and 1e400, however far past 2^53 or 10^308.
      [`1e${nines}`, `1e${ninesMinusOne}`, false, "1e400", "1e399"],
      [`1e${nines}`, `-1e${nines}`, false, "1e400", "-1e400"],
      [`1e${nines}`, `1e-${nines}`, false, "1e400", "1e-400"],
      [`1e${nines}`, `2e${nines}`, false, "1e400", "2e400"],
      [`1e${tenToTheMillion}`, `1e${nines}`, false, "1e400", "1e399"]
    ])("%#: same id as the other exactly when the small pair is", (a, b, equal, smallA, smallB) => {
      expect(sameRequestId(idOf(smallA), idOf(smallB))).toBe(equal);
      expect(sameNumber(a, b)).toBe(equal);
      expect(sameRequestId(idOf(a), idOf(b))).toBe(equal);
      expect(requestIdKey(idOf(a)) === requestIdKey(idOf(b))).toBe(equal);
    });

    test("the exponent is carried and borrowed exactly across its low digits", () => {
      expect(decimalOf(`1000e${nines}`)).toEqual({negative: false, digits: "1", exponent: `1${"0".repeat(999_999)}2`});
      expect(decimalOf(`1.5e${tenToTheMillion}`)).toEqual({negative: false, digits: "15", exponent: nines});
      expect(decimalOf(`-100e-${tenToTheMillion}`)).toEqual({
        negative: true,
        digits: "1",
        exponent: `-${"9".repeat(999_998)}98`
      });
      expect(decimalOf(`1.25e-${nines}`)).toEqual({
        negative: false,
        digits: "125",
        exponent: `-1${"0".repeat(999_999)}1`
      });
    });
  });
});
