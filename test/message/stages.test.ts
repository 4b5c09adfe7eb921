import {describe, expect, test} from "vitest";
import {
  runMessageTransaction,
  type MessageFinding as Finding,
  type MessageTransaction
} from "../../lib/message/index.js";
import {A2A_REQUEST_METHODS} from "../../lib/message/spec.js";
import {message, sendRequest, sendText, textPart, withPart} from "./requests.js";

function single(text: string) {
  const transaction = runMessageTransaction(text);
  expect(transaction.requests).toHaveLength(1);
  return {transaction, outcome: transaction.requests[0]!};
}

function errors(transaction: MessageTransaction): Finding[] {
  return transaction.findings.filter((f) => f.severity === "error");
}

function responseOf(transaction: MessageTransaction): {
  id: unknown;
  error?: {code: number; message: string; data?: unknown};
  result?: unknown;
} {
  return JSON.parse(transaction.responseText!);
}

describe("stage 1: parse", () => {
  test("a syntax error is -32700 with id null, pointing at the exact position", () => {
    const text = '{"jsonrpc": "2.0", "id": 7, "method": "message/send" "params": {}}';
    const {transaction, outcome} = single(text);
    expect(outcome.stoppedAt).toBe(1);
    const response = responseOf(transaction);
    expect(response.id).toBeNull();
    expect(response.error?.code).toBe(-32700);
    const [finding] = errors(transaction);
    expect(finding!.span).toMatchObject({
      from: text.indexOf('"params"'),
      line: 1,
      column: text.indexOf('"params"') + 1
    });
    expect(response.error?.data).toMatchObject({
      line: 1,
      column: text.indexOf('"params"') + 1,
      offset: text.indexOf('"params"')
    });
  });

  test("a parse error inside a batch gets one -32700 response, not an array (JSON-RPC 2.0 section 6)", () => {
    const {transaction} = single(`[${sendText(1)}, {"jsonrpc": "2.0", "method"]`);
    expect(transaction.shape).toBe("unreadable");
    expect(Array.isArray(JSON.parse(transaction.responseText!))).toBe(false);
    expect(responseOf(transaction).error?.code).toBe(-32700);
  });

  test("duplicate member names are reported with both positions", () => {
    const text =
      '{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {"kind": "message", "messageId": "a", "messageId": "b", "role": "user", "parts": [{"kind": "text", "text": "x"}]}}}';
    const {transaction} = single(text);
    const duplicate = transaction.findings.find((f) => f.code === "parse.duplicate-name")!;
    expect(duplicate.stage).toBe(1);
    expect(duplicate.pointer).toBe("/params/message/messageId");
    expect(duplicate.span!.from).toBe(text.lastIndexOf('"messageId"'));
  });
});

describe("stage 2: envelope (JSON-RPC 2.0 section 4)", () => {
  test.each([
    ['{"jsonrpc": "1.0", "id": 1, "method": "message/send"}', "/jsonrpc", 1],
    ['{"jsonrpc": 2.0, "id": 1, "method": "message/send"}', "/jsonrpc", 1],
    ['{"id": 1, "method": "message/send"}', "", 1],
    ['{"jsonrpc": "2.0", "id": 1, "method": 5}', "/method", 1],
    ['{"jsonrpc": "2.0", "id": 1}', "", 1],
    ['{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": "x"}', "/params", 1],
    ['{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": null}', "/params", 1],
    ['{"jsonrpc": "2.0", "id": {"a": 1}, "method": "message/send"}', "/id", null],
    ['{"jsonrpc": "2.0", "id": true, "method": "message/send"}', "/id", null],
    ['{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "message/send"}', "/id", null],
    ['{"jsonrpc": "2.0", "jsonrpc": "2.0", "id": 1, "method": "message/send"}', "/jsonrpc", 1],
    ['"just a string"', "", null],
    ["[[1]]", "/0", null]
  ])("%s → -32600 naming %s; response id %s", (text, pointer, id) => {
    const {transaction, outcome} = single(text);
    expect(outcome.stoppedAt).toBe(2);
    expect(errors(transaction).map((f) => f.pointer)).toContain(pointer);
    const response = JSON.parse(transaction.responseText!);
    const entry = Array.isArray(response) ? response[0] : response;
    expect(entry.error.code).toBe(-32600);
    expect(entry.id).toBe(id);
  });

  test("an invalid request without id is still answered, with id null (JSON-RPC 2.0 section 5)", () => {
    const {transaction, outcome} = single('{"jsonrpc": "2.0", "method": 1, "params": "bar"}');
    expect(outcome.notification).toBe(false);
    expect(responseOf(transaction)).toMatchObject({id: null, error: {code: -32600}});
  });

  test("params may be an array for JSON-RPC, and then fails MessageSendParams at stage 4", () => {
    const {outcome} = single('{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": []}');
    expect(outcome.stages[1]!.status).toBe("pass");
    expect(outcome.stoppedAt).toBe(4);
  });

  test("members JSON-RPC does not define are noted, not rejected", () => {
    const {transaction, outcome} = single(JSON.stringify({...sendRequest(1), trace: "abc"}));
    expect(outcome.stoppedAt).toBeNull();
    expect(transaction.findings.find((f) => f.code === "envelope.unknown-member")).toMatchObject({
      severity: "note",
      pointer: "/trace"
    });
  });
});

