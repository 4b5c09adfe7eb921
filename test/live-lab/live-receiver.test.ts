/** lib/live's receiver without sockets: each request handed in with the time, as the shell does. */
import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {baselineUpdates, buildPushPayload} from "../../lib/delivery/index.js";
import {
  LiveAttemptSchema,
  LiveReceiver,
  noFaults,
  type LiveFaults,
  type LiveReceiverSettings
} from "../../lib/live/index.js";
import {createJwksCache, signA2aPushJwt, signStandardWebhook} from "../../lib/webhook-auth/index.js";
import {attemptLine} from "../../receiver/terminal.js";

const CREDENTIALS = "unit-test-credentials-0123456789";
const bearer = {Authorization: `Bearer ${CREDENTIALS}`, "Content-Type": "application/json"};
const bytes = (text: string) => new TextEncoder().encode(text);
const update = (index: number, taskId = "task-1") =>
  JSON.stringify({...buildPushPayload(baselineUpdates[index]!, true), taskId});

function receiverWith(faults: Partial<LiveFaults> = {}, settings: Partial<LiveReceiverSettings> = {}) {
  const receiver = new LiveReceiver({
    auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: CREDENTIALS}},
    expectedTaskIds: [],
    faults: {...noFaults, ...faults},
    ...settings
  });
  let now = 100;
  const push = async (body: string, headers: Record<string, string> = bearer, advance = 1) => {
    now += advance;
    const arrival = receiver.arrive(now);
    const attempt = await receiver.decide({method: "POST", path: "/hook", headers, body: bytes(body)}, arrival, () => ({
      monotonicSeconds: now,
      unixSeconds: 1_800_000_000 + now
    }));
    return receiver.settle(attempt, now);
  };
  return {receiver, push};
}

