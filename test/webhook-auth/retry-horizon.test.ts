import {describe, expect, it} from "vitest";
import {
  A2A_JS_SDK_SENDER,
  COURSE_TEACHING_POLICY,
  DEFAULT_DEDUP_RETENTION_SECONDS,
  SPEC_EXAMPLE_RETENTION_SECONDS,
  STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE,
  analyzeRetryHorizon,
  attemptOffsets
} from "../../lib/webhook-auth/index.js";

// "Time since start" column of the Standard Webhooks example retry schedule table.
const SPEC_TIME_SINCE_START = [
  "00:00:00",
  "00:00:05",
  "00:05:05",
  "00:35:05",
  "02:35:05",
  "07:35:05",
  "17:35:05",
  "31:35:05",
  "51:35:05",
  "75:35:05"
];
const hms = (text: string) => {
  const [h, m, s] = text.split(":").map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
};

describe("retry presets", () => {
  it("the Standard Webhooks schedule reproduces the spec's time-since-start column", () => {
    expect(attemptOffsets(STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds)).toEqual(SPEC_TIME_SINCE_START.map(hms));
  });

  it("the teaching policy sends at 0, 2, 6 and 14 s", () => {
    expect(attemptOffsets(COURSE_TEACHING_POLICY.delaysSeconds)).toEqual([0, 2, 6, 14]);
  });

  it("the teaching policy's waits start when the failure is observed (as in lib/delivery's retry rule)", () => {
    // Timeout 3 s: 0; 0+3+2 = 5; 5+3+4 = 12; 12+3+8 = 23.
    expect(attemptOffsets(COURSE_TEACHING_POLICY.delaysSeconds, 3)).toEqual([0, 5, 12, 23]);
    expect(() => attemptOffsets([0, -1])).toThrow(RangeError);
  });

  it("the A2A JS SDK sends once with a 5 s timeout", () => {
    expect(A2A_JS_SDK_SENDER.delaysSeconds).toEqual([0]);
    expect(A2A_JS_SDK_SENDER.timeoutSeconds).toBe(5);
  });

  it("the default retention covers the Standard Webhooks horizon plus the window", () => {
    expect(DEFAULT_DEDUP_RETENTION_SECONDS).toBeGreaterThan(hms("75:35:05") + 300);
  });
});

describe("retention versus retry horizon (every 2xx lost)", () => {
  it("the teaching policy is fully deduplicated by a 5-minute retention", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: COURSE_TEACHING_POLICY.delaysSeconds,
      retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS
    });
    expect(result.horizonSeconds).toBe(14);
    expect(result.resigned.effects).toBe(1);
    expect(result.resigned.duplicatesSuppressed).toBe(3);
    expect(result.resigned.slippedPast).toBe(0);
  });

  it("the Standard Webhooks schedule slips past a 5-minute retention on 8 of its 9 retries", () => {
    // Attempt 2 (5 s) is inside the record; attempt 3 (305 s) comes after it expired at 300 s; every later gap
    // (>= 30 min) exceeds 5 minutes again, so attempts 3..10 each find no live record: 1 + 8 effects.
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS
    });
    expect(result.resigned.rows.map((r) => r.dedup)).toEqual([
      "recorded",
      "duplicate",
      ...Array(8).fill("slipped-past")
    ]);
    expect(result.resigned.effects).toBe(9);
    expect(result.retentionMustExceedSeconds).toBe(hms("75:35:05"));
  });

  it("retention equal to the horizon is not enough; one second more is", () => {
    const delays = STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds;
    const horizon = hms("75:35:05");
    expect(analyzeRetryHorizon({delaysSeconds: delays, retentionSeconds: horizon}).resigned.slippedPast).toBe(1);
    expect(analyzeRetryHorizon({delaysSeconds: delays, retentionSeconds: horizon + 1}).resigned.effects).toBe(1);
    expect(
      analyzeRetryHorizon({delaysSeconds: delays, retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS}).resigned.effects
    ).toBe(1);
  });
});

describe("signature window versus retries", () => {
  const downThenUp = ["unreachable", "unreachable", "unreachable", "acknowledged"] as const;

  it("re-signing each attempt lets a 5-minute window survive retries over hours", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS,
      fates: downThenUp
    });
    const row = result.resigned.rows[3]!;
    expect(row).toMatchObject({
      attempt: 4,
      sentAtSeconds: hms("00:35:05"),
      signedTimestamp: hms("00:35:05"),
      window: "accepted",
      effectApplied: true
    });
    expect(result.resigned.acknowledged).toBe(true);
    expect(result.resigned.rows).toHaveLength(4); // the sender stops at the 2xx
  });

  it("reusing the first signed timestamp fails every attempt later than 5 minutes: the update is lost", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS,
      fates: downThenUp
    });
    expect(result.reused.rows.slice(3).every((r) => r.window === "too-old" && r.status === 401)).toBe(true);
    expect(result.reused.rows).toHaveLength(10); // 401 is not 2xx: the sender goes on to the end of its schedule
    expect(result.reused.lost).toBe(true);
    expect(result.reused.acknowledged).toBe(false);
    expect(result.reused.refusedByWindow).toBe(7);
  });

  it("a sender that treats 401 as permanent gives up at the first stale attempt it sees refused", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS,
      fates: downThenUp,
      stopsOnStatuses: COURSE_TEACHING_POLICY.stopsOnStatuses!
    });
    expect(result.reused.rows).toHaveLength(4);
    expect(result.reused).toMatchObject({stoppedByRefusal: true, lost: true});
    expect(result.resigned).toMatchObject({stoppedByRefusal: false, acknowledged: true, effects: 1});
  });

  it("attempt 3 (305 s) is the first the reused timestamp loses", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS
    });
    expect(result.reused.rows.map((r) => r.window).slice(0, 3)).toEqual(["accepted", "accepted", "too-old"]);
    expect(result.resigned.rows.every((r) => r.window === "accepted")).toBe(true);
  });

  it("transit time counts against the window", () => {
    const result = analyzeRetryHorizon({delaysSeconds: [0], retentionSeconds: 60, transitSeconds: 301});
    expect(result.resigned.rows[0]).toMatchObject({window: "too-old", ageSeconds: 301});
  });
});

describe("the A2A JS SDK sender", () => {
  it("loses the update when its single POST fails", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: A2A_JS_SDK_SENDER.delaysSeconds,
      retentionSeconds: DEFAULT_DEDUP_RETENTION_SECONDS,
      fates: ["unreachable"]
    });
    expect(result.resigned.rows).toHaveLength(1);
    expect(result.resigned.lost).toBe(true);
  });

  it("never duplicates (nothing is retried), even when the 2xx is lost", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: A2A_JS_SDK_SENDER.delaysSeconds,
      retentionSeconds: 1,
      fates: ["ack-lost"]
    });
    expect(result.resigned.effects).toBe(1);
    expect(result.resigned.rows).toHaveLength(1);
  });
});

describe("trace", () => {
  it("is in time order and names sends, expiries and slips", () => {
    const result = analyzeRetryHorizon({
      delaysSeconds: STANDARD_WEBHOOKS_EXAMPLE_SCHEDULE.delaysSeconds,
      retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS
    });
    const times = result.resigned.trace.map((d) => d.atSeconds);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const kinds = new Set(result.resigned.trace.map((d) => d.kind));
    for (const kind of ["send", "effect", "duplicate", "expire", "slipped", "ack-lost"])
      expect(kinds.has(kind), kind).toBe(true);
  });
});
