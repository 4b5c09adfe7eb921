/** npm run typecheck checks the pages' cells: a type error in a cell fails it and names the page and line. */
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {cellModule, pageCells} from "../../scripts/page-cells.js";
import {typecheck} from "../../scripts/typecheck.js";

const PAGE = "src/push-delivery.md";

describe("the pages' cells", () => {
  it("are read with their lines, in dependency order, each value as a reader of it sees it", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a page with a Framework expression, as text
    const page = "# T\n\n```js\nconst b = a + 1;\n```\n\nSome ${b} prose.\n\n```js\nconst a = gen();\n```\n";
    const cells = pageCells(page);
    expect(cells.map(({line, lines, inline}) => [line, lines, inline])).toEqual([
      [4, 1, false],
      [7, 1, true],
      [10, 1, false]
    ]);
    // Neither a block Framework does not run nor an expression inside another fence is a cell.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a page with a shell variable, as text
    expect(pageCells("```js run=false\nconst x = 1;\n```\n\n```bash\necho ${HOME}\n```\n")).toEqual([]);
    const module = cellModule(cells);
    const lines = module.text.split("\n");
    const a = lines.findIndex((line) => line.startsWith("const a"));
    const b = lines.findIndex((line) => line.startsWith("const b"));
    expect(a).toBeLessThan(b);
    expect(lines[a]).toBe("const a = cellValue(gen());");
    expect([module.pageLine(a), module.pageLine(b), module.pageLine(0)]).toEqual([10, 4, null]);
  });

  it("type-check as they are, and a type error in a cell of lesson 1 fails, naming the page and the line", () => {
    const text = readFileSync(PAGE, "utf8");
    const call = "page.draw(runs, {...followed, playback}, selectedUpdate, {stageWidth, width});";
    expect(text).toContain(call);
    expect(typecheck({only: "cells"})).toEqual([]);
    const broken = text.replace(call, call.replace("selectedUpdate", '"the third update"'));
    const line = broken.split("\n").findIndex((one) => one.includes('"the third update"')) + 1;
    const errors = typecheck({pages: {[PAGE]: broken}, only: "cells"});
    expect(errors).toHaveLength(1);
    // Two values read from other cells, swapped at the same arity: caught only if a cell's value is typed as its readers see it.
    const runs = "const runs = page.runs(inputs, pinnedRun, pinned);";
    expect(text).toContain(runs);
    const swapped = typecheck({
      pages: {[PAGE]: text.replace(runs, runs.replace("inputs, pinnedRun, pinned", "pinned, pinnedRun, inputs"))},
      only: "cells"
    });
    expect(swapped.join("\n")).toMatch(
      /^src\/push-delivery\.md:\d+ \(a cell\) error TS2345: Argument of type '.*null' is not assignable/m
    );
    expect(errors[0]).toMatch(
      new RegExp(
        `^${PAGE}:${line} \\(a cell\\) error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'`
      )
    );
  });
});
