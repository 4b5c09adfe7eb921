/**
 * The live lab on loopback: the real receiver (receiver/server.ts around lib/live) and real
 * senders — the demo agent on @a2a-js/sdk, and a sender following lesson 1's teaching policy —
 * in scaled real time, each run set beside the model's prediction for the same faults
 * (liveModelConfig, observedRun, liveDifferences: what the page draws).
 *
 * The outages are 5 s and 15 s: the lesson's updates are 10 s apart, so a 10 s outage would put
 * the second update on the window's very edge, where a millisecond of timer lateness decides.
 */
import {afterEach, describe, expect, test} from "vitest";
import {runDemoAgent} from "../../demo-agent/agent.js";
import {baselineUpdates, buildPushPayload, simulateDelivery, type SenderId} from "../../lib/delivery/index.js";
import {
  liveDifferences,
  liveModelConfig,
  liveToleranceSeconds,
  noFaults,
  observedRun,
  type LiveAttempt,
  type LiveFaults
} from "../../lib/live/index.js";
import {startReceiver, type RunningReceiver} from "../../receiver/server.js";
import {post} from "./loopback.js";

const MS_PER_SECOND = 100;
const CREDENTIALS = "live-test-credentials";
let running: RunningReceiver | null = null;

afterEach(async () => {
  await running?.close();
  running = null;
});

async function receiver(faults: LiveFaults): Promise<RunningReceiver> {
  running = await startReceiver({
    port: 0,
    origins: [],
    msPerSecond: MS_PER_SECOND,
    authSummary: "Bearer",
    settings: {
      auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: CREDENTIALS}},
      expectedTaskIds: [],
      faults
    }
  });
  return running;
}

/** Waits until the receiver has settled `count` attempts (a held answer settles when its sender gives up), and no more. */
async function settled(target: RunningReceiver, count: number): Promise<readonly LiveAttempt[]> {
  await expect.poll(() => target.receiver.log.total, {timeout: 30_000, interval: 20}).toBeGreaterThanOrEqual(count);
  expect(target.receiver.log.total).toBe(count);
  return target.receiver.log.attempts();
}

function compared(attempts: readonly LiveAttempt[], faults: LiveFaults, sender: SenderId) {
  const model = simulateDelivery(liveModelConfig(faults, sender));
  const real = observedRun(attempts, model);
  return {model, real, differences: liveDifferences(model, real, liveToleranceSeconds(MS_PER_SECOND))};
}

describe("the demo agent (@a2a-js/sdk's own sender) into the live receiver", () => {
  for (const outageSeconds of [5, 15]) {
    test(`through a ${outageSeconds} s outage, it arrives as the a2a-js preset predicts`, async () => {
      const faults = {...noFaults, outageSeconds};
      const target = await receiver(faults);
      const run = await runDemoAgent({
        receiverUrl: target.hookUrl,
        credentials: CREDENTIALS,
        msPerSecond: MS_PER_SECOND
      });
      const attempts = await settled(target, 4);
      const {model, real, differences} = compared(attempts, faults, "a2a-js");
      expect(differences).toEqual([]);
      // One attempt per update (the SDK does not retry), the first ones refused by the outage.
      const dropped = outageSeconds === 5 ? 1 : 2;
      expect(attempts.map((attempt) => attempt.httpStatus)).toEqual([
        ...Array(dropped).fill(503),
        ...Array(4 - dropped).fill(200)
      ]);
      expect(real.summary.effects).toBe(model.summary.effects);
      expect(run.reports.filter((report) => report.outcome === "sent")).toHaveLength(4 - dropped);
      expect(
        attempts.every((attempt) => attempt.taskId === run.taskId && attempt.keySource === "teaching-metadata")
      ).toBe(true);
    });
  }

  test("with every first 2xx lost, it applies each update once and the SDK, which never retries, gives each up at its 5 s timeout", async () => {
    const faults: LiveFaults = {...noFaults, lostAck: "hold"};
    const target = await receiver(faults);
    const run = await runDemoAgent({receiverUrl: target.hookUrl, credentials: CREDENTIALS, msPerSecond: MS_PER_SECOND});
    const attempts = await settled(target, 4);
    expect(compared(attempts, faults, "a2a-js").differences).toEqual([]);
    expect(attempts.map((attempt) => [attempt.decision, attempt.answer])).toEqual(Array(4).fill(["applied", "held"]));
    expect(run.reports.map((report) => report.outcome)).toEqual(Array(4).fill("failed"));
    // The held answer settles when the SDK aborts its fetch: 5 lesson seconds after the request.
    for (const attempt of attempts)
      expect(attempt.settledAtSeconds! - attempt.atSeconds).toBeGreaterThanOrEqual(5 - 0.5);
  });
});

describe("the demo agent into a slow receiver", () => {
  test("answers slower than the SDK's 5 s timeout: each update applied, the SDK gone before its answer, as the model predicts", async () => {
    const faults: LiveFaults = {...noFaults, slowResponseSeconds: 7};
    const target = await receiver(faults);
    const run = await runDemoAgent({receiverUrl: target.hookUrl, credentials: CREDENTIALS, msPerSecond: MS_PER_SECOND});
    const attempts = await settled(target, 4);
    expect(attempts.map((attempt) => [attempt.decision, attempt.answer])).toEqual(Array(4).fill(["applied", "none"]));
    expect(run.reports.map((report) => report.outcome)).toEqual(Array(4).fill("failed"));
    // Recorded when the SDK gave up (5 s after sending), not when the answer was ready (7 s).
    for (const attempt of attempts)
      expect(attempt.settledAtSeconds! - attempt.atSeconds).toBeLessThan(attempt.decidedAtSeconds - attempt.atSeconds);
    expect(compared(attempts, faults, "a2a-js").differences).toEqual([]);
  });
});

describe("a sender that retries (lesson 1's teaching policy) into the live receiver", () => {
  test("with the first 2xx lost, the receiver applies each update once and records the resends as duplicates", async () => {
    const faults: LiveFaults = {...noFaults, lostAck: "hold"};
    const target = await receiver(faults);
    const model = simulateDelivery(liveModelConfig(faults, "teaching"));
    const {senderTimeoutSeconds, initialBackoffSeconds, maxAttemptsPerUpdate} = model.config;
    const start = performance.now();
    await Promise.all(
      baselineUpdates.map(async (update) => {
        await new Promise((resolve) =>
          setTimeout(resolve, update.atSeconds * MS_PER_SECOND - (performance.now() - start))
        );
        const body = JSON.stringify(buildPushPayload(update, true));
        for (let attempt = 1; attempt <= maxAttemptsPerUpdate; attempt++) {
          const status = await post(target.hookUrl, body, CREDENTIALS, senderTimeoutSeconds * MS_PER_SECOND);
          if (status !== null && status < 500) return;
          await new Promise((resolve) =>
            setTimeout(resolve, initialBackoffSeconds * 2 ** (attempt - 1) * MS_PER_SECOND)
          );
        }
      })
    );
    const attempts = await settled(target, 8);
    expect(attempts.filter((attempt) => attempt.decision === "applied")).toHaveLength(4);
    expect(attempts.filter((attempt) => attempt.decision === "duplicate")).toHaveLength(4);
    expect(
      new Set(attempts.filter((attempt) => attempt.decision === "duplicate").map((attempt) => attempt.updateKey))
    ).toEqual(new Set(baselineUpdates.map((update) => `event:${update.eventId}`)));
    expect(liveDifferences(model, observedRun(attempts, model), liveToleranceSeconds(MS_PER_SECOND))).toEqual([]);
  });
});
