import {describe, expect, test} from "vitest";
import {
  MAX_MESSAGE_NESTING_DEPTH as MAX_NESTING_DEPTH,
  MAX_MESSAGE_REQUEST_BYTES as MAX_REQUEST_BYTES,
  runMessageTransaction
} from "../../lib/message/index.js";
import {encodeBase64} from "../../lib/shared/base64.js";
import {utf8ByteLength} from "../../lib/message/request-size.js";
import {message, sendText, textPart} from "./requests.js";
import {expectWellFormed} from "./transaction-invariants.js";

function run(text: string) {
  const transaction = runMessageTransaction(text);
  expectWellFormed(text, transaction);
  return transaction;
}

/** A valid request padded with a text part to exactly `bytes` bytes of UTF-8. */
function requestOfSize(bytes: number): string {
  const shell = sendText(1, {message: message([textPart("")])});
  return shell.replace('"text":""', `"text":"${"a".repeat(bytes - utf8ByteLength(shell))}"`);
}

describe("bad input: every text up to 1 MiB gets a verdict", () => {
  test("a request of exactly 1 MiB is processed, read to its last character", () => {
    // How fast is a figure in bench/message.ts (MEGABYTE_TEXT_CASE), never an assertion here.
    const text = requestOfSize(MAX_REQUEST_BYTES);
    expect(utf8ByteLength(text)).toBe(MAX_REQUEST_BYTES);
    const transaction = run(text);
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    expect(transaction.byteLength).toBe(MAX_REQUEST_BYTES);
    const padding = MAX_REQUEST_BYTES - utf8ByteLength(sendText(1, {message: message([textPart("")])}));
    expect(transaction.requests[0]!.parts[0]).toMatchObject({kind: "text", length: padding});
    expect(transaction.client.perRequest[0]!.verdict).toBe("confirmed-result");
  });

  test("one byte more is refused with a specific finding, not parsed", () => {
    const transaction = run(requestOfSize(MAX_REQUEST_BYTES + 1));
    expect(transaction.shape).toBe("unreadable");
    expect(transaction.findings).toEqual([expect.objectContaining({code: "parse.too-large", span: null, stage: 1})]);
    expect(JSON.parse(transaction.responseText!)).toMatchObject({
      id: null,
      error: {code: -32000, data: {limit: MAX_REQUEST_BYTES, received: MAX_REQUEST_BYTES + 1}}
    });
  });

  test("the limit counts UTF-8 bytes, not characters", () => {
    const shell = sendText(1, {message: message([textPart("")])});
    const n = Math.ceil((MAX_REQUEST_BYTES - shell.length) / 3) + 1; // "€" is 3 bytes in UTF-8
    const text = shell.replace('"text":""', `"text":"${"€".repeat(n)}"`);
    expect(text.length).toBeLessThan(MAX_REQUEST_BYTES);
    expect(run(text).findings[0]!.code).toBe("parse.too-large");
  });

  test("a 1 MiB inline file is decoded", () => {
    const shell = sendText(1, {
      message: message([{kind: "file", file: {mimeType: "application/octet-stream", bytes: ""}}])
    });
    const size = Math.floor((MAX_REQUEST_BYTES - shell.length) / 4) * 3;
    const bytes = new Uint8Array(size).map((_, k) => k & 255);
    const transaction = run(shell.replace('"bytes":""', `"bytes":"${encodeBase64(bytes)}"`));
    expect(transaction.requests[0]!.parts[0]).toMatchObject({source: "bytes", byteLength: size, status: "decoded"});
  });

  test.each([
    ["[", 1_000_000],
    ['{"a":', 200_000],
    ['[{"x":', 150_000]
  ])("nesting %j × %i: the depth limit, no stack overflow", (unit, count) => {
    const transaction = run(unit.repeat(count));
    expect(transaction.findings[0]).toMatchObject({code: "parse.too-deep", stage: 1});
    expect(transaction.findings[0]!.rule).toContain(String(MAX_NESTING_DEPTH));
    expect(JSON.parse(transaction.responseText!).error.code).toBe(-32700);
  });

  test("deep but allowed nesting inside metadata and data is fine", () => {
    const deep = "[".repeat(MAX_NESTING_DEPTH - 10) + "]".repeat(MAX_NESTING_DEPTH - 10);
    const text = sendText(1, {message: message([{kind: "data", data: {x: 0}}])}).replace('{"x":0}', `{"x":${deep}}`);
    expect(run(text).requests[0]!.stoppedAt).toBeNull();
  });

  test("huge numbers: a 500 kB id is echoed exactly, and a 1e999999999 historyLength is an integer", () => {
    const digits = "7".repeat(500_000);
    const transaction = run(sendText(1).replace('"id":1', `"id":${digits}`));
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    expect(transaction.responseText!.includes(`"id":${digits},`)).toBe(true);
    const history = run(
      sendText(1, {message: message(), configuration: {historyLength: 5}}).replace(
        '"historyLength":5',
        '"historyLength":1e999999999'
      )
    );
    expect(history.requests[0]!.stoppedAt).toBeNull();
    const fraction = run(
      sendText(1, {message: message(), configuration: {historyLength: 5}}).replace(
        '"historyLength":5',
        `"historyLength":1${"0".repeat(400)}.5`
      )
    );
    expect(fraction.requests[0]!.stoppedAt).toBe(4);
  });

  test("huge strings: a 1 MB run of escapes in a text part", () => {
    const text = sendText(1, {message: message([textPart("x")])}).replace(
      '"text":"x"',
      `"text":"${"\\n".repeat(500_000)}"`
    );
    const transaction = run(text);
    expect(transaction.requests[0]!.parts[0]).toMatchObject({kind: "text", length: 500_000});
  });

  test("lone surrogates in the raw text are a parse error at their exact position", () => {
    const text = sendText(1, {message: message([textPart("ab")])}).replace('"text":"ab"', '"text":"a\ud83db"');
    const transaction = run(text);
    expect(transaction.findings[0]).toMatchObject({code: "parse.lone-surrogate"});
    expect(transaction.findings[0]!.span!.from).toBe(text.indexOf("\ud83d"));
  });

  test("many escaped lone surrogates: listed up to a cap, counted beyond it, part rejected", () => {
    const text = sendText(1, {message: message([textPart("x")])}).replace(
      '"text":"x"',
      `"text":"${"\\udc00".repeat(50_000)}"`
    );
    const transaction = run(text);
    expect(transaction.requests[0]!.stoppedAt).toBe(5);
    expect(transaction.findings.filter((f) => f.code === "parse.lone-surrogate-escape").at(-1)!.message).toContain(
      "more unpaired surrogate escapes"
    );
  });

  test.each([
    ["\u0000", "control-character"],
    ["\u0007", "control-character"],
    ["\n", "control-character"],
    ["\u001f", "control-character"]
  ])("a raw control character %j in a string is a parse error pointing at it", (char, kind) => {
    const text = sendText(1).replace('"m-1"', `"m${char}1"`);
    const transaction = run(text);
    expect(transaction.findings[0]!.code).toBe(`parse.${kind}`);
    expect(transaction.findings[0]!.span!.from).toBe(text.indexOf(char, text.indexOf('"m')));
  });

  test("control characters between tokens, NUL bytes and a byte order mark", () => {
    expect(run(`\u0000${sendText(1)}`).findings[0]!.code).toBe("parse.unexpected-character");
    expect(run(`${sendText(1)}\u0000`).findings[0]!.code).toBe("parse.trailing-text");
    const bom = run(`\ufeff${sendText(1)}`);
    expect(bom.requests[0]!.stoppedAt).toBeNull();
    expect(bom.findings[0]!.code).toBe("parse.byte-order-mark");
  });

  test("a 1,000-element batch runs; 1,001 is refused as a whole", () => {
    const one = sendText(undefined);
    expect(run(`[${Array(1000).fill(one).join(",")}]`).receipts).toHaveLength(1000);
    const refused = run(`[${Array(1001).fill(one).join(",")}]`);
    expect(refused.receipts).toHaveLength(0);
    expect(refused.findings.at(-1)!.code).toBe("batch.too-large");
  });

  test("non-string input from JavaScript callers still gets a verdict", () => {
    const transaction = runMessageTransaction(42 as unknown as string);
    expect(transaction.requests[0]!.stages[1]!.status).toBe("stop");
  });
});
