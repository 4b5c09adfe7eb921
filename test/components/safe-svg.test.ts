// @vitest-environment jsdom
/** A cell's exported chart keeps its drawing and loses what would run or load when the file is opened. */
import {describe, expect, it} from "vitest";
import {safeSvg} from "../../src/components/notebook/safe-svg.js";

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

describe("safeSvg", () => {
  it("keeps the drawing", () => {
    const kept = safeSvg(
      `<svg ${NS} width="10" height="10"><rect width="5" height="5" fill="red"/><text x="1">a &lt;b&gt;</text></svg>`
    );
    expect(kept).toContain("<rect");
    expect(kept).toContain("a &lt;b&gt;");
  });

  it("drops scripts, foreign HTML, handlers and outside links", () => {
    const cleaned = safeSvg(
      `<svg ${NS} onload="alert(1)"><script>alert(2)</script><foreignObject><div>x</div></foreignObject>` +
        `<a href="https://evil.example/"><rect onclick="alert(3)" width="1" height="1"/></a>` +
        `<image xlink:href="https://evil.example/i.png"/><use href="#mark"/><image href="data:image/png;base64,AAAA"/></svg>`
    );
    for (const gone of ["alert", "script", "foreignObject", "evil.example", "onload", "onclick"])
      expect(cleaned, gone).not.toContain(gone);
    expect(cleaned).toContain('href="#mark"');
    expect(cleaned).toContain("data:image/png;base64,AAAA");
  });

  it("refuses what is not SVG", () => {
    expect(() => safeSvg("<html><body>x</body></html>")).toThrow(/not well-formed SVG/);
    expect(() => safeSvg("<svg")).toThrow(/not well-formed SVG/);
  });
});
