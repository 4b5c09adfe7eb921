/**
 * "id": null (issue #23 item 10). JSON-RPC 2.0 section 4: an id is a String, Number or Null
 * (null discouraged); no id member at all makes a notification. A2A v0.3.0's JSONRPCRequest
 * types the id ["string", "integer", "null"]; its SendMessageRequest (and every A2ARequest)
 * narrows it to ["string", "integer"]. The A2A 1.0.1 proto defines no JSON-RPC envelope.
 */
import {describe, expect, test} from "vitest";
import {runMessageTransaction, type MessageTransaction} from "../../lib/message/index.js";
import {baselineDeliveryConfig, pushConfigRequest} from "../../lib/delivery/index.js";
import {officialValidator} from "./official-schema.js";
import {message, sendText} from "./requests.js";

const v1Send = (id: unknown) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "SendMessage",
    params: {message: {messageId: "m-1", role: "ROLE_USER", parts: [{text: "Hello."}]}}
  });
const sent = (transaction: MessageTransaction) =>
  JSON.parse(transaction.responseText!) as {
    id: unknown;
    result?: unknown;
    error?: {code: number; message: string; data: unknown};
  };
const stage = (transaction: MessageTransaction, n: number) => transaction.requests[0]!.stages[n - 1]!;

describe("A2A v0.3.0: the envelope reads null (JSONRPCRequest), message/send's own definition does not", () => {
  test("stage 2 passes with JSON-RPC's note; stage 4 stops it with -32600 in the schema's words; the reply carries id null", () => {
    const transaction = runMessageTransaction(sendText(null));
    const outcome = transaction.requests[0]!;
    expect(stage(transaction, 2).status).toBe("pass");
    expect(stage(transaction, 2).findings.map((f) => f.code)).toEqual(["envelope.id-null"]);
    expect(stage(transaction, 3).status).toBe("pass");
    expect(outcome).toMatchObject({stoppedAt: 4, notification: false, hasIdMember: true, id: {type: "null"}});
    const [finding] = stage(transaction, 4).findings.filter((f) => f.severity === "error");
    expect(finding).toMatchObject({
      stage: 4,
      code: "params.request-id",
      pointer: "/id",
      accepted: "a string or an integer (a number with no fractional part)",
      specNote: "id-type"
    });
    expect(finding!.rule).toContain("#/definitions/SendMessageRequest/properties/id/type");
    expect(finding!.rule).toContain('"The identifier for this request."');
    expect(finding!.message).toContain(
      "Expected a string or an integer (a number with no fractional part), found null."
    );
    // Not a parameter: -32600, the schema's InvalidRequestError message.
    const response = sent(transaction);
    expect(response).toMatchObject({id: null, error: {code: -32600, message: "Request payload validation error"}});
    expect(officialValidator("JSONRPCErrorResponse")(response)).toBe(true);
    expect(transaction.receipts).toHaveLength(0);
    expect(transaction.specNotes.map((n) => n.id)).toContain("id-type");
  });

  test("the lab agrees with the official schema read by ajv: a JSONRPCRequest, not a SendMessageRequest", () => {
    const request = JSON.parse(sendText(null)) as object;
    expect(officialValidator("JSONRPCRequest")(request)).toBe(true);
    expect(officialValidator("SendMessageRequest")(request)).toBe(false);
    expect(officialValidator("SendMessageRequest")({...request, id: 1})).toBe(true);
  });

  test("a null id with bad params too: -32600, with every violation in error.data", () => {
    const transaction = runMessageTransaction(sendText(null, {message: message([], {kind: undefined})}));
    const response = sent(transaction);
    expect(response.error!.code).toBe(-32600);
    const pointers = (response.error!.data as {violations: {pointer: string}[]}).violations.map((v) => v.pointer);
    expect(pointers[0]).toBe("/id");
    expect(pointers.slice(1).every((p) => p.startsWith("/params"))).toBe(true);
    expect(pointers.length).toBeGreaterThan(1);
  });

  test("string and integer ids still go through all six stages; bad params alone are still -32602", () => {
    for (const id of ["a", 7]) expect(runMessageTransaction(sendText(id)).requests[0]!.stoppedAt).toBeNull();
    expect(sent(runMessageTransaction(sendText(7, {}))).error!.code).toBe(-32602);
  });

  test("a fractional id is still refused at the envelope, now citing JSONRPCRequest, with the id echoed", () => {
    const transaction = runMessageTransaction(sendText(1.5));
    expect(transaction.requests[0]!.stoppedAt).toBe(2);
    const finding = transaction.findings.find((f) => f.code === "envelope.id-type")!;
    expect(finding.rule).toContain("#/definitions/JSONRPCRequest/properties/id/type");
    expect(sent(transaction)).toMatchObject({id: 1.5, error: {code: -32600}});
  });

  test("null is a request, an absent id a notification: only the first is answered", () => {
    expect(runMessageTransaction(sendText(null)).responseText).not.toBeNull();
    expect(runMessageTransaction(sendText(undefined)).responseText).toBeNull();
  });

  test("the push config registration narrows the id the same way (SetTaskPushNotificationConfigRequest)", () => {
    const text = JSON.stringify({
      ...(JSON.parse(pushConfigRequest(baselineDeliveryConfig, "0.3").text) as object),
      id: null
    });
    const transaction = runMessageTransaction(text, {version: "0.3", operation: "set-push-config"});
    expect(transaction.requests[0]!.stoppedAt).toBe(4);
    expect(transaction.findings.find((f) => f.code === "params.request-id")!.rule).toContain(
      "#/definitions/SetTaskPushNotificationConfigRequest/properties/id/type"
    );
    expect(sent(transaction)).toMatchObject({id: null, error: {code: -32600}});
  });

  test("the client cannot confirm it: null is also the id of errors nobody could attribute", () => {
    expect(runMessageTransaction(sendText(null)).client.perRequest[0]!.verdict).toBe("ambiguous");
  });
});

describe("A2A 1.0: nothing narrows JSON-RPC's id, so null goes through", () => {
  test("SendMessage with id null is handled and answered with id null, with JSON-RPC's note", () => {
    const transaction = runMessageTransaction(v1Send(null), {version: "1.0"});
    expect(transaction.requests[0]).toMatchObject({stoppedAt: null, notification: false, handled: true});
    expect(transaction.findings.map((f) => f.code)).toContain("envelope.id-null");
    const response = sent(transaction);
    expect(response.id).toBeNull();
    expect(response.result).toBeDefined();
    expect(transaction.receipts[0]!.notification).toBe(false);
  });

  test("a fractional id is refused at the envelope, as the SDK's 1.0 handler does", () => {
    expect(sent(runMessageTransaction(v1Send(1.5), {version: "1.0"}))).toMatchObject({id: 1.5, error: {code: -32600}});
  });
});
