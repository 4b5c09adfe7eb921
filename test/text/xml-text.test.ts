// @vitest-environment jsdom
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {xmlSafeText} from "../../lib/text/xml-text.js";

describe("text an XML file can hold", () => {
  it("writes characters XML 1.0 refuses as tokens and leaves the rest", () => {
    expect(xmlSafeText("hook\u0001 \u0000 \uFFFE\uD800")).toBe("hook⟨U+0001⟩ ⟨U+0000⟩ ⟨U+FFFE⟩⟨U+D800⟩");
    expect(xmlSafeText("tab\tnl\ncr\r 😀 ⟨")).toBe("tab\tnl\ncr\r 😀 ⟨");
  });

  it("always gives text an XML parser accepts", () => {
    const parser = new DOMParser();
    fc.assert(
      fc.property(fc.string({unit: "binary"}), (text) => {
        const escaped = xmlSafeText(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");
        const document = parser.parseFromString(`<t>${escaped}</t>`, "application/xml");
        expect(document.querySelector("parsererror")).toBeNull();
      }),
      {numRuns: 300}
    );
  });
});
