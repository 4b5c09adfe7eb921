/**
 * Lesson 5's experiments as data: the overrides, what to look at, a prediction asked before the
 * run is shown, and a predicate on the chosen strategy's run saying whether it shows the effect
 * (a test holds every experiment to its predicate over several seeds).
 */
import type {TourStep} from "../tour/step.js";
import {MAX_SENDERS, MAX_UPDATES_PER_SENDER, type StormConfig} from "./fields.js";
import {HERD_FACTOR, herdFactor, type StormSummary} from "./summary.js";

export interface StormExperiment extends TourStep<StormSummary> {
  overrides: Partial<StormConfig>;
}

const drainSeconds = (run: StormSummary) => Math.round(run.totals.drainedAtMs / 1000);

export const stormExperiments: readonly StormExperiment[] = [
  {
    id: "herd",
    title: "The herd after recovery: exponential backoff without jitter",
    overrides: {},
    lookAt:
      "After the receiver is back at 5 s, the retries arrive in waves far above the capacity line with silence between them, and each wave gets only its capacity's worth through: the storm takes minutes to drain.",
    prediction: {
      kind: "number",
      question:
        "1,000 senders, one update each, a receiver back at 5 s taking 200 requests a second. When will the last update be acknowledged, in seconds?",
      units: ["second", "seconds"],
      max: 100_000,
      answer: drainSeconds
    },
    why: "Senders that failed together sleep the same doubling times and so retry together: every wave is the whole remaining herd, the receiver takes its capacity's share and refuses the rest, and the refused sleep twice as long before the next wave.",
    shows: (run) => run.config.strategy === "exponential" && herdFactor(run) >= HERD_FACTOR
  },
  {
    id: "full-jitter",
    title: "Full jitter flattens the herd",
    overrides: {strategy: "full"},
    lookAt:
      "The same senders sleep a random time up to the same exponential ceiling: the retries spread out, the worst 100 ms after recovery brings about twice the capacity instead of six times, and the storm drains in a fraction of the time, with fewer requests.",
    prediction: {
      kind: "number",
      question: "The same storm with full jitter. When will the last update be acknowledged, in seconds?",
      units: ["second", "seconds"],
      max: 100_000,
      answer: drainSeconds
    },
    why: "A uniform sleep in [0, v) breaks the senders' step: each 100 ms window meets only a slice of them, so the receiver's capacity is used in window after window instead of sitting idle between waves.",
    shows: (run) => run.config.strategy === "full" && run.totals.exhaustedUpdates === 0 && herdFactor(run) < HERD_FACTOR
  },
  {
    id: "no-backoff",
    title: "No backoff: a fixed interval hammers the receiver",
    overrides: {strategy: "none"},
    lookAt:
      "Every sender retries half a second after each 503 (plus a round trip): once the receiver is back, about six times its capacity arrives each second, ten times in the worst 100 ms, and most updates spend all their attempts before it could take them.",
    prediction: {
      kind: "number",
      question:
        "Every sender retries every 500 ms, at most 10 attempts. How many of the 1,000 updates will be given up?",
      units: ["update", "updates"],
      max: MAX_SENDERS * MAX_UPDATES_PER_SENDER,
      answer: (run) => run.totals.exhaustedUpdates
    },
    why: "A fixed interval never slows down: ten attempts about 0.6 s apart last some six seconds, most of them in the outage, and after it the whole herd comes back every 0.6 s, far over capacity.",
    shows: (run) => run.config.strategy === "none" && run.totals.exhaustedUpdates > run.totals.updates / 2
  },
  {
    id: "decorrelated-cap",
    title: "Decorrelated jitter collapsing to the cap",
    overrides: {strategy: "decorrelated", capMs: 2_000, receiverUnavailableUntilSeconds: 30, maxAttemptsPerUpdate: 20},
    lookAt:
      "Under a 2 s cap and a 30 s outage, decorrelated jitter's sleeps grow from the previous sleep until the cap takes over: more than half of all sleeps are exactly 2 s. The backoff stops growing, so through the outage every sender retries about every 2 s and the load stays flat at about the senders ÷ 2 s, and some senders spend all their attempts before the receiver is back.",
    prediction: {
      kind: "number",
      question: "Out of every 100 sleeps, how many will be exactly the cap?",
      units: ["sleep", "sleeps"],
      max: 100,
      answer: (run) => Math.round((100 * run.totals.sleepsAtCap) / Math.max(1, run.totals.sleeps))
    },
    why: "Each sleep is drawn from [base, 3 × the previous sleep) and then capped: once the previous sleep is the cap, about three draws in four (those past 2 s in [0.5 s, 6 s)) land past it and become the cap itself; the earlier random sleeps keep the senders out of step, so no waves form, though the flat load is still well over the capacity.",
    shows: (run) => run.config.strategy === "decorrelated" && run.totals.sleepsAtCap * 2 > run.totals.sleeps
  },
  {
    id: "cap-too-small",
    title: "A cap that is too small",
    overrides: {strategy: "full", capMs: 1_000, receiverUnavailableUntilSeconds: 30},
    lookAt:
      "Full jitter under a 1 s cap: ten attempts last at most about ten seconds, the outage lasts thirty, and every update is given up before the receiver comes back.",
    prediction: {
      kind: "number",
      question: "A 1 s cap, 10 attempts, a 30 s outage. How many of the 1,000 updates will be acknowledged?",
      units: ["update", "updates"],
      max: MAX_SENDERS * MAX_UPDATES_PER_SENDER,
      answer: (run) => run.totals.acknowledgedUpdates
    },
    why: "The cap bounds every sleep, so it also bounds how long a sender keeps trying: attempts × (cap + latency) must outlast the outage, or the updates are lost however well the retries are spread.",
    shows: (run) =>
      run.config.strategy === "full" &&
      run.totals.acknowledgedUpdates === 0 &&
      run.totals.exhaustedUpdates === run.totals.updates
  }
];
