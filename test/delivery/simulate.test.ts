import {describe, expect, it} from "vitest";
import {
  a2aTaskStates,
  baselineDeliveryConfig,
  baselineUpdates,
  evenlySpacedUpdates,
  simulateDelivery,
  type DeliveryAttempt,
  type DeliveryConfig,
  type DeliveryRun
} from "../../lib/delivery/index.js";

const attemptsOf = (run: DeliveryRun, updateIndex: number): DeliveryAttempt[] =>
  run.attempts.filter((attempt) => attempt.updateIndex === updateIndex);

/** When the sender learned the attempt's outcome: the response time if seen in time, else the deadline. */
const observedAt = (attempt: DeliveryAttempt): number => attempt.sender.atSeconds;

describe("the lesson's updates", () => {
  it("are four updates of one task at 2, 12, 22 and 32 s with sequence 1-4 and distinct A2A states", () => {
    expect(baselineUpdates.map((update) => update.atSeconds)).toEqual([2, 12, 22, 32]);
    expect(baselineUpdates.map((update) => update.sequence)).toEqual([1, 2, 3, 4]);
    const states = baselineUpdates.map((update) => update.taskState);
    expect(new Set(states).size).toBe(4);
    for (const state of states) expect(a2aTaskStates).toContain(state);
    expect(new Set(baselineUpdates.map((update) => update.eventId)).size).toBe(4);
  });

  it("are the baseline config's updates", () => {
    expect(baselineDeliveryConfig.updates).toEqual(baselineUpdates);
  });
});

describe("numbers the lesson pins", () => {
  it("baseline: 8 attempts and 4 effects", () => {
    const run = simulateDelivery();
    expect(run.summary.attempts).toBe(8);
    expect(run.summary.effects).toBe(4);
    expect(run.summary.duplicateEffects).toBe(0);
    expect(run.summary.acknowledgedUpdates).toBe(4);
  });

  it("baseline with dedup off: 8 effects, 4 of them duplicates", () => {
    const run = simulateDelivery({ignoreSeenEventIds: false});
    expect(run.summary.effects).toBe(8);
    expect(run.summary.duplicateEffects).toBe(4);
    // The sender's view is unchanged: acknowledgements alone do not reveal duplicates.
    expect(run.summary.acknowledgedUpdates).toBe(simulateDelivery().summary.acknowledgedUpdates);
  });

  it.each(["wrong", "missing"] as const)("%s credential: 4 attempts, 0 effects, 4 refusals (401)", (credential) => {
    const run = simulateDelivery({credential});
    expect(run.summary.attempts).toBe(4);
    expect(run.summary.effects).toBe(0);
    expect(run.summary.refusedUpdates).toBe(4);
    expect(run.updates.every((update) => update.refusalStatus === 401)).toBe(true);
  });

  it("payload without the expected task id: 0 effects, refused with 404", () => {
    const run = simulateDelivery({payloadNamesExpectedTask: false});
    expect(run.summary.effects).toBe(0);
    expect(run.updates.every((update) => update.outcome === "refused" && update.refusalStatus === 404)).toBe(true);
  });

  it.each(["https://localhost/hook", "https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://192.168.0.10/hook"])(
    "callback URL %s: 0 attempts, blocked with a reason",
    (callbackUrl) => {
      const run = simulateDelivery({callbackUrl});
      expect(run.summary.attempts).toBe(0);
      expect(run.summary.effects).toBe(0);
      expect(run.summary.blockedReason).toMatch(/loopback|private/);
      expect(run.updates.every((update) => update.outcome === "blocked")).toBe(true);
    }
  );

  it("deletion at 3 s: 1 attempt and 1 effect, the request sent at 2 s still arrives", () => {
    const run = simulateDelivery({deleteConfigAtSeconds: 3});
    expect(run.summary.attempts).toBe(1);
    expect(run.summary.effects).toBe(1);
    const [only] = run.attempts;
    expect(only?.dispatchedAtSeconds).toBe(2);
    expect(only?.arrivesAtSeconds).toBe(3);
    expect(run.effects[0]?.atSeconds).toBe(3);
  });

  it("outage until 12 s with ordering protection off: update 1 is applied after update 2 (a regression)", () => {
    const run = simulateDelivery({receiverUnavailableUntilSeconds: 12, ignoreOlderSequence: false});
    expect(run.summary.regressions).toBeGreaterThan(0);
    const applied = run.effects.map((effect) => effect.sequence);
    expect(applied.indexOf(1)).toBeGreaterThan(applied.indexOf(2));
    expect(run.effects.find((effect) => effect.sequence === 1)?.regression).toBe(true);
  });

  it("outage until 12 s with ordering protection on: no regression, update 1 is ignored as stale", () => {
    const run = simulateDelivery({receiverUnavailableUntilSeconds: 12});
    expect(run.summary.regressions).toBe(0);
    expect(attemptsOf(run, 0).some((attempt) => attempt.receiverDecision === "stale")).toBe(true);
  });
});

