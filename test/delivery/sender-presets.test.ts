/**
 * The real senders, run through the same simulator: what each does with an outage, a slow
 * receiver and a lost acknowledgement, as its preset (read from its source) says.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  senderIds,
  senderPolicy,
  senderPresets,
  simulateDelivery,
  type DeliveryConfig,
  type DeliveryRun,
  type SenderId
} from "../../lib/delivery/index.js";
import {partialDeliveryConfig} from "./arbitraries.js";

/** The lesson's four updates (2, 12, 22, 32 s) with every acknowledgement arriving. */
const calm: Partial<DeliveryConfig> = {loseFirstSuccessfulAck: false};
const run = (sender: SenderId, config: Partial<DeliveryConfig> = {}) => simulateDelivery({...calm, ...config, sender});
const dispatchTimes = (result: DeliveryRun, updateIndex: number) =>
  result.attempts
    .filter((attempt) => attempt.updateIndex === updateIndex)
    .map((attempt) => attempt.dispatchedAtSeconds);
const SDKS = ["a2a-js", "a2a-python", "a2a-go", "a2a-java"] as const;

describe("sender presets", () => {
  it("are one record per sender id, each naming its version and source", () => {
    expect(senderPresets.map((preset) => preset.id)).toEqual([...senderIds]);
    for (const preset of senderPresets) {
      expect(preset.version.length).toBeGreaterThan(0);
      expect(preset.source.length).toBeGreaterThan(0);
      expect(preset.contentType).toMatch(/^application\/(a2a\+)?json$/);
    }
  });

  it("the teaching sender is the default, and with every acknowledgement arriving each update is applied once", () => {
    expect(simulateDelivery(calm)).toEqual(run("teaching"));
    for (const sender of senderIds) {
      const result = run(sender);
      expect(result.summary.acknowledgedUpdates, sender).toBe(4);
      expect(
        result.updates.map((update) => update.receiverEffects),
        sender
      ).toEqual([1, 1, 1, 1]);
    }
  });

  it("no released SDK retries: one 503 loses that update for good, where the teaching sender and the platforms recover", () => {
    // The receiver is down until 5 s: only update 1 (sent at 2 s) meets the outage.
    const outage = {receiverUnavailableUntilSeconds: 5};
    for (const sender of ["a2a-js", "a2a-python", "a2a-go"] as const) {
      const result = run(sender, outage);
      expect(dispatchTimes(result, 0), sender).toEqual([2]);
      expect(result.updates[0]).toMatchObject({outcome: "exhausted", attemptsSent: 1, receiverEffects: 0});
      expect(
        result.updates.slice(1).map((update) => update.receiverEffects),
        sender
      ).toEqual([1, 1, 1]);
    }
    for (const sender of ["teaching", "svix"] as const) {
      expect(run(sender, outage).updates[0], sender).toMatchObject({outcome: "acknowledged", receiverEffects: 1});
    }
    // Convoy's first retry comes 100 s later, after updates 2-4: ordering protection answers it 2xx as stale.
    const convoy = run("convoy", outage);
    expect(convoy.updates[0]).toMatchObject({outcome: "acknowledged", receiverEffects: 0});
    expect(
      convoy.attempts.filter((attempt) => attempt.updateIndex === 0).map((attempt) => attempt.receiverDecision)
    ).toEqual(["unavailable", "stale"]);
  });

  it("a2a-java counts a 503 as delivered: the update is lost and nothing says so", () => {
    const result = run("a2a-java", {receiverUnavailableUntilSeconds: 5});
    expect(result.updates[0]).toMatchObject({outcome: "acknowledged", attemptsSent: 1, receiverEffects: 0});
    expect(result.attempts[0]).toMatchObject({httpStatus: 503, senderAction: "acknowledged"});
    expect(
      result.decisions.some((decision) => decision.title === "Sender sees 503 and counts update 1 as delivered")
    ).toBe(true);
    // A 401 it does count as a failure, and drops.
    expect(run("a2a-java", {credential: "wrong"}).summary.exhaustedUpdates).toBe(4);
  });

  it("@a2a-js/sdk's chain holds each update behind a slow webhook; a2a-java sends each as it comes", () => {
    // Every answer takes 4 s (inside the JS 5 s timeout); updates are produced 1 s apart.
    const slow = {
      responseDelaySeconds: 4,
      updates: [0, 1, 2, 3].map((at, index) => ({
        atSeconds: at,
        eventId: `evt-${index + 1}`,
        sequence: index + 1,
        taskState: "working" as const
      }))
    };
    const js = run("a2a-js", slow);
    expect([0, 1, 2, 3].map((index) => dispatchTimes(js, index))).toEqual([[0], [4], [8], [12]]);
    expect(js.updates.map((update) => update.outcome)).toEqual([
      "acknowledged",
      "acknowledged",
      "acknowledged",
      "acknowledged"
    ]);
    const java = run("a2a-java", slow);
    expect([0, 1, 2, 3].map((index) => dispatchTimes(java, index))).toEqual([[0], [1], [2], [3]]);
  });

  it("timeouts: 5 s for @a2a-js/sdk and a2a-python, Go's 30 s patience, Java's none", () => {
    const slow = {responseDelaySeconds: 20};
    for (const sender of ["a2a-js", "a2a-python"] as const) {
      const result = run(sender, slow);
      expect(result.attempts[0]).toMatchObject({
        deadlineAtSeconds: 7,
        sender: {kind: "timeout", atSeconds: 7, cause: "slow"}
      });
      // The receiver still applies what arrives after the sender gave up.
      expect(result.updates[0]).toMatchObject({outcome: "exhausted", receiverEffects: 1});
    }
    expect(run("a2a-go", slow).updates[0]).toMatchObject({outcome: "acknowledged", settledAtSeconds: 22});
    expect(run("a2a-go", {responseDelaySeconds: 31}).updates[0]).toMatchObject({outcome: "exhausted"});
    expect(run("a2a-java", {responseDelaySeconds: 600}).attempts[0]).toMatchObject({
      deadlineAtSeconds: null,
      sender: {kind: "response", atSeconds: 602}
    });
  });

  it("a lost acknowledgement: the SDKs give up although the receiver applied it; Java, without a timeout, waits for ever", () => {
    const lost = {loseFirstSuccessfulAck: true};
    for (const sender of ["a2a-js", "a2a-python", "a2a-go"] as const) {
      expect(
        run(sender, lost).updates.map((update) => [update.outcome, update.receiverEffects]),
        sender
      ).toEqual(Array(4).fill(["exhausted", 1]));
    }
    const java = run("a2a-java", lost);
    expect(java.updates.map((update) => update.outcome)).toEqual(Array(4).fill("unanswered"));
    expect(java.summary).toMatchObject({unansweredUpdates: 4, blockedUpdates: 0});
    expect(java.attempts.map((attempt) => attempt.sender)).toEqual(
      java.attempts.map((attempt) => ({kind: "waiting", atSeconds: attempt.arrivesAtSeconds}))
    );
    expect(
      java.decisions.some((decision) => decision.detail.includes("this sender has no timeout, so it waits for ever"))
    ).toBe(true);
  });

  it("Svix retries on its published schedule: 5 s, 5 min, 30 min, … after each failure", () => {
    // Down for 400 s; each answer takes 1 s, so each failure is seen 1 s after its attempt.
    const result = run("svix", {receiverUnavailableUntilSeconds: 400});
    expect(dispatchTimes(result, 0)).toEqual([2, 2 + 1 + 5, 8 + 1 + 300, 309 + 1 + 1_800]);
    expect(result.updates[0]).toMatchObject({outcome: "acknowledged", attemptsSent: 4});
    // Eight attempts in all, then it gives up.
    const never = run("svix", {
      credential: "wrong",
      updates: [{atSeconds: 0, eventId: "evt-1", sequence: 1, taskState: "working"}]
    });
    expect(never.updates[0]).toMatchObject({outcome: "exhausted", attemptsSent: 8});
  });

  it("Convoy doubles from 100 s up to its 7,200 s cap, plus under 5 s of jitter drawn from the run's seed", () => {
    const once = {
      credential: "wrong" as const,
      updates: [{atSeconds: 0, eventId: "evt-1", sequence: 1, taskState: "working" as const}]
    };
    const waits = (seed: number) => {
      const times = dispatchTimes(run("convoy", {...once, seed}), 0);
      // Each failure is seen 1 s after its attempt.
      return times.slice(1).map((at, index) => at - times[index]! - 1);
    };
    const base = [100, 200, 400, 800, 1_600, 3_200, 6_400, 7_200, 7_200];
    for (const seed of [1, 2, 99]) {
      const seen = waits(seed);
      expect(seen).toHaveLength(9);
      seen.forEach((wait, index) => {
        expect(wait).toBeGreaterThanOrEqual(base[index]!);
        expect(wait).toBeLessThan(base[index]! + 5);
      });
    }
    expect(waits(7)).toEqual(waits(7));
    expect(waits(7)).not.toEqual(waits(8));
  });
});

