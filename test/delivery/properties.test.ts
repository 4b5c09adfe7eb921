import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  baselineDeliveryConfig,
  checkCallbackUrl,
  simulateDelivery,
  type DeliveryConfig,
  type DeliveryRun,
  type ReceiverDecisionKind
} from "../../lib/delivery/index.js";
import {partialDeliveryConfig} from "./arbitraries.js";

// At least 1,000 random configs per property, in CI too.
const runs = {numRuns: 1000};

const full = (partial: Partial<DeliveryConfig>): DeliveryConfig => ({...baselineDeliveryConfig, ...partial});

function forEveryRun(check: (run: DeliveryRun, config: DeliveryConfig) => void): void {
  fc.assert(
    fc.property(partialDeliveryConfig, (partial) => {
      check(simulateDelivery(partial), full(partial));
    }),
    runs
  );
}

describe("delivery properties (random configs)", () => {
  it("attempts per update never exceed the maximum", () => {
    forEveryRun((run, config) => {
      const perUpdate = new Map<number, number>();
      for (const attempt of run.attempts)
        perUpdate.set(attempt.updateIndex, (perUpdate.get(attempt.updateIndex) ?? 0) + 1);
      for (const count of perUpdate.values()) expect(count).toBeLessThanOrEqual(config.maxAttemptsPerUpdate);
      for (const attempt of run.attempts)
        expect(attempt.attemptNumber).toBeLessThanOrEqual(config.maxAttemptsPerUpdate);
    });
  });

  it("nothing starts at or after the deletion", () => {
    forEveryRun((run, config) => {
      const deletedAt = config.deleteConfigAtSeconds;
      if (deletedAt === null) {
        expect(run.suppressedAttempts).toEqual([]);
        return;
      }
      for (const attempt of run.attempts) expect(attempt.dispatchedAtSeconds).toBeLessThan(deletedAt);
      for (const suppressed of run.suppressedAttempts)
        expect(suppressed.wouldStartAtSeconds).toBeGreaterThanOrEqual(deletedAt);
    });
  });

  it("with deduplication on, no event id is applied twice", () => {
    forEveryRun((run, config) => {
      if (!config.ignoreSeenEventIds) return;
      const applied = run.effects.map((effect) => effect.eventId);
      expect(new Set(applied).size).toBe(applied.length);
      expect(run.summary.duplicateEffects).toBe(0);
    });
  });

  it("with ordering protection on, applied sequences never go down", () => {
    forEveryRun((run, config) => {
      if (!config.ignoreOlderSequence) return;
      for (let index = 1; index < run.effects.length; index++) {
        expect(run.effects[index]!.sequence).toBeGreaterThanOrEqual(run.effects[index - 1]!.sequence);
      }
      expect(run.summary.regressions).toBe(0);
    });
  });

  it("a blocked config sends nothing", () => {
    forEveryRun((run, config) => {
      const blocked = !config.agentAdvertisesPush || !checkCallbackUrl(config.callbackUrl).allowed;
      expect(run.summary.blockedReason !== null).toBe(blocked);
      if (!blocked) return;
      expect(run.attempts).toEqual([]);
      expect(run.effects).toEqual([]);
      expect(run.updates.every((update) => update.outcome === "blocked" && update.attemptsSent === 0)).toBe(true);
    });
  });

  it("refused attempts never apply; effects are exactly the applied attempts", () => {
    forEveryRun((run) => {
      const applied = run.attempts.filter((attempt) => attempt.receiverDecision === "applied");
      expect(run.effects.map((effect) => [effect.updateIndex, effect.attemptNumber])).toEqual(
        applied.map((attempt) => [attempt.updateIndex, attempt.attemptNumber])
      );
      for (const attempt of run.attempts) {
        if (attempt.receiverDecision === "unauthorized" || attempt.receiverDecision === "unknown-task") {
          expect(
            run.effects.some(
              (effect) => effect.updateIndex === attempt.updateIndex && effect.attemptNumber === attempt.attemptNumber
            )
          ).toBe(false);
        }
      }
    });
  });

  it("identical configs give identical runs", () => {
    fc.assert(
      fc.property(partialDeliveryConfig, (partial) => {
        const first = simulateDelivery(partial);
        const second = simulateDelivery(structuredClone(partial));
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      }),
      runs
    );
  });
});