describe("the baseline timeline, derived by hand from the rules", () => {
  // Update emitted at e: attempt 1 at e arrives at e+1 (applied, 2xx lost); the sender
  // times out at e+3; attempt 2 starts at e+3+2x2^0 = e+5, arrives at e+6 as a
  // duplicate, and that (second) 2xx is seen: acknowledged at e+6.
  it("gives each update two attempts at e and e+5, acknowledged at e+6", () => {
    const run = simulateDelivery();
    baselineUpdates.forEach((update, index) => {
      const e = update.atSeconds;
      const [first, second, ...rest] = attemptsOf(run, index);
      expect(rest).toEqual([]);
      expect(first).toMatchObject({
        dispatchedAtSeconds: e,
        arrivesAtSeconds: e + 1,
        receiverDecision: "applied",
        responseLost: true
      });
      expect(first?.sender).toEqual({kind: "timeout", atSeconds: e + 3, cause: "response-lost"});
      expect(first?.nextRetryAtSeconds).toBe(e + 5);
      expect(second).toMatchObject({
        dispatchedAtSeconds: e + 5,
        arrivesAtSeconds: e + 6,
        receiverDecision: "duplicate",
        responseLost: false
      });
      expect(second?.sender).toEqual({kind: "response", httpStatus: 200, atSeconds: e + 6});
      expect(run.updates[index]).toMatchObject({
        outcome: "acknowledged",
        settledAtSeconds: e + 6,
        attemptsSent: 2,
        receiverEffects: 1
      });
    });
  });
});

describe("before dispatch", () => {
  it("an agent that does not advertise push support sends nothing, and the run says why", () => {
    const run = simulateDelivery({agentAdvertisesPush: false});
    expect(run.summary.attempts).toBe(0);
    expect(run.summary.blockedUpdates).toBe(4);
    expect(run.summary.blockedReason).toMatch(/pushNotifications/);
  });

  it("a URL differing only by a trailing slash is blocked and the reason names the path", () => {
    const run = simulateDelivery({callbackUrl: "https://receiver.example/hook/"});
    expect(run.summary.attempts).toBe(0);
    expect(run.gate.url.category).toBe("path");
    expect(run.summary.blockedReason).toMatch(/trailing slash/);
  });

  it("a blocked run still records every update as blocked at its emission time", () => {
    const run = simulateDelivery({agentAdvertisesPush: false});
    expect(run.updates.map((update) => update.settledAtSeconds)).toEqual(
      baselineUpdates.map((update) => update.atSeconds)
    );
    expect(run.decisions.filter((decision) => decision.kind === "blocked")).toHaveLength(4);
  });
});

