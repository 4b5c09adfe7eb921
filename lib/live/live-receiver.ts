/**
 * The live lab's receiver, sans-I/O: it is handed each request with the time, and says what to
 * answer and what it recorded. The Node shell (receiver/) owns the sockets; this owns every
 * decision, so the terminal, the JSON Lines file and the page all describe one receiver.
 *
 * Order, as lesson 1's receiver (delivery/receiver.ts) and lesson 4's pipeline decide:
 *   1. the outage fault: 503 while the run's clock is inside the window
 *   2. the refusal rule fault: 401 or 404 for every request
 *   3. lib's receiver pipeline, unchanged (receiver-pipeline.ts): authenticity, the configured
 *      token, the expected task, time bounds, the replay record (keyed as event-key.ts says), and
 *      the effect, which applies ordering protection: an update older than the newest applied for
 *      its task is answered 2xx and not applied ("stale")
 *   4. the lost-acknowledgement fault: the first 2xx of each update does not reach the sender
 */
import {
  receivePushNotification,
  type PipelineResult,
  type ReceiverAuth,
  type ReceiverState
} from "../webhook-auth/pipeline/receiver-pipeline.js";
import {createDedupStore, evictOldest, purgeExpired} from "../webhook-auth/pipeline/dedup-store.js";
import {readHeader, type HeaderBag} from "../webhook-auth/http-headers.js";
import {sha256, toHex} from "../webhook-auth/bytes.js";
import {GO_TOKEN_HEADER, NOTIFICATION_TOKEN_HEADER} from "../webhook-auth/jwt/jwt-profile.js";
import type {JwksCache} from "../webhook-auth/jwt/jwks-cache.js";
import type {LiveAttempt, LiveDecision} from "./attempt.js";
import {AttemptLog} from "./attempt-log.js";
import {bodyFacts, isOlder, orderOf, updateKeyOf, type BodyFacts} from "./event-key.js";
import {noFaults, type LiveFaults} from "./faults.js";
import {keptBody, keptHeaders} from "./redact.js";

export interface LiveReceiverSettings {
  auth: ReceiverAuth;
  /** TaskPushNotificationConfig.token, checked in X-A2A-Notification-Token when set. */
  token?: string;
  /** The tasks expected; empty: the first task an authentic request names, until the next run. */
  expectedTaskIds: readonly string[];
  faults?: LiveFaults;
  /** Attempts kept in memory; older ones are dropped and counted. */
  keep?: number;
  /** Replay records kept: for this long, and at most this many (the oldest are evicted and counted). */
  dedupRetentionSeconds?: number;
  dedupCapacity?: number;
  jwks?: JwksCache;
  subtle?: SubtleCrypto;
}

export interface LiveRequest {
  method: string;
  path: string;
  headers: HeaderBag;
  body: Uint8Array;
}

/** The receiver's clocks: a monotonic one for the run, and the wall clock for signed timestamps and JWTs. */
export interface LiveClock {
  monotonicSeconds: number;
  unixSeconds: number;
}

export const LIVE_KEEP = 1_000;
export const LIVE_DEDUP_CAPACITY = 10_000;
export const LIVE_DEDUP_RETENTION_SECONDS = 24 * 60 * 60;

const STATUS_OF_REFUSAL: Readonly<Record<number, LiveDecision>> = {
  401: "unauthorized",
  404: "unknown-task",
  400: "bad-request",
  500: "effect-failed"
};

