/**
 * Dedup retention versus the sender's retry horizon, and the signature window
 * versus retries.
 *
 * The worst case for deduplication is an attempt the receiver *processes* but
 * whose 2xx never reaches the sender (timeout, reset): the sender retries
 * the same event id. Each retry is deduplicated only while the record made by
 * the first processed attempt is still kept; once it expired, the retry
 * "slips past" and the effect runs again. So the retention must exceed the
 * time from the first to the last attempt (plus the signature tolerance, so a
 * replay of the last attempt is also covered).
 *
 * Two signing lanes are computed side by side:
 * - re-signed: each attempt carries a fresh `webhook-timestamp` and the same
 *   `webhook-id` (Standard Webhooks: "every time an attempt is retried the
 *   timestamp of the attempt is updated"); a 5-minute window then holds for
 *   retries over hours.
 * - reused: every attempt repeats the first attempt's signed timestamp; every
 *   attempt later than the tolerance is refused as too old.
 */
import type {Decision} from "../../playback/decision.js";
import {createDedupStore, insertIfAbsent, type DedupStore} from "../pipeline/dedup-store.js";
import {attemptOffsets} from "./retry-presets.js";
import {DEFAULT_TOLERANCE_SECONDS, checkStandardWebhookTimestamp} from "../standard-webhooks/standard-webhooks.js";

/**
 * What happens to one attempt:
 * - ack-lost: it reaches the receiver and is handled, but the sender never sees the 2xx, so it retries;
 * - unreachable: the receiver is down; nothing arrives;
 * - acknowledged: it reaches the receiver and the sender gets the answer (it stops on a 2xx).
 */
export type AttemptFate = "ack-lost" | "unreachable" | "acknowledged";
export type SigningLane = "re-signed" | "reused";

export interface RetryHorizonInput {
  delaysSeconds: readonly number[];
  retentionSeconds: number;
  toleranceSeconds?: number;
  /** Fate of each attempt; the last entry repeats. Default: every attempt "ack-lost". */
  fates?: readonly AttemptFate[];
  /** Seconds from signing to the receiver's check (default 0). */
  transitSeconds?: number;
  /** Modeled time of the first attempt (default 0). */
  startSeconds?: number;
  /** Seconds until the sender sees a failure (its timeout for a lost 2xx); the next delay starts then. Default 0. */
  failureObservedAfterSeconds?: number;
  /** Answers after which the sender stops retrying (see RetrySchedule.stopsOnStatuses). Default: none. */
  stopsOnStatuses?: readonly number[];
}

export interface RetryAttemptRow {
  attempt: number;
  sentAtSeconds: number;
  arrivesAtSeconds: number;
  fate: AttemptFate;
  signedTimestamp: number;
  /** Receiver's now minus the signed timestamp. */
  ageSeconds: number;
  window: "accepted" | "too-old" | "not-delivered";
  dedup: "recorded" | "duplicate" | "slipped-past" | "not-reached";
  effectApplied: boolean;
  /** The receiver's answer (undefined when nothing arrived). */
  status?: number;
  note: string;
}

export interface RetryLaneResult {
  lane: SigningLane;
  rows: RetryAttemptRow[];
  effects: number;
  duplicatesSuppressed: number;
  slippedPast: number;
  refusedByWindow: number;
  /** No attempt took effect: the update is lost. */
  lost: boolean;
  /** The sender received a 2xx. */
  acknowledged: boolean;
  /** The sender stopped early because an answer was in its stopsOnStatuses. */
  stoppedByRefusal: boolean;
  trace: Decision[];
}

export interface RetryHorizonResult {
  /** Time from the first to the last scheduled attempt. */
  horizonSeconds: number;
  /** Retention must be strictly greater than this for every retry to be deduplicated. */
  retentionMustExceedSeconds: number;
  /** ...and than this to also cover a replay of the last attempt inside its signature window. */
  retentionMustExceedWithReplaySeconds: number;
  retentionSeconds: number;
  toleranceSeconds: number;
  resigned: RetryLaneResult;
  reused: RetryLaneResult;
}

function fateOf(fates: readonly AttemptFate[] | undefined, index: number): AttemptFate {
  if (!fates || fates.length === 0) return "ack-lost";
  return fates[Math.min(index, fates.length - 1)]!;
}

