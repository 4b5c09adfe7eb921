import {describe, expect, test} from "vitest";
import {runMessageTransaction} from "../../lib/message/index.js";
import {decideClient} from "../../lib/message/client.js";
import {sendRequest, sendText} from "./requests.js";

describe("ids are kept exactly and correlation is strict (JSON-RPC 2.0 section 5)", () => {
  test("an id beyond 2^53 is echoed digit for digit", () => {
    const text = sendText(1).replace('"id":1', '"id":9007199254740993');
    const transaction = runMessageTransaction(text);
    expect(transaction.responseText).toContain('"id":9007199254740993,');
    expect(transaction.requests[0]!.id).toMatchObject({
      type: "number",
      lexeme: "9007199254740993",
      safeInJavaScript: false,
      jsonParseReading: "9007199254740992"
    });
    expect(transaction.client.perRequest[0]!.verdict).toBe("confirmed-result");
    // What plain JSON.parse would have done to the same response:
    expect(String(JSON.parse(transaction.responseText!).id)).toBe("9007199254740992");
  });

  test('1 and "1" are different ids: each response goes to its own request, and a loose client is warned', () => {
    const transaction = runMessageTransaction(JSON.stringify([sendRequest(1), sendRequest("1")]));
    const responses = JSON.parse(transaction.responseText!) as {id: unknown}[];
    expect(responses.map((r) => r.id)).toEqual([1, "1"]);
    expect(transaction.client.perRequest.map((d) => [d.verdict, d.responseIndex, d.looseMatches])).toEqual([
      ["confirmed-result", 0, 2],
      ["confirmed-result", 1, 2]
    ]);
  });

  test("string ids keep their escapes: the response writes the id as the request did", () => {
    const transaction = runMessageTransaction(sendText(1).replace('"id":1', '"id":"\\u0041"'));
    expect(transaction.responseText).toContain('"id":"\\u0041"');
    expect(JSON.parse(transaction.responseText!).id).toBe("A");
  });

  test("the client accepts a response only if its id matches in type and value", () => {
    const sent = [
      {
        requestIndex: null,
        id: {type: "number" as const, lexeme: "1", integer: true, safeInJavaScript: true, jsonParseReading: "1"},
        hasIdMember: true,
        notification: false
      }
    ];
    expect(decideClient(sent, '{"jsonrpc":"2.0","id":1,"result":{}}').perRequest[0]!.verdict).toBe("confirmed-result");
    expect(decideClient(sent, '{"jsonrpc":"2.0","id":1.0,"result":{}}').perRequest[0]!.verdict).toBe(
      "confirmed-result"
    );
    expect(decideClient(sent, '{"jsonrpc":"2.0","id":"1","result":{}}').perRequest[0]).toMatchObject({
      verdict: "unmatched",
      looseMatches: 1
    });
    expect(decideClient(sent, '{"jsonrpc":"2.0","id":2,"result":{}}').perRequest[0]!.verdict).toBe("unmatched");
    expect(
      decideClient(sent, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}').perRequest[0]!.verdict
    ).toBe("unmatched");
    expect(
      decideClient(sent, '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"x"}}').perRequest[0]
    ).toMatchObject({verdict: "confirmed-error", errorCode: -32602});
    expect(
      decideClient(sent, '[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":1,"result":{}}]').perRequest[0]!
        .verdict
    ).toBe("ambiguous");
    expect(decideClient(sent, null).perRequest[0]!.verdict).toBe("unmatched");
  });

  test("a request with id null cannot be confirmed: null is also the id of unattributable errors", () => {
    const transaction = runMessageTransaction(sendText(null));
    expect(JSON.parse(transaction.responseText!).id).toBeNull();
    expect(transaction.client.perRequest[0]!.verdict).toBe("ambiguous");
  });

  test("two requests with the same id in one batch: both handled, neither confirmable", () => {
    const transaction = runMessageTransaction(JSON.stringify([sendRequest(5), sendRequest(5)]));
    expect(transaction.receipts).toHaveLength(2);
    expect(transaction.client.perRequest.map((d) => d.verdict)).toEqual(["ambiguous", "ambiguous"]);
  });

  test("a parse error's response cannot be matched to anything", () => {
    const transaction = runMessageTransaction('{"jsonrpc": "2.0", "id": 1,');
    expect(transaction.client.perRequest).toEqual([]);
    expect(transaction.client.responses).toEqual([
      expect.objectContaining({
        id: {type: "null", lexeme: "null"},
        outcome: "error",
        errorCode: -32700,
        matchedRequests: []
      })
    ]);
  });
});

