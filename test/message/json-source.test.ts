import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {MAX_NESTING_DEPTH, parseJson} from "../../lib/message/json-source.js";
import type {JsonNode} from "../../lib/shared/json-nodes.js";
import {createLocator} from "../../lib/message/source-span.js";

/** The plain value JSON.parse would build (numbers through Number, duplicates last-wins). */
function toPlain(node: JsonNode): unknown {
  switch (node.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const m of node.members)
        Object.defineProperty(out, m.name, {
          value: toPlain(m.value),
          enumerable: true,
          configurable: true,
          writable: true
        });
      return out;
    }
    case "array":
      return node.items.map(toPlain);
    case "number":
      return Number(node.lexeme);
    case "null":
      return null;
    default:
      return node.value;
  }
}

function parseError(text: string) {
  const result = parseJson(text);
  if (result.ok) throw new Error(`expected a parse error for ${JSON.stringify(text)}`);
  return result.error;
}

function jsonParseAccepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("position-preserving JSON parser", () => {
  test("reads the same values as JSON.parse for any JSON text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const result = parseJson(text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(toPlain(result.value)).toEqual(JSON.parse(text));
      }),
      {numRuns: 1000}
    );
  });

  test("accepts exactly what JSON.parse accepts, apart from three documented differences", () => {
    // Differences: lone surrogates in the raw text (RFC 8259 section 8.1: not UTF-8), a leading byte
    // order mark (section 8.1: may be ignored), and nesting deeper than MAX_NESTING_DEPTH (section 9).
    const alphabet = fc.constantFrom(
      ...'{}[]:,"\\ 0123456789.eE+-tfalsnru\n\t/bx'.split(""),
      "\ud800",
      "\udc00",
      "\ufeff",
      "\u0001",
      "\u001f",
      "\u007f",
      "\u00e9"
    );
    const texts = fc.oneof(
      fc.string({unit: alphabet, maxLength: 40}),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({unit: "binary", maxLength: 30})
    );
    fc.assert(
      fc.property(texts, (text) => {
        const hasLone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
        if (hasLone || text.startsWith("\ufeff")) return;
        expect(parseJson(text).ok).toBe(jsonParseAccepts(text));
      }),
      {numRuns: 3000}
    );
  });

  test("keeps number lexemes: integers beyond 2^53 are not rounded", () => {
    const result = parseJson('{"id": 9007199254740993, "big": 123456789012345678901234567890, "f": 1.50}');
    expect(result.ok).toBe(true);
    if (!result.ok || result.value.type !== "object") return;
    const lexemes = result.value.members.map((m) => (m.value.type === "number" ? m.value.lexeme : null));
    expect(lexemes).toEqual(["9007199254740993", "123456789012345678901234567890", "1.50"]);
    expect(String(JSON.parse("9007199254740993"))).toBe("9007199254740992"); // what the parser avoids
  });

  test('keeps 1 and "1" apart', () => {
    const result = parseJson('[1, "1"]');
    expect(result.ok && result.value.type === "array" && result.value.items.map((n) => n.type)).toEqual([
      "number",
      "string"
    ]);
  });

  test("records offsets of every value and member name", () => {
    const text = '{\n  "a": [true, null],\n  "b": "x"\n}';
    const result = parseJson(text);
    if (!result.ok || result.value.type !== "object") throw new Error("parse failed");
    const [a, b] = result.value.members;
    expect(text.slice(a!.nameFrom, a!.nameTo)).toBe('"a"');
    expect(text.slice(a!.value.from, a!.value.to)).toBe("[true, null]");
    expect(text.slice(b!.value.from, b!.value.to)).toBe('"x"');
    expect(createLocator(text).span(b!.value.from, b!.value.to)).toMatchObject({
      line: 3,
      column: 8,
      endLine: 3,
      endColumn: 11
    });
  });

  test("reports every duplicate member name, with both positions and the object's pointer", () => {
    const text = '{"a": {"x": 1, "x": 2, "x": 3}, "a": 0}';
    const result = parseJson(text);
    expect(result.ok).toBe(true);
    const duplicates = result.warnings.duplicates;
    expect(duplicates.map((d) => [d.objectPointer, d.name])).toEqual([
      ["/a", "x"],
      ["/a", "x"],
      ["", "a"]
    ]);
    expect(text.slice(duplicates[2]!.firstFrom, duplicates[2]!.firstTo)).toBe('"a"');
    expect(duplicates[2]!.repeatFrom).toBe(text.lastIndexOf('"a"'));
  });

  test.each([
    ['{"a": 1,}', "trailing-comma", 7],
    ["[1, 2,]", "trailing-comma", 5],
    ['{"a" 1}', "unexpected-character", 5],
    ["{'a': 1}", "bad-string", 1],
    ["{a: 1}", "unexpected-character", 1],
    ["01", "bad-number", 0],
    ["-", "bad-number", 0],
    ["1.", "bad-number", 0],
    ["1e", "bad-number", 0],
    [".5", "bad-number", 0],
    ["+1", "bad-number", 0],
    ["NaN", "bad-literal", 0],
    ["True", "bad-literal", 0],
    ['"abc', "bad-string", 0],
    ['"\\x"', "bad-escape", 1],
    ['"\\u12G4"', "bad-escape", 1],
    ['"a\nb"', "control-character", 2],
    ['"a\u0000b"', "control-character", 2],
    ['"a\u001fb"', "control-character", 2],
    ['"a\u007fb"', "", -1],
    ["[1] [2]", "trailing-text", 4],
    ["", "empty", 0],
    ["   ", "empty", 3],
    ["// comment\n1", "unexpected-character", 0],
    ["\u00a01", "unexpected-character", 0],
    ['"\ud800"', "lone-surrogate", 1],
    ['"\udc00x"', "lone-surrogate", 1],
    ["\ud800", "lone-surrogate", 0]
  ])("%j is rejected (%s) at offset %i", (text, kind, offset) => {
    if (offset < 0) {
      // U+007F (DEL) is not a control character for RFC 8259 section 7: it may appear raw.
      expect(parseJson(text).ok).toBe(true);
      return;
    }
    const error = parseError(text);
    expect(error.kind).toBe(kind);
    expect(error.from).toBe(offset);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.rule).toMatch(/^RFC 8259 section/);
  });

  test("accepts escaped lone surrogates (RFC 8259 section 8.2) but reports each one", () => {
    const text = '{"t": "a\\ud800b", "k": "\\udc00", "ok": "\\ud83d\\ude00"}';
    const result = parseJson(text);
    expect(result.ok).toBe(true);
    expect(result.warnings.loneSurrogateEscapes.map((w) => [w.pointer, w.codeUnit, text.slice(w.from, w.to)])).toEqual([
      ["/t", 0xd800, "\\ud800"],
      ["/k", 0xdc00, "\\udc00"]
    ]);
    if (result.ok && result.value.type === "object") {
      const ok = result.value.members[2]!.value;
      expect(ok.type === "string" && ok.value).toBe("😀");
      expect(ok.type === "string" && ok.hasLoneSurrogate).toBe(false);
    }
  });

  test("accepts raw surrogate pairs and ignores a byte order mark with a warning", () => {
    const result = parseJson('\ufeff["😀"]');
    expect(result.ok).toBe(true);
    expect(result.warnings.byteOrderMark).toBe(true);
  });

  test(`nesting is bounded at ${MAX_NESTING_DEPTH} levels, without recursion`, () => {
    expect(parseJson("[".repeat(MAX_NESTING_DEPTH) + "]".repeat(MAX_NESTING_DEPTH)).ok).toBe(true);
    const tooDeep = parseError("[".repeat(MAX_NESTING_DEPTH + 1) + "]".repeat(MAX_NESTING_DEPTH + 1));
    expect(tooDeep.kind).toBe("too-deep");
    expect(tooDeep.from).toBe(MAX_NESTING_DEPTH);
    // A million brackets: no stack overflow, the same specific error.
    expect(parseError("[".repeat(1_000_000)).kind).toBe("too-deep");
    expect(parseError('{"a":'.repeat(200_000)).kind).toBe("too-deep");
  });

  test("error positions become line and column for the editor", () => {
    const text = '{\n  "jsonrpc": "2.0",\n  "id": 1\n  "method": "x"\n}';
    const error = parseError(text);
    expect(createLocator(text).position(error.from)).toEqual({line: 4, column: 3});
  });

  test("counts \\r\\n and lone \\r as line breaks", () => {
    const locator = createLocator("a\r\nb\rc\nd");
    expect([0, 3, 5, 7].map((o) => locator.position(o))).toEqual([
      {line: 1, column: 1},
      {line: 2, column: 1},
      {line: 3, column: 1},
      {line: 4, column: 1}
    ]);
  });
});
