import {createHmac} from "node:crypto";
import {describe, expect, it} from "vitest";
import {
  DEMO_AUDIENCE,
  DEMO_BODY,
  DEMO_CONFIG_TOKEN,
  DEMO_EVENT_ID,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  DEMO_OTHER_TASK_ID,
  DEMO_SIGNING_KEY_1,
  DEMO_SIGNING_KEY_2,
  DEMO_TASK_ID,
  PIPELINE_CHECKS,
  STANDARD_WEBHOOKS_TEST_SECRET,
  createDedupStore,
  createJwksCache,
  demoJwks,
  importDemoPrivateKey,
  pipelineDecisions,
  receivePushNotification,
  signA2aPushJwt,
  signStandardWebhook,
  type ReceiverConfig,
  type ReceiverState
} from "../../lib/webhook-auth/index.js";

const now = DEMO_NOW_SECONDS;
const swConfig: ReceiverConfig = {
  auth: {scheme: "standard-webhooks", secrets: [STANDARD_WEBHOOKS_TEST_SECRET]},
  expectedTaskIds: [DEMO_TASK_ID]
};
const freshState = (): ReceiverState => ({dedup: createDedupStore()});

async function swRequest(
  body: string = DEMO_BODY,
  msgId = DEMO_EVENT_ID,
  timestamp = now,
  extraHeaders: Record<string, string> = {}
) {
  const signed = await signStandardWebhook({secret: STANDARD_WEBHOOKS_TEST_SECRET, msgId, timestamp, payload: body});
  return {headers: {...signed.headers, "content-type": "application/a2a+json", ...extraHeaders}, body};
}

function counter() {
  const calls: string[] = [];
  return {
    calls,
    applyEffect: (event: {taskId: string; eventKey?: string}) =>
      void calls.push(`${event.taskId}|${event.eventKey ?? "-"}`)
  };
}

const statuses = (result: {checks: {status: string}[]}) => result.checks.map((c) => c.status);

