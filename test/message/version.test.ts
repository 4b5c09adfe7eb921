/** Lesson 2 under either A2A version: the A2A-Version header picks the rules (issue #13). */
import {describe, expect, test} from "vitest";
import {runMessageTransaction} from "../../lib/message/index.js";
import {fieldPathOf} from "../../lib/message/error-details.js";

const v1Message = (parts: unknown[] = [{text: "Hello."}], extra: Record<string, unknown> = {}) => ({
  messageId: "m-1",
  role: "ROLE_USER",
  parts,
  ...extra
});
const v1Send = (params: unknown = {message: v1Message()}, id: unknown = 1, method = "SendMessage") =>
  JSON.stringify({jsonrpc: "2.0", id, method, params});
const run = (text: string, version?: string) => runMessageTransaction(text, version === undefined ? {} : {version});
const response = (text: string, version?: string) =>
  JSON.parse(run(text, version).responseText!) as {
    id: unknown;
    result?: Record<string, unknown>;
    error?: {code: number; message: string; data: unknown};
  };
const v03Send = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "message/send",
  params: {message: {kind: "message", messageId: "m", role: "user", parts: [{kind: "text", text: "x"}]}}
});

describe("the A2A-Version header", () => {
  test("none, empty or 0.3 reads the request as v0.3.0 (section 3.6.2: empty means 0.3)", () => {
    for (const header of [undefined, "", "  ", "0.3"]) {
      const transaction = run(v03Send, header);
      expect(transaction.version.version).toBe("0.3");
      expect(transaction.requests[0]!.stoppedAt).toBeNull();
    }
  });

  test("any other value is answered -32009 at stage 3, with the id, in 1.0's error shape", () => {
    for (const header of ["2.0", "1.1", "0.5", "v1", "1"]) {
      const transaction = run(v1Send(), header);
      expect(transaction.version).toEqual({header, version: null, ignoredPatch: null});
      expect(transaction.requests[0]!.stoppedAt).toBe(3);
      const sent = response(v1Send(), header);
      expect(sent).toMatchObject({id: 1, error: {code: -32009, message: "Version not supported"}});
      expect(sent.error!.data).toEqual([
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "VERSION_NOT_SUPPORTED",
          domain: "a2a-protocol.org",
          metadata: {requestedVersion: header, supportedVersions: "0.3, 1.0"}
        }
      ]);
      expect(transaction.findings.map((f) => f.code)).toContain("method.version-not-supported");
    }
  });
});

test("a patch number is read past (section 3.6: MUST not be considered), with a note", () => {
  const transaction = run(v1Send(), "1.0.1");
  expect(transaction.version).toEqual({header: "1.0.1", version: "1.0", ignoredPatch: "1"});
  expect(transaction.requests[0]!.stoppedAt).toBeNull();
  expect(transaction.findings.find((f) => f.code === "method.version-patch")!.message).toContain("read as 1.0");
  expect(run(v03Send, "0.3.0").requests[0]!.stoppedAt).toBeNull();
});

