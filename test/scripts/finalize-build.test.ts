import {mkdtempSync, mkdirSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {findBrokenLinks, findProblems, repairTemplate} from "../../scripts/finalize-build.js";

describe("build guard", () => {
  it("adds the page language and a zoomable viewport", () => {
    const html = repairTemplate(
      `<!DOCTYPE html>\n<html>\n<head>\n<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">`
    );
    expect(html).toContain(`<html lang="en">`);
    expect(html).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
    expect(repairTemplate(`<html lang="fr">`)).toBe(`<html lang="fr">`);
  });

  it("names the sidebar toggle and moves the close control out of the list", () => {
    const html = repairTemplate(
      `<input id="observablehq-sidebar-toggle" type="checkbox" title="Toggle sidebar">\n<nav id="observablehq-sidebar">\n  <ol>\n    <label id="observablehq-sidebar-close" for="observablehq-sidebar-toggle"></label>\n    <li>x</li>`
    );
    expect(html).toContain(
      `<input id="observablehq-sidebar-toggle" aria-label="Toggle sidebar" type="checkbox" title="Toggle sidebar">`
    );
    expect(html).toMatch(/<label id="observablehq-sidebar-close"[^>]*><\/label>\n {2}<ol>\s*<li>x<\/li>/);
  });

  it("fails on an error Framework rendered into the page", () => {
    const html = `<div class="observablehq--inspect observablehq--error">SyntaxError: non-local import: ../lib/x.js (1:0)</div>`;
    expect(findProblems("index.html", html)).toEqual([
      {file: "index.html", problem: "rendered error: SyntaxError: non-local import: ../lib/x.js (1:0)"}
    ]);
  });

  it("fails on anything loaded from another origin, but not on links a reader follows", () => {
    const html = `<link rel="stylesheet" href="https://fonts.googleapis.com/css2"><script src="//cdn.example/x.js"></script><a href="https://a2a-protocol.org/">spec</a>`;
    expect(
      findProblems("index.html", html)
        .map((p) => p.problem)
        .sort()
    ).toEqual([
      "loads from another origin: //cdn.example/x.js",
      "loads from another origin: https://fonts.googleapis.com/css2"
    ]);
    expect(findProblems("a.js", `import {x} from "https://cdn.jsdelivr.net/npm/d3/+esm";`)).toHaveLength(1);
    expect(findProblems("a.js", `import {x} from "./local.js";`)).toEqual([]);
  });

  it("fails on a link to a page that was not built", () => {
    const dist = mkdtempSync(join(tmpdir(), "dist-"));
    mkdirSync(join(dist, "lessons"));
    writeFileSync(join(dist, "push-delivery.html"), "");
    writeFileSync(join(dist, "lessons", "index.html"), "");
    const html = `<a href="./push-delivery">ok</a><a href="./lessons/">ok</a><a href="./missing#x">bad</a><a href="#top">ok</a><a href="https://x.example">ok</a>`;
    expect(findBrokenLinks(dist, "index.html", html)).toEqual([
      {file: "index.html", problem: "broken link: ./missing#x"}
    ]);
  });
});
