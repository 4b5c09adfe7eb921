/**
 * The retry storm: many senders pushing updates into one receiver that has just come back.
 *
 * The model, exactly (docs/lessons/retry-storms.md repeats it):
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
  const storm = new Storm(config);
  // Setting up 100,000 senders is a step of its own.
  yield 0;
  let untilYield = EVENTS_PER_STEP;
  for (let nowMs = 0; storm.sendersDone < config.senders; nowMs++) {
    // An empty millisecond counts as an event too: a long quiet stretch still yields.
    if (--untilYield <= 0) {
      untilYield = EVENTS_PER_STEP;
      yield storm.sendersDone / config.senders;
    }
    untilYield -= storm.handleMillisecond(nowMs);
  }
  return storm.run();
}

/** Per time bin: requests reaching the receiver, those it accepted, and updates acknowledged and given up. */
type StormBins = Pick<StormRun, "binMs" | "offered" | "accepted" | "acknowledged" | "exhausted">;

function stormBins(config: StormConfig): StormBins {
  const horizonMs = stormHorizonMs(config);
  const binMs = binWidthFor(horizonMs, MAX_TIME_BINS);
  const bins = Math.ceil(horizonMs / binMs) + 1;
  return {
    binMs,
    offered: new Int32Array(bins),
    accepted: new Int32Array(bins),
    acknowledged: new Int32Array(bins),
    exhausted: new Int32Array(bins)
  };
}

/** The calendar's size: a power of two past the furthest anything is scheduled ahead (the longest sleep plus a trip, or the update spacing). */
function calendarSize(config: StormConfig): number {
  const ahead = Math.max(config.baseMs + 1, config.capMs + 1, UPDATE_SPACING_MS) + config.latencyMs;
  let ringSize = 1;
  while (ringSize <= ahead) ringSize *= 2;
  return ringSize;
}

/** One storm in progress: the senders' calendar, the receiver's capacity window, and the counts so far. */
class Storm {
  private readonly config: StormConfig;
  private readonly backoff: {baseMs: number; capMs: number};
  private readonly random: () => number;
  private readonly trips: Int32Array;
  private readonly outageEndsMs: number;
  private readonly bins: StormBins;
  private readonly completionMs: Int32Array;
  private readonly attempts: Uint8Array;
  // The calendar: a ring of millisecond slots, each a linked list of senders through NEXT.
  private readonly mask: number;
  private readonly slotHead: Int32Array;
  private readonly state: Int32Array;
  // Only decorrelated jitter reads the previous sleep.
  private readonly decorrelated: boolean;
  private readonly previousSleep: Float64Array;

  sendersDone = 0;
  private totalAttempts = 0;
  private acceptedAttempts = 0;
  private acknowledgedUpdates = 0;
  private exhaustedUpdates = 0;
  private drainedAtMs = 0;
  private sleeps = 0;
  private sleepsAtCap = 0;
  private windowEndsMs = 0;
  private windowTokens = 0;
  private windowOffered = 0;
  private peakWindowOffered = 0;
  // Windows after the outage (it ends on a whole second, so no window straddles its end).
  private peakAfterRecovery = 0;

  constructor(config: StormConfig) {
    const {senders, updatesPerSender} = config;
    this.config = config;
    this.backoff = {baseMs: config.baseMs, capMs: config.capMs};
    this.random = seededRandom(config.seed);
    this.outageEndsMs = config.receiverUnavailableUntilSeconds * 1000;
    this.bins = stormBins(config);
    this.completionMs = new Int32Array(senders * updatesPerSender).fill(-1);
    this.attempts = new Uint8Array(senders * updatesPerSender);
    const ringSize = calendarSize(config);
    this.mask = ringSize - 1;
    this.slotHead = new Int32Array(ringSize).fill(NONE);
    this.state = new Int32Array(senders * SENDER_FIELDS);
    this.decorrelated = config.strategy === "decorrelated";
    this.previousSleep = new Float64Array(this.decorrelated ? senders : 0).fill(config.baseMs);
    this.trips = travelTimes(config.latencyMs);
    for (let sender = 0, record = 0; sender < senders; sender++, record += SENDER_FIELDS) {
      const produced = Math.floor(this.random() * UPDATE_SPACING_MS);
      this.state[record + FIRST_PRODUCED_MS] = produced;
      this.schedule(record, sender, produced + this.travel(), ARRIVES);
    }
  }

  /** Handles every sender due at `nowMs`; returns how many (each counts towards the next yield). */
  handleMillisecond(nowMs: number): number {
    const slot = nowMs & this.mask;
    let sender = this.slotHead[slot]!;
    if (sender === NONE) return 0;
    this.slotHead[slot] = NONE;
    const bin = Math.floor(nowMs / this.bins.binMs);
    if (nowMs >= this.windowEndsMs) this.openWindow(nowMs);
    let handled = 0;
    while (sender !== NONE) {
      handled++;
      const record = sender * SENDER_FIELDS;
      const following = this.state[record + NEXT]!;
      if ((this.state[record + EVENT]! & 1) === ARRIVES) this.arrive(sender, record, nowMs, bin);
      else this.answer(sender, record, nowMs, bin);
      sender = following;
    }
    return handled;
  }

