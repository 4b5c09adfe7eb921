/** The cells a reader keeps per lesson, read back from storage through a schema. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  CELL_CODE_MAX_CHARS,
  KEPT_CELLS_MAX,
  keptCellsKey,
  readKeptCells,
  writeKeptCells
} from "../../lib/notebook/index.js";

const stored = (items: unknown[]) => JSON.stringify(items);

describe("readKeptCells", () => {
  it("reads nothing kept as no cells, so the starters are shown without a word", () => {
    expect(readKeptCells(null)).toEqual({cells: null, dropped: null});
  });

  it("reads an empty list as no cells kept (the reader removed them all)", () => {
    expect(readKeptCells("[]")).toEqual({cells: [], dropped: null});
  });

  it.each<[string, string, RegExp]>([
    ["not JSON", "{cells: [", /not JSON, so the starter cells are shown/],
    ["an object", '{"code": "1 + 1"}', /not a list, so the starter cells are shown/],
    ["a string", '"1 + 1"', /not a list/],
    ["null", "null", /not a list/]
  ])("shows the starters when the stored text is %s, and says so", (_, text, dropped) => {
    const reading = readKeptCells(text);
    expect(reading.cells).toBeNull();
    expect(reading.dropped).toMatch(dropped);
  });

  it("keeps the cells that fit and counts the rest without quoting them", () => {
    const secret = "<img src=x onerror=alert(1)>";
    const reading = readKeptCells(
      stored([
        {code: "1 + 1"},
        {code: 42},
        secret,
        {code: "x".repeat(CELL_CODE_MAX_CHARS + 1)},
        {cell: secret},
        null,
        {code: "2 * 2", extra: true}
      ])
    );
    expect(reading.cells).toEqual(["1 + 1", "2 * 2"]);
    expect(reading.dropped).toBe(
      `left out: 5 kept cells were not a cell (code of at most ${CELL_CODE_MAX_CHARS} characters)`
    );
    expect(reading.dropped).not.toContain(secret);
    expect(reading.dropped).not.toContain("xxx");
  });

  it("says 'was' for one cell left out", () => {
    expect(readKeptCells(stored([{code: "a"}, {code: null}])).dropped).toBe(
      `left out: 1 kept cell was not a cell (code of at most ${CELL_CODE_MAX_CHARS} characters)`
    );
  });

  it(`keeps the first ${KEPT_CELLS_MAX} cells and counts the ones past them`, () => {
    const codes = Array.from({length: KEPT_CELLS_MAX + 3}, (_, i) => `cell ${i}`);
    expect(readKeptCells(stored(codes.map((code) => ({code}))))).toEqual({
      cells: codes.slice(0, KEPT_CELLS_MAX),
      dropped: `left out: 3 past the first ${KEPT_CELLS_MAX}`
    });
    const withBad = readKeptCells(stored([...codes.map((code) => ({code})), 7]));
    expect(withBad.cells).toEqual(codes.slice(0, KEPT_CELLS_MAX));
    expect(withBad.dropped).toBe(
      `left out: 1 kept cell was not a cell (code of at most ${CELL_CODE_MAX_CHARS} characters); 3 past the first ${KEPT_CELLS_MAX}`
    );
  });

  it("keeps a cell exactly at the length limit", () => {
    const code = "x".repeat(CELL_CODE_MAX_CHARS);
    expect(readKeptCells(stored([{code}]))).toEqual({cells: [code], dropped: null});
  });
});

describe("writeKeptCells", () => {
  it("reads back what it wrote, at most the first cells it keeps", () => {
    fc.assert(
      fc.property(fc.array(fc.string({unit: "binary", maxLength: 100}), {maxLength: KEPT_CELLS_MAX + 5}), (cells) => {
        expect(readKeptCells(writeKeptCells(cells))).toEqual({
          cells: cells.slice(0, KEPT_CELLS_MAX),
          dropped: null
        });
      }),
      {numRuns: 300}
    );
  });

  it("keys each lesson's cells apart", () => {
    expect(keptCellsKey("delivery")).toBe("a2a-workbench:cells:delivery");
    expect(keptCellsKey("storm")).not.toBe(keptCellsKey("delivery"));
  });
});
