/**
 * When a notification has no event id, duplicates cannot be recognised by
 * key. The A2A guidance: on a notification, fetch the task (GetTask) and make
 * the state transition idempotent instead of assuming exactly-once delivery
 * (docs/topics/streaming-and-async.md: the client "typically uses the GetTask
 * RPC method with the taskId from the notification to retrieve the complete,
 * updated Task object").
 *
 * Three receivers see the same arrivals side by side:
 * - apply-payload: trusts each body; reacts to every notification (no dedup).
 * - event-id-dedup: drops repeated event ids, otherwise applies the body's state.
 *   Removes duplicate deliveries, but an old event delivered late still
 *   overwrites newer state, and a new event repeating a state reacts again.
 * - get-task-reconcile: ignores the body's state; asks GetTask for the current
 *   task and applies it only if it is newer than what it holds (versions are
 *   ordered by TaskStatus.timestamp). Duplicates and late arrivals are no-ops.
 *
 * The effect (e.g. "tell the user the report is ready") fires on a transition
 * into one of `effectStates`.
 */
import type {Decision} from "../playback/decision.js";

/** TaskState names of the A2A v1.0 proto (enum TaskState), without UNSPECIFIED. */
export type TaskState =
  | "TASK_STATE_SUBMITTED"
  | "TASK_STATE_WORKING"
  | "TASK_STATE_COMPLETED"
  | "TASK_STATE_FAILED"
  | "TASK_STATE_CANCELED"
  | "TASK_STATE_INPUT_REQUIRED"
  | "TASK_STATE_REJECTED"
  | "TASK_STATE_AUTH_REQUIRED";

/** Proto comments mark these "a terminal state". */
export const TERMINAL_STATES: readonly TaskState[] = ["TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"];
export const DEFAULT_EFFECT_STATES: readonly TaskState[] = ["TASK_STATE_COMPLETED"];

/** One version of the task's status; `atSeconds` stands for TaskStatus.timestamp and orders versions. */
export interface TaskVersion {
  state: TaskState;
  atSeconds: number;
}

export interface Arrival {
  atSeconds: number;
  /** The sender's delivery id (webhook-id / jti), when the profile has one. Never the task id. */
  eventId?: string;
  /** The task status the notification body carries. */
  carries: TaskVersion;
  label?: string;
}

export interface ReconcileScenario {
  id: string;
  label: string;
  taskId: string;
  /** The agent's authoritative history of the task, in time order. */
  history: readonly TaskVersion[];
  arrivals: readonly Arrival[];
  effectStates?: readonly TaskState[];
  /** Modeled GetTask round trip (default 0). */
  getTaskLatencySeconds?: number;
}

export type ReconcileStrategy = "apply-payload" | "event-id-dedup" | "get-task-reconcile";

export interface ReconcileRow {
  arrival: number;
  atSeconds: number;
  eventId?: string;
  carried: TaskVersion;
  /** What GetTask returned (get-task-reconcile only). */
  fetched?: TaskVersion;
  action: "applied" | "duplicate-dropped" | "no-op" | "regressed";
  localBefore?: TaskVersion;
  localAfter?: TaskVersion;
  effectFired: boolean;
  note: string;
}

export interface ReconcileLane {
  strategy: ReconcileStrategy;
  label: string;
  rows: ReconcileRow[];
  finalState?: TaskVersion;
  effects: number;
  /** Times the local state moved to an older version. */
  regressions: number;
  /** The final local state equals the agent's latest state. */
  converged: boolean;
  trace: Decision[];
}

export interface ReconcileComparison {
  scenario: ReconcileScenario;
  truth: TaskVersion | undefined;
  lanes: ReconcileLane[];
}

export const RECONCILE_STRATEGIES: readonly {id: ReconcileStrategy; label: string}[] = [
  {id: "apply-payload", label: "Apply each payload (no dedup)"},
  {id: "event-id-dedup", label: "Deduplicate by event id, apply payload"},
  {id: "get-task-reconcile", label: "GetTask + idempotent transition"}
];

/** A modeled GetTask: the latest version recorded at or before the call. */
export function modelGetTask(history: readonly TaskVersion[]): (atSeconds: number) => TaskVersion | undefined {
  const sorted = [...history].sort((a, b) => a.atSeconds - b.atSeconds);
  return (atSeconds) => {
    let latest: TaskVersion | undefined;
    for (const version of sorted) if (version.atSeconds <= atSeconds) latest = version;
    return latest;
  };
}

function show(version: TaskVersion | undefined): string {
  return version ? `${version.state.replace("TASK_STATE_", "")}@${version.atSeconds}` : "nothing";
}