describe("LiveReceiver decides in lesson 1's order with lib's pipeline", () => {
  test("an authentic push of the expected task is applied, keyed by the lesson's event id", async () => {
    const {push} = receiverWith();
    const attempt = await push(update(0));
    expect([attempt.decision, attempt.httpStatus, attempt.answer, attempt.keySource, attempt.updateKey]).toEqual([
      "applied",
      200,
      "sent",
      "teaching-metadata",
      "event:evt-1"
    ]);
    expect(attempt.checks.map((check) => `${check.id}:${check.status}`)).toEqual([
      "authenticity:pass",
      "token:skipped",
      "expected-task:pass",
      "time-bounds:skipped",
      "replay:pass",
      "effect:pass"
    ]);
    expect(attempt.headers.authorization).toBe("Bearer unit…(32 characters)");
  });

  test("wrong credentials are refused with 401 and the check that refused them", async () => {
    const {push} = receiverWith();
    const attempt = await push(update(0), {Authorization: "Bearer nope"});
    expect([attempt.decision, attempt.httpStatus]).toEqual(["unauthorized", 401]);
    expect(attempt.checks[0]).toMatchObject({id: "authenticity", status: "fail"});
  });

  test("the first task an authentic push names is expected until the next run; another is refused with 404", async () => {
    const {receiver, push} = receiverWith();
    await push(update(0, "task-a"));
    expect((await push(update(1, "task-b"))).decision).toBe("unknown-task");
    receiver.newRun();
    expect((await push(update(1, "task-b"))).decision).toBe("applied");
  });

  test("a resend is a duplicate (2xx, no effect); an older update after a newer one is stale", async () => {
    const {push} = receiverWith();
    await push(update(1));
    expect((await push(update(1))).decision).toBe("duplicate");
    const stale = await push(update(0));
    expect([stale.decision, stale.httpStatus]).toEqual(["stale", 200]);
    expect(stale.reason).toMatch(/ordering protection/);
  });

  test("without the lesson's event id, resends are recognised by the task and the body's SHA-256, and order by the status timestamp", async () => {
    const {push} = receiverWith();
    const body = (state: string, timestamp: string) =>
      JSON.stringify({statusUpdate: {taskId: "task-1", contextId: "c", status: {state, timestamp}}});
    const first = await push(body("TASK_STATE_WORKING", "2026-12-04T10:00:10Z"));
    expect(first.keySource).toBe("derived");
    expect(first.updateKey).toMatch(/^task:task-1:body-sha256:[0-9a-f]{64}$/);
    expect((await push(body("TASK_STATE_WORKING", "2026-12-04T10:00:10Z"))).decision).toBe("duplicate");
    expect((await push(body("TASK_STATE_SUBMITTED", "2026-12-04T10:00:05Z"))).decision).toBe("stale");
    expect((await push(body("TASK_STATE_COMPLETED", "2026-12-04T10:00:20Z"))).decision).toBe("applied");
  });

  test("two copies decided at once: one is applied, the other is a duplicate (decisions are taken one at a time)", async () => {
    const {receiver} = receiverWith();
    const arrival = receiver.arrive(1);
    const clock = () => ({monotonicSeconds: 1, unixSeconds: 1_800_000_000});
    const both = await Promise.all(
      [0, 1].map(() =>
        receiver.decide({method: "POST", path: "/hook", headers: bearer, body: bytes(update(0))}, arrival, clock)
      )
    );
    expect(both.map((attempt) => attempt.decision).sort()).toEqual(["applied", "duplicate"]);
  });

  test("faults: 503 inside the outage window (from the run's first request), then the refusal rule", async () => {
    const {push} = receiverWith({outageSeconds: 10});
    expect((await push(update(0), bearer, 0)).decision).toBe("unavailable");
    expect((await push(update(1), bearer, 9.9)).httpStatus).toBe(503);
    expect((await push(update(1), bearer, 0.2)).decision).toBe("applied");
    const refusing = receiverWith({refuseWith: 404});
    expect((await refusing.push(update(0))).decision).toBe("unknown-task");
  });

  test("a lost acknowledgement loses only the first 2xx of each update", async () => {
    const {push} = receiverWith({lostAck: "reset"});
    const answers = [await push(update(0)), await push(update(0)), await push(update(1))].map(
      (attempt) => `${attempt.decision}/${attempt.answer}`
    );
    expect(answers).toEqual(["applied/reset", "duplicate/sent", "applied/reset"]);
  });

  test("an unreadable body is a 400 with the reason, and a token-only config accepts a2a-go's A2A-Notification-Token", async () => {
    const {push} = receiverWith();
    const broken = await push("{not json");
    expect([broken.decision, broken.httpStatus, broken.reason]).toEqual([
      "bad-request",
      400,
      "Expected task: the body is not JSON"
    ]);
    const tokenOnly = receiverWith({}, {auth: {scheme: "token-only"}, token: "tok"});
    expect((await tokenOnly.push(update(0), {"A2A-Notification-Token": "tok"})).decision).toBe("applied");
    expect((await tokenOnly.push(update(1), {"X-A2A-Notification-Token": "tok"})).decision).toBe("applied");
    expect((await tokenOnly.push(update(2), {"X-A2A-Notification-Token": "other"})).decision).toBe("unauthorized");
  });

  test("Standard Webhooks: the sender's webhook-id keys the replay record", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const {push} = receiverWith(
      {},
      {auth: {scheme: "standard-webhooks", secrets: [secret], toleranceSeconds: Infinity}}
    );
    const body = JSON.stringify({
      statusUpdate: {taskId: "task-1", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
    });
    const signed = await signStandardWebhook({secret, msgId: "msg_1", timestamp: 1_800_000_000, payload: body});
    const headers = {...signed.headers} as Record<string, string>;
    const first = await push(body, headers);
    expect([first.decision, first.keySource, first.updateKey]).toEqual(["applied", "webhook-id", "webhook-id:msg_1"]);
    const resend = await push(body, headers);
    expect(resend.decision).toBe("duplicate");
    expect(resend.reason).not.toMatch(/bytes differ/);
    // The same webhook-id over other bytes: still a duplicate (the id is the sender's word), but said.
    const otherBody = body.replace("WORKING", "COMPLETED");
    const reused = await push(otherBody, {
      ...(await signStandardWebhook({secret, msgId: "msg_1", timestamp: 1_800_000_000, payload: otherBody})).headers
    } as Record<string, string>);
    expect(reused.decision).toBe("duplicate");
    expect(reused.reason).toMatch(/its bytes differ from the first delivery with this key/);
  });

  test("a webhook-id over 256 characters groups resends by the body, and the key the receiver recorded is shown", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const {push} = receiverWith(
      {},
      {auth: {scheme: "standard-webhooks", secrets: [secret], toleranceSeconds: Infinity}}
    );
    const body = JSON.stringify({
      statusUpdate: {taskId: "task-1", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
    });
    const longId = `msg_${"x".repeat(300)}`;
    const first = await push(body, {
      ...(await signStandardWebhook({secret, msgId: longId, timestamp: 1_800_000_000, payload: body})).headers
    } as Record<string, string>);
    expect(first.keySource).toBe("derived");
    expect(first.recordKey).toBe(`webhook-id:${longId}`);
  });

  test("memory is bounded: the newest attempts are kept, replay records past capacity are evicted and counted", async () => {
    const {receiver, push} = receiverWith({}, {keep: 5, dedupCapacity: 8});
    for (let k = 0; k < 40; k++)
      await push(
        JSON.stringify({
          statusUpdate: {
            taskId: "task-1",
            contextId: "c",
            status: {state: "TASK_STATE_WORKING", timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, k)).toISOString()}
          }
        })
      );
    const status = receiver.status();
    expect([status.kept, status.dropped, status.total]).toEqual([5, 35, 40]);
    expect(status.replayRecords).toBeLessThanOrEqual(10);
    expect(status.evictedReplayRecords).toBe(40 - status.replayRecords);
    expect(receiver.log.attempts().map((attempt) => attempt.number)).toEqual([36, 37, 38, 39, 40]);
  });
});

