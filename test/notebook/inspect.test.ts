/** A cell's value as text: what a console would print, bounded whatever the value. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {inspectValue} from "../../lib/notebook/index.js";

describe("inspectValue", () => {
  it.each<[string, unknown, string]>([
    ["a number", 42, "42"],
    ["negative zero as JavaScript prints it", -0, "0"],
    ["NaN", Number.NaN, "NaN"],
    ["a boolean", true, "true"],
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a bigint", 12345678901234567890n, "12345678901234567890n"],
    ["a named function", function area() {}, "ƒ area()"],
    [
      "an anonymous function",
      (
        () => () =>
          1
      )(),
      "ƒ (anonymous)()"
    ],
    ["a symbol", Symbol("tag"), "Symbol(tag)"],
    ["a date", new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), "2024-01-02T03:04:05.000Z"],
    ["an invalid date", new Date(Number.NaN), "Invalid Date"],
    ["an error", new RangeError("too far"), "RangeError: too far"]
  ])("shows %s", (_, value, shown) => {
    expect(inspectValue(value)).toBe(shown);
  });

  it("shows a string as it is at the top, and quoted inside a value", () => {
    expect(inspectValue('say "hi"')).toBe('say "hi"');
    expect(inspectValue(['say "hi"'])).toBe('Array(1) ["say \\"hi\\""]');
    expect(inspectValue({name: "a\nb"})).toBe('{name: "a\\nb"}');
  });

  it("shows short objects and arrays on one line", () => {
    expect(inspectValue({a: 1, b: [1, 2], c: {d: null}})).toBe("{a: 1, b: Array(2) [1, 2], c: {d: null}}");
    expect(inspectValue([])).toBe("Array(0) []");
    expect(inspectValue({})).toBe("{}");
  });

  it("puts a long list one item per line, indented by depth", () => {
    const words = Array.from({length: 8}, (_, i) => `word number ${i}`);
    expect(inspectValue({words})).toBe(
      ["{", "  words: Array(8) [", ...words.map((word, i) => `    "${word}"${i < 7 ? "," : ""}`), "  ]", "}"].join("\n")
    );
  });

  it("marks a value met again inside itself as circular", () => {
    const node: Record<string, unknown> = {name: "loop"};
    node.self = node;
    expect(inspectValue(node)).toBe('{name: "loop", self: [circular]}');
    const list: unknown[] = [1];
    list.push(list);
    expect(inspectValue(list)).toBe("Array(2) [1, [circular]]");
  });

  it("shows a value met twice side by side in full both times (it is not circular)", () => {
    const shared = {x: 1};
    expect(inspectValue([shared, shared])).toBe("Array(2) [{x: 1}, {x: 1}]");
  });

  it("stops at depth 3", () => {
    expect(inspectValue({a: {b: {c: {d: 1}}}})).toBe("{a: {b: {c: {…}}}}");
    expect(inspectValue([[[[1, 2, 3]]]])).toBe("Array(1) [Array(1) [Array(1) [Array(3)]]]");
  });

  it("shows the first 50 items of a long array and counts the rest", () => {
    const shown = inspectValue(Array.from({length: 120}, (_, i) => i));
    expect(shown.startsWith("Array(120) [")).toBe(true);
    expect(shown).toContain("\n  49,\n");
    expect(shown).not.toContain(" 50,");
    expect(shown).toContain("… 70 more");
  });

  it("shows the first 50 keys of a wide object and counts the rest", () => {
    const wide = Object.fromEntries(Array.from({length: 60}, (_, i) => [`k${i}`, i]));
    const shown = inspectValue(wide);
    expect(shown).toContain("k49: 49");
    expect(shown).not.toContain("k50");
    expect(shown).toContain("… 10 more");
  });

  it("clips a long string and names its length", () => {
    const long = "x".repeat(5_000);
    expect(inspectValue(long)).toBe(`${"x".repeat(2_000)}… (5000 characters)`);
    expect(inspectValue("y".repeat(2_000))).toBe("y".repeat(2_000));
    expect(inspectValue([long])).toBe(`Array(1) [\n  "${"x".repeat(2_000)}… (5000 characters)"\n]`);
  });

  // The bound is generous, not tight. inspectValue's own worst case is 50 items a level over three
  // shown levels (50^3 leaves), each a string clipped to 2,000 characters that JSON may escape to 6
  // each: far past any fixed bound, so the bound is checked against fast-check's values, which hold
  // a few items a level and short strings and print in a few thousand characters. One million leaves
  // room for any of them while an uncut list, a missed clip or an exponential walk would cross it.
  const BOUND = 1_000_000;

  it("never throws and stays bounded on anything fast-check makes", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true
        }),
        (value) => {
          const shown = inspectValue(value);
          expect(typeof shown).toBe("string");
          expect(shown.length).toBeLessThanOrEqual(BOUND);
        }
      ),
      {numRuns: 500}
    );
  });

  it("stays bounded on a value built to be as large as it can show", () => {
    const leaf = "\u0001".repeat(10_000);
    const level = <T>(item: T) => Array.from({length: 1_000}, () => item);
    const shown = inspectValue(level(level(leaf)));
    // 50 × 50 leaves, each clipped to 2,000 characters escaped to 6 each.
    expect(shown.length).toBeLessThan(50 * 50 * (2_000 * 6 + 100) + 10_000);
    expect(shown).toContain("… 950 more");
  });
});

describe("collections", () => {
  it("shows a Map's entries and a Set's values, as d3.rollup's maps are read", () => {
    expect(
      inspectValue(
        new Map([
          ["a", 1],
          ["b", 2]
        ])
      )
    ).toBe('Map(2) {"a" => 1, "b" => 2}');
    expect(inspectValue(new Set([1, 2, 3]))).toBe("Set(3) {1, 2, 3}");
    expect(inspectValue(new Map(Array.from({length: 60}, (_, index) => [index, index])))).toContain("… 10 more");
  });
});
