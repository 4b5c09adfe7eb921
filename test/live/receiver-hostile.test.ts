/**
 * The live receiver (receiver/server.ts) against hostile and careless senders, over real sockets
 * on 127.0.0.1: each gets a bounded answer, is recorded in the receiver's log with the decision
 * that names the problem, and a valid signed push right after it is still applied.
 * Small limits keep it fast: 500 ms for a body (and headers), 64 requests at once.
 */
import {Agent, request as httpRequest} from "node:http";
import {connect, type Socket} from "node:net";
import {randomBytes} from "node:crypto";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {LiveAttempt, LiveDecision} from "../../lib/live/index.js";
import {signStandardWebhook} from "../../lib/webhook-auth/index.js";
import {startReceiver, type RunningReceiver} from "../../receiver/server.js";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const COURSE_ORIGIN = "http://127.0.0.1:3000";
const BODY = JSON.stringify({statusUpdate: {taskId: "task-1", contextId: "c", status: {state: "TASK_STATE_WORKING"}}});
const LIMITS = {maxBodyBytes: 1024 * 1024, maxInFlight: 64, bodyTimeoutMs: 500, holdLimitMs: 5_000};
const HUNDRED_MB = 100 * 1024 * 1024;

let running: RunningReceiver;
let host: string;
const decided: Record<string, number> = {};
let pushNumber = 0;

const start = (limits: Partial<typeof LIMITS>) =>
  startReceiver({
    port: 0,
    settings: {auth: {scheme: "standard-webhooks", secrets: [SECRET]}, expectedTaskIds: ["task-1"]},
    origins: [COURSE_ORIGIN],
    limits,
    authSummary: "Standard Webhooks v1 signatures",
    onAttempt: (attempt) => {
      decided[attempt.decision] = (decided[attempt.decision] ?? 0) + 1;
    }
  });

beforeAll(async () => {
  running = await start(LIMITS);
  host = `127.0.0.1:${running.port}`;
});

afterAll(() => running.close());

async function signed(body = BODY): Promise<Record<string, string>> {
  const push = await signStandardWebhook({
    secret: SECRET,
    msgId: `msg_hostile_${++pushNumber}`,
    timestamp: Math.floor(Date.now() / 1000),
    payload: body
  });
  return {"Content-Type": "application/json", ...push.headers};
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with node:http (no keep-alive), its whole answer. */
function send(
  path: string,
  init: {method?: string; headers?: Record<string, string>; body?: string; agent?: Agent; to?: RunningReceiver} = {}
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: (init.to ?? running).port,
        path,
        method: init.method ?? "POST",
        headers: init.headers,
        agent: init.agent ?? false
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8")
          })
        );
        response.on("error", reject);
      }
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/**
 * A raw exchange: writes `head`, then lets `feed` write the rest while no answer has come; resolves
 * with the status line's code and the answer's head as soon as it arrives. Errors after the answer
 * (the receiver closing a connection it will not read) are expected and ignored.
 */
function raw(
  head: string,
  feed?: (socket: Socket, answered: () => boolean) => Promise<void>
): Promise<{status: number; head: string}> {
  return new Promise((resolve, reject) => {
    const socket = connect(running.port, "127.0.0.1");
    let received = "";
    let answer: {status: number; head: string} | null = null;
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (answer === null && end >= 0) {
        answer = {status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]), head: received.slice(0, end)};
        resolve(answer);
        socket.destroy();
      }
    });
    socket.on("error", (error) => {
      if (answer === null) reject(error);
    });
    socket.on("close", () => {
      if (answer === null)
        reject(new Error(`the connection closed with no answer (received ${JSON.stringify(received.slice(0, 200))})`));
    });
    socket.write(head);
    void feed?.(socket, () => answer !== null || socket.destroyed).catch(() => undefined);
  });
}

/** Writes `total` bytes of one shared 64 KB chunk (never the whole body in memory), chunked encoding or not, with backpressure. */
async function stream(socket: Socket, answered: () => boolean, total: number, chunked: boolean): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, "x");
  const framed = chunked
    ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
    : chunk;
  let sent = 0;
  while (sent < total && !answered()) {
    sent += chunk.length;
    if (!socket.write(framed)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off("drain", done);
          socket.off("close", done);
          resolve();
        };
        socket.on("drain", done);
        socket.on("close", done);
      });
    }
  }
  if (chunked && !answered()) socket.write("0\r\n\r\n");
  return sent;
}

/** The attempts settled since the log's total was `before`, once there are `count` of them (settling follows the answer's last byte). */
async function recordedSince(before: number, count = 1, to = running): Promise<readonly LiveAttempt[]> {
  await expect.poll(() => to.receiver.log.total - before, {timeout: 5_000}).toBeGreaterThanOrEqual(count);
  const attempts = to.receiver.log.attempts();
  return attempts.slice(attempts.length - (to.receiver.log.total - before));
}