describe("any config, any sender", () => {
  const anySender = fc.constantFrom(...senderIds);

  it("a sender that does not retry sends each update at most once", () => {
    fc.assert(
      fc.property(partialDeliveryConfig, fc.constantFrom(...SDKS), (partial, sender) => {
        const result = simulateDelivery({...partial, sender});
        for (const update of result.updates) expect(update.attemptsSent).toBeLessThanOrEqual(1);
      }),
      {numRuns: 200}
    );
  });

  it("a one-at-a-time sender never has two updates in flight: each starts once the one before has its answer or timeout", () => {
    fc.assert(
      fc.property(
        partialDeliveryConfig,
        fc.constantFrom("a2a-js", "a2a-python", "a2a-go" as const),
        (partial, sender) => {
          const result = simulateDelivery({...partial, sender});
          const byStart = [...result.attempts].sort((a, b) => a.dispatchedAtSeconds - b.dispatchedAtSeconds);
          for (let index = 1; index < byStart.length; index++) {
            expect(byStart[index]!.dispatchedAtSeconds).toBeGreaterThanOrEqual(byStart[index - 1]!.sender.atSeconds);
          }
        }
      ),
      {numRuns: 200}
    );
  });

  it("every update ends in one outcome, within the sender's attempts, and the same seed gives the same run", () => {
    fc.assert(
      fc.property(partialDeliveryConfig, anySender, fc.integer({min: 0, max: 1000}), (partial, sender, seed) => {
        const config = {...partial, sender, seed};
        const result = simulateDelivery(config);
        const policy = senderPolicy(result.config);
        for (const update of result.updates) expect(update.attemptsSent).toBeLessThanOrEqual(policy.maxAttempts);
        expect(simulateDelivery(config)).toEqual(result);
      }),
      {numRuns: 200}
    );
  });
});

describe("when a one-at-a-time sender reads the push config", () => {
  // Answers take 4 s; update 2 is produced at 1 s and held behind update 1 until 4 s; the config is deleted at 2 s.
  const held = {
    responseDelaySeconds: 4,
    deleteConfigAtSeconds: 2,
    updates: [0, 1].map((at, index) => ({
      atSeconds: at,
      eventId: `evt-${index + 1}`,
      sequence: index + 1,
      taskState: "working" as const
    }))
  };

  it("@a2a-js/sdk read it when the update was produced, so the held update is still sent after the deletion", () => {
    expect(dispatchTimes(run("a2a-js", held), 1)).toEqual([4]);
  });

  it("a2a-go reads it as it sends, so the held update is suppressed", () => {
    const go = run("a2a-go", held);
    expect(dispatchTimes(go, 1)).toEqual([]);
    expect(go.updates[1]?.outcome).toBe("stopped-by-deletion");
  });
});