describe("whatever a sender sends", () => {
  test("the record is valid, bounded, and neither it nor its terminal line holds a credential in full", async () => {
    const credential = fc.constantFrom(
      (headers: Record<string, string>) => ({...headers, Authorization: `Bearer ${CREDENTIALS}`}),
      // A credential without a scheme: a refusal's reason must not quote it.
      (headers: Record<string, string>) => ({...headers, Authorization: CREDENTIALS}),
      (headers: Record<string, string>) => ({...headers, Authorization: `Basic ${CREDENTIALS}`}),
      (headers: Record<string, string>) => ({...headers, "A2A-Notification-Token": CREDENTIALS}),
      (headers: Record<string, string>) => ({...headers, "X-A2A-Notification-Token": CREDENTIALS})
    );
    const name = fc
      .string({minLength: 1, maxLength: 80})
      .filter((text) => /^[!-~]+$/.test(text) && !/^(authorization|x?-?a2a-notification-token)$/i.test(text));
    await fc.assert(
      fc.asyncProperty(
        fc.string({maxLength: 3000}),
        fc.dictionary(name, fc.string({maxLength: 900}), {maxKeys: 50}),
        credential,
        fc.boolean(),
        async (body, headers, withCredential, tokenOnly) => {
          const {push} = tokenOnly
            ? receiverWith({}, {auth: {scheme: "token-only"}, token: CREDENTIALS})
            : receiverWith();
          const attempt = await push(body, withCredential(headers));
          expect(LiveAttemptSchema.safeParse(attempt).success).toBe(true);
          expect(JSON.stringify(attempt)).not.toContain(CREDENTIALS);
          expect(attemptLine(attempt, new Date(0))).not.toContain(CREDENTIALS);
        }
      ),
      {numRuns: 150}
    );
  });
});

describe("the terminal line's answer", () => {
  test("says how the answer left: a sender that gave up is not a reset (D2)", async () => {
    const {push} = receiverWith();
    const attempt = await push(
      JSON.stringify({statusUpdate: {taskId: "task-t", contextId: "c", status: {state: "TASK_STATE_WORKING"}}}),
      {"Content-Type": "application/json", Authorization: `Bearer ${CREDENTIALS}`}
    );
    const line = (answer: typeof attempt.answer) => attemptLine({...attempt, answer}, new Date(0));
    expect(line("sent")).toMatch(/→ 200$/);
    expect(line("held")).toContain("200 held (lost)");
    expect(line("reset")).toContain("200 reset (lost)");
    expect(line("none")).toContain("200 not sent (the sender gave up first)");
    expect(line("none")).not.toContain("reset");
  });
});