describe("notifications (JSON-RPC 2.0 section 4.1): receipts and client decision differ", () => {
  test("a valid notification runs the handler, gets no response, and the client confirms nothing", () => {
    const transaction = runMessageTransaction(sendText(undefined));
    expect(transaction.receipts).toHaveLength(1);
    expect(transaction.receipts[0]!.notification).toBe(true);
    expect(transaction.responseText).toBeNull();
    expect(transaction.client).toMatchObject({responseReceived: false, confirmedSuccesses: 0});
    expect(transaction.client.perRequest[0]!.verdict).toBe("unconfirmed-notification");
    expect(transaction.trace.at(-1)).toMatchObject({kind: "compare", title: "Receipts 1, client confirms 0"});
  });

  test("a notification that fails a later stage is not answered either", () => {
    for (const text of [
      JSON.stringify({jsonrpc: "2.0", method: "tasks/get", params: {}}),
      sendText(undefined, {message: {}}),
      sendText(undefined, {message: {kind: "message", messageId: "m", role: "user", parts: []}})
    ]) {
      const transaction = runMessageTransaction(text);
      expect(transaction.requests[0]!.stoppedAt).toBeGreaterThanOrEqual(3);
      expect(transaction.responseText).toBeNull();
      expect(transaction.receipts).toHaveLength(0);
    }
  });
});

describe("batches (JSON-RPC 2.0 section 6)", () => {
  test("each element goes through the stages; notifications get no entry", () => {
    const transaction = runMessageTransaction(
      JSON.stringify([
        sendRequest(1),
        sendRequest(undefined),
        {jsonrpc: "2.0", id: 3, method: "tasks/get", params: {}},
        42,
        sendRequest(5, {})
      ])
    );
    expect(transaction.shape).toBe("batch");
    expect(transaction.requests.map((o) => [o.requestIndex, o.stoppedAt, o.error?.code ?? null])).toEqual([
      [0, null, null],
      [1, null, null],
      [2, 3, -32601],
      [3, 2, -32600],
      [4, 4, -32602]
    ]);
    const responses = JSON.parse(transaction.responseText!) as {id: unknown}[];
    expect(responses.map((r) => r.id)).toEqual([1, 3, null, 5]);
    expect(transaction.receipts.map((r) => r.requestIndex)).toEqual([0, 1]);
    expect(transaction.findings.filter((f) => f.severity === "error").map((f) => f.pointer.split("/")[1])).toEqual([
      "2",
      "3",
      "4"
    ]);
    expect(transaction.specNotes.map((n) => n.id)).toContain("batch-body");
  });

  test("an empty array is one -32600 response, not an array", () => {
    const transaction = runMessageTransaction("[]");
    const response = JSON.parse(transaction.responseText!);
    expect(response).toMatchObject({id: null, error: {code: -32600}});
    expect(transaction.requests).toHaveLength(1);
  });

  test("[1, 2, 3] gets three -32600 responses (the JSON-RPC 2.0 example)", () => {
    const response = JSON.parse(runMessageTransaction("[1,2,3]").responseText!);
    expect(response).toHaveLength(3);
    expect(response.every((r: {id: unknown; error: {code: number}}) => r.id === null && r.error.code === -32600)).toBe(
      true
    );
  });

  test("a batch of only notifications gets no response at all", () => {
    const transaction = runMessageTransaction(JSON.stringify([sendRequest(undefined), sendRequest(undefined)]));
    expect(transaction.responseText).toBeNull();
    expect(transaction.receipts).toHaveLength(2);
    expect(transaction.client.confirmedSuccesses).toBe(0);
  });

  test("a batch of invalid notifications-to-be still gets answers: invalid requests are not notifications", () => {
    const transaction = runMessageTransaction('[{"jsonrpc": "1.0", "method": "message/send"}]');
    expect(JSON.parse(transaction.responseText!)).toEqual([expect.objectContaining({id: null})]);
    expect(transaction.client.perRequest[0]!.verdict).toBe("no-usable-id");
  });

  test("the trace walks the stages in order, one decision per stage reached per request", () => {
    const transaction = runMessageTransaction(JSON.stringify([sendRequest(1), 42]));
    const stages = transaction.trace.map((d) => d.atSeconds);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    expect(transaction.trace.filter((d) => d.requestIndex === 0 && d.kind !== "client").map((d) => d.stage)).toEqual([
      2, 3, 4, 5, 6
    ]);
    expect(
      transaction.trace.filter((d) => d.requestIndex === 1 && d.kind !== "client").map((d) => [d.stage, d.kind])
    ).toEqual([[2, "stop"]]);
  });
});