function runLane(strategy: ReconcileStrategy, scenario: ReconcileScenario, truth: TaskVersion | undefined): ReconcileLane {
  const effectStates = scenario.effectStates ?? DEFAULT_EFFECT_STATES;
  const getTask = modelGetTask(scenario.history);
  const seen = new Set<string>();
  const rows: ReconcileRow[] = [];
  const trace: Decision[] = [];
  let local: TaskVersion | undefined;
  let effects = 0;
  let regressions = 0;
  const arrivals = [...scenario.arrivals].map((arrival, index) => ({arrival, index})).sort((a, b) => a.arrival.atSeconds - b.arrival.atSeconds || a.index - b.index);

  for (const {arrival, index} of arrivals) {
    const before = local;
    let row: ReconcileRow;
    const base = {arrival: index + 1, atSeconds: arrival.atSeconds, carried: arrival.carries, ...(arrival.eventId ? {eventId: arrival.eventId} : {}), ...(before ? {localBefore: before} : {})};
    if (strategy === "get-task-reconcile") {
      const fetched = getTask(arrival.atSeconds + (scenario.getTaskLatencySeconds ?? 0));
      if (fetched && (!local || fetched.atSeconds > local.atSeconds)) {
        const fires = effectStates.includes(fetched.state) && local?.state !== fetched.state;
        local = fetched;
        if (fires) effects++;
        row = {...base, fetched, action: "applied", localAfter: local, effectFired: fires, note: `GetTask returns ${show(fetched)}, newer than ${show(before)}: applied${fires ? ", effect fires" : ""}`};
      } else {
        row = {
          ...base,
          ...(fetched ? {fetched} : {}),
          action: "no-op",
          ...(local ? {localAfter: local} : {}),
          effectFired: false,
          note: `GetTask returns ${show(fetched)}, not newer than ${show(before)}: idempotent no-op`
        };
      }
    } else if (strategy === "event-id-dedup" && arrival.eventId !== undefined && seen.has(arrival.eventId)) {
      row = {...base, action: "duplicate-dropped", ...(local ? {localAfter: local} : {}), effectFired: false, note: `event id ${arrival.eventId} already processed: 2xx, no effect`};
    } else {
      if (strategy === "event-id-dedup" && arrival.eventId !== undefined) seen.add(arrival.eventId);
      const regressed = local !== undefined && arrival.carries.atSeconds < local.atSeconds;
      const fires = effectStates.includes(arrival.carries.state);
      local = arrival.carries;
      if (fires) effects++;
      if (regressed) regressions++;
      const why =
        strategy === "event-id-dedup" && arrival.eventId === undefined
          ? "no event id, cannot deduplicate; "
          : strategy === "event-id-dedup"
            ? `new event id ${arrival.eventId}; `
            : "";
      row = {
        ...base,
        action: regressed ? "regressed" : "applied",
        localAfter: local,
        effectFired: fires,
        note: `${why}body says ${show(arrival.carries)}${regressed ? `, older than ${show(before)}: state goes backwards` : ""}${fires ? "; effect fires" : ""}`
      };
    }
    rows.push(row);
    trace.push({
      atSeconds: arrival.atSeconds,
      title: `Arrival ${index + 1}${arrival.label ? ` (${arrival.label})` : ""}: ${row.action}`,
      detail: row.note,
      kind: row.effectFired ? "effect" : row.action
    });
  }
  return {
    strategy,
    label: RECONCILE_STRATEGIES.find((s) => s.id === strategy)!.label,
    rows,
    ...(local ? {finalState: local} : {}),
    effects,
    regressions,
    converged: local !== undefined && truth !== undefined && local.state === truth.state && local.atSeconds === truth.atSeconds,
    trace
  };
}

export function compareReconciliation(scenario: ReconcileScenario): ReconcileComparison {
  const truth = modelGetTask(scenario.history)(Infinity);
  return {scenario, truth, lanes: RECONCILE_STRATEGIES.map((s) => runLane(s.id, scenario, truth))};
}

const HISTORY: readonly TaskVersion[] = [
  {state: "TASK_STATE_SUBMITTED", atSeconds: 0},
  {state: "TASK_STATE_WORKING", atSeconds: 1},
  {state: "TASK_STATE_COMPLETED", atSeconds: 5}
];

/**
 * Demo: the "working" event's first delivery failed and its retry arrives
 * last (out of order); the "completed" event is delivered twice (lost 2xx);
 * a later event repeats the completed task with a new event id.
 */
export const RECONCILE_DEMO_WITH_EVENT_IDS: ReconcileScenario = {
  id: "with-event-ids",
  label: "Event ids present: duplicate, repeat and out-of-order arrival",
  taskId: "task-3f9c2a",
  history: HISTORY,
  arrivals: [
    {atSeconds: 5.5, eventId: "msg_b2", carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5}, label: "completed"},
    {atSeconds: 7, eventId: "msg_b2", carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5}, label: "retry after a lost 2xx"},
    {atSeconds: 8, eventId: "msg_c3", carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5}, label: "new event, same completed task"},
    {atSeconds: 9, eventId: "msg_a1", carries: {state: "TASK_STATE_WORKING", atSeconds: 1}, label: "late retry of the working event"}
  ]
};

/** The same arrivals without any event id (e.g. only Authorization credentials configured). */
export const RECONCILE_DEMO_NO_EVENT_ID: ReconcileScenario = {
  ...RECONCILE_DEMO_WITH_EVENT_IDS,
  id: "no-event-id",
  label: "No event id: the same arrivals",
  arrivals: RECONCILE_DEMO_WITH_EVENT_IDS.arrivals.map(({eventId: _eventId, ...rest}) => rest)
};

export const RECONCILE_SCENARIOS: readonly ReconcileScenario[] = [RECONCILE_DEMO_WITH_EVENT_IDS, RECONCILE_DEMO_NO_EVENT_ID];