export class LiveReceiver {
  readonly log: AttemptLog;
  private faultsNow: LiveFaults;
  private pipeline: ReceiverState;
  /** The current run: numbered when it starts (a reset or new faults), its clock started by its first request. */
  private runNumber = 1;
  private runStartedAt: number | null = null;
  private attemptNumber = 0;
  private pinnedTask: string | null = null;
  private readonly newestApplied = new Map<string, LiveAttempt["order"]>();
  private readonly ackLost = new Set<string>();
  /** The SHA-256 of the first applied body under each sender-chosen key, to notice a key reused for other bytes. */
  private readonly firstBodyHash = new Map<string, string>();
  private evicted = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly settings: LiveReceiverSettings) {
    this.log = new AttemptLog(settings.keep ?? LIVE_KEEP);
    this.faultsNow = settings.faults ?? noFaults;
    this.pipeline = {
      dedup: createDedupStore(settings.dedupRetentionSeconds ?? LIVE_DEDUP_RETENTION_SECONDS, {inPlace: true}),
      ...(settings.jwks ? {jwks: settings.jwks} : {})
    };
  }

  get faults(): LiveFaults {
    return this.faultsNow;
  }

  /** New faults start a new run: the window of an outage counts from the run's first request. */
  setFaults(faults: LiveFaults): void {
    this.faultsNow = faults;
    this.newRun();
  }

  /** A new run: its clock starts at its first request; replay records, ordering and the pinned task are forgotten. */
  newRun(): void {
    this.runNumber++;
    this.runStartedAt = null;
    this.pinnedTask = null;
    this.newestApplied.clear();
    this.ackLost.clear();
    this.firstBodyHash.clear();
    this.pipeline = {...this.pipeline, dedup: createDedupStore(this.pipeline.dedup.retentionSeconds, {inPlace: true})};
  }

  /** What the page shows of the receiver's memory. */
  status(): {
    run: number;
    kept: number;
    dropped: number;
    total: number;
    evictedReplayRecords: number;
    replayRecords: number;
    expectedTask: string | null;
  } {
    return {
      run: this.runNumber,
      kept: this.log.attempts().length,
      dropped: this.log.dropped,
      total: this.log.total,
      evictedReplayRecords: this.evicted,
      replayRecords: this.pipeline.dedup.records.size,
      expectedTask:
        this.settings.expectedTaskIds.length > 0 ? this.settings.expectedTaskIds.join(", ") : this.pinnedTask
    };
  }

  /** Stamps an arriving request with its run and its time on the run's clock (the first request of a run starts it). */
  arrive(monotonicSeconds: number): {run: number; atSeconds: number} {
    this.runStartedAt ??= monotonicSeconds;
    return {run: this.runNumber, atSeconds: monotonicSeconds - this.runStartedAt};
  }

  private runSeconds(monotonicSeconds: number): number {
    return this.runStartedAt === null ? 0 : Math.max(0, monotonicSeconds - this.runStartedAt);
  }

  /**
   * Decides a request that reached the hook; the answer is planned, not yet settled (see settle).
   * Requests are decided one at a time, in the order they are handed in: the replay record's
   * insert-if-absent must see every earlier insert, or two copies arriving together would both apply.
   * `clock` is read when the request's turn comes (lib reads no clock of its own: the caller's is
   * passed in, as fetchJwks is).
   */
  decide(
    request: LiveRequest,
    arrival: {run: number; atSeconds: number},
    clock: () => LiveClock
  ): Promise<LiveAttempt> {
    const decided = this.queue.then(() => this.decideNow(request, arrival, clock()));
    this.queue = decided.catch(() => undefined);
    return decided;
  }

  private async decideNow(
    request: LiveRequest,
    onItsWay: {run: number; atSeconds: number},
    clock: LiveClock
  ): Promise<LiveAttempt> {
    // A request on its way when the run changed belongs to the new run, arriving as it is decided.
    const arrival = onItsWay.run === this.runNumber ? onItsWay : this.arrive(clock.monotonicSeconds);
    // The memory of the run it arrived in: a reset during the checks below leaves the new run's untouched.
    const memory = this.pipeline;
    const sameRun = () => arrival.run === this.runNumber;
    const facts = bodyFacts(parseJson(request.body));
    const key = await updateKeyOf(request.headers, facts, request.body, this.settings.subtle);
    const base = this.recordOf(request, arrival, clock.monotonicSeconds, facts, key);
    const fault = this.faultVerdict(base.decidedAtSeconds);
    if (fault) return {...base, ...fault};
    let stale = false;
    const result = await receivePushNotification({
      request: {headers: request.headers, body: request.body},
      config: this.pipelineConfig(base, request.headers),
      state: memory,
      nowSeconds: clock.unixSeconds,
      applyEffect: ({taskId}) => void (stale = sameRun() && this.applyInOrder(taskId, base.order))
    });
    if (sameRun()) this.remember(result, clock.unixSeconds);
    // The key the receiver recorded the update by, which may differ from the one resends are grouped by (a webhook-id over 256 characters).
    const outcome = pipelineOutcome(result, stale);
    const decided = {...base, recordKey: clipped(result.eventKey ?? null, 600), ...outcome};
    // After a reset the new run's first bodies and lost acknowledgements are its own: an older request writes neither.
    if (!sameRun()) return decided;
    const note = await this.differentBytesNote(result, base.keySource, request.body);
    const noted = note ? {...decided, reason: `${outcome.reason}; ${note}`.slice(0, 2_000)} : decided;
    return sameRun() ? this.withLostAck(noted) : noted;
  }

  /**
   * A duplicate by a key the sender chose (a webhook-id, an event id) whose bytes differ from the
   * first delivery's: the receiver still answers it as a duplicate (the id is the sender's promise
   * that it is the same update), but says so, since a reused id would hide a real change.
   */
  private async differentBytesNote(
    result: PipelineResult,
    keySource: LiveAttempt["keySource"],
    body: Uint8Array
  ): Promise<string | null> {
    const key = result.eventKey;
    if (key === undefined || keySource === "derived") return null;
    const hash = toHex(await sha256(body, this.settings.subtle));
    const first = this.firstBodyHash.get(key);
    if (result.outcome === "applied" && first === undefined) {
      this.firstBodyHash.set(key, hash);
      // Bounded as the replay records are: the oldest go first.
      if (this.firstBodyHash.size > (this.settings.dedupCapacity ?? LIVE_DEDUP_CAPACITY))
        this.firstBodyHash.delete(this.firstBodyHash.keys().next().value!);
    }
    return result.outcome === "duplicate" && first !== undefined && first !== hash
      ? "its bytes differ from the first delivery with this key: the sender reused the key for different content, and the change is not applied"
      : null;
  }

  /** The outage and the refusal rule, which answer before any check. */
  private faultVerdict(decidedAtSeconds: number): Pick<LiveAttempt, "decision" | "httpStatus" | "reason"> | null {
    const {outageSeconds, refuseWith} = this.faultsNow;
    if (decidedAtSeconds < outageSeconds)
      return {
        decision: "unavailable",
        httpStatus: 503,
        reason: `outage: 503 for the first ${outageSeconds} s of the run`
      };
    if (refuseWith !== null)
      return {
        decision: refuseWith === 401 ? "unauthorized" : "unknown-task",
        httpStatus: refuseWith,
        reason: `the ${refuseWith} rule refuses every request`
      };
    return null;
  }

  /** What the run keeps of a decision: the replay records (bounded) and, on the first authentic push, its task. */
  private remember(result: PipelineResult, unixSeconds: number): void {
    this.pipeline = this.boundedReplayRecords(result.state, unixSeconds);
    if (result.checks.some((check) => check.id === "expected-task" && check.status === "pass"))
      this.pinnedTask ??= result.taskId ?? null;
  }

  /** A request refused before the pipeline (too large, a wrong Host, a slow sender, not the hook path, too many at once). */
  refuseAtDoor(
    request: Omit<LiveRequest, "body"> & {body?: Uint8Array; bodyBytes?: number},
    decision: LiveDecision,
    httpStatus: number,
    reason: string,
    monotonicSeconds: number
  ): LiveAttempt {
    const body = request.body ?? new Uint8Array();
    const arrival = {run: this.runNumber, atSeconds: this.runSeconds(monotonicSeconds)};
    const record = this.recordOf({...request, body}, arrival, monotonicSeconds, NOTHING_READ, {
      updateKey: null,
      keySource: "none"
    });
    return {...record, bodyBytes: request.bodyBytes ?? body.length, decision, httpStatus, reason};
  }

  /** The answer is out (or the sender closed a held connection): the attempt is final and recorded. */
  settle(attempt: LiveAttempt, monotonicSeconds: number): LiveAttempt {
    // A sender that gave up before the answer settled it earlier than the decision: the time it left.
    const settled = {...attempt, settledAtSeconds: Math.max(attempt.atSeconds, this.runSeconds(monotonicSeconds))};
    this.log.add(settled);
    return settled;
  }

  /** The record of a request as it arrived, before any decision (an applied 200 until one is taken). */
  private recordOf(
    request: LiveRequest,
    arrival: {run: number; atSeconds: number},
    monotonicSeconds: number,
    facts: BodyFacts,
    key: {updateKey: string | null; keySource: LiveAttempt["keySource"]}
  ): LiveAttempt {
    return {
      run: arrival.run,
      number: ++this.attemptNumber,
      atSeconds: arrival.atSeconds,
      decidedAtSeconds: Math.max(arrival.atSeconds, this.runSeconds(monotonicSeconds)),
      settledAtSeconds: null,
      method: request.method.slice(0, 16),
      path: request.path.slice(0, 256),
      headers: keptHeaders(request.headers),
      body: keptBody(request.body),
      bodyBytes: request.body.length,
      taskId: facts.taskId,
      taskState: facts.taskState,
      updateKey: key.updateKey,
      keySource: key.keySource,
      order: orderOf(facts),
      decision: "applied",
      httpStatus: 200,
      answer: "sent",
      reason: "",
      checks: []
    };
  }

  private pipelineConfig(base: LiveAttempt, headers: HeaderBag) {
    const expected =
      this.settings.expectedTaskIds.length > 0 ? this.settings.expectedTaskIds : [this.pinnedTask ?? base.taskId ?? ""];
    // a2a-go 2.x names the token header without the X-; the other SDKs with it.
    const tokenHeader =
      readHeader(headers, NOTIFICATION_TOKEN_HEADER) === undefined && readHeader(headers, GO_TOKEN_HEADER) !== undefined
        ? GO_TOKEN_HEADER
        : NOTIFICATION_TOKEN_HEADER;
    return {
      auth: this.settings.auth,
      ...(this.settings.token !== undefined ? {token: this.settings.token, tokenHeader} : {}),
      expectedTaskIds: expected,
      // The key that groups the update's resends (event-key.ts), scoped to the task unless it already is.
      deriveEventKey: ({taskId}: {taskId: string}) =>
        base.updateKey === null || base.keySource === "derived"
          ? (base.updateKey ?? undefined)
          : `task:${taskId}:${base.updateKey}`
    };
  }

  /** Ordering protection, inside the effect: true when the update is older than the newest applied for its task (then not applied). */
  private applyInOrder(taskId: string, order: LiveAttempt["order"]): boolean {
    const newest = this.newestApplied.get(taskId) ?? null;
    if (isOlder(order, newest)) return true;
    if (order !== null) this.newestApplied.set(taskId, order);
    return false;
  }

  private withLostAck(attempt: LiveAttempt): LiveAttempt {
    const success = attempt.httpStatus >= 200 && attempt.httpStatus < 300;
    if (
      !success ||
      this.faultsNow.lostAck === "off" ||
      attempt.updateKey === null ||
      this.ackLost.has(attempt.updateKey)
    )
      return attempt;
    this.ackLost.add(attempt.updateKey);
    return {
      ...attempt,
      answer: this.faultsNow.lostAck === "hold" ? "held" : "reset",
      reason: `${attempt.reason}; this update's first 2xx is lost (${this.faultsNow.lostAck === "hold" ? "held until the sender gives up" : "connection reset"})`
    };
  }

  /** Replay records within their retention and capacity: past capacity the oldest are evicted (counted), so memory stays bounded. */
  private boundedReplayRecords(state: ReceiverState, unixSeconds: number): ReceiverState {
    const capacity = this.settings.dedupCapacity ?? LIVE_DEDUP_CAPACITY;
    if (state.dedup.records.size <= capacity + Math.ceil(capacity / 4)) return state;
    const purged = purgeExpired(state.dedup, unixSeconds).store;
    const excess = purged.records.size - capacity;
    this.evicted += Math.max(0, excess);
    const dedup = evictOldest(purged, excess);
    return {...state, dedup};
  }
}