async function expectRecorded(
  before: number,
  decision: LiveDecision,
  status: number,
  reason: RegExp,
  to = running
): Promise<LiveAttempt> {
  const attempts = await recordedSince(before, 1, to);
  expect(
    attempts.map((attempt) => attempt.decision),
    "the log records the request with its decision"
  ).toContain(decision);
  const attempt = attempts.find((candidate) => candidate.decision === decision)!;
  expect(attempt.httpStatus).toBe(status);
  expect(attempt.reason, "the reason names the problem").toMatch(reason);
  return attempt;
}

/** After each hostile request: a valid signed push is still answered 200 and applied. */
async function stillServing(to = running): Promise<void> {
  const before = to.receiver.log.total;
  const answer = await send("/hook", {headers: await signed(), body: BODY, to});
  expect(answer.status, answer.body).toBe(200);
  expect(JSON.parse(answer.body).decision).toBe("applied");
  await expectRecorded(before, "applied", 200, /./, to);
}

describe("the live receiver against hostile requests", () => {
  it("a valid signed push is applied (the baseline)", () => stillServing());

  it("a 100 MB body with a declared Content-Length: 413 too-large, not read", async () => {
    const before = running.receiver.log.total;
    let sent = 0;
    const answer = await raw(
      `POST /hook HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${HUNDRED_MB}\r\n\r\n`,
      async (socket, answered) => {
        sent = await stream(socket, answered, HUNDRED_MB, false);
      }
    );
    expect(answer.status).toBe(413);
    expect(sent, "the answer came long before the 100 MB were sent").toBeLessThan(HUNDRED_MB);
    const attempt = await expectRecorded(before, "too-large", 413, /over 1048576 bytes/);
    expect(attempt.bodyBytes).toBe(HUNDRED_MB);
    await stillServing();
  });

  it("a 100 MB chunked body with no Content-Length: 413 too-large once past the limit", async () => {
    const before = running.receiver.log.total;
    let sent = 0;
    const answer = await raw(
      `POST /hook HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      async (socket, answered) => {
        sent = await stream(socket, answered, HUNDRED_MB, true);
      }
    );
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(HUNDRED_MB);
    const attempt = await expectRecorded(before, "too-large", 413, /over 1048576 bytes/);
    expect(attempt.bodyBytes).toBeGreaterThan(LIMITS.maxBodyBytes);
    expect(attempt.bodyBytes).toBeLessThan(HUNDRED_MB);
    await stillServing();
  });

  it("a slow sender (the body trickled past the body timeout): 408 timed-out", async () => {
    const before = running.receiver.log.total;
    let trickled = 0;
    const answer = await raw(
      `POST /hook HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n`,
      async (socket, answered) => {
        // One byte every 100 ms: the whole body would take about 10 s, twenty times the 500 ms limit.
        while (!answered() && trickled < BODY.length) {
          socket.write(BODY[trickled++]!);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    );
    expect(answer.status).toBe(408);
    expect(trickled, "answered while the body was still coming").toBeLessThan(BODY.length);
    expect(trickled, "not answered before the sender had been given time to send").toBeGreaterThanOrEqual(2);
    await expectRecorded(before, "timed-out", 408, /did not arrive within 0\.5 s/);
    await stillServing();
  });

  it("a slow sender of headers (never finishing them): 408 timed-out within about the limit, not Node's 30 s check", async () => {
    const before = running.receiver.log.total;
    // A byte every 100 ms for 10 s at most (20 times the limit), then the sender just waits.
    const MAX_BYTES = 100;
    let trickled = 0;
    const answer = await raw(`POST /hook HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, async (socket, answered) => {
      while (!answered() && trickled < MAX_BYTES) {
        socket.write("a");
        trickled++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    expect(answer.status).toBe(408);
    // Node checks headersTimeout every connectionsCheckingInterval (30 s by default): answered while the sender still trickled.
    expect(trickled).toBeLessThan(MAX_BYTES);
    await expectRecorded(before, "timed-out", 408, /headers did not arrive in time/);
    // Once: the sender closing the answered connection is not another request (it was recorded as a 400 too).
    await stillServing();
    expect(
      running.receiver.log
        .attempts()
        .filter((attempt) => attempt.number > before && attempt.decision !== "applied")
        .map((attempt) => attempt.decision)
    ).toEqual(["timed-out"]);
  });

  it("invalid JSON with a valid signature: 400 bad-request", async () => {
    const before = running.receiver.log.total;
    const body = '{"statusUpdate": {"taskId": "task-1",';
    const answer = await send("/hook", {headers: await signed(body), body});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).decision).toBe("bad-request");
    await expectRecorded(before, "bad-request", 400, /not JSON/);
    await stillServing();
  });

  it("a Host that is not loopback (DNS rebinding): 421 wrong-host", async () => {
    const before = running.receiver.log.total;
    const answer = await raw(
      `POST /hook HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY}`
    );
    expect(answer.status).toBe(421);
    await expectRecorded(before, "wrong-host", 421, /attacker\.example.*not this machine's loopback/);
    await stillServing();
  });

  it("an Origin that is not a course origin: 403 wrong-origin, with no CORS headers", async () => {
    const before = running.receiver.log.total;
    const answer = await send("/hook", {headers: {...(await signed()), Origin: "https://evil.example"}, body: BODY});
    expect(answer.status).toBe(403);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    await expectRecorded(before, "wrong-origin", 403, /evil\.example.*not one of the course's origins/);
    await stillServing();
  });

  it("a course origin gets Access-Control-Allow-Origin naming exactly it, and its preflight the allow headers", async () => {
    const attempts = await send("/attempts", {method: "GET", headers: {Origin: COURSE_ORIGIN}});
    expect(attempts.status).toBe(200);
    expect(attempts.headers["access-control-allow-origin"]).toBe(COURSE_ORIGIN);
    const preflight = await send("/faults", {
      method: "OPTIONS",
      headers: {
        Origin: COURSE_ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"
      }
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(COURSE_ORIGIN);
    expect(preflight.headers["access-control-allow-methods"]).toMatch(/\bPOST\b/);
    expect(preflight.headers["access-control-allow-headers"]).toMatch(/content-type/i);
    await stillServing();
  });

  it("headers over 16 KB: 431, recorded as too-large", async () => {
    const before = running.receiver.log.total;
    const answer = await raw(
      `POST /hook HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${"a".repeat(17 * 1024)}\r\nContent-Length: 0\r\n\r\n`
    );
    expect(answer.status).toBe(431);
    await expectRecorded(before, "too-large", 431, /headers are over 16 KB/);
    await stillServing();
  });

  it("a path other than /hook: 404 not-a-hook", async () => {
    const before = running.receiver.log.total;
    const answer = await send("/webhook", {headers: await signed(), body: BODY});
    expect(answer.status).toBe(404);
    await expectRecorded(before, "not-a-hook", 404, /\/webhook is not the hook/);
    await stillServing();
  });

  it("10,000 requests at once: every one answered (applied, or 503 busy with Retry-After), every one recorded, the log bounded", async () => {
    const COUNT = 10_000;
    // Its own receiver, with the default 10 s for headers and body: the test's 10,000 clients share this
    // process's event loop with the receiver, which then lags past 500 ms, and a request whose headers
    // wait that long in the socket is answered 408 (headers not in time), not busy.
    const crowd = await start({maxInFlight: LIMITS.maxInFlight});
    // 5,000 sockets at once: with the receiver's own ends, 10,000 descriptors, half of `ulimit -n` (20,000 here).
    const agent = new Agent({keepAlive: true, maxSockets: 5_000});
    const pushes = await Promise.all(Array.from({length: COUNT}, () => signed()));
    const totalBefore = crowd.receiver.log.total;
    const appliedBefore = decided.applied ?? 0;
    const busyBefore = decided.busy ?? 0;
    try {
      const answers = await Promise.all(
        pushes.map((headers) => send("/hook", {headers, body: BODY, agent, to: crowd}))
      );
      const statuses = new Map<number, number>();
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(
        [...statuses.keys()].filter((status) => status !== 200 && status !== 503),
        `answers by status: ${JSON.stringify([...statuses])}`
      ).toEqual([]);
      for (const answer of answers) {
        const decision = JSON.parse(answer.body).decision;
        if (answer.status === 200) expect(decision).toBe("applied");
        else {
          expect(decision).toBe("busy");
          expect(answer.headers["retry-after"]).toBe("1");
        }
      }
      const applied = statuses.get(200) ?? 0;
      const busy = statuses.get(503) ?? 0;
      expect(applied + busy).toBe(COUNT);
      expect(busy, "more than 64 at once: some are turned away busy").toBeGreaterThan(0);
      await recordedSince(totalBefore, COUNT, crowd);
      expect(crowd.receiver.log.total - totalBefore, "the log's total counts every one").toBe(COUNT);
      expect((decided.applied ?? 0) - appliedBefore).toBe(applied);
      expect((decided.busy ?? 0) - busyBefore).toBe(busy);
      const status = crowd.receiver.status();
      expect(status.kept, "the log keeps at most `keep` attempts").toBeLessThanOrEqual(crowd.receiver.log.capacity);
      expect(status.kept + status.dropped).toBe(status.total);
      expect(status.replayRecords, "the replay records stay bounded too").toBeLessThanOrEqual(12_500);
      await stillServing(crowd);
    } finally {
      agent.destroy();
      await crowd.close();
    }
  });
});