describe("stage 3: method", () => {
  test("only message/send is dispatched; every other A2A v0.3.0 method is -32601 and named as real", () => {
    expect(A2A_REQUEST_METHODS.map((m) => m.method)).toEqual([
      "message/send",
      "message/stream",
      "tasks/get",
      "tasks/cancel",
      "tasks/pushNotificationConfig/set",
      "tasks/pushNotificationConfig/get",
      "tasks/resubscribe",
      "tasks/pushNotificationConfig/list",
      "tasks/pushNotificationConfig/delete",
      "agent/getAuthenticatedExtendedCard"
    ]);
    for (const {method} of A2A_REQUEST_METHODS.filter((m) => m.method !== "message/send")) {
      const {transaction, outcome} = single(JSON.stringify({jsonrpc: "2.0", id: 1, method, params: {}}));
      expect(outcome.stoppedAt).toBe(3);
      expect(responseOf(transaction).error).toMatchObject({code: -32601, data: {a2aMethod: true}});
      expect(errors(transaction)[0]!.message).toContain("real A2A v0.3.0 method");
    }
  });

  test.each([
    ["message/echo", "not an A2A v0.3.0 method"],
    ["Message/Send", "case-sensitive"],
    ["rpc.discover", "reserves"]
  ])("%s → -32601 (%s)", (method, phrase) => {
    const {transaction} = single(JSON.stringify({jsonrpc: "2.0", id: 1, method, params: {}}));
    expect(responseOf(transaction).error).toMatchObject({code: -32601, data: {a2aMethod: false}});
    expect(errors(transaction)[0]!.message).toContain(phrase);
  });
});