/** A key as the record schema holds it: at most `max` characters, a longer one cut with an ellipsis. */
const clipped = (text: string | null, max: number) =>
  text !== null && text.length > max ? `${text.slice(0, max - 1)}…` : text;

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
}

/** A request refused at the door: its body was not read. */
const NOTHING_READ: BodyFacts = {taskId: null, taskState: null, teaching: null, statusTimestamp: null};

/** Ordering protection's verdict, in the record and in the effect check it overrides. */
const STALE_REASON =
  "stale: an update newer than this one was applied already, so it is answered 2xx and not applied (ordering protection)";

/** The pipeline's verdict in the live record's words. */
function pipelineOutcome(
  result: PipelineResult,
  stale: boolean
): Pick<LiveAttempt, "decision" | "httpStatus" | "reason" | "checks"> {
  const checks = result.checks.map(({id, label, status, reason}) => ({
    id,
    label,
    status,
    reason: (stale && id === "effect" ? STALE_REASON : reason).slice(0, 2_000)
  }));
  if (stale) return {decision: "stale", httpStatus: result.status, reason: STALE_REASON, checks};
  const decision: LiveDecision =
    result.outcome === "applied"
      ? "applied"
      : result.outcome === "duplicate"
        ? "duplicate"
        : (STATUS_OF_REFUSAL[result.status] ?? "bad-request");
  return {decision, httpStatus: result.status, reason: result.reason.slice(0, 2_000), checks};
}
