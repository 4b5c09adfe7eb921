/**
 * The retry storm: many senders pushing updates into one receiver that has just come back.
 *
 * The model, exactly (README "Lesson 5" repeats it):
 * - Time runs in whole milliseconds from 0. Sender i produces its first update at a uniformly
 *   random millisecond of the first second; its later updates are produced a second apart.
 *   A sender sends its updates one at a time, in order: the next goes out when it is produced
 *   or when the previous one is done (acknowledged or given up), whichever is later.
 * - Every request travels to the receiver and its answer travels back, each way taking
 *   |Normal(latency/2, latency/10)| rounded to whole ms, at least 1 ms and at most the latency.
 * - The receiver is down until the outage ends, and answers every request 503. After that it
 *   accepts at most capacity/10 requests in each 100 ms window (the window's share of
 *   capacity × time, so fractions add up over windows) and answers every request past that
 *   503 at once: load shedding, as a rate limiter or a proxy in front of it does. No request
 *   waits in a queue or times out. Requests arriving in the same millisecond are served in a
 *   fixed order of the run, so the same seed gives the same storm.
 * - A 503 is retried: after the n-th failed attempt of an update the sender sleeps as its
 *   strategy says (strategy.ts), rounded to whole ms, then sends again. After
 *   maxAttemptsPerUpdate failures it gives the update up ("exhausted", lesson 1's word).
 * - Acknowledged (2xx) when the answer reaches the sender; an update's completion time runs
 *   from its production to that moment.
 *
 * The simulation is a calendar of milliseconds: each sender is in exactly one slot at a time
 * (its request about to arrive, or its answer about to return), so a run costs O(attempts +
 * milliseconds simulated) and allocates only per-sender and per-update typed arrays.
 */
import {seededRandom} from "../random/seeded-random.js";
import {normalQuantile} from "../random/normal.js";
import type {StormConfig} from "./fields.js";
import {backoffSleep} from "./strategy.js";

/** The receiver's capacity is counted in windows of this many milliseconds. */
export const CAPACITY_WINDOW_MS = 100;
/** A sender's updates are produced this far apart; the first ones spread over the same span. */
export const UPDATE_SPACING_MS = 1_000;
/** The most time bins a run keeps: its horizon is binned at the finest width that fits. */
export const MAX_TIME_BINS = 100_000;

/** A whole run, in typed arrays (transferable from a worker); per-update arrays are sender-major. */
export interface StormRun {
  config: StormConfig;
  /** Width of one time bin, ms: the finest of 1-2-5 steps that keeps the horizon within MAX_TIME_BINS. */
  binMs: number;
  /** Per bin: requests reaching the receiver, those it accepted, and updates acknowledged and given up. */
  offered: Int32Array;
  accepted: Int32Array;
  acknowledged: Int32Array;
  exhausted: Int32Array;
  /** Per update: ms from production to acknowledgement, -1 when given up. */
  completionMs: Int32Array;
  /** Per update: attempts made. */
  attempts: Uint8Array;
  totals: StormTotals;
}

export interface StormTotals {
  updates: number;
  /** Every request sent: the work the senders and the receiver did. */
  attempts: number;
  acceptedAttempts: number;
  refusedAttempts: number;
  acknowledgedUpdates: number;
  exhaustedUpdates: number;
  /** When the last update was acknowledged or given up: the storm has drained. */
  drainedAtMs: number;
  /** The most requests that reached the receiver in one capacity window, as a rate per second. */
  peakOfferedPerSecond: number;
  /** The same, counting only windows after the outage: the herd that meets the recovered receiver. */
  peakOfferedAfterRecoveryPerSecond: number;
  /** Sleeps between attempts, and those the cap decided, equal to it (decorrelated jitter collapses onto the cap). */
  sleeps: number;
  sleepsAtCap: number;
}

export interface SimulateOptions {
  /** Called after each step (stormSteps) with the share of senders done (0..1), for a progress bar. */
  onProgress?: (fraction: number) => void;
}

const ARRIVES = 0;
const ANSWERED = 1;
const NONE = -1;

/** How finely a one-way travel time's distribution is tabled (its quantiles at 4,096 levels). */
const TRAVEL_LEVELS = 4_096;

/**
 * One way's travel time at each of TRAVEL_LEVELS evenly spaced quantiles of
 * |Normal(latency/2, latency/10)|, rounded to whole ms and kept within 1..latency: a draw
 * picks one level. A table, because two Box–Muller draws per attempt were a third of a run.
 */
export function travelTimes(latencyMs: number): Int32Array {
  const table = new Int32Array(TRAVEL_LEVELS);
  for (let level = 0; level < TRAVEL_LEVELS; level++) {
    const ms = Math.abs(latencyMs / 2 + (latencyMs / 10) * normalQuantile((level + 0.5) / TRAVEL_LEVELS));
    table[level] = Math.min(latencyMs, Math.max(1, Math.round(ms)));
  }
  return table;
}

