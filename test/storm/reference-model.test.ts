/**
 * The millisecond calendar of simulateStorm against a model written the plain way: a list of
 * pending events, the earliest taken each time (the latest scheduled first within one
 * millisecond, as the calendar's slot lists are), on the same random stream. Any difference in
 * the rules (capacity windows, the outage, retries, give-ups, the next update's start) or in the
 * calendar (ring size, bins, steps) shows up as a different run: every update's attempts and
 * completion, and every bin's requests offered and accepted and updates acknowledged and given up.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {seededRandom} from "../../lib/random/seeded-random.js";
import type {StormConfig} from "../../lib/storm/fields.js";
import {simulateStorm, travelTimes, UPDATE_SPACING_MS} from "../../lib/storm/simulate.js";
import {backoffSleep} from "../../lib/storm/strategy.js";
import {stormConfigs} from "./storm-configs.js";

interface PendingEvent {
  atMs: number;
  order: number;
  sender: number;
  arrives: boolean;
  accepted: boolean;
}

/** The plain model, counting per bin of `binMs` into `bins` bins (the storm's own, so both are compared bin by bin). */
function plainStorm(config: StormConfig, binMs: number, bins: number) {
  const perBin = () => new Array<number>(bins).fill(0);
  const [offeredByBin, acceptedByBin, acknowledgedByBin, exhaustedByBin] = [perBin(), perBin(), perBin(), perBin()];
  const random = seededRandom(config.seed);
  const trips = travelTimes(config.latencyMs);
  const travel = () => trips[Math.floor(random() * trips.length)]!;
  const queue: PendingEvent[] = [];
  let order = 0;
  const schedule = (atMs: number, sender: number, arrives: boolean, accepted = false) =>
    queue.push({atMs, order: order++, sender, arrives, accepted});
  const first: number[] = [];
  const update: number[] = [];
  const failures: number[] = [];
  const previousSleep: number[] = [];
  for (let sender = 0; sender < config.senders; sender++) {
    first.push(Math.floor(random() * UPDATE_SPACING_MS));
    update.push(0);
    failures.push(0);
    previousSleep.push(config.baseMs);
    schedule(first[sender]! + travel(), sender, true);
  }
  const updates = config.senders * config.updatesPerSender;
  const completionMs = new Array<number>(updates).fill(-1);
  const attempts = new Array<number>(updates).fill(0);
  let window = -1;
  let tokens = 0;
  let requests = 0;
  let drainedAtMs = 0;
  while (queue.length > 0) {
    let next = 0;
    for (let index = 1; index < queue.length; index++) {
      const [a, b] = [queue[index]!, queue[next]!];
      if (a.atMs < b.atMs || (a.atMs === b.atMs && a.order > b.order)) next = index;
    }
    const {atMs, sender, arrives, accepted} = queue.splice(next, 1)[0]!;
    if (arrives) {
      if (Math.floor(atMs / 100) !== window) {
        window = Math.floor(atMs / 100);
        tokens =
          Math.floor((config.capacityPerSecond * (window + 1)) / 10) -
          Math.floor((config.capacityPerSecond * window) / 10);
      }
      requests++;
      offeredByBin[Math.floor(atMs / binMs)]!++;
      const accepts = atMs >= config.receiverUnavailableUntilSeconds * 1000 && tokens > 0;
      if (accepts) {
        tokens--;
        acceptedByBin[Math.floor(atMs / binMs)]!++;
      }
      schedule(atMs + travel(), sender, false, accepts);
      continue;
    }
    const produced = first[sender]! + update[sender]! * UPDATE_SPACING_MS;
    if (!accepted && failures[sender]! + 1 < config.maxAttemptsPerUpdate) {
      const sleep = backoffSleep(config.strategy, config, failures[sender]! + 1, previousSleep[sender]!, random);
      if (config.strategy === "decorrelated") previousSleep[sender] = sleep;
      failures[sender]!++;
      schedule(atMs + Math.round(sleep) + travel(), sender, true);
      continue;
    }
    const index = sender * config.updatesPerSender + update[sender]!;
    attempts[index] = failures[sender]! + 1;
    if (accepted) completionMs[index] = atMs - produced;
    (accepted ? acknowledgedByBin : exhaustedByBin)[Math.floor(atMs / binMs)]!++;
    drainedAtMs = atMs;
    failures[sender] = 0;
    previousSleep[sender] = config.baseMs;
    if (update[sender]! + 1 < config.updatesPerSender) {
      update[sender]!++;
      schedule(Math.max(atMs, produced + UPDATE_SPACING_MS) + travel(), sender, true);
    }
  }
  return {
    requests,
    drainedAtMs,
    completionMs,
    attempts,
    offered: offeredByBin,
    accepted: acceptedByBin,
    acknowledged: acknowledgedByBin,
    exhausted: exhaustedByBin
  };
}

// Fewer senders (the plain model is quadratic), and the extremes of latency, base and cap.
const configs = stormConfigs({
  senders: fc.integer({min: 10, max: 60}),
  capacityPerSecond: fc.integer({min: 1, max: 300}),
  latencyMs: fc.constantFrom(2, 3, 50, 999, 10_000),
  baseMs: fc.constantFrom(1, 7, 500, 60_000),
  capMs: fc.constantFrom(1, 100, 2_000, 300_000)
});

describe("simulateStorm against the plain model", () => {
  it("is the same storm: every request, every update's attempts and completion, the drain", () => {
    fc.assert(
      fc.property(configs, (config) => {
        const storm = simulateStorm(config);
        const plain = plainStorm(config, storm.binMs, storm.offered.length);
        expect({
          requests: storm.totals.attempts,
          drainedAtMs: storm.totals.drainedAtMs,
          completionMs: Array.from(storm.completionMs),
          attempts: Array.from(storm.attempts),
          offered: Array.from(storm.offered),
          accepted: Array.from(storm.accepted),
          acknowledged: Array.from(storm.acknowledged),
          exhausted: Array.from(storm.exhausted)
        }).toEqual(plain);
      }),
      {numRuns: 120}
    );
  });
});
