/**
 * The same receiver conditions under every sender: one run per preset, and for each update
 * whether the receiver ever applied it. Lesson 1's "Same outage, seven senders" reads it, and
 * states its conclusion only when these runs show it: a released SDK sender that met a 503 or a
 * timeout lost that update for good.
 */
import {maxAttemptBudget} from "./bounds.js";
import type {DeliveryConfig} from "./config.js";
import type {DeliveryRun} from "./run.js";
import {maxAttemptsOf} from "./sender-policy.js";
import {senderPresets, type SenderPreset} from "./sender-presets.js";
import {simulateResolvedDelivery} from "./simulate.js";

/** What became of one update under one sender. */
export interface UpdateFate {
  updateIndex: number;
  /** When the receiver first applied it, or null if it never did. */
  firstAppliedAtSeconds: number | null;
  /** What the sender reported, and when. */
  outcome: DeliveryRun["updates"][number]["outcome"];
  settledAtSeconds: number;
  /** An attempt of it failed at the receiver (a 503, a 401, a 404), whatever the sender made of that. */
  metFailure: boolean;
  /** The receiver answered it 2xx without applying it because a newer update was applied first: superseded, not lost. */
  superseded: boolean;
}

export interface SenderComparisonRow {
  preset: SenderPreset;
  run: DeliveryRun;
  fates: UpdateFate[];
  /** Updates sent but never applied by the receiver. */
  lostUpdates: number;
}

/** An SDK sender that lost an update after a 503 or a timeout: the lesson's conclusion, as this run shows it. */
export interface SdkLoss {
  preset: SenderPreset;
  updateIndex: number;
}

export interface SenderComparison {
  rows: SenderComparisonRow[];
  /** Senders not run: their attempts per update times the updates exceed the attempt budget. */
  skipped: SenderPreset[];
  sdkLosses: SdkLoss[];
  /** When the first update first reaches the receiver: an outage past it meets that update. */
  firstArrivalSeconds: number | null;
}

/** The four A2A SDK presets (the ones a reader building an agent runs). */
const isReleasedSdk = (preset: SenderPreset) => preset.id.startsWith("a2a-");

export function compareSenders(config: DeliveryConfig): SenderComparison {
  // The budget that bounds any accepted run bounds each sender's run here too (Convoy makes 10 attempts per update).
  const fits = (preset: SenderPreset) => config.updates.length * maxAttemptsOf(preset, config) <= maxAttemptBudget;
  const rows = senderPresets
    .filter(fits)
    .map((preset) => row(preset, simulateResolvedDelivery({...config, sender: preset.id})));
  const skipped = senderPresets.filter((preset) => !fits(preset));
  const sdkLosses = rows
    .filter((entry) => isReleasedSdk(entry.preset))
    .flatMap((entry) =>
      entry.fates
        .filter((fate) => fate.metFailure && fate.firstAppliedAtSeconds === null)
        .map((fate) => ({preset: entry.preset, updateIndex: fate.updateIndex}))
    );
  const firstArrival = rows[0]?.run.attempts[0]?.arrivesAtSeconds ?? null;
  return {rows, skipped, sdkLosses, firstArrivalSeconds: firstArrival};
}

function row(preset: SenderPreset, run: DeliveryRun): SenderComparisonRow {
  const firstApplied = new Map<number, number>();
  for (const effect of run.effects)
    if (!firstApplied.has(effect.updateIndex)) firstApplied.set(effect.updateIndex, effect.atSeconds);
  const failed = new Set(
    run.attempts
      .filter((attempt) => attempt.httpStatus < 200 || attempt.httpStatus >= 300)
      .map((attempt) => attempt.updateIndex)
  );
  const stale = new Set(
    run.attempts.filter((attempt) => attempt.receiverDecision === "stale").map((attempt) => attempt.updateIndex)
  );
  const fates = run.updates.map((update) => ({
    updateIndex: update.updateIndex,
    firstAppliedAtSeconds: firstApplied.get(update.updateIndex) ?? null,
    outcome: update.outcome,
    settledAtSeconds: update.settledAtSeconds,
    metFailure: failed.has(update.updateIndex),
    superseded: stale.has(update.updateIndex) && !firstApplied.has(update.updateIndex)
  }));
  const lostUpdates = fates.filter(
    (fate) =>
      fate.firstAppliedAtSeconds === null &&
      !fate.superseded &&
      fate.outcome !== "blocked" &&
      fate.outcome !== "stopped-by-deletion"
  ).length;
  return {preset, run, fates, lostUpdates};
}