/** The latest moment anything can happen in a run: it sizes the time bins before the run. */
export function stormHorizonMs(config: StormConfig): number {
  const longestSleep = config.strategy === "none" ? config.baseMs : config.capMs;
  // Per attempt: a rounded sleep and two trips of at most the latency each.
  const perUpdate = UPDATE_SPACING_MS + config.maxAttemptsPerUpdate * (longestSleep + 1 + 2 * config.latencyMs);
  return UPDATE_SPACING_MS + config.updatesPerSender * perUpdate;
}

/** The finest 1-2-5 bin width that keeps `spanMs` within `maxBins` bins. */
export function binWidthFor(spanMs: number, maxBins: number): number {
  for (let decade = 1; ; decade *= 10) {
    for (const step of [1, 2, 5]) if (Math.ceil(spanMs / (step * decade)) <= maxBins) return step * decade;
  }
}

// Each sender's state is one record of SENDER_FIELDS int32s, so an event touches one cache
// line: with a typed array per field, a run of 10^6 attempts spent most of its time in misses.
const SENDER_FIELDS = 4;
/** The next sender in the same calendar slot. */
const NEXT = 0;
/** What the sender's slot entry is (ARRIVES or ANSWERED) and whether its last request was accepted. */
const EVENT = 1;
/** The sender's current update (0-based) and that update's failed attempts so far: update × 256 + failures. */
const PROGRESS = 2;
const FIRST_PRODUCED_MS = 3;
const ACCEPTED_FLAG = 2;

export function simulateStorm(config: StormConfig, options: SimulateOptions = {}): StormRun {
  const steps = stormSteps(config);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      options.onProgress?.(1);
      return step.value;
    }
    options.onProgress?.(step.value);
  }
}

/** Events (and empty milliseconds) a storm handles between two yields of stormSteps: a few ms of work. */
export const EVENTS_PER_STEP = 50_000;

/**
 * The same storm, as steps: it yields the share of senders done (0..1) after about every
 * EVENTS_PER_STEP events and returns the run. A worker runs a few steps, then reads its
 * messages, so a newer request stops an older run within one step.
 */
