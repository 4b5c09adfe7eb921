import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS,
  DEFAULT_KEY_ROTATION_INPUT,
  KEY_ROTATION_VERDICTS,
  ROTATION_KIDS,
  isFailedVerdict,
  keyRotationInputProblems,
  keyRotationTimeline,
  publishedKids,
  type KeyRotationInput,
  type KeyRotationTimeline
} from "../../lib/webhook-auth/index.js";

const {old: OLD, new: NEW} = ROTATION_KIDS;

/** Any in-range input, in whole seconds, small enough for a few hundred runs. */
const inputArb: fc.Arbitrary<Required<KeyRotationInput>> = fc.record({
  rotateAtSeconds: fc.integer({min: 0, max: 12000}),
  publishLeadSeconds: fc.integer({min: 0, max: 5000}),
  overlapSeconds: fc.integer({min: 0, max: 5000}),
  cacheMaxAgeSeconds: fc.oneof(fc.integer({min: 0, max: 5000}), fc.constant(Infinity)),
  refetchOnUnknownKid: fc.boolean(),
  refetchCooldownSeconds: fc.integer({min: 0, max: 1200}),
  deliveryIntervalSeconds: fc.integer({min: 10, max: 900}),
  deliveryDelaySeconds: fc.integer({min: 0, max: 240}),
  horizonSeconds: fc.integer({min: 60, max: 14400})
});

const RUNS = {numRuns: 300};
const fetchedBetween = (timeline: KeyRotationTimeline, from: number, until: number) =>
  timeline.fetches.some((fetch) => fetch.atSeconds >= from && fetch.atSeconds <= until);

describe("key rotation timeline: examples", () => {
  it("the defaults follow jose's createRemoteJWKSet (cacheMaxAge 10 min, cooldown 30 s) and the lesson's schedule", () => {
    expect(DEFAULT_KEY_ROTATION_INPUT).toMatchObject({
      rotateAtSeconds: 3600,
      cacheMaxAgeSeconds: 600,
      refetchCooldownSeconds: 30,
      deliveryIntervalSeconds: 300,
      horizonSeconds: 10800
    });
    expect(DEFAULT_KEY_ROTATION_INPUT.refetchCooldownSeconds).toBe(DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS);
    const timeline = keyRotationTimeline();
    expect(timeline.deliveries).toHaveLength(36);
    expect(timeline.fetches[0]).toEqual({atSeconds: 0, reason: "start", kids: [OLD]});
  });

  it("switching unannounced behind a 25-minute cache, without refetch: the three deliveries before the next max-age fetch fail", () => {
    const timeline = keyRotationTimeline({cacheMaxAgeSeconds: 1500, refetchOnUnknownKid: false});
    const failed = timeline.deliveries.filter((delivery) => isFailedVerdict(delivery.verdict));
    expect(failed.map((delivery) => [delivery.arrivesAtSeconds, delivery.kid, delivery.verdict])).toEqual([
      [3600, NEW, "unknown kid: no refetch"],
      [3900, NEW, "unknown kid: no refetch"],
      [4200, NEW, "unknown kid: no refetch"]
    ]);
    expect(timeline.fetches.map((fetch) => fetch.atSeconds)).toEqual([0, 1500, 3000, 4500, 6000, 7500, 9000, 10500]);
    expect(timeline.summary.firstFailureAtSeconds).toBe(3600);
  });

  it("the same with refetch on: one unknown-kid fetch at the switch repairs it", () => {
    const timeline = keyRotationTimeline({cacheMaxAgeSeconds: 1500});
    expect(timeline.summary.failures).toBe(0);
    expect(timeline.summary.byVerdict["verified after refetch"]).toBe(1);
    expect(timeline.fetches.filter((fetch) => fetch.reason === "unknown kid")).toEqual([
      {atSeconds: 3600, reason: "unknown kid", kids: [OLD, NEW]}
    ]);
  });

  it("a max-age fetch just before the switch puts the unknown kid in the cooldown", () => {
    // Deliveries every 10 s; the copy from 0 is stale at 3600 exactly, one tick before the new key is signed.
    const timeline = keyRotationTimeline({
      deliveryIntervalSeconds: 10,
      rotateAtSeconds: 3605,
      cacheMaxAgeSeconds: 3600,
      refetchCooldownSeconds: 30
    });
    const atSwitch = timeline.deliveries.find((delivery) => delivery.signedAtSeconds === 3610)!;
    expect(atSwitch.verdict).toBe("unknown kid: refetch in cooldown");
    expect(timeline.deliveries.find((delivery) => delivery.signedAtSeconds === 3630)!.verdict).toBe(
      "verified after refetch"
    );
  });

  it("a token signed with the old key that arrives after the key was withdrawn, on a fresh copy, is not published", () => {
    const timeline = keyRotationTimeline({
      rotateAtSeconds: 3650,
      overlapSeconds: 0,
      deliveryDelaySeconds: 200,
      refetchOnUnknownKid: false
    });
    const late = timeline.deliveries.find((delivery) => delivery.signedAtSeconds === 3600)!;
    expect(late).toMatchObject({kid: OLD, arrivesAtSeconds: 3800, verdict: "unknown kid: not published"});
  });

  it("publishes the old key until rotate + overlap and the new key from rotate − lead, cut to the horizon", () => {
    const timeline = keyRotationTimeline({rotateAtSeconds: 3600, publishLeadSeconds: 900, overlapSeconds: 1200});
    expect(timeline.published).toEqual([
      {kid: OLD, fromSeconds: 0, untilSeconds: 4800},
      {kid: NEW, fromSeconds: 2700, untilSeconds: 10800}
    ]);
    expect(timeline.signing).toEqual([
      {kid: OLD, fromSeconds: 0, untilSeconds: 3600},
      {kid: NEW, fromSeconds: 3600, untilSeconds: 10800}
    ]);
    expect(keyRotationTimeline({rotateAtSeconds: 20000, horizonSeconds: 7200}).published).toEqual([
      {kid: OLD, fromSeconds: 0, untilSeconds: 7200}
    ]);
  });

  it("names each field out of range, and throws only then", () => {
    expect(
      keyRotationInputProblems({deliveryDelaySeconds: 300, deliveryIntervalSeconds: 0, cacheMaxAgeSeconds: NaN})
    ).toEqual([
      "/cacheMaxAgeSeconds: must be a number from 0 to Infinity (seconds), got NaN",
      "/deliveryIntervalSeconds: must be a number from 10 to 86400 (seconds), got 0",
      "/deliveryDelaySeconds: must be a number from 0 to 240 (seconds), got 300"
    ]);
    expect(keyRotationInputProblems({horizonSeconds: Infinity})).toHaveLength(1);
    expect(() => keyRotationTimeline({deliveryDelaySeconds: -1})).toThrow(/deliveryDelaySeconds/);
    expect(keyRotationInputProblems({cacheMaxAgeSeconds: Infinity})).toEqual([]);
  });
});

