/**
 * "Verify a webhook you received" against requests the real @a2a-js/sdk sender made: its
 * DefaultPushNotificationSender POSTs to a node:http server on 127.0.0.1, which keeps the request
 * exactly as received (the request line, every header line in its order and case from
 * rawHeaders, the raw body bytes). That capture is pasted into the verifier as a reader would
 * paste it, and its verdict is checked:
 * - a config with a token and no authentication: the SDK sends X-A2A-Notification-Token;
 * - the lesson's registration (token and Bearer authentication, registered through the SDK's own
 *   handler, sdk-registration.ts): the SDK sends `Authorization: Bearer <credentials>` instead
 *   (DefaultPushNotificationSender._buildAuthHeaders in @a2a-js/sdk 1.3.0 dist/server/index.js).
 */
import {createServer, type Server} from "node:http";
import type {AddressInfo} from "node:net";
import {afterAll, beforeAll, describe, expect, it, vi} from "vitest";
import {encodeBase64} from "../../lib/shared/base64.js";
import {fixtureTokens} from "../../lib/delivery/index.js";
import {verifyReceivedWebhook, type ReceiverKnowledge} from "../../lib/webhook-auth/index.js";
import {registerLessonPushConfig} from "./sdk-registration.js";

interface CapturedRequest {
  headers: string;
  body: Buffer;
}

const captured: CapturedRequest[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let k = 0; k < request.rawHeaders.length; k += 2)
        lines.push(`${request.rawHeaders[k]}: ${request.rawHeaders[k + 1]}`);
      captured.push({headers: lines.join("\r\n"), body: Buffer.concat(chunks)});
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2a/push`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sdk = typeof import("@a2a-js/sdk/server");

/** One status update sent by the SDK's sender for `taskId`; resolves with what the server received. */
async function sendThroughSdk(
  register: (
    sdk: Sdk,
    store: InstanceType<Sdk["InMemoryPushNotificationStore"]>,
    context: InstanceType<Sdk["ServerCallContext"]>
  ) => Promise<unknown>,
  taskId: string
): Promise<CapturedRequest> {
  const sdk = await import("@a2a-js/sdk/server");
  const store = new sdk.InMemoryPushNotificationStore();
  const context = new sdk.ServerCallContext({requestedVersion: "1.0"});
  await register(sdk, store, context);
  const sender = new sdk.DefaultPushNotificationSender(store);
  const before = captured.length;
  // The SDK logs each delivery with console.info; its errors stay visible.
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  try {
    // send() resolves after the POST's response, so the server has read the whole request by then.
    await sender.send(
      {
        payload: {
          $case: "statusUpdate",
          value: {
            taskId,
            contextId: "context-live",
            status: {state: 3 /* TASK_STATE_COMPLETED */, message: undefined, timestamp: undefined},
            metadata: undefined
          }
        }
      } as never,
      context
    );
  } finally {
    info.mockRestore();
  }
  expect(captured.length, "the SDK's POST reached the loopback server").toBe(before + 1);
  return captured[before]!;
}

const verify = (request: CapturedRequest, receiver: ReceiverKnowledge) =>
  verifyReceivedWebhook({
    headers: request.headers,
    body: request.body.toString("utf8"),
    receiver,
    nowSeconds: 1_800_000_000
  });

describe("requests captured from @a2a-js/sdk's DefaultPushNotificationSender on loopback", () => {
  const taskId = "task-live-received";
  const token = "tok-live-7f3a";
  let tokenRequest: CapturedRequest;
  let bearerRequest: CapturedRequest;

  beforeAll(async () => {
    tokenRequest = await sendThroughSdk(
      (_sdk, store, context) => store.save(taskId, context, {id: "config-token-only", url, token} as never),
      taskId
    );
    bearerRequest = await sendThroughSdk(
      (sdk, store, context) => registerLessonPushConfig({sdk, store, context, url, credential: "matched", taskId}),
      taskId
    );
  });

  it("captures the headers as sent: a request line and the SDK's token header", () => {
    expect(tokenRequest.headers).toMatch(/^POST \/a2a\/push HTTP\/1\.1\r\n/);
    expect(tokenRequest.headers).toMatch(/\r\nX-A2A-Notification-Token: tok-live-7f3a(\r\n|$)/i);
    expect(bearerRequest.headers).toMatch(/\r\nAuthorization: Bearer token-the-receiver-issued(\r\n|$)/i);
  });

  it("token config: the right token and task pass; the profile is detected from X-A2A-Notification-Token", async () => {
    const verdict = await verify(tokenRequest, {token, taskId});
    expect(verdict.problems).toEqual([]);
    expect(verdict.headerBlock!.unreadable).toEqual([]);
    expect(verdict.detection).toMatchObject({profile: "a2a-credentials", decidedBy: ["X-A2A-Notification-Token"]});
    expect(verdict.outcome).toBe("pass");
    expect(verdict.checks.find((check) => check.id === "expected-task")).toMatchObject({
      status: "pass",
      reason: "the v1.0 StreamResponse.statusUpdate names the expected task"
    });
  });

  it("token config: a wrong expected token fails the token check, naming the header and the first differing byte", async () => {
    const verdict = await verify(tokenRequest, {token: "tok-live-7f3b", taskId});
    expect(verdict.outcome).toBe("fail");
    expect(verdict.firstFailure).toMatchObject({
      id: "token",
      reason: "X-A2A-Notification-Token does not match the expected token"
    });
    expect(verdict.firstFailure!.compared[0]!.difference).toMatch(
      /^first difference at byte 12 .*expected 0x62, received 0x61/
    );
  });

  it("token config: the exact body bytes, pasted as base64, pass too", async () => {
    const verdict = await verifyReceivedWebhook({
      headers: tokenRequest.headers,
      body: encodeBase64(tokenRequest.body),
      bodyEncoding: "base64",
      receiver: {token, taskId},
      nowSeconds: 0
    });
    expect(verdict.outcome).toBe("pass");
    expect(verdict.bodyBytes).toBe(tokenRequest.body.length);
  });

  it("the lesson's registration: Authorization carries the Bearer credentials; right passes, wrong fails naming Authorization", async () => {
    const credentials = fixtureTokens.matched!;
    const right = await verify(bearerRequest, {authorization: `Bearer ${credentials}`, taskId});
    expect(right.detection).toMatchObject({profile: "a2a-credentials", decidedBy: ["Authorization"]});
    expect(right.outcome).toBe("pass");
    const wrong = await verify(bearerRequest, {authorization: `Bearer ${fixtureTokens.wrong}`, taskId});
    expect(wrong.firstFailure).toMatchObject({
      id: "authorization",
      reason: "the Authorization credentials differ from the expected ones"
    });
  });

  it("the lesson's registration: expecting the token header fails, naming X-A2A-Notification-Token (the SDK sends Authorization instead)", async () => {
    const verdict = await verify(bearerRequest, {token: fixtureTokens.matched!, taskId});
    expect(verdict.firstFailure?.id).toBe("token");
    expect(verdict.firstFailure?.reason).toMatch(
      /^expected header X-A2A-Notification-Token, which the request does not carry; @a2a-js\/sdk sends this header only/
    );
  });
});