/** One lane in progress: the receiver's dedup store, and what the sender and the receiver did so far. */
interface LaneRun {
  store: DedupStore;
  rows: RetryAttemptRow[];
  trace: Decision[];
  acknowledged: boolean;
  stoppedByRefusal: boolean;
}

/** What every row of an attempt says, whatever the receiver did with it. */
type AttemptBase = Pick<
  RetryAttemptRow,
  "attempt" | "sentAtSeconds" | "arrivesAtSeconds" | "fate" | "signedTimestamp" | "ageSeconds"
>;

function runLane(lane: SigningLane, input: RetryHorizonInput, tolerance: number): RetryLaneResult {
  const start = input.startSeconds ?? 0;
  const transit = input.transitSeconds ?? 0;
  const offsets = attemptOffsets(input.delaysSeconds, input.failureObservedAfterSeconds ?? 0);
  const run: LaneRun = {
    store: createDedupStore(input.retentionSeconds),
    rows: [],
    trace: [],
    acknowledged: false,
    stoppedByRefusal: false
  };
  for (const [index, offset] of offsets.entries()) {
    const attempt = index + 1;
    const sentAt = start + offset;
    const arrivesAt = sentAt + transit;
    const signedTimestamp = lane === "re-signed" ? sentAt : start + (offsets[0] ?? 0);
    run.trace.push({
      atSeconds: sentAt,
      title: `Attempt ${attempt} sent`,
      detail: `Signed with webhook-timestamp ${signedTimestamp} (${lane === "re-signed" ? "fresh for this attempt" : "reused from attempt 1"}), same webhook-id.`,
      kind: "send"
    });
    const base: AttemptBase = {
      attempt,
      sentAtSeconds: sentAt,
      arrivesAtSeconds: arrivesAt,
      fate: fateOf(input.fates, index),
      signedTimestamp,
      ageSeconds: arrivesAt - signedTimestamp
    };
    if (receiveAttempt(run, base, input, tolerance) === "sender stops") break;
  }
  return laneResult(lane, run);
}

/** What becomes of one attempt at the receiver, and whether the sender then stops retrying. */
function receiveAttempt(
  run: LaneRun,
  base: AttemptBase,
  input: RetryHorizonInput,
  tolerance: number
): "sender stops" | "sender retries" {
  const {attempt, arrivesAtSeconds: arrivesAt, fate, signedTimestamp} = base;
  if (fate === "unreachable") {
    run.rows.push({
      ...base,
      window: "not-delivered",
      dedup: "not-reached",
      effectApplied: false,
      note: "receiver unreachable: nothing arrives"
    });
    run.trace.push({
      atSeconds: arrivesAt,
      title: `Attempt ${attempt} fails`,
      detail: "The receiver is unreachable; the sender will retry if its schedule has attempts left.",
      kind: "unreachable"
    });
    return "sender retries";
  }
  const window = checkStandardWebhookTimestamp(signedTimestamp, arrivesAt, tolerance);
  if (!window.ok) return refuseTooOld(run, base, window.reason, input);
  run.rows.push(recordAttempt(run, base, input.retentionSeconds));
  if (fate === "acknowledged") {
    run.acknowledged = true;
    run.trace.push({
      atSeconds: arrivesAt,
      title: "Sender receives 2xx",
      detail: "Delivery succeeded; no further attempts.",
      kind: "ack"
    });
    return "sender stops";
  }
  run.trace.push({
    atSeconds: arrivesAt,
    title: "2xx lost",
    detail: "The receiver answered but the sender saw a timeout; it will retry the same event.",
    kind: "ack-lost"
  });
  return "sender retries";
}