describe("delivery rules hold in random runs", () => {
  it("the receiver decides each arrival by the policy's ordered checks (independent model)", () => {
    forEveryRun((run, config) => {
      const accepted = new Set<string>();
      let newest: number | null = null;
      const attemptBy = new Map(
        run.attempts.map((attempt) => [`${attempt.updateIndex}/${attempt.attemptNumber}`, attempt])
      );
      for (const sample of run.receiverStates) {
        const attempt = attemptBy.get(`${sample.updateIndex}/${sample.attemptNumber}`)!;
        expect(sample.atSeconds).toBe(attempt.dispatchedAtSeconds + config.responseDelaySeconds);
        let expected: ReceiverDecisionKind;
        if (sample.atSeconds < config.receiverUnavailableUntilSeconds) expected = "unavailable";
        else if (config.credential !== "matched") expected = "unauthorized";
        else if (!config.payloadNamesExpectedTask) expected = "unknown-task";
        else if (config.ignoreSeenEventIds && accepted.has(attempt.eventId)) expected = "duplicate";
        else if (config.ignoreOlderSequence && newest !== null && attempt.sequence < newest) expected = "stale";
        else expected = "applied";
        expect(sample.decision).toBe(expected);
        if (expected === "duplicate" || expected === "stale" || expected === "applied") accepted.add(attempt.eventId);
        if (expected === "applied") newest = newest === null ? attempt.sequence : Math.max(newest, attempt.sequence);
      }
    });
  });

  it("the sender sees a response by the deadline, else times out; retries follow the backoff; 401/404 stop", () => {
    forEveryRun((run, config) => {
      const byUpdate = new Map<number, typeof run.attempts>();
      for (const attempt of run.attempts)
        byUpdate.set(attempt.updateIndex, [...(byUpdate.get(attempt.updateIndex) ?? []), attempt]);
      for (const attempt of run.attempts) {
        // The teaching sender always has a deadline.
        expect(attempt.deadlineAtSeconds).not.toBeNull();
        const inTime = attempt.arrivesAtSeconds <= attempt.deadlineAtSeconds!;
        if (inTime && !attempt.responseLost) {
          expect(attempt.sender).toEqual({
            kind: "response",
            httpStatus: attempt.httpStatus,
            atSeconds: attempt.arrivesAtSeconds
          });
        } else {
          expect(attempt.sender.kind).toBe("timeout");
          expect(attempt.sender.atSeconds).toBe(attempt.deadlineAtSeconds);
        }
        const retryable = attempt.sender.kind === "timeout" || attempt.httpStatus === 503;
        const next = byUpdate
          .get(attempt.updateIndex)!
          .find((other) => other.attemptNumber === attempt.attemptNumber + 1);
        if (!retryable || attempt.attemptNumber === config.maxAttemptsPerUpdate) {
          expect(attempt.nextRetryAtSeconds).toBe(null);
          expect(next).toBeUndefined();
        } else {
          const due = attempt.sender.atSeconds + config.initialBackoffSeconds * 2 ** (attempt.attemptNumber - 1);
          expect(attempt.nextRetryAtSeconds).toBe(due);
          if (next) expect(next.dispatchedAtSeconds).toBe(due);
          else
            expect(
              run.suppressedAttempts.some((s) => s.updateIndex === attempt.updateIndex && s.wouldStartAtSeconds === due)
            ).toBe(true);
        }
      }
    });
  });

  it("every update ends in exactly one outcome that matches its last attempt", () => {
    forEveryRun((run, config) => {
      expect(run.updates).toHaveLength(config.updates.length);
      for (const update of run.updates) {
        const attempts = run.attempts.filter((attempt) => attempt.updateIndex === update.updateIndex);
        expect(update.attemptsSent).toBe(attempts.length);
        const last = attempts[attempts.length - 1];
        const suppressed = run.suppressedAttempts.some((s) => s.updateIndex === update.updateIndex);
        const expected =
          run.summary.blockedReason !== null
            ? "blocked"
            : suppressed
              ? "stopped-by-deletion"
              : last?.senderAction === "acknowledged"
                ? "acknowledged"
                : last?.senderAction === "refused"
                  ? "refused"
                  : "exhausted";
        expect(update.outcome).toBe(expected);
        expect(update.receiverEffects).toBe(
          run.effects.filter((effect) => effect.updateIndex === update.updateIndex).length
        );
      }
    });
  });

  it("the decision trace is time-ordered and the summary agrees with the records", () => {
    forEveryRun((run) => {
      const times = run.decisions.map((decision) => decision.atSeconds);
      for (let index = 1; index < times.length; index++)
        expect(times[index]!).toBeGreaterThanOrEqual(times[index - 1]!);
      expect(run.summary.attempts).toBe(run.attempts.length);
      expect(run.summary.effects).toBe(run.effects.length);
      expect(run.summary.duplicateEffects).toBe(run.effects.filter((effect) => effect.duplicate).length);
      expect(run.summary.regressions).toBe(run.effects.filter((effect) => effect.regression).length);
      // A duplicate effect re-applies an event id that was applied before it.
      const seen = new Set<string>();
      for (const effect of run.effects) {
        expect(effect.duplicate).toBe(seen.has(effect.eventId));
        seen.add(effect.eventId);
      }
    });
  });
});