describe("Standard Webhooks receiver", () => {
  it("applies an authentic, fresh, expected, new event: 200", async () => {
    const effect = counter();
    const result = await receivePushNotification({
      request: await swRequest(),
      config: swConfig,
      state: freshState(),
      nowSeconds: now,
      ...effect
    });
    expect(result).toMatchObject({
      status: 200,
      outcome: "applied",
      taskId: DEMO_TASK_ID,
      eventKey: `webhook-id:${DEMO_EVENT_ID}`
    });
    expect(result.checks.map((c) => c.id)).toEqual(PIPELINE_CHECKS.map((c) => c.id));
    expect(statuses(result)).toEqual(["pass", "skipped", "pass", "pass", "pass", "pass"]);
    expect(effect.calls).toEqual([`${DEMO_TASK_ID}|webhook-id:${DEMO_EVENT_ID}`]);
    expect(result.state.dedup.records.size).toBe(1);
  });

  it("answers a duplicate with 200 and no second effect", async () => {
    const effect = counter();
    const request = await swRequest();
    const first = await receivePushNotification({
      request,
      config: swConfig,
      state: freshState(),
      nowSeconds: now,
      ...effect
    });
    const second = await receivePushNotification({
      request,
      config: swConfig,
      state: first.state,
      nowSeconds: now + 30,
      ...effect
    });
    expect(second).toMatchObject({status: 200, outcome: "duplicate"});
    expect(second.checks.find((c) => c.id === "replay")).toMatchObject({status: "fail", httpStatus: 200});
    expect(second.checks.find((c) => c.id === "effect")?.status).toBe("skipped");
    expect(effect.calls).toHaveLength(1);
  });

  it("records the key before the effect runs: a duplicate arriving during the effect is a no-op", async () => {
    const request = await swRequest();
    const state = freshState();
    const during: string[] = [];
    const result = await receivePushNotification({
      request,
      config: swConfig,
      state,
      nowSeconds: now,
      applyEffect: async (event) => {
        expect(event.dedup.records.get(`webhook-id:${DEMO_EVENT_ID}`)?.recordedAtSeconds).toBe(now);
        const concurrent = await receivePushNotification({
          request,
          config: swConfig,
          state: {dedup: event.dedup},
          nowSeconds: now,
          applyEffect: () => void during.push("second effect")
        });
        during.push(concurrent.outcome);
      }
    });
    expect(result.outcome).toBe("applied");
    expect(during).toEqual(["duplicate"]);
    // The input state is untouched; the record exists only in the returned state.
    expect(state.dedup.records.size).toBe(0);
    expect(result.state.dedup.records.size).toBe(1);
  });

  it("refuses a forged signature with 401 and reaches no later check", async () => {
    const request = await swRequest();
    const forged = {
      ...request,
      headers: {
        ...request.headers,
        "webhook-signature": "v1," + createHmac("sha256", "guess").update("x").digest("base64")
      }
    };
    const effect = counter();
    const result = await receivePushNotification({
      request: forged,
      config: swConfig,
      state: freshState(),
      nowSeconds: now,
      ...effect
    });
    expect(result).toMatchObject({status: 401, outcome: "refused"});
    expect(statuses(result)).toEqual(["fail", "skipped", "skipped", "skipped", "skipped", "skipped"]);
    expect(result.state.dedup.records.size).toBe(0);
    expect(effect.calls).toHaveLength(0);
  });

  it("checks the configured token (TaskPushNotificationConfig.token)", async () => {
    const config = {...swConfig, token: DEMO_CONFIG_TOKEN};
    const missing = await receivePushNotification({
      request: await swRequest(),
      config,
      state: freshState(),
      nowSeconds: now
    });
    expect(missing).toMatchObject({status: 401});
    expect(missing.checks[1]).toMatchObject({id: "token", status: "fail"});
    const wrong = await receivePushNotification({
      request: await swRequest(undefined, undefined, undefined, {"X-A2A-Notification-Token": "tok-other"}),
      config,
      state: freshState(),
      nowSeconds: now
    });
    expect(wrong.checks[1]).toMatchObject({status: "fail"});
    const right = await receivePushNotification({
      request: await swRequest(undefined, undefined, undefined, {"x-a2a-notification-token": DEMO_CONFIG_TOKEN}),
      config,
      state: freshState(),
      nowSeconds: now
    });
    expect(right).toMatchObject({status: 200, outcome: "applied"});
    expect(right.checks[1]).toMatchObject({status: "pass"});
  });

  it("answers 404 for an authentic notification about a task it never subscribed to, 400 for an unreadable body", async () => {
    const otherTask = DEMO_BODY.replace(DEMO_TASK_ID, DEMO_OTHER_TASK_ID);
    const result = await receivePushNotification({
      request: await swRequest(otherTask),
      config: swConfig,
      state: freshState(),
      nowSeconds: now
    });
    expect(result).toMatchObject({status: 404, outcome: "refused", taskId: DEMO_OTHER_TASK_ID});
    expect(result.checks[2]).toMatchObject({id: "expected-task", status: "fail"});
    for (const body of [
      "not json",
      '{"message": {"messageId": "m1"}}',
      '{"task": {"id": "a"}, "statusUpdate": {"taskId": "a"}}',
      "[]"
    ]) {
      const bad = await receivePushNotification({
        request: await swRequest(body),
        config: swConfig,
        state: freshState(),
        nowSeconds: now
      });
      expect(bad.status, body).toBe(400);
    }
  });

  it("reads the task of a v0.3 body (the A2A JS SDK posts the Task itself)", async () => {
    const body = JSON.stringify({kind: "task", id: DEMO_TASK_ID, contextId: "c", status: {state: "completed"}});
    const result = await receivePushNotification({
      request: await swRequest(body),
      config: swConfig,
      state: freshState(),
      nowSeconds: now
    });
    expect(result).toMatchObject({status: 200, taskId: DEMO_TASK_ID});
    expect(result.checks[2]!.reason).toMatch(/v0\.3 Task/);
  });

  it("refuses a stale timestamp at the time-bounds step (401) after authenticity passed", async () => {
    const result = await receivePushNotification({
      request: await swRequest(undefined, undefined, now - 301),
      config: swConfig,
      state: freshState(),
      nowSeconds: now
    });
    expect(result).toMatchObject({status: 401});
    expect(statuses(result)).toEqual(["pass", "skipped", "pass", "fail", "skipped", "skipped"]);
    expect(result.checks[3]!.reason).toMatch(/too old/);
  });

  it("releases the record when the effect fails, so the retry applies it", async () => {
    const request = await swRequest();
    const failed = await receivePushNotification({
      request,
      config: swConfig,
      state: freshState(),
      nowSeconds: now,
      applyEffect: () => ({ok: false, detail: "database down"})
    });
    expect(failed).toMatchObject({status: 500, outcome: "effect-failed"});
    expect(failed.state.dedup.records.size).toBe(0);
    const thrown = await receivePushNotification({
      request,
      config: swConfig,
      state: freshState(),
      nowSeconds: now,
      applyEffect: () => {
        throw new Error("boom");
      }
    });
    expect(thrown).toMatchObject({status: 500, reason: "effect failed: boom"});
    const retry = await receivePushNotification({
      request,
      config: swConfig,
      state: failed.state,
      nowSeconds: now + 2,
      applyEffect: () => true
    });
    expect(retry).toMatchObject({status: 200, outcome: "applied"});
  });

  it("exposes the checks as playback decisions", async () => {
    const result = await receivePushNotification({
      request: await swRequest(),
      config: swConfig,
      state: freshState(),
      nowSeconds: now
    });
    const decisions = pipelineDecisions(result, 12);
    expect(decisions).toHaveLength(7);
    expect(decisions.every((d) => d.atSeconds === 12)).toBe(true);
    expect(decisions.at(-1)).toMatchObject({title: "Receiver answers 200", kind: "applied"});
  });
});

