import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {
  BASE64_LENIENT,
  BASE64_STRICT,
  decodeBase64,
  encodeBase64,
  type Base64Departure
} from "../../lib/shared/base64.js";

const decodeCanonicalBase64 = (text: string) => decodeBase64(text, BASE64_STRICT);

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
    const chars = fc.constantFrom(
      ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".split(""),
      "A",
      "Q",
      "g",
      "w",
      "=",
      " ",
      "\n",
      "-",
      "_"
    );
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

/**
 * The oracle for the bytes is Node's Buffer, which reads either alphabet, with or without padding,
 * and ignores pad bits; the oracle for what each reader accepts is RFC 4648's grammar written as
 * a regular expression, and for the pad bits Buffer's canonical re-encoding.
 */
const STANDARD = "[A-Za-z0-9+/]";
const URL_SAFE = "[A-Za-z0-9_-]";
const grammar = (alphabet: string, padded: boolean) =>
  new RegExp(
    padded
      ? `^(?:${alphabet}{4})*(?:${alphabet}{2}==|${alphabet}{3}=)?$`
      : `^(?:${alphabet}{4})*(?:${alphabet}{2}|${alphabet}{3})?$`
  );
const spelledIn = (text: string, alphabet: string, padding: "padded" | "unpadded" | "either") =>
  (padding !== "unpadded" && grammar(alphabet, true).test(text)) ||
  (padding !== "padded" && grammar(alphabet, false).test(text));
/** Whether the text's bits past its last whole byte are zero: Buffer re-encodes it to the same text, up to alphabet and padding. */
const zeroPadBits = (text: string) => {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  return Buffer.from(standard, "base64").toString("base64").replace(/=+$/, "") === standard;
};
const nodeBytes = (text: string) => [...Buffer.from(text, "base64")];

const tricky = fc.constantFrom(
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_".split(""),
  "A",
  "Q",
  "g",
  "w",
  "=",
  "=",
  "+",
  "-",
  " ",
  "\n",
  "é"
);
const trickyText = fc.string({unit: tricky, maxLength: 16});
/** Every spelling of some bytes a lenient reader accepts: either alphabet, padded or not. */
const spellings = (bytes: Uint8Array) => {
  const canonical = Buffer.from(bytes).toString("base64");
  const urlSafe = Buffer.from(bytes).toString("base64url");
  return [canonical, canonical.replace(/=+$/, ""), urlSafe, urlSafe + "=".repeat(canonical.length - urlSafe.length)];
};

