import {readFileSync} from "node:fs";
import {describe, expect, test} from "vitest";
import {MESSAGE_EXAMPLES, exampleVersion, messageExamplesFor, parseExamplesFile} from "../../lib/message/examples.js";
import {oracleVerdict} from "./proto-oracle.js";
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
    expect(() =>
      parseExamplesFile({examples: [{...good.examples[0], expect: {...good.examples[0].expect, requests: []}}]})
    ).toThrow();
  });

  test("1.0 has a valid example and one stopping at each stage", () => {
    const stops = messageExamplesFor("1.0").map((example) => example.expect.requests[0]!.stoppedAt);
    expect(new Set(stops)).toEqual(new Set([null, 1, 2, 3, 4, 5]));
  });

  for (const example of MESSAGE_EXAMPLES) {
    test(`${example.id}: ${example.title}`, () => {
      const transaction = runMessageTransaction(example.requestText, {version: exampleVersion(example)});
      const {findingCodes, ...expected} = example.expect;
      expect({
        shape: transaction.shape,
        requests: transaction.requests.map((o) => ({
          stoppedAt: o.stoppedAt,
          code: o.error?.code ?? null,
          responds: o.responseText !== null
        })),
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
    expect(transaction.requests[0]!.parts.map((p) => (p.kind === "file" ? `file:${p.source}` : p.kind))).toEqual([
      "text",
      "file:bytes",
      "file:uri",
      "data"
    ]);
  });
});

describe("every 1.0 result the receiver sends is a valid SendMessageResponse, as protobufjs reads the proto", () => {
  for (const example of messageExamplesFor("1.0")) {
    test(example.id, () => {
      const {responseText} = runMessageTransaction(example.requestText, {version: "1.0"});
      const response = JSON.parse(responseText!) as {result?: unknown; error?: {data: {"@type": string}[]}};
      if (response.result !== undefined)
        expect(oracleVerdict("SendMessageResponse", response.result)).toMatchObject({valid: true});
      else
        expect(
          response.error!.data.every((detail) => detail["@type"].startsWith("type.googleapis.com/google.rpc."))
        ).toBe(true);
    });
  }
});

describe("every response the receiver sends is a valid A2A v0.3.0 response", () => {
  // SendMessageResponse = JSONRPCErrorResponse | SendMessageSuccessResponse. The schema types a response id
  // as string, integer or null, so the echo of a fractional id (which JSON-RPC requires) is the one exception.
  const validResponse = officialValidator("SendMessageResponse");
  for (const example of messageExamplesFor("0.3")) {
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