describe("receiver decisions, in order", () => {
  it("arrival at dispatch + delay", () => {
    const run = simulateDelivery({responseDelaySeconds: 2.5, senderTimeoutSeconds: 5});
    for (const attempt of run.attempts) expect(attempt.arrivesAtSeconds).toBe(attempt.dispatchedAtSeconds + 2.5);
  });

  it("503 comes before the credential check", () => {
    // Update 1 arrives at 3 s, inside the outage; the wrong credential is checked only after it.
    const run = simulateDelivery({credential: "wrong", receiverUnavailableUntilSeconds: 10});
    const first = attemptsOf(run, 0);
    expect(first[0]?.receiverDecision).toBe("unavailable");
    expect(first[first.length - 1]?.receiverDecision).toBe("unauthorized");
  });

  it("401 comes before the task check", () => {
    const run = simulateDelivery({credential: "missing", payloadNamesExpectedTask: false});
    expect(run.attempts.every((attempt) => attempt.receiverDecision === "unauthorized")).toBe(true);
  });

  it("an arrival exactly at the end of the outage is served", () => {
    // Attempt 1 of update 1 arrives at 2 + 1 = 3 s; "before 3 s" excludes 3 s.
    const run = simulateDelivery({receiverUnavailableUntilSeconds: 3});
    expect(run.attempts[0]?.receiverDecision).toBe("applied");
  });

  it("duplicate is decided before stale", () => {
    // Event id reused by an older sequence: with both protections on the receiver calls it a duplicate.
    const updates = [
      {atSeconds: 2, eventId: "same", sequence: 5, taskState: "working" as const},
      {atSeconds: 12, eventId: "same", sequence: 1, taskState: "submitted" as const}
    ];
    const run = simulateDelivery({updates, loseFirstSuccessfulAck: false});
    expect(attemptsOf(run, 1)[0]?.receiverDecision).toBe("duplicate");
    const withoutDedup = simulateDelivery({updates, loseFirstSuccessfulAck: false, ignoreSeenEventIds: false});
    expect(attemptsOf(withoutDedup, 1)[0]?.receiverDecision).toBe("stale");
  });

  it("an equal sequence is not older: with dedup off the retry is applied again", () => {
    const run = simulateDelivery({ignoreSeenEventIds: false});
    const second = attemptsOf(run, 0)[1];
    expect(second?.receiverDecision).toBe("applied");
    expect(run.effects.filter((effect) => effect.updateIndex === 0).map((effect) => effect.duplicate)).toEqual([
      false,
      true
    ]);
    expect(run.summary.regressions).toBe(0);
  });

  it("refused attempts never apply and are not retried", () => {
    const run = simulateDelivery({credential: "wrong", maxAttemptsPerUpdate: 10});
    expect(run.summary.attempts).toBe(4);
    expect(
      run.attempts.every((attempt) => attempt.senderAction === "refused" && attempt.nextRetryAtSeconds === null)
    ).toBe(true);
  });
});

describe("what the sender observes", () => {
  it("a response exactly at the deadline is seen, not a timeout", () => {
    const run = simulateDelivery({responseDelaySeconds: 3, senderTimeoutSeconds: 3, loseFirstSuccessfulAck: false});
    expect(run.attempts.every((attempt) => attempt.sender.kind === "response")).toBe(true);
    expect(run.summary.attempts).toBe(4);
  });

  it("a slower response times out at dispatch + timeout; the late 2xx retracts no retry", () => {
    // Delay 5 > timeout 3: attempt 1 (2 s) times out at 5 s, retry at 5 + 2 = 7 s; its request
    // still arrives at 7 s and is applied, but the retry goes out anyway.
    const run = simulateDelivery({responseDelaySeconds: 5, senderTimeoutSeconds: 3, maxAttemptsPerUpdate: 2});
    const [first, second] = attemptsOf(run, 0);
    expect(first?.sender).toEqual({kind: "timeout", atSeconds: 5, cause: "slow"});
    expect(first?.nextRetryAtSeconds).toBe(7);
    expect(first?.receiverDecision).toBe("applied");
    expect(first?.responseLate).toBe(true);
    expect(second?.dispatchedAtSeconds).toBe(7);
    // Every attempt is slower than the timeout, so the budget runs out although the receiver applied it.
    expect(run.updates[0]).toMatchObject({outcome: "exhausted", receiverEffects: 1});
    expect(run.summary.lateResponses).toBe(run.summary.attempts);
  });

  it("only the first 2xx of each update is lost", () => {
    const run = simulateDelivery();
    for (let index = 0; index < 4; index++) {
      expect(attemptsOf(run, index).map((attempt) => attempt.responseLost)).toEqual([true, false]);
    }
    expect(run.summary.lostAcknowledgements).toBe(4);
  });

  it("no lost acknowledgement: one attempt per update", () => {
    const run = simulateDelivery({loseFirstSuccessfulAck: false});
    expect(run.summary.attempts).toBe(4);
    expect(run.summary.lostAcknowledgements).toBe(0);
  });
});

