import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {boxOffset, lineEndsNote, lineEndsOf, withLineEnds} from "../../lib/message/line-ends.js";

/** What a textarea's value does to line ends (HTML: CRLF and a lone CR become LF). */
const inABox = (text: string) => text.replace(/\r\n?/g, "\n");

describe("a request's line ends against a text box", () => {
  it("names the line ends", () => {
    expect(lineEndsOf('{"a":1}\n')).toBe("lf");
    expect(lineEndsOf('{\r\n"a":1\r\n}')).toBe("crlf");
    expect(lineEndsOf('{\r"a":1\n}')).toBe("mixed");
    expect(lineEndsOf('{\r\n"a":1\n}')).toBe("mixed");
  });

  it("gives back a CRLF request exactly from what the box holds, through an edit", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((line) => !/[\r\n]/.test(line)),
          {minLength: 2}
        ),
        (lines) => {
          const text = lines.join("\r\n");
          expect(withLineEnds(inABox(text), lineEndsOf(text))).toBe(text);
          expect(withLineEnds(`${inABox(text)}\nx`, "crlf")).toBe(`${text}\r\nx`);
        }
      )
    );
  });

  it("maps an offset of the request to the same character in the box", () => {
    fc.assert(
      fc.property(fc.string({unit: fc.constantFrom("a", "\r", "\n", "\r\n", "é")}), (text) => {
        const box = inABox(text);
        for (let offset = 0; offset <= text.length; offset++) {
          if (text[offset - 1] === "\r" && text[offset] === "\n") continue; // between CR and LF: no box position
          expect(box.slice(boxOffset(text, offset))).toBe(inABox(text.slice(offset)));
        }
      })
    );
  });

  it("says why the box differs, and nothing for LF", () => {
    expect(lineEndsNote("a\nb", "lf")).toBeNull();
    expect(lineEndsNote("a\r\nb", "crlf")).toMatch(/CRLF/);
    expect(lineEndsNote("a\rb\rc", "mixed")).toMatch(/2 carriage returns/);
  });
});