describe("one decoder, each reader naming the departures it reads", () => {
  test("lenient (ProtoJSON bytes): accepts either alphabet, padded or not, exactly as RFC 4648's grammar says, and reads Node's bytes", () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const decoded = decodeBase64(text, BASE64_LENIENT);
        expect(decoded.ok, text).toBe(spelledIn(text, STANDARD, "either") || spelledIn(text, URL_SAFE, "either"));
        if (decoded.ok) expect([...decoded.bytes]).toEqual(nodeBytes(text));
      }),
      {numRuns: 5000}
    );
  });

  test("lenient: the departures are exactly how the text differs from the canonical spelling", () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const decoded = decodeBase64(text, BASE64_LENIENT);
        if (!decoded.ok) return;
        const expected: Base64Departure[] = [];
        if (/[-_]/.test(text)) expected.push("url-safe");
        if (!text.endsWith("=") && text.length % 4 !== 0) expected.push("unpadded");
        if (!zeroPadBits(text)) expected.push("pad-bits");
        expect(decoded.departures, text).toEqual(expected);
        expect(decoded.departures.length === 0).toBe(Buffer.from(decoded.bytes).toString("base64") === text);
      }),
      {numRuns: 5000}
    );
  });

  test("every spelling of any bytes: lenient reads each as the bytes, strict only the canonical one", () => {
    fc.assert(
      fc.property(fc.uint8Array({maxLength: 40}), (bytes) => {
        const [canonical, ...others] = spellings(bytes);
        for (const text of [canonical!, ...others]) {
          const decoded = decodeBase64(text, BASE64_LENIENT);
          expect(decoded.ok && [...decoded.bytes], text).toEqual([...bytes]);
        }
        expect(decodeBase64(canonical!, BASE64_STRICT).ok).toBe(true);
        for (const text of others.filter((other) => other !== canonical))
          expect(decodeBase64(text, BASE64_STRICT).ok, text).toBe(false);
      }),
      {numRuns: 1000}
    );
  });

  test("pad bits read, nothing else (Standard Webhooks keys and signatures): standard padded base64 as atob reads it", () => {
    // The pattern lib/webhook-auth/bytes.ts held before the decoders became one, with atob reading the bytes.
    const pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    fc.assert(
      fc.property(trickyText, (text) => {
        const decoded = decodeBase64(text, ["pad-bits"]);
        expect(decoded.ok, text).toBe(pattern.test(text));
        if (decoded.ok) {
          expect([...decoded.bytes]).toEqual(nodeBytes(text));
          expect([...decoded.bytes]).toEqual([...atob(text)].map((char) => char.charCodeAt(0)));
        }
      }),
      {numRuns: 5000}
    );
  });

  test("URL-safe and unpadded read, pad bits not (message links): an unpadded base64url text has one spelling", () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const decoded = decodeBase64(text, ["url-safe", "unpadded"]);
        const spelled = spelledIn(text, URL_SAFE, "either") || spelledIn(text, STANDARD, "either");
        expect(decoded.ok, text).toBe(spelled && zeroPadBits(text));
        if (/^[A-Za-z0-9_-]*$/.test(text))
          expect(decoded.ok, text).toBe(
            text.length % 4 !== 1 && Buffer.from(text, "base64url").toString("base64url") === text
          );
        if (decoded.ok) expect([...decoded.bytes]).toEqual(nodeBytes(text));
      }),
      {numRuns: 5000}
    );
  });

  test("any reader's failure points at a character of the text and cites RFC 4648", () => {
    const readers: readonly (readonly Base64Departure[])[] = [
      BASE64_STRICT,
      BASE64_LENIENT,
      ["pad-bits"],
      ["url-safe", "unpadded"]
    ];
    fc.assert(
      fc.property(trickyText, fc.constantFrom(...readers), (text, reads) => {
        const decoded = decodeBase64(text, reads);
        if (decoded.ok) return;
        expect(decoded.index).toBeGreaterThanOrEqual(0);
        expect(decoded.index).toBeLessThan(Math.max(1, text.length));
        expect(decoded.rule).toMatch(/^RFC 4648 section/);
        expect(decoded.message).not.toBe("");
      }),
      {numRuns: 3000}
    );
  });

  test.each([
    ["aGk=", true, ""],
    ["aGk", true, ""],
    ["-_8=", true, ""],
    ["+/8", true, ""],
    ["aG k=", false, "whitespace"],
    ["a", false, "length"],
    ["aGk==", false, "length"],
    ["aGVsbG8=x", false, "padding"],
    ["+_8=", false, "mixed-alphabets"],
    ["_+8=", false, "mixed-alphabets"]
  ])("lenient %j → ok %s %s", (text, ok, problem) => {
    const decoded = decodeBase64(text, BASE64_LENIENT);
    expect(decoded.ok).toBe(ok);
    if (!decoded.ok) expect(decoded.problem).toBe(problem);
  });

  test("a failure names the character it is about", () => {
    expect(decodeBase64("+_8=", BASE64_LENIENT)).toMatchObject({ok: false, index: 1});
    expect(decodeBase64("aGVsbG9=", BASE64_STRICT)).toMatchObject({ok: false, problem: "pad-bits", index: 6});
    expect(decodeBase64("aGVsbG9=", BASE64_LENIENT)).toMatchObject({ok: true, departures: ["pad-bits"]});
    expect(decodeBase64("aGV-bG8", BASE64_LENIENT)).toMatchObject({ok: true, departures: ["url-safe", "unpadded"]});
  });
});