describe("stage 4: params against the official schema", () => {
  test("every violation is listed in error.data with pointer, rule and what is accepted", () => {
    const {transaction, outcome} = single(
      sendText(3, {message: {kind: "msg", role: "bot", parts: [{kind: "text"}]}, configuration: {historyLength: 2.5}})
    );
    expect(outcome.stoppedAt).toBe(4);
    const error = responseOf(transaction).error!;
    expect(error.code).toBe(-32602);
    const violations = (error.data as {violations: {pointer: string; rule: string; accepted: string}[]}).violations;
    expect(violations.map((v) => v.pointer)).toEqual([
      "/params/message/messageId",
      "/params/message/kind",
      "/params/message/role",
      "/params/message/parts/0/text",
      "/params/configuration/historyLength"
    ]);
    for (const v of violations) {
      expect(v.rule).toMatch(/^A2A v0\.3\.0 schema #\/definitions\//);
      expect(v.accepted.length).toBeGreaterThan(0);
    }
    expect(violations[4]!.rule).toBe(
      "A2A v0.3.0 schema #/definitions/MessageSendConfiguration/properties/historyLength/type"
    );
  });

  test("a missing params member is -32602 (SendMessageRequest requires params)", () => {
    const {transaction} = single('{"jsonrpc": "2.0", "id": 1, "method": "message/send"}');
    expect(responseOf(transaction).error).toMatchObject({code: -32602});
    expect(errors(transaction)[0]!.rule).toContain("#/definitions/SendMessageRequest/required");
  });

  test("a missing message.kind cites the schema and links the spec note", () => {
    const params = {message: {messageId: "m", role: "user", parts: [textPart()]}};
    const {transaction} = single(sendText(1, params));
    const finding = errors(transaction)[0]!;
    expect(finding).toMatchObject({
      stage: 4,
      pointer: "/params/message/kind",
      rule: "A2A v0.3.0 schema #/definitions/Message/required",
      specNote: "examples-omit-message-kind"
    });
    expect(transaction.specNotes.map((n) => n.id)).toEqual(["examples-omit-message-kind"]);
  });

  test("id 1.5: JSON-RPC reads it, the A2A schema's JSONRPCRequest (string, integer or null) refuses it at the envelope: -32600 with the id echoed", () => {
    const {transaction, outcome} = single(sendText(1.5));
    expect(outcome.stoppedAt).toBe(2);
    const finding = errors(transaction).find((f) => f.code === "envelope.id-type")!;
    expect(finding).toMatchObject({stage: 2, pointer: "/id", specNote: "id-type"});
    expect(finding.rule).toContain("#/definitions/JSONRPCRequest/properties/id/type");
    expect(responseOf(transaction)).toMatchObject({id: 1.5, error: {code: -32600}});
  });

  test("id null: the envelope reads it (JSONRPCRequest), SendMessageRequest refuses it here: -32600 with id null (null-id.test.ts has more)", () => {
    const {transaction, outcome} = single(sendText(null));
    expect(outcome.stoppedAt).toBe(4);
    const finding = errors(transaction).find((f) => f.code === "params.request-id")!;
    expect(finding).toMatchObject({stage: 4, pointer: "/id", specNote: "id-type"});
    expect(finding.rule).toContain("#/definitions/SendMessageRequest/properties/id/type");
    expect(responseOf(transaction)).toMatchObject({id: null, error: {code: -32600}});
  });

  test("an integer id written 1.0 or 1e2 is an integer for the schema, and is echoed as written", () => {
    const {transaction, outcome} = single(sendText(123).replace("123", "1e2"));
    expect(outcome.stoppedAt).toBeNull();
    expect(transaction.responseText).toContain('"id":1e2,');
  });

  test("unknown members are listed as not validated, not as errors", () => {
    const {transaction, outcome} = single(
      sendText(1, {message: message([{kind: "text", text: "x", lang: "en"}], {priority: "high"}), messageId: "outside"})
    );
    expect(outcome.stoppedAt).toBeNull();
    const notes = transaction.findings.filter((f) => f.code === "params.not-validated");
    expect(notes.map((f) => f.pointer).sort()).toEqual([
      "/params/message/parts/0/lang",
      "/params/message/priority",
      "/params/messageId"
    ]);
    expect(notes.every((f) => f.severity === "note")).toBe(true);
  });

  test("duplicate names inside params stop the request: the lab does not guess which one counts", () => {
    const text =
      '{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {"kind": "message", "messageId": "m", "role": "user", "role": "agent", "parts": [{"kind": "text", "text": "x"}]}}}';
    const {transaction, outcome} = single(text);
    expect(outcome.stoppedAt).toBe(4);
    expect(errors(transaction).map((f) => f.code)).toEqual(["params.duplicate-member"]);
    expect(errors(transaction)[0]!.pointer).toBe("/params/message/role");
  });
});

describe("stage 5: parts", () => {
  test("text, inline file, file by URI and data are decoded and shown", () => {
    const parts = [
      textPart("Bonjour 👋"),
      {kind: "file", file: {name: "a.bin", mimeType: "image/png", bytes: "AAECAw=="}},
      {kind: "file", file: {mimeType: "application/pdf", uri: "https://files.example.org/r.pdf"}},
      // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 is the case under test
      {kind: "data", data: {n: 12345678901234567890}, metadata: {m: 1}}
    ];
    const text = sendText(1, {message: message(parts)}).replace("12345678901234567000", "12345678901234567890");
    const {outcome} = single(text);
    expect(outcome.stoppedAt).toBeNull();
    expect(outcome.parts).toMatchObject([
      {kind: "text", text: "Bonjour 👋", status: "decoded", pointer: "/params/message/parts/0"},
      {kind: "file", source: "bytes", byteLength: 4, previewHex: "00 01 02 03", mimeType: "image/png", name: "a.bin"},
      {kind: "file", source: "uri", host: "files.example.org", fetched: false, mimeType: "application/pdf"},
      {kind: "data", dataText: '{"n":12345678901234567890}', memberCount: 1, metadataText: '{"m":1}'}
    ]);
  });

  test("the MIME type is a label: a PNG label on text bytes is shown as declared, not sniffed", () => {
    const {outcome} = single(
      withPart({kind: "file", file: {mimeType: "image/png", bytes: btoa("plain text, not a PNG")}})
    );
    expect(outcome.stoppedAt).toBeNull();
    expect(outcome.parts[0]).toMatchObject({mimeType: "image/png", status: "decoded"});
  });

  test.each([
    ["aGVsbG9=", "parts.base64", "/params/message/parts/0/file/bytes"],
    ["aGVs bG8=", "parts.base64", "/params/message/parts/0/file/bytes"],
    ["aGVsbG8", "parts.base64", "/params/message/parts/0/file/bytes"]
  ])("bytes %j → -32602 naming the part", (bytes, code, pointer) => {
    const {transaction, outcome} = single(withPart({kind: "file", file: {bytes}}));
    expect(outcome.stoppedAt).toBe(5);
    expect(errors(transaction)[0]).toMatchObject({code, pointer, stage: 5});
    expect(errors(transaction)[0]!.message).toMatch(/^Part 0 \(file\)/);
    expect(responseOf(transaction).error?.code).toBe(-32602);
    expect(outcome.parts[0]).toMatchObject({status: "rejected", byteLength: null});
  });

  test("a Base64 error points at the offending character in the editor", () => {
    const text = withPart({kind: "file", file: {bytes: "aGVs-bG8="}});
    const {transaction} = single(text);
    const span = errors(transaction)[0]!.span!;
    expect(text.slice(span.from, span.to)).toBe("-");
  });

  test.each([
    ["http://example.com/a", "parts.uri-scheme"],
    ["https://user@example.com/a", "parts.uri-userinfo"],
    ["https://cdn.acme-files.net/a", "parts.uri-host"]
  ])("uri %s → -32602 (%s), never fetched", (uri, code) => {
    const {transaction, outcome} = single(withPart({kind: "file", file: {uri}}));
    expect(outcome.stoppedAt).toBe(5);
    expect(errors(transaction)[0]!.code).toBe(code);
    expect(outcome.parts[0]).toMatchObject({fetched: false});
  });

  test("both bytes and uri: the schema passes it, stage 5 rejects it and cites the TypeScript types", () => {
    const {transaction, outcome} = single(
      withPart({kind: "file", file: {bytes: "QQ==", uri: "https://example.com/a"}})
    );
    expect(outcome.stages[3]!.status).toBe("pass");
    expect(outcome.stoppedAt).toBe(5);
    expect(errors(transaction)[0]).toMatchObject({code: "parts.file-both", specNote: "file-bytes-and-uri"});
    expect(errors(transaction)[0]!.rule).toContain("uri?: never");
  });

  test("bytes of the wrong type beside a valid uri is still 'both'", () => {
    const {outcome} = single(withPart({kind: "file", file: {bytes: 5, uri: "https://example.com/a"}}));
    expect(outcome.stoppedAt).toBe(5);
  });

  test("empty parts: stage 4 passes (the schema allows []), stage 5 stops it", () => {
    const {transaction, outcome} = single(sendText(1, {message: message([])}));
    expect(outcome.stages[3]!.status).toBe("pass");
    expect(outcome.stoppedAt).toBe(5);
    expect(errors(transaction)[0]).toMatchObject({
      code: "parts.empty",
      pointer: "/params/message/parts",
      specNote: "empty-parts"
    });
  });

  test("a text part with an escaped lone surrogate is rejected; a messageId with one only warns", () => {
    const bad = single(withPart(textPart("x")).replace('"text":"x"', '"text":"a\\ud800b"'));
    expect(bad.outcome.stoppedAt).toBe(5);
    expect(errors(bad.transaction)[0]!.code).toBe("parts.text-unicode");
    const warned = single(sendText(1).replace('"messageId":"m-1"', '"messageId":"m\\udc00"'));
    expect(warned.outcome.stoppedAt).toBeNull();
    expect(warned.transaction.findings.find((f) => f.code === "parse.lone-surrogate-escape")!.severity).toBe("warning");
  });

  test("every part is decoded and shown even when several fail", () => {
    const {transaction, outcome} = single(
      sendText(1, {
        message: message([
          {kind: "file", file: {bytes: "!"}},
          textPart(),
          {kind: "file", file: {uri: "ftp://example.com"}}
        ])
      })
    );
    expect(outcome.parts.map((p) => p.status)).toEqual(["rejected", "decoded", "rejected"]);
    expect((responseOf(transaction).error!.data as {violations: unknown[]}).violations).toHaveLength(2);
  });
});

describe("stage 6: handler", () => {
  test("records a receipt and returns an A2A Message carrying the request id exactly", () => {
    const {transaction, outcome} = single(sendText("req-7"));
    expect(outcome.handled).toBe(true);
    expect(transaction.receipts).toEqual([
      expect.objectContaining({
        receiptNumber: 1,
        messageId: "m-1",
        role: "user",
        partKinds: ["text"],
        notification: false
      })
    ]);
    const response = responseOf(transaction);
    expect(response.id).toBe("req-7");
    expect(response.result).toMatchObject({kind: "message", role: "agent", messageId: "lab-reply-1"});
  });
});