export function* stormSteps(config: StormConfig): Generator<number, StormRun, void> {
  const {senders, updatesPerSender, maxAttemptsPerUpdate, latencyMs, strategy} = config;
  const backoff = {baseMs: config.baseMs, capMs: config.capMs};
  const random = seededRandom(config.seed);
  const outageEndsMs = config.receiverUnavailableUntilSeconds * 1000;

  const horizonMs = stormHorizonMs(config);
  const binMs = binWidthFor(horizonMs, MAX_TIME_BINS);
  const bins = Math.ceil(horizonMs / binMs) + 1;
  const offered = new Int32Array(bins);
  const accepted = new Int32Array(bins);
  const acknowledged = new Int32Array(bins);
  const exhausted = new Int32Array(bins);

  const updates = senders * updatesPerSender;
  const completionMs = new Int32Array(updates).fill(-1);
  const attempts = new Uint8Array(updates);

  // The calendar: a ring of millisecond slots, each a linked list of senders through NEXT.
  // Nothing is scheduled further ahead than the longest sleep plus a trip, or the update spacing.
  const ahead = Math.max(config.baseMs + 1, config.capMs + 1, UPDATE_SPACING_MS) + latencyMs;
  let ringSize = 1;
  while (ringSize <= ahead) ringSize *= 2;
  const mask = ringSize - 1;
  const slotHead = new Int32Array(ringSize).fill(NONE);
  const state = new Int32Array(senders * SENDER_FIELDS);
  // Only decorrelated jitter reads the previous sleep.
  const decorrelated = strategy === "decorrelated";
  const previousSleep = new Float64Array(decorrelated ? senders : 0).fill(backoff.baseMs);

  const trips = travelTimes(latencyMs);
  const travel = () => trips[(random() * TRAVEL_LEVELS) | 0]!;
  const schedule = (record: number, sender: number, atMs: number, event: number) => {
    const slot = atMs & mask;
    state[record + EVENT] = event;
    state[record + NEXT] = slotHead[slot]!;
    slotHead[slot] = sender;
  };

  for (let sender = 0, record = 0; sender < senders; sender++, record += SENDER_FIELDS) {
    const produced = Math.floor(random() * UPDATE_SPACING_MS);
    state[record + FIRST_PRODUCED_MS] = produced;
    schedule(record, sender, produced + travel(), ARRIVES);
  }

  let totalAttempts = 0;
  let acceptedAttempts = 0;
  let acknowledgedUpdates = 0;
  let exhaustedUpdates = 0;
  let drainedAtMs = 0;
  let sendersDone = 0;
  let sleeps = 0;
  let sleepsAtCap = 0;
  let windowEndsMs = 0;
  let windowTokens = 0;
  let windowOffered = 0;
  let peakWindowOffered = 0;
  // Windows after the outage (it ends on a whole second, so no window straddles its end).
  let peakAfterRecovery = 0;
  let untilYield = EVENTS_PER_STEP;
  // Setting up 100,000 senders is a step of its own.
  yield 0;

  for (let nowMs = 0; sendersDone < senders; nowMs++) {
    // An empty millisecond counts as an event too: a long quiet stretch still yields.
    if (--untilYield <= 0) {
      untilYield = EVENTS_PER_STEP;
      yield sendersDone / senders;
    }
    const slot = nowMs & mask;
    let sender = slotHead[slot]!;
    if (sender === NONE) continue;
    slotHead[slot] = NONE;
    const bin = Math.floor(nowMs / binMs);
    if (nowMs >= windowEndsMs) {
      if (windowOffered > peakWindowOffered) peakWindowOffered = windowOffered;
      if (windowEndsMs > outageEndsMs && windowOffered > peakAfterRecovery) peakAfterRecovery = windowOffered;
      const window = Math.floor(nowMs / CAPACITY_WINDOW_MS);
      windowEndsMs = (window + 1) * CAPACITY_WINDOW_MS;
      windowOffered = 0;
      // The window's share of capacity × time, so a capacity under 10/s still adds up over windows.
      windowTokens = Math.floor((config.capacityPerSecond * (window + 1)) / 10) - Math.floor((config.capacityPerSecond * window) / 10);
    }
    while (sender !== NONE) {
      untilYield--;
      const record = sender * SENDER_FIELDS;
      const following = state[record + NEXT]!;
      const progress = state[record + PROGRESS]!;
      const event = state[record + EVENT]!;
      if ((event & 1) === ARRIVES) {
        windowOffered++;
        totalAttempts++;
        offered[bin]!++;
        const accepts = nowMs >= outageEndsMs && windowTokens > 0;
        if (accepts) {
          windowTokens--;
          acceptedAttempts++;
          accepted[bin]!++;
        }
        schedule(record, sender, nowMs + travel(), ANSWERED | (accepts ? ACCEPTED_FLAG : 0));
        sender = following;
        continue;
      }
      const current = progress >> 8;
      const failed = progress & 255;
      const produced = state[record + FIRST_PRODUCED_MS]! + current * UPDATE_SPACING_MS;
      if ((event & ACCEPTED_FLAG) === 0 && failed + 1 < maxAttemptsPerUpdate) {
        // A 503 with attempts left: sleep, then try again.
        const sleep = backoffSleep(strategy, backoff, failed + 1, decorrelated ? previousSleep[sender]! : backoff.baseMs, random);
        if (decorrelated) previousSleep[sender] = sleep;
        sleeps++;
        // The cap decided this sleep (no backoff's fixed interval never reads the cap).
        if (strategy !== "none" && sleep >= backoff.capMs) sleepsAtCap++;
        state[record + PROGRESS] = progress + 1;
        schedule(record, sender, nowMs + Math.round(sleep) + travel(), ARRIVES);
        sender = following;
        continue;
      }
      // Done with this update: acknowledged, or given up after its last attempt.
      const index = sender * updatesPerSender + current;
      attempts[index] = failed + 1;
      drainedAtMs = nowMs;
      if ((event & ACCEPTED_FLAG) !== 0) {
        acknowledgedUpdates++;
        acknowledged[bin]!++;
        completionMs[index] = nowMs - produced;
      } else {
        exhaustedUpdates++;
        exhausted[bin]!++;
      }
      if (decorrelated) previousSleep[sender] = backoff.baseMs;
      if (current + 1 < updatesPerSender) {
        state[record + PROGRESS] = (current + 1) << 8;
        schedule(record, sender, Math.max(nowMs, produced + UPDATE_SPACING_MS) + travel(), ARRIVES);
      } else {
        sendersDone++;
      }
      sender = following;
    }
  }
  if (windowOffered > peakWindowOffered) peakWindowOffered = windowOffered;
  if (windowEndsMs > outageEndsMs && windowOffered > peakAfterRecovery) peakAfterRecovery = windowOffered;

  return {
    config,
    binMs,
    offered,
    accepted,
    acknowledged,
    exhausted,
    completionMs,
    attempts,
    totals: {
      updates,
      attempts: totalAttempts,
      acceptedAttempts,
      refusedAttempts: totalAttempts - acceptedAttempts,
      acknowledgedUpdates,
      exhaustedUpdates,
      drainedAtMs,
      peakOfferedPerSecond: (peakWindowOffered * 1000) / CAPACITY_WINDOW_MS,
      peakOfferedAfterRecoveryPerSecond: (peakAfterRecovery * 1000) / CAPACITY_WINDOW_MS,
      sleeps,
      sleepsAtCap
    }
  };
}
