/** A cell shared as a link's `cell` parameter: read back exactly, or refused in words that name the parameter. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {CELL_CODE_MAX_CHARS, readSharedCell, sharedCellSearch} from "../../lib/notebook/index.js";

/** Code a link can carry: any well-formed text (a lone surrogate has no UTF-8 form), up to a cell's length. */
const linkCode = fc
  .oneof(
    fc.string({unit: "binary-ascii", maxLength: 200}),
    fc.string({unit: "grapheme", maxLength: 200}),
    fc.string({unit: fc.constantFrom("&", "=", "+", "%", "#", "?", " ", "\n", "\r", "é", "😀"), maxLength: 50}),
    fc.string({minLength: CELL_CODE_MAX_CHARS - 10, maxLength: CELL_CODE_MAX_CHARS})
  )
  .filter((code) => code.length <= CELL_CODE_MAX_CHARS && code.trim() !== "");

describe("readSharedCell", () => {
  it("reads no cell from an address without one", () => {
    expect(readSharedCell("")).toEqual({kind: "none"});
    expect(readSharedCell("?a=1&step=2")).toEqual({kind: "none"});
  });

  it("reads the cell a link carries", () => {
    expect(readSharedCell("?a=1&cell=1%20%2B%201")).toEqual({kind: "cell", code: "1 + 1"});
    expect(readSharedCell("cell=x")).toEqual({kind: "cell", code: "x"});
  });

  it("reads back any code it wrote into an address, the other parameters aside", () => {
    fc.assert(
      fc.property(linkCode, (code) => {
        expect(readSharedCell(sharedCellSearch("?a=1", code))).toEqual({kind: "cell", code});
      }),
      {numRuns: 300}
    );
  });

  it("accepts a cell exactly at the limit", () => {
    const code = "x".repeat(CELL_CODE_MAX_CHARS);
    expect(readSharedCell(sharedCellSearch("", code))).toEqual({kind: "cell", code});
  });

  it.each<[string, string, string, RegExp]>([
    ["given twice", "?cell=first&cell=second", "first", /^given 2 times; a link shares one cell/],
    ["empty", "?cell=", "", /^empty;/],
    ["blank", "?cell=%20%20%20", "⟨U+0020⟩⟨U+0020⟩⟨U+0020⟩", /^empty;/],
    ["only a line break", "?cell=%0A", "⟨U+000A⟩", /^empty;/],
    [
      "too long",
      `?cell=${"y".repeat(CELL_CODE_MAX_CHARS + 1)}`,
      `${"y".repeat(60)}…`,
      new RegExp(`^${CELL_CODE_MAX_CHARS + 1} characters long; a shared cell holds at most ${CELL_CODE_MAX_CHARS}$`)
    ]
  ])("refuses a cell %s, naming the parameter, a shortened value and the problem", (_, search, value, problem) => {
    const reading = readSharedCell(search);
    expect(reading).toEqual({kind: "refused", parameter: "cell", value, problem: expect.stringMatching(problem)});
  });

  it("shows a refused value shortened, with characters that print nothing made visible", () => {
    const reading = readSharedCell(`?cell=${encodeURIComponent("\u202E".repeat(CELL_CODE_MAX_CHARS + 1))}`);
    expect(reading.kind).toBe("refused");
    if (reading.kind === "refused") {
      expect(reading.value).toBe(`${"⟨U+202E⟩".repeat(60)}…`);
      expect(reading.value).not.toContain("\u202E");
    }
  });
});

describe("sharedCellSearch", () => {
  it("keeps the other parameters and replaces the cell", () => {
    expect(sharedCellSearch("?a=1&step=3", "2 * 2")).toBe("?a=1&step=3&cell=2+*+2");
    expect(sharedCellSearch("?a=1&cell=old&b=2", "new")).toBe("?a=1&cell=new&b=2");
    expect(sharedCellSearch("?cell=one&cell=two", "three")).toBe("?cell=three");
    expect(sharedCellSearch("", "x")).toBe("?cell=x");
  });

  it("keeps every other parameter, whatever the cell", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({minLength: 1, maxLength: 8}).filter((key) => key !== "cell"),
          fc.string({maxLength: 8})
        ),
        linkCode,
        (others, code) => {
          const search = sharedCellSearch(`?${new URLSearchParams(others)}`, code);
          const read = new URLSearchParams(search);
          for (const [key, value] of Object.entries(others)) expect(read.get(key)).toBe(value);
          expect(read.getAll("cell")).toEqual([code]);
        }
      ),
      {numRuns: 200}
    );
  });
});