describe("retry schedule", () => {
  it("attempt k+1 starts at the observed failure + initialBackoff x 2^(k-1), for every retried attempt", () => {
    const configs: Partial<DeliveryConfig>[] = [
      {receiverUnavailableUntilSeconds: 60, maxAttemptsPerUpdate: 6, initialBackoffSeconds: 1.5},
      {responseDelaySeconds: 4, senderTimeoutSeconds: 2, maxAttemptsPerUpdate: 5},
      {}
    ];
    for (const config of configs) {
      const run = simulateDelivery(config);
      const backoff = config.initialBackoffSeconds ?? baselineDeliveryConfig.initialBackoffSeconds;
      for (const attempt of run.attempts) {
        if (attempt.senderAction !== "retry") continue;
        const expected = observedAt(attempt) + backoff * 2 ** (attempt.attemptNumber - 1);
        expect(attempt.nextRetryAtSeconds).toBe(expected);
        const next = attemptsOf(run, attempt.updateIndex).find(
          (other) => other.attemptNumber === attempt.attemptNumber + 1
        );
        expect(next?.dispatchedAtSeconds).toBe(expected);
      }
    }
  });

  it("a long outage: 503s at 3, 6, 11 and 20 s exhaust update 1 after 4 attempts", () => {
    // 2 -> arrives 3 (503) -> +2 -> 5 -> arrives 6 (503) -> +4 -> 10 -> arrives 11 (503) -> +8 -> 19 -> arrives 20 (503).
    const run = simulateDelivery({receiverUnavailableUntilSeconds: 60});
    expect(attemptsOf(run, 0).map((attempt) => attempt.arrivesAtSeconds)).toEqual([3, 6, 11, 20]);
    expect(run.updates[0]).toMatchObject({outcome: "exhausted", settledAtSeconds: 20, receiverEffects: 0});
    expect(run.summary.exhaustedUpdates).toBe(4);
  });

  it("exhausted is the sender's budget, not proof that the receiver did nothing", () => {
    // Outage until 20 s: update 1's 4th attempt arrives at 20 s, is applied, and its 2xx (the first) is lost.
    const run = simulateDelivery({receiverUnavailableUntilSeconds: 20});
    expect(run.updates[0]).toMatchObject({outcome: "exhausted", receiverEffects: 1});
  });

  it("maxAttemptsPerUpdate 1 never retries", () => {
    const run = simulateDelivery({maxAttemptsPerUpdate: 1});
    expect(run.summary.attempts).toBe(4);
    expect(run.summary.exhaustedUpdates).toBe(4);
    expect(run.summary.effects).toBe(4);
  });
});

describe("deleting the push config", () => {
  it("suppresses an attempt due exactly at the deletion time", () => {
    // Update 1's retry is due at 7 s.
    const run = simulateDelivery({deleteConfigAtSeconds: 7});
    expect(attemptsOf(run, 0)).toHaveLength(1);
    expect(run.suppressedAttempts[0]).toEqual({
      updateIndex: 0,
      attemptNumber: 2,
      wouldStartAtSeconds: 7,
      configDeletedAtSeconds: 7
    });
    expect(run.updates[0]?.outcome).toBe("stopped-by-deletion");
  });

  it("lets an attempt due just before deletion go out", () => {
    const run = simulateDelivery({deleteConfigAtSeconds: 7.5});
    expect(attemptsOf(run, 0)).toHaveLength(2);
    expect(run.updates[0]?.outcome).toBe("acknowledged");
    expect(run.summary.stoppedByDeletionUpdates).toBe(3);
  });

  it("deletion before any update: nothing is sent, every update is stopped", () => {
    const run = simulateDelivery({deleteConfigAtSeconds: 0});
    expect(run.summary.attempts).toBe(0);
    expect(run.summary.suppressedAttempts).toBe(4);
    expect(run.updates.every((update) => update.outcome === "stopped-by-deletion")).toBe(true);
  });

  it("an in-flight request is processed and its response seen after deletion", () => {
    // Attempt 1 leaves at 2 s; deletion at 2.5 s; it arrives at 3 s and, with no lost 2xx, is acknowledged.
    const run = simulateDelivery({deleteConfigAtSeconds: 2.5, loseFirstSuccessfulAck: false});
    expect(run.updates[0]?.outcome).toBe("acknowledged");
    expect(run.effects).toHaveLength(1);
  });
});