describe("key rotation timeline: properties", () => {
  it("never throws on in-range input, is deterministic, and its verdict counts sum to the deliveries", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const timeline = keyRotationTimeline(input);
        expect(keyRotationTimeline(input)).toEqual(timeline);
        const {summary, deliveries} = timeline;
        expect(KEY_ROTATION_VERDICTS.reduce((sum, verdict) => sum + summary.byVerdict[verdict], 0)).toBe(
          deliveries.length
        );
        expect(summary.failures).toBe(deliveries.filter((delivery) => isFailedVerdict(delivery.verdict)).length);
        expect(summary.firstFailureAtSeconds).toBe(
          deliveries.find((delivery) => isFailedVerdict(delivery.verdict))?.arrivesAtSeconds ?? null
        );
        expect(summary.fetches).toBe(timeline.fetches.length);
        // Every delivery sent whose token arrives inside the horizon, and no other.
        expect(deliveries.length).toBe(
          Math.max(0, Math.ceil((input.horizonSeconds - input.deliveryDelaySeconds) / input.deliveryIntervalSeconds))
        );
        for (const delivery of deliveries) expect(delivery.arrivesAtSeconds).toBeLessThan(input.horizonSeconds);
      }),
      RUNS
    );
  });

  it("a delivery names the key the sender signed with at its signing time, and a fetch gets what was published then", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const timeline = keyRotationTimeline(input);
        for (const delivery of timeline.deliveries)
          expect(delivery.kid).toBe(delivery.signedAtSeconds < input.rotateAtSeconds ? OLD : NEW);
        for (const fetch of timeline.fetches) {
          expect(fetch.kids.includes(OLD)).toBe(fetch.atSeconds < input.rotateAtSeconds + input.overlapSeconds);
          expect(fetch.kids.includes(NEW)).toBe(fetch.atSeconds >= input.rotateAtSeconds - input.publishLeadSeconds);
        }
      }),
      RUNS
    );
  });

  it("the cache's spans tile [0, horizon) from one fetch to the next, each holding what its fetch got", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const {cache, fetches} = keyRotationTimeline(input);
        expect(cache[0]!.fromSeconds).toBe(0);
        expect(cache[cache.length - 1]!.untilSeconds).toBe(input.horizonSeconds);
        cache.forEach((span, index) => {
          expect(span.kids).toEqual(fetches[span.fetch]!.kids);
          expect(span.fromSeconds).toBe(fetches[index]!.atSeconds);
          if (index > 0) expect(span.fromSeconds).toBe(cache[index - 1]!.untilSeconds);
          expect(span.untilSeconds).toBeGreaterThanOrEqual(span.fromSeconds);
        });
      }),
      RUNS
    );
  });

  it("published at least the cache's max age ahead, and kept at least the delivery delay after: every delivery verifies with no unknown-kid fetch", () => {
    // Lead = max age + extra, overlap = delay + extra.
    const ahead = fc
      .tuple(
        inputArb,
        fc.integer({min: 0, max: 3000}),
        fc.integer({min: 0, max: 3000}),
        fc.integer({min: 0, max: 3000})
      )
      .map(([input, maxAge, leadExtra, overlapExtra]) => ({
        ...input,
        cacheMaxAgeSeconds: maxAge,
        publishLeadSeconds: maxAge + leadExtra,
        overlapSeconds: input.deliveryDelaySeconds + overlapExtra
      }));
    fc.assert(
      fc.property(ahead, (input) => {
        const timeline = keyRotationTimeline(input);
        expect(timeline.deliveries.every((delivery) => delivery.verdict === "verified")).toBe(true);
        expect(timeline.summary.fetchesByReason["unknown kid"]).toBe(0);
      }),
      RUNS
    );
  });

  it("switching unannounced (lead 0), without refetch: a delivery fails exactly when it carries the new key and no fetch came between the switch and its arrival", () => {
    const unannounced = inputArb.map((input) => ({
      ...input,
      publishLeadSeconds: 0,
      refetchOnUnknownKid: false,
      overlapSeconds: input.overlapSeconds + 240
    }));
    fc.assert(
      fc.property(unannounced, (input) => {
        const timeline = keyRotationTimeline(input);
        for (const delivery of timeline.deliveries) {
          const stale =
            delivery.kid === NEW && !fetchedBetween(timeline, input.rotateAtSeconds, delivery.arrivesAtSeconds);
          expect(isFailedVerdict(delivery.verdict)).toBe(stale);
          if (stale) expect(delivery.verdict).toBe("unknown kid: no refetch");
        }
        // So failures end at the first max-age fetch after the switch: at most max age / interval + 1 of them.
        if (Number.isFinite(input.cacheMaxAgeSeconds)) {
          expect(timeline.summary.failures).toBeLessThanOrEqual(
            Math.floor(input.cacheMaxAgeSeconds / input.deliveryIntervalSeconds) + 1
          );
        }
      }),
      RUNS
    );
  });

  it("with refetch on, an unknown-kid fetch comes at least a cooldown after the fetch before it, and a failure in the cooldown had a fetch within it", () => {
    fc.assert(
      fc.property(
        inputArb.map((input) => ({...input, refetchOnUnknownKid: true})),
        (input) => {
          const timeline = keyRotationTimeline(input);
          timeline.fetches.forEach((fetch, index) => {
            if (fetch.reason === "unknown kid")
              expect(fetch.atSeconds - timeline.fetches[index - 1]!.atSeconds).toBeGreaterThanOrEqual(
                input.refetchCooldownSeconds
              );
          });
          for (const delivery of timeline.deliveries) {
            expect(delivery.verdict).not.toBe("unknown kid: no refetch");
            if (delivery.verdict === "unknown kid: refetch in cooldown") {
              expect(
                fetchedBetween(
                  timeline,
                  delivery.arrivesAtSeconds - input.refetchCooldownSeconds + 1e-9,
                  delivery.arrivesAtSeconds
                )
              ).toBe(true);
            }
            // A failure after a refetch means the key is not published at that moment.
            if (delivery.verdict === "unknown kid: not published")
              expect(publishedKids(timeline.input, delivery.arrivesAtSeconds)).not.toContain(delivery.kid);
          }
        }
      ),
      RUNS
    );
  });

  it("without refetch, no unknown-kid fetch is made and no delivery is verified after one", () => {
    fc.assert(
      fc.property(
        inputArb.map((input) => ({...input, refetchOnUnknownKid: false})),
        (input) => {
          const {summary} = keyRotationTimeline(input);
          expect(summary.fetchesByReason["unknown kid"]).toBe(0);
          expect(summary.byVerdict["verified after refetch"]).toBe(0);
          expect(summary.byVerdict["unknown kid: refetch in cooldown"]).toBe(0);
        }
      ),
      RUNS
    );
  });

  it("fetches are bounded: one at start, at most one per arrival, max-age fetches at most one per max age, and time never runs backwards", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const {fetches, deliveries, summary} = keyRotationTimeline(input);
        expect(summary.fetchesByReason.start).toBe(1);
        expect(fetches.length).toBeLessThanOrEqual(1 + deliveries.length);
        for (let index = 1; index < fetches.length; index++)
          expect(fetches[index]!.atSeconds).toBeGreaterThan(fetches[index - 1]!.atSeconds);
        if (input.cacheMaxAgeSeconds > 0)
          expect(summary.fetchesByReason["max age"]).toBeLessThanOrEqual(
            Math.floor(input.horizonSeconds / input.cacheMaxAgeSeconds)
          );
        if (input.refetchCooldownSeconds > 0)
          expect(summary.fetchesByReason["unknown kid"]).toBeLessThanOrEqual(
            Math.floor(input.horizonSeconds / input.refetchCooldownSeconds) + 1
          );
        // A copy older than the max age is never used.
        for (const delivery of deliveries) {
          const copy = [...fetches].reverse().find((fetch) => fetch.atSeconds <= delivery.arrivesAtSeconds)!;
          expect(
            delivery.arrivesAtSeconds === copy.atSeconds ||
              delivery.arrivesAtSeconds - copy.atSeconds < input.cacheMaxAgeSeconds
          ).toBe(true);
        }
      }),
      RUNS
    );
  });
});
