import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {decodeCanonicalBase64, encodeBase64} from "../../lib/message/base64.js";

describe("canonical padded Base64 (RFC 4648 section 4)", () => {
  test("round-trips any bytes, and agrees with Node's encoder", () => {
    fc.assert(
      fc.property(fc.uint8Array({maxLength: 64}), (bytes) => {
        const encoded = encodeBase64(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString("base64"));
        const decoded = decodeCanonicalBase64(encoded);
        expect(decoded.ok && [...decoded.bytes]).toEqual([...bytes]);
      }),
      {numRuns: 1000}
    );
  });

  test("accepts a string exactly when it is the canonical encoding of what it decodes to", () => {
    // Node's decoder is lenient (it ignores bad pad bits, missing padding, whitespace); canonical means
    // re-encoding gives back the same text.
    const chars = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".split(""), "A", "Q", "g", "w", "=", " ", "\n", "-", "_");
    fc.assert(
      fc.property(fc.string({unit: chars, maxLength: 16}), (text) => {
        const canonical = /^[A-Za-z0-9+/=]*$/.test(text) && Buffer.from(text, "base64").toString("base64") === text;
        expect(decodeCanonicalBase64(text).ok).toBe(canonical);
      }),
      {numRuns: 5000}
    );
  });

  test.each([
    ["aGVsbG8=", true, ""],
    ["", true, ""],
    ["aGVsbG9=", false, "pad-bits"],
    ["aGVsbA==", true, ""],
    ["aGVsbB==", false, "pad-bits"],
    ["aGVsbG8", false, "length"],
    ["aGVs bG8=", false, "whitespace"],
    ["aGVs\nbG8=", false, "whitespace"],
    ["aGV-bG8=", false, "base64url"],
    ["aGV_bG8=", false, "base64url"],
    ["aG=sbG8=", false, "padding"],
    ["aGVsb===", false, "padding"],
    ["====", false, "padding"],
    ["aGVsbG8é", false, "alphabet"]
  ])("%j → ok %s %s", (text, ok, problem) => {
    const result = decodeCanonicalBase64(text);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.problem).toBe(problem);
      expect(result.rule).toMatch(/RFC 4648 section/);
    }
  });

  test("what a lenient decoder (atob) reads from a non-canonical string", () => {
    expect(atob("aGVsbG9=")).toBe("hello");
    expect(decodeCanonicalBase64("aGVsbG9=").ok).toBe(false);
  });

  test("decodes a megabyte without trouble", () => {
    const bytes = new Uint8Array(750_000).map((_, k) => (k * 31) & 255);
    const result = decodeCanonicalBase64(encodeBase64(bytes));
    expect(result.ok && result.bytes.length).toBe(750_000);
  });
});