/** The signed timestamp is outside the window: 401, which a sender may take as final. */
function refuseTooOld(
  run: LaneRun,
  base: AttemptBase,
  reason: string,
  input: RetryHorizonInput
): "sender stops" | "sender retries" {
  const {attempt, arrivesAtSeconds: arrivesAt, fate} = base;
  run.rows.push({...base, window: "too-old", dedup: "not-reached", effectApplied: false, status: 401, note: reason});
  run.trace.push({
    atSeconds: arrivesAt,
    title: `Attempt ${attempt} refused (401)`,
    detail: reason,
    kind: "window-refused"
  });
  if (fate !== "acknowledged") return "sender retries";
  if (input.stopsOnStatuses?.includes(401)) {
    run.stoppedByRefusal = true;
    run.trace.push({
      atSeconds: arrivesAt,
      title: "Sender gives up on 401",
      detail: "Its policy treats 401 as a permanent refusal: the update is not delivered.",
      kind: "give-up"
    });
    return "sender stops";
  }
  run.trace.push({
    atSeconds: arrivesAt,
    title: "Sender sees 401",
    detail: "Not a 2xx, so the sender keeps retrying.",
    kind: "send"
  });
  return "sender retries";
}

/** An attempt inside the window meets the dedup store: recorded, a duplicate, or past an expired record. */
function recordAttempt(run: LaneRun, base: AttemptBase, retentionSeconds: number): RetryAttemptRow {
  const {attempt, arrivesAtSeconds: arrivesAt} = base;
  const insert = insertIfAbsent(run.store, "webhook-id:event", arrivesAt);
  run.store = insert.store;
  if (!insert.inserted) {
    const row: RetryAttemptRow = {
      ...base,
      window: "accepted",
      dedup: "duplicate",
      effectApplied: false,
      status: 200,
      note: `duplicate: record kept until ${insert.record.expiresAtSeconds} s; 2xx without effect`
    };
    run.trace.push({
      atSeconds: arrivesAt,
      title: `Attempt ${attempt} deduplicated`,
      detail: row.note,
      kind: "duplicate"
    });
    return row;
  }
  if (insert.replacedExpired) {
    const expiredAt = insert.replacedExpired.expiresAtSeconds;
    const row: RetryAttemptRow = {
      ...base,
      window: "accepted",
      dedup: "slipped-past",
      effectApplied: true,
      status: 200,
      note: `the record expired at ${expiredAt} s, so this retry is applied again`
    };
    run.trace.push({
      atSeconds: expiredAt,
      title: "Dedup record expires",
      detail: `Retention ${retentionSeconds} s ran out before the sender stopped retrying.`,
      kind: "expire"
    });
    run.trace.push({
      atSeconds: arrivesAt,
      title: `Attempt ${attempt} slips past dedup`,
      detail: row.note,
      kind: "slipped"
    });
    return row;
  }
  const row: RetryAttemptRow = {
    ...base,
    window: "accepted",
    dedup: "recorded",
    effectApplied: true,
    status: 200,
    note: `recorded until ${insert.record.expiresAtSeconds} s, effect applied`
  };
  run.trace.push({atSeconds: arrivesAt, title: `Attempt ${attempt} applied`, detail: row.note, kind: "effect"});
  return row;
}

function laneResult(lane: SigningLane, {rows, trace, acknowledged, stoppedByRefusal}: LaneRun): RetryLaneResult {
  trace.sort((a, b) => a.atSeconds - b.atSeconds);
  const effects = rows.filter((row) => row.effectApplied).length;
  return {
    lane,
    rows,
    effects,
    duplicatesSuppressed: rows.filter((row) => row.dedup === "duplicate").length,
    slippedPast: rows.filter((row) => row.dedup === "slipped-past").length,
    refusedByWindow: rows.filter((row) => row.window === "too-old").length,
    lost: effects === 0,
    acknowledged,
    stoppedByRefusal,
    trace
  };
}

export function analyzeRetryHorizon(input: RetryHorizonInput): RetryHorizonResult {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const offsets = attemptOffsets(input.delaysSeconds, input.failureObservedAfterSeconds ?? 0);
  if (offsets.length === 0) throw new RangeError("a schedule needs at least one attempt");
  const horizonSeconds = offsets[offsets.length - 1]! - offsets[0]!;
  return {
    horizonSeconds,
    retentionMustExceedSeconds: horizonSeconds,
    retentionMustExceedWithReplaySeconds: horizonSeconds + tolerance,
    retentionSeconds: input.retentionSeconds,
    toleranceSeconds: tolerance,
    resigned: runLane("re-signed", input, tolerance),
    reused: runLane("reused", input, tolerance)
  };
}