describe("A2A 1.0: SendMessage", () => {
  test("a valid request goes through all six stages and is answered {message} in 1.0's shape", () => {
    const transaction = run(v1Send(), "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    const {result} = response(v1Send(), "1.0");
    expect(Object.keys(result!)).toEqual(["message"]);
    expect(result!["message"]).toMatchObject({
      messageId: "lab-reply-1",
      contextId: "lab-context-1",
      role: "ROLE_AGENT",
      parts: [{text: expect.stringContaining("Receipt 1")}]
    });
    expect(JSON.stringify(result)).not.toContain('"kind"');
  });

  test("a proto field name (message_id) is read, with section 5.5's note that 1.0 writes camelCase", () => {
    const transaction = run(v1Send({message: {message_id: "m", role: "ROLE_USER", parts: [{text: "x"}]}}), "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    expect(transaction.findings.find((f) => f.code === "params.proto-name")).toMatchObject({
      severity: "note",
      pointer: "/params/message/message_id",
      accepted: '"messageId"'
    });
  });

  test("an empty contextId is not set (proto3): the reply gets the agent's", () => {
    const {result} = response(v1Send({message: v1Message(undefined, {contextId: ""})}), "1.0");
    expect(result!["message"]).toMatchObject({contextId: "lab-context-1"});
  });

  test("the reply carries the request's contextId when it names one", () => {
    const {result} = response(v1Send({message: v1Message(undefined, {contextId: "ctx-9"})}), "1.0");
    expect(result!["message"]).toMatchObject({contextId: "ctx-9"});
  });

  test("message/send under 1.0 is method-not-found, naming SendMessage; SendMessage under 0.3 names message/send", () => {
    const under1 = run(v1Send(undefined, 1, "message/send"), "1.0");
    expect(under1.findings[0]).toMatchObject({stage: 3, code: "method.other-version"});
    expect(under1.findings[0]!.message).toContain('the method is "SendMessage"');
    const under03 = run(v1Send(), "0.3");
    expect(under03.findings[0]).toMatchObject({stage: 3, code: "method.other-version"});
    expect(under03.findings[0]!.message).toContain('"message/send"');
    expect(response(v1Send(), "0.3").error).toMatchObject({code: -32601, data: {a2aMethod: true}});
  });

  test("another 1.0 method is real but not run", () => {
    const transaction = run(v1Send({id: "t"}, 1, "GetTask"), "1.0");
    expect(transaction.findings[0]).toMatchObject({code: "method.not-run"});
    expect(transaction.findings[0]!.message).toContain("rpc GetTask(GetTaskRequest)");
  });

  test("params are checked against the proto: a v0.3.0 message stops at stage 4, its kind noted, its role named", () => {
    const text = v1Send({message: {kind: "message", messageId: "m", role: "user", parts: [{kind: "text", text: "x"}]}});
    const transaction = run(text, "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBe(4);
    const errors = transaction.findings.filter((f) => f.severity === "error");
    expect(errors.map((f) => f.pointer)).toEqual(["/params/message/role"]);
    expect(errors[0]!.message).toContain('"ROLE_USER"');
    expect(transaction.findings.filter((f) => f.code === "params.not-validated").map((f) => f.pointer)).toEqual([
      "/params/message/kind",
      "/params/message/parts/0/kind"
    ]);
    const sent = response(text, "1.0");
    expect(sent.error!.code).toBe(-32602);
    expect((sent.error!.data as unknown[])[0]).toMatchObject({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{field: "message.role", description: expect.stringContaining("ROLE_USER")}]
    });
  });

  test("an empty parts array stops at stage 4 under 1.0 (REQUIRED: at least one element), at stage 5 under 0.3", () => {
    expect(run(v1Send({message: v1Message([])}), "1.0").requests[0]!.stoppedAt).toBe(4);
  });

  test("parts are decoded: raw counted, url on a reserved host never fetched, data any JSON value", () => {
    const transaction = run(
      v1Send({
        message: v1Message([
          {raw: "aGVsbG8=", filename: "h.txt", mediaType: "text/plain"},
          {url: "https://files.example/a.pdf"},
          {data: [1, 2]},
          {text: "t"}
        ])
      }),
      "1.0"
    );
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    expect(transaction.requests[0]!.parts).toMatchObject([
      {
        kind: "file",
        source: "bytes",
        byteLength: 5,
        name: "h.txt",
        mimeType: "text/plain",
        previewHex: "68 65 6c 6c 6f"
      },
      {kind: "file", source: "uri", host: "files.example", fetched: false},
      {kind: "data", dataText: "[1,2]", jsonType: "array"},
      {kind: "text", text: "t"}
    ]);
    expect(transaction.receipts[0]!.partKinds).toEqual(["raw", "url", "data", "text"]);
    expect(transaction.trace.map((d) => d.detail)).toContain("4 parts decoded: raw, url, data, text.");
  });

  test("a URL-safe or unpadded raw is decoded, with a note that it is not canonical", () => {
    const transaction = run(v1Send({message: v1Message([{raw: "-_8"}])}), "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBeNull();
    expect(transaction.requests[0]!.parts[0]).toMatchObject({byteLength: 2});
    expect(transaction.findings.find((f) => f.code === "parts.base64-form")!.message).toContain("URL-safe alphabet");
  });

  test("a v0.3.0 file part carries no 1.0 content: stage 5 stops it", () => {
    const transaction = run(
      v1Send({
        message: v1Message([{kind: "file", file: {uri: "https://files.example/a.pdf", mimeType: "application/pdf"}}])
      }),
      "1.0"
    );
    expect(transaction.requests[0]!.stoppedAt).toBe(5);
    expect(transaction.findings.find((f) => f.severity === "error")).toMatchObject({
      code: "parts.no-content",
      pointer: "/params/message/parts/0"
    });
  });

  test("a url on a real host stops at stage 5, naming the part", () => {
    const transaction = run(v1Send({message: v1Message([{url: "https://evil.net/x"}])}), "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBe(5);
    expect(transaction.findings.find((f) => f.severity === "error")!.pointer).toBe("/params/message/parts/0/url");
  });

  test("ids: a fractional id is -32600 with the id echoed; null is read, with JSON-RPC's note", () => {
    expect(response(v1Send(undefined, 1.5), "1.0")).toMatchObject({id: 1.5, error: {code: -32600}});
    const withNull = run(v1Send(undefined, null), "1.0");
    expect(withNull.requests[0]!.stoppedAt).toBeNull();
    expect(withNull.findings.map((f) => f.code)).toContain("envelope.id-null");
  });

  test("a parse error is answered in 1.0's error shape", () => {
    const sent = JSON.parse(run("{", "1.0").responseText!) as {error: {code: number; data: {reason: string}[]}};
    expect(sent.error.code).toBe(-32700);
    expect(sent.error.data[0]).toMatchObject({
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "JSON_PARSE"
    });
  });

  test("the trace speaks of the 1.0 method and proto", () => {
    const details = run(v1Send(), "1.0")
      .trace.map((d) => d.detail)
      .join("\n");
    expect(details).toContain("SendMessage is the method this lab dispatches under A2A 1.0.1");
    expect(details).toContain("SendMessageRequest (A2A 1.0.1 proto, ProtoJSON)");
  });
});

test("field paths in google.rpc.BadRequest are relative to params, as the specification's 9.5 example", () => {
  expect(fieldPathOf("/params/message/parts")).toBe("message.parts");
  expect(fieldPathOf("/params/message/parts/0/raw")).toBe("message.parts[0].raw");
  expect(fieldPathOf("/params")).toBe("params");
  expect(fieldPathOf("/id")).toBe("id");
});

describe("where 1.0's documents disagree with its proto, the notes say so where the reader meets it", () => {
  test("a 1.0 message without messageId (as the specification's own 4.6.1 and 11.2 examples) touches the note", () => {
    const transaction = run(v1Send({message: {role: "ROLE_USER", parts: [{text: "Find restaurants near me"}]}}), "1.0");
    expect(transaction.requests[0]!.stoppedAt).toBe(4);
    expect(transaction.specNotes.map((note) => note.id)).toEqual(["v1-examples-omit-message-id"]);
  });

  test("an unsupported version touches the note on section 6.4's Problem Details", () => {
    expect(run(v1Send(), "0.5").specNotes.map((note) => note.id)).toEqual(["v1-version-error-shape"]);
  });
});
