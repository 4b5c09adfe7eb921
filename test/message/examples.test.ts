import {readFileSync} from "node:fs";
import {describe, expect, test} from "vitest";
import {MESSAGE_EXAMPLES, parseExamplesFile} from "../../lib/message/examples.js";
import {runMessageTransaction} from "../../lib/message/index.js";
import {officialValidator} from "./official-schema.js";

const REQUIRED_MENU = [
  "valid-send",
  "parse-error",
  "wrong-jsonrpc",
  "unknown-method",
  "missing-kind",
  "empty-parts",
  "non-canonical-base64",
  "uri-non-reserved-host",
  "notification",
  "batch",
  "string-vs-number-id",
  "id-beyond-2-53"
];

describe("the examples menu (data/message/examples.json)", () => {
  test("is validated at load time and has every example the lesson needs", () => {
    expect(MESSAGE_EXAMPLES.map((e) => e.id)).toEqual(expect.arrayContaining(REQUIRED_MENU));
  });

  test("a malformed examples file is refused", () => {
    const good = JSON.parse(readFileSync(new URL("../../data/message/examples.json", import.meta.url), "utf8"));
    expect(() => parseExamplesFile(good)).not.toThrow();
    expect(() => parseExamplesFile({examples: [{...good.examples[0], id: "Not A Slug"}]})).toThrow();
    expect(() => parseExamplesFile({examples: [good.examples[0], good.examples[0]]})).toThrow();
    expect(() => parseExamplesFile({examples: [{...good.examples[0], expect: {...good.examples[0].expect, requests: []}}]})).toThrow();
  });

  for (const example of MESSAGE_EXAMPLES) {
    test(`${example.id}: ${example.title}`, () => {
      const transaction = runMessageTransaction(example.requestText);
      const {findingCodes, ...expected} = example.expect;
      expect({
        shape: transaction.shape,
        requests: transaction.requests.map((o) => ({stoppedAt: o.stoppedAt, code: o.error?.code ?? null, responds: o.responseText !== null})),
        receipts: transaction.receipts.length,
        responseSent: transaction.responseText !== null,
        clientConfirmed: transaction.client.confirmedSuccesses
      }).toEqual(expected);
      const codes = transaction.findings.map((f) => f.code);
      for (const code of findingCodes) expect(codes).toContain(code);
    });
  }

  test("the valid example exercises text, inline file, file by URI and data", () => {
    const transaction = runMessageTransaction(MESSAGE_EXAMPLES.find((e) => e.id === "valid-send")!.requestText);
    expect(transaction.requests[0]!.parts.map((p) => (p.kind === "file" ? `file:${p.source}` : p.kind))).toEqual(["text", "file:bytes", "file:uri", "data"]);
  });
});

describe("every response the receiver sends is a valid A2A v0.3.0 response", () => {
  // SendMessageResponse = JSONRPCErrorResponse | SendMessageSuccessResponse. The schema types a response id
  // as string, integer or null, so the echo of a fractional id (which JSON-RPC requires) is the one exception.
  const validResponse = officialValidator("SendMessageResponse");
  for (const example of MESSAGE_EXAMPLES) {
    test(example.id, () => {
      const {responseText} = runMessageTransaction(example.requestText);
      if (responseText === null) return;
      const parsed = JSON.parse(responseText);
      for (const response of Array.isArray(parsed) ? parsed : [parsed]) {
        if (typeof response.id === "number" && !Number.isInteger(response.id)) {
          expect(example.id).toBe("fractional-id");
          expect(validResponse({...response, id: 0})).toBe(true);
          expect(validResponse(response)).toBe(false);
        } else {
          expect(validResponse(response)).toBe(true);
        }
        expect(Object.keys(response).filter((k) => k === "result" || k === "error")).toHaveLength(1);
      }
    });
  }
});