  /** The run as it stands: complete once every sender is done. */
  run(): StormRun {
    this.closeWindow();
    const {config, bins, completionMs, attempts, totalAttempts, acceptedAttempts} = this;
    return {
      config,
      ...bins,
      completionMs,
      attempts,
      totals: {
        updates: config.senders * config.updatesPerSender,
        attempts: totalAttempts,
        acceptedAttempts,
        refusedAttempts: totalAttempts - acceptedAttempts,
        acknowledgedUpdates: this.acknowledgedUpdates,
        exhaustedUpdates: this.exhaustedUpdates,
        drainedAtMs: this.drainedAtMs,
        peakOfferedPerSecond: (this.peakWindowOffered * 1000) / CAPACITY_WINDOW_MS,
        peakOfferedAfterRecoveryPerSecond: (this.peakAfterRecovery * 1000) / CAPACITY_WINDOW_MS,
        sleeps: this.sleeps,
        sleepsAtCap: this.sleepsAtCap
      }
    };
  }

  private travel(): number {
    return this.trips[(this.random() * TRAVEL_LEVELS) | 0]!;
  }

  private schedule(record: number, sender: number, atMs: number, event: number): void {
    const slot = atMs & this.mask;
    this.state[record + EVENT] = event;
    this.state[record + NEXT] = this.slotHead[slot]!;
    this.slotHead[slot] = sender;
  }

  /** Counts the window that ends, then opens the capacity window `nowMs` falls in. */
  private openWindow(nowMs: number): void {
    this.closeWindow();
    const window = Math.floor(nowMs / CAPACITY_WINDOW_MS);
    this.windowEndsMs = (window + 1) * CAPACITY_WINDOW_MS;
    this.windowOffered = 0;
    // The window's share of capacity × time, so a capacity under 10/s still adds up over windows.
    const capacity = this.config.capacityPerSecond;
    this.windowTokens = Math.floor((capacity * (window + 1)) / 10) - Math.floor((capacity * window) / 10);
  }

  private closeWindow(): void {
    if (this.windowOffered > this.peakWindowOffered) this.peakWindowOffered = this.windowOffered;
    if (this.windowEndsMs > this.outageEndsMs && this.windowOffered > this.peakAfterRecovery)
      this.peakAfterRecovery = this.windowOffered;
  }

  /** A request reaches the receiver: accepted while the window has capacity left after the outage, else 503. */
  private arrive(sender: number, record: number, nowMs: number, bin: number): void {
    this.windowOffered++;
    this.totalAttempts++;
    this.bins.offered[bin]!++;
    const accepts = nowMs >= this.outageEndsMs && this.windowTokens > 0;
    if (accepts) {
      this.windowTokens--;
      this.acceptedAttempts++;
      this.bins.accepted[bin]!++;
    }
    this.schedule(record, sender, nowMs + this.travel(), ANSWERED | (accepts ? ACCEPTED_FLAG : 0));
  }

  /** An answer reaches its sender: a 503 with attempts left is retried, anything else ends the update. */
  private answer(sender: number, record: number, nowMs: number, bin: number): void {
    const progress = this.state[record + PROGRESS]!;
    const acknowledged = (this.state[record + EVENT]! & ACCEPTED_FLAG) !== 0;
    if (!acknowledged && (progress & 255) + 1 < this.config.maxAttemptsPerUpdate)
      this.retry(sender, record, nowMs, progress);
    else this.finishUpdate(sender, record, nowMs, bin, progress, acknowledged);
  }

  /** A 503 with attempts left: sleep, then try again. */
  private retry(sender: number, record: number, nowMs: number, progress: number): void {
    const {strategy} = this.config;
    const failed = progress & 255;
    const sleep = backoffSleep(
      strategy,
      this.backoff,
      failed + 1,
      this.decorrelated ? this.previousSleep[sender]! : this.backoff.baseMs,
      this.random
    );
    if (this.decorrelated) this.previousSleep[sender] = sleep;
    this.sleeps++;
    // The cap decided this sleep (no backoff's fixed interval never reads the cap).
    if (strategy !== "none" && sleep >= this.backoff.capMs) this.sleepsAtCap++;
    this.state[record + PROGRESS] = progress + 1;
    this.schedule(record, sender, nowMs + Math.round(sleep) + this.travel(), ARRIVES);
  }

  /** Done with this update: acknowledged, or given up after its last attempt; the sender's next one goes out. */
  private finishUpdate(
    sender: number,
    record: number,
    nowMs: number,
    bin: number,
    progress: number,
    acknowledged: boolean
  ): void {
    const {updatesPerSender} = this.config;
    const current = progress >> 8;
    const produced = this.state[record + FIRST_PRODUCED_MS]! + current * UPDATE_SPACING_MS;
    const index = sender * updatesPerSender + current;
    this.attempts[index] = (progress & 255) + 1;
    this.drainedAtMs = nowMs;
    if (acknowledged) {
      this.acknowledgedUpdates++;
      this.bins.acknowledged[bin]!++;
      this.completionMs[index] = nowMs - produced;
    } else {
      this.exhaustedUpdates++;
      this.bins.exhausted[bin]!++;
    }
    if (this.decorrelated) this.previousSleep[sender] = this.backoff.baseMs;
    if (current + 1 < updatesPerSender) {
      this.state[record + PROGRESS] = (current + 1) << 8;
      this.schedule(record, sender, Math.max(nowMs, produced + UPDATE_SPACING_MS) + this.travel(), ARRIVES);
    } else {
      this.sendersDone++;
    }
  }
}
