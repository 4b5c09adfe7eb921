/**
 * What lib says about @a2a-js/sdk 1.3.0 and request ids, checked against the installed SDK
 * (dist/server/index.js JsonRpcTransportHandler and dist/compat/v0_3/server/index.js
 * LegacyJsonRpcTransportHandler: isRequestValid accepts a string, an integer or null, and the
 * error for an invalid Request carries `rpcRequest.id ?? null`).
 */
import {describe, expect, test} from "vitest";
import {JsonRpcTransportHandler} from "@a2a-js/sdk/server";
import {LegacyJsonRpcTransportHandler} from "@a2a-js/sdk/compat/v0_3/server";
import {runMessageTransaction} from "../../lib/message/index.js";
import {sendText} from "./requests.js";

type Reply = {id: unknown; result?: unknown; error?: {code: number}};

/** A request handler that answers sendMessage with the message it got; nothing else is called. */
const echoHandler = {sendMessage: async (request: {message: unknown}) => request.message} as never;
const handlers = {
  "1.0": new JsonRpcTransportHandler(echoHandler),
  "0.3": new LegacyJsonRpcTransportHandler(echoHandler)
};

async function reply(version: "0.3" | "1.0", body: string): Promise<Reply> {
  return (await handlers[version].handle(body, undefined as never)) as Reply;
}

describe("@a2a-js/sdk 1.3.0 reads the id as lib says it does, in both handlers", () => {
  for (const version of ["0.3", "1.0"] as const) {
    test(`${version}: null, a string and an integer pass its envelope check (an unknown method is then -32601, with the id)`, async () => {
      for (const id of ["null", '"a"', "7", "1.0"]) {
        const sent = await reply(version, `{"jsonrpc":"2.0","id":${id},"method":"no/such","params":{}}`);
        expect(sent.error?.code, id).toBe(-32601);
        expect(sent.id).toEqual(JSON.parse(id));
      }
    });

    test(`${version}: a fractional id is an invalid Request, answered with that id`, async () => {
      const sent = await reply(version, '{"jsonrpc":"2.0","id":1.5,"method":"no/such","params":{}}');
      // The SDK's 1.0 handler throws RequestMalformedError, which its JSON_RPC_ERROR_CODE maps to
      // -32602 (reason INVALID_PARAMS); its v0.3 handler answers -32600. The lab keeps JSON-RPC's -32600.
      expect(sent).toMatchObject({id: 1.5, error: {code: version === "1.0" ? -32602 : -32600}});
      const lab = JSON.parse(runMessageTransaction(sendText(1.5), {version}).responseText!) as Reply;
      expect(lab).toMatchObject({id: 1.5, error: {code: -32600}});
    });

    test(`${version}: an id JSON-RPC cannot read is echoed by the SDK; the lab sends null (JSON-RPC 2.0 section 5)`, async () => {
      expect((await reply(version, '{"jsonrpc":"2.0","id":true,"method":"no/such","params":{}}')).id).toBe(true);
      expect((JSON.parse(runMessageTransaction(sendText(true), {version}).responseText!) as Reply).id).toBeNull();
    });
  }

  test("0.3: the SDK handles message/send with id null and answers id null; the lab, with the schema, refuses it at stage 4 (spec note id-type)", async () => {
    const sdk = await reply("0.3", sendText(null));
    expect(sdk.id).toBeNull();
    expect(sdk.result).toBeDefined();
    const lab = runMessageTransaction(sendText(null));
    expect(lab.requests[0]!.stoppedAt).toBe(4);
    expect((JSON.parse(lab.responseText!) as Reply).id).toBeNull();
  });
});