describe("a new run while a request is being decided", () => {
  test("the request is recorded in the run it arrived in, and the new run's memory is not overwritten by it", async () => {
    let release: () => void = () => {};
    const slowKey = new Promise<void>((resolve) => (release = resolve));
    const subtle = {
      digest: async (algorithm: string, data: BufferSource) => (await slowKey, crypto.subtle.digest(algorithm, data))
    } as unknown as SubtleCrypto;
    const receiver = new LiveReceiver({
      auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: CREDENTIALS}},
      expectedTaskIds: [],
      subtle
    });
    const clock = () => ({monotonicSeconds: 5, unixSeconds: 1_800_000_000});
    const body = JSON.stringify({
      statusUpdate: {taskId: "task-old", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
    });
    const pending = receiver.decide(
      {method: "POST", path: "/hook", headers: bearer, body: bytes(body)},
      receiver.arrive(1),
      clock
    );
    receiver.newRun();
    release();
    const attempt = receiver.settle(await pending, 5);
    expect([attempt.run, attempt.decision]).toEqual([2, "applied"]);
    // Decided in the new run (it was still on its way), so that run pinned its task and recorded it.
    expect(receiver.status()).toMatchObject({run: 2, expectedTask: "task-old", replayRecords: 1});
  });

  test("a reset during the checks leaves the new run's memory empty", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checksStarted: () => void = () => {};
    const inChecks = new Promise<void>((resolve) => (checksStarted = resolve));
    // The update key's digest comes after the arrival was stamped: it says it began, then waits, and the run changes then.
    const digest = async (algorithm: string, data: BufferSource) => {
      checksStarted();
      await gate;
      return crypto.subtle.digest(algorithm, data);
    };
    const subtle = {digest} as unknown as SubtleCrypto;
    const receiver = new LiveReceiver({
      auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: CREDENTIALS}},
      expectedTaskIds: [],
      subtle
    });
    const body = JSON.stringify({
      statusUpdate: {taskId: "task-old", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
    });
    const pending = receiver.decide(
      {method: "POST", path: "/hook", headers: bearer, body: bytes(body)},
      receiver.arrive(1),
      () => ({monotonicSeconds: 2, unixSeconds: 1_800_000_000})
    );
    await inChecks;
    receiver.newRun();
    release();
    const attempt = await pending;
    expect(attempt.run).toBe(1);
    expect(receiver.status()).toMatchObject({run: 2, expectedTask: null, replayRecords: 0});
  });
});

describe("the A2A push JWT profile", () => {
  test("a token is single-use: its jti seen again is a refused replay; a retry's new token over the same bytes is a duplicate; another audience is refused", async () => {
    const {exportJWK, generateKeyPair} = await import("jose");
    const {privateKey, publicKey} = await generateKeyPair("ES256");
    const jwks = createJwksCache(
      {keys: [{...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig"}]},
      1_800_000_000
    );
    const {push} = receiverWith(
      {},
      {auth: {scheme: "a2a-jwt", issuer: "https://agent.example", audience: "https://client.example/hook"}, jwks}
    );
    const body = JSON.stringify({
      statusUpdate: {taskId: "task-1", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
    });
    const token = (audience: string, jti: string) =>
      signA2aPushJwt({
        privateKey,
        kid: "k1",
        issuer: "https://agent.example",
        audience,
        taskId: "task-1",
        jti,
        body,
        nowSeconds: 1_800_000_101
      });
    const headers = async (audience: string, jti: string) => ({Authorization: `Bearer ${await token(audience, jti)}`});
    const firstHeaders = await headers("https://client.example/hook", "j-1");
    const first = await push(body, firstHeaders, 0);
    expect([first.decision, first.keySource, first.recordKey]).toEqual(["applied", "derived", first.updateKey]);
    const replay = await push(body, firstHeaders, 0);
    expect([replay.decision, replay.httpStatus]).toEqual(["unauthorized", 401]);
    expect(replay.reason).toMatch(/replay.*jti:https:\/\/agent\.example:j-1/);
    const retry = await push(body, await headers("https://client.example/hook", "j-1-retry"), 0);
    expect([retry.decision, retry.updateKey]).toEqual(["duplicate", first.updateKey]);
    const other = await push(body, await headers("https://other.example", "j-2"), 0);
    expect([other.decision, other.httpStatus]).toEqual(["unauthorized", 401]);
    expect(other.reason).toMatch(/audience/);
  });
});
