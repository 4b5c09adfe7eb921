/** A reader's cell as an async function body: the last expression is what the cell shows. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {CELL_CODE_MAX_CHARS, cellProgram} from "../../lib/notebook/index.js";

type AsyncBody = new (body: string) => () => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as AsyncBody;

/** What the cell's program returns when run, as the frame runs it. */
async function cellValue(code: string): Promise<unknown> {
  const program = cellProgram(code);
  if (!program.ok) throw new Error(`refused: ${program.message}`);
  return new AsyncFunction(program.body)();
}

describe("cellProgram returns the cell's last expression", () => {
  it.each<[string, string, unknown]>([
    ["a lone expression", "1 + 1", 2],
    ["statements before it", "const x = 2;\nx * 3", 6],
    ["a trailing semicolon", "const x = 2;\nx * 3;", 6],
    ["a trailing semicolon and blanks", "const x = 2;\nx * 3;  \n\n", 6],
    ["a trailing comment line", "const x = 4;\nx + 1\n// that was the answer", 5],
    ["a trailing block comment", "const x = 4;\nx + 1\n/* done */", 5],
    ["an expression ending in a line comment", "const x = 7;\nx // note", 7],
    ["an awaited promise", "await Promise.resolve(5)", 5],
    ["a string", '"a" + "b"', "ab"],
    ["an object in parentheses", "({a: 1})", {a: 1}],
    ["the last of several expressions", "1;\n2;\n3", 3]
  ])("%s", async (_, code, value) => {
    expect(await cellValue(code)).toEqual(value);
  });

  it.each<[string, string]>([
    ["a declaration last", "let a = 1"],
    ["a function declaration last", "1 + 1;\nfunction f() { return 2; }"],
    ["an object literal written as a block", "{a: 1}"],
    ["an empty cell", ""],
    ["only a comment", "// nothing yet"]
  ])("returns undefined for %s", async (_, code) => {
    expect(await cellValue(code)).toBeUndefined();
  });

  it("returns the expression alone on its lines, so no comment can swallow the closing parenthesis", () => {
    expect(cellProgram("const x = 2;\nx * 3; // six")).toEqual({
      ok: true,
      body: "const x = 2;\nreturn (\nx * 3\n); // six"
    });
  });

  it("leaves a cell with no final expression as it was written", () => {
    expect(cellProgram("let a = 1")).toEqual({ok: true, body: "let a = 1"});
  });

  it("returns any integer literal it is given", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (n) => {
        expect(await cellValue(`${n}`)).toBe(n);
      }),
      {numRuns: 200}
    );
  });
});

describe("cellProgram refuses what a cell cannot be", () => {
  it.each(['import * as x from "d3";\nx', 'const a = 1;\nimport {b} from "./b.js"', 'import "side-effect";'])(
    "refuses an import: %j",
    (code) => {
      const program = cellProgram(code);
      expect(program.ok).toBe(false);
      if (!program.ok) expect(program.message).toMatch(/cannot import/);
    }
  );

  it("refuses code over the limit, naming its length and the limit", () => {
    const program = cellProgram("1".repeat(CELL_CODE_MAX_CHARS + 1));
    expect(program.ok).toBe(false);
    if (!program.ok) {
      expect(program.message).toContain(`${CELL_CODE_MAX_CHARS + 1} characters`);
      expect(program.message).toContain(`at most ${CELL_CODE_MAX_CHARS}`);
    }
  });

  it("accepts code exactly at the limit", () => {
    expect(cellProgram(" ".repeat(CELL_CODE_MAX_CHARS - 1) + "1").ok).toBe(true);
  });
});