describe("same-instant order", () => {
  it("the deletion is traced before an attempt due at the same instant", () => {
    const run = simulateDelivery({deleteConfigAtSeconds: 12});
    const at12 = run.decisions.filter((decision) => decision.atSeconds === 12).map((decision) => decision.kind);
    expect(at12).toEqual(["config-deleted", "suppressed"]);
  });

  it("arrivals at one instant are decided in update order", () => {
    const updates = [
      {atSeconds: 2, eventId: "a", sequence: 2, taskState: "working" as const},
      {atSeconds: 2, eventId: "b", sequence: 1, taskState: "submitted" as const}
    ];
    const run = simulateDelivery({updates, loseFirstSuccessfulAck: false});
    // Update 1 (sequence 2) is decided first, so update 2 (sequence 1) is stale.
    expect(run.attempts.map((attempt) => [attempt.updateIndex, attempt.receiverDecision])).toEqual([
      [0, "applied"],
      [1, "stale"]
    ]);
  });

  it("zero delay, timeout and backoff still terminate and stay ordered", () => {
    const run = simulateDelivery({responseDelaySeconds: 0, senderTimeoutSeconds: 0, initialBackoffSeconds: 0});
    expect(run.summary.attempts).toBe(8);
    const times = run.decisions.map((decision) => decision.atSeconds);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("run records", () => {
  const run = simulateDelivery({receiverUnavailableUntilSeconds: 12, ignoreOlderSequence: false});

  it("the decision trace is time-ordered and uses the shared Decision fields", () => {
    const times = run.decisions.map((decision) => decision.atSeconds);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const decision of run.decisions) {
      expect(typeof decision.title).toBe("string");
      expect(decision.title.length).toBeGreaterThan(0);
      expect(decision.detail.length).toBeGreaterThan(0);
    }
    expect(run.decisions.filter((decision) => decision.kind === "dispatch")).toHaveLength(run.summary.attempts);
  });

  it("has one receiver state sample per arrival, ending at the run's totals", () => {
    expect(run.receiverStates).toHaveLength(run.attempts.length);
    const last = run.receiverStates[run.receiverStates.length - 1];
    expect(last?.effectsSoFar).toBe(run.summary.effects);
    expect(last?.regressionsSoFar).toBe(run.summary.regressions);
    const regressionSample = run.receiverStates.find((sample) => sample.regression);
    // The regression moved the shown state back to update 1's state while the newest applied stays 2.
    expect(regressionSample).toMatchObject({shownSequence: 1, shownTaskState: "submitted", newestAppliedSequence: 2});
  });

  it("summary counts agree with the records", () => {
    const count = (outcome: string) => run.updates.filter((update) => update.outcome === outcome).length;
    expect(
      run.summary.acknowledgedUpdates +
        run.summary.exhaustedUpdates +
        run.summary.refusedUpdates +
        run.summary.stoppedByDeletionUpdates +
        run.summary.blockedUpdates +
        run.summary.unansweredUpdates
    ).toBe(run.updates.length);
    expect(run.summary.exhaustedUpdates).toBe(count("exhausted"));
    expect(run.summary.effects).toBe(run.updates.reduce((sum, update) => sum + update.receiverEffects, 0));
  });

  it("accepts far more updates than the lesson's four", () => {
    // Updates 10 s apart never overlap (each is settled 6 s after emission), so each behaves like a baseline update.
    const big = simulateDelivery({updates: evenlySpacedUpdates(10_000)});
    expect(big.summary.attempts).toBe(20_000);
    expect(big.summary.effects).toBe(10_000);
    expect(big.summary.acknowledgedUpdates).toBe(10_000);
  });
});
