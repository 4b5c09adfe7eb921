import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {fromVisible, hasUnseen, shownValue, toVisible} from "../../lib/text/visible-text.js";

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
    fc.assert(
      fc.property(fc.string({unit: "binary"}), fc.boolean(), (text, keepNewline) => {
        const visible = toVisible(text, {keep: keepNewline ? "\n" : ""});
        expect(fromVisible(visible)).toBe(text);
        expect(hasUnseen(visible, keepNewline ? "\n" : "")).toBe(false);
      }),
      {numRuns: 500}
    );
  });

  it("shortens for a notice without splitting a surrogate pair", () => {
    expect(shownValue("x".repeat(79) + "😀", 80)).toBe("x".repeat(79) + "…");
    expect(shownValue("a".repeat(100), 80)).toBe("a".repeat(80) + "…");
    expect(shownValue("3\u200B")).toBe("3⟨U+200B⟩");
  });
});
