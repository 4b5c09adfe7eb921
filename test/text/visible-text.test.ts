import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {fromVisible, hasUnseen, shownValue, toVisible} from "../../lib/text/visible-text.js";
import {xmlSafeText} from "../../lib/text/xml-text.js";

describe("text a reader can see", () => {
  it("writes unseen characters as tokens and leaves printing ones alone", () => {
    expect(toVisible("3\u200B")).toBe("3⟨U+200B⟩");
    expect(toVisible("a\u202Eb\u00A0c\td\u0000\uFEFF")).toBe("a⟨U+202E⟩b⟨U+00A0⟩c⟨U+0009⟩d⟨U+0000⟩⟨U+FEFF⟩");
    expect(toVisible("https://receiver.example/hook\n")).toBe("https://receiver.example/hook⟨U+000A⟩");
    expect(toVisible("héllo 😀 שלום")).toBe("héllo 😀 שלום");
  });

  it("writes a lone surrogate as a token and keeps a pair", () => {
    expect(toVisible("a\uD83Db")).toBe("a⟨U+D83D⟩b");
    expect(toVisible("\uDE00")).toBe("⟨U+DE00⟩");
    expect(toVisible("\uD83D\uDE00")).toBe("😀");
  });

  it("keeps what the place can hold, and marks edge spaces only when asked", () => {
    expect(toVisible("a\nb\r\n", {keep: "\n"})).toBe("a\nb⟨U+000D⟩\n");
    expect(toVisible(" 3 ")).toBe(" 3 ");
    expect(toVisible(" 3  ", {edges: true})).toBe("⟨U+0020⟩3⟨U+0020⟩⟨U+0020⟩");
  });

  it("reads back exactly what it wrote, whatever the text (a literal token included)", () => {
    expect(fromVisible(toVisible("⟨U+0041⟩"))).toBe("⟨U+0041⟩");
    fc.assert(fc.property(fc.string({unit: "binary"}), fc.boolean(), (text, keepNewline) => {
      const visible = toVisible(text, {keep: keepNewline ? "\n" : ""});
      expect(fromVisible(visible)).toBe(text);
      expect(hasUnseen(visible, keepNewline ? "\n" : "")).toBe(false);
    }), {numRuns: 500});
  });

  it("shortens for a notice without splitting a surrogate pair", () => {
    expect(shownValue("x".repeat(79) + "😀", 80)).toBe("x".repeat(79) + "…");
    expect(shownValue("a".repeat(100), 80)).toBe("a".repeat(80) + "…");
    expect(shownValue("3\u200B")).toBe("3⟨U+200B⟩");
  });
});

describe("text an XML file can hold", () => {
  it("writes characters XML 1.0 refuses as tokens and leaves the rest", () => {
    expect(xmlSafeText("hook\u0001 \u0000 \uFFFE\uD800")).toBe("hook⟨U+0001⟩ ⟨U+0000⟩ ⟨U+FFFE⟩⟨U+D800⟩");
    expect(xmlSafeText("tab\tnl\ncr\r 😀 ⟨")).toBe("tab\tnl\ncr\r 😀 ⟨");
  });

  it("always gives text an XML parser accepts", async () => {
    const {JSDOM} = await import("jsdom");
    const parser = new new JSDOM("").window.DOMParser();
    fc.assert(fc.property(fc.string({unit: "binary"}), (text) => {
      const escaped = xmlSafeText(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");
      const document = parser.parseFromString(`<t>${escaped}</t>`, "application/xml");
      expect(document.querySelector("parsererror")).toBeNull();
    }), {numRuns: 300});
  });
});