describe("A2A JWT receiver", () => {
  const jwtConfig: ReceiverConfig = {
    auth: {scheme: "a2a-jwt", issuer: DEMO_ISSUER, audience: DEMO_AUDIENCE},
    expectedTaskIds: [DEMO_TASK_ID]
  };
  const jwtState = (): ReceiverState => ({
    dedup: createDedupStore(),
    jwks: createJwksCache(demoJwks([DEMO_SIGNING_KEY_1]))
  });
  async function jwtRequest(
    overrides: {taskId?: string; jti?: string; at?: number; body?: string; key?: typeof DEMO_SIGNING_KEY_1} = {}
  ) {
    const key = overrides.key ?? DEMO_SIGNING_KEY_1;
    const body = overrides.body ?? DEMO_BODY;
    const jwt = await signA2aPushJwt({
      privateKey: await importDemoPrivateKey(key),
      kid: key.kid,
      issuer: DEMO_ISSUER,
      audience: DEMO_AUDIENCE,
      taskId: overrides.taskId ?? DEMO_TASK_ID,
      jti: overrides.jti ?? "evt_0001",
      body,
      nowSeconds: overrides.at ?? now
    });
    return {headers: {Authorization: `Bearer ${jwt}`}, body};
  }

  it("applies a valid JWT delivery; a retry in a new token is a duplicate of the update, the same token again a refused replay", async () => {
    const effect = counter();
    const request = await jwtRequest();
    const first = await receivePushNotification({
      request,
      config: jwtConfig,
      state: jwtState(),
      nowSeconds: now,
      ...effect
    });
    expect(first).toMatchObject({
      status: 200,
      outcome: "applied",
      eventKey: expect.stringMatching(new RegExp(`^task:${DEMO_TASK_ID}:body-sha256:[0-9a-f]{64}$`))
    });
    // A sender signs every attempt afresh: a new jti over the same bytes.
    const retry = await receivePushNotification({
      request: await jwtRequest({at: now + 20, jti: "evt_0001-retry"}),
      config: jwtConfig,
      state: first.state,
      nowSeconds: now + 20,
      ...effect
    });
    expect(retry).toMatchObject({status: 200, outcome: "duplicate", eventKey: first.eventKey});
    const replay = await receivePushNotification({
      request,
      config: jwtConfig,
      state: retry.state,
      nowSeconds: now + 21,
      ...effect
    });
    expect(replay.status).toBe(401);
    expect(replay.reason).toMatch(/replay: the token's jti:.*evt_0001 was already used/);
    expect(effect.calls).toHaveLength(1);
  });

  it("refuses a token whose taskId differs from the body's task (400)", async () => {
    const result = await receivePushNotification({
      request: await jwtRequest({taskId: DEMO_OTHER_TASK_ID}),
      config: jwtConfig,
      state: jwtState(),
      nowSeconds: now
    });
    expect(result).toMatchObject({status: 400});
    expect(result.checks[2]).toMatchObject({id: "expected-task", status: "fail"});
  });

  it("refuses an expired token at time bounds, a tampered body at authenticity", async () => {
    const expired = await receivePushNotification({
      request: await jwtRequest(),
      config: jwtConfig,
      state: jwtState(),
      nowSeconds: now + 600
    });
    expect(expired).toMatchObject({status: 401});
    expect(statuses(expired)).toEqual(["pass", "skipped", "pass", "fail", "skipped", "skipped"]);
    const request = await jwtRequest();
    const tampered = await receivePushNotification({
      request: {...request, body: request.body.replace("COMPLETED", "FAILED")},
      config: jwtConfig,
      state: jwtState(),
      nowSeconds: now
    });
    expect(tampered).toMatchObject({status: 401});
    expect(tampered.checks[0]!.reason).toMatch(/body-hash/);
  });

  it("keeps the refreshed JWKS in the returned state", async () => {
    const config: ReceiverConfig = {
      ...jwtConfig,
      auth: {
        ...jwtConfig.auth,
        fetchJwks: async () => demoJwks([DEMO_SIGNING_KEY_1, DEMO_SIGNING_KEY_2])
      } as ReceiverConfig["auth"]
    };
    const result = await receivePushNotification({
      request: await jwtRequest({key: DEMO_SIGNING_KEY_2}),
      config,
      state: jwtState(),
      nowSeconds: now
    });
    expect(result.status).toBe(200);
    expect(result.state.jwks?.refreshes).toBe(1);
    expect(result.state.jwks?.keys.keys).toHaveLength(2);
  });
});

describe("Authorization credentials only (AuthenticationInfo)", () => {
  const config: ReceiverConfig = {
    auth: {
      scheme: "authentication-info",
      authentication: {scheme: "Bearer", credentials: "secure-client-token-for-task-aaa"}
    },
    expectedTaskIds: [DEMO_TASK_ID]
  };

  it("authenticates but can neither bound time nor deduplicate: a replay applies again", async () => {
    const effect = counter();
    const request = {headers: {authorization: "bearer secure-client-token-for-task-aaa"}, body: DEMO_BODY};
    const first = await receivePushNotification({request, config, state: freshState(), nowSeconds: now, ...effect});
    expect(first).toMatchObject({status: 200, outcome: "applied"});
    expect(statuses(first)).toEqual(["pass", "skipped", "pass", "skipped", "skipped", "pass"]);
    const replay = await receivePushNotification({
      request,
      config,
      state: first.state,
      nowSeconds: now + 86400,
      ...effect
    });
    expect(replay.outcome).toBe("applied");
    expect(effect.calls).toHaveLength(2);
  });

  it("refuses other credentials or schemes", async () => {
    for (const authorization of [undefined, "Bearer other", "Basic secure-client-token-for-task-aaa", "Bearer"]) {
      const headers: Record<string, string> = authorization ? {authorization} : {};
      const result = await receivePushNotification({
        request: {headers, body: DEMO_BODY},
        config,
        state: freshState(),
        nowSeconds: now
      });
      expect(result.status, String(authorization)).toBe(401);
    }
  });
});
