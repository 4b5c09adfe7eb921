/**
 * When a notification has no event id, duplicates cannot be recognised by
 * key. The A2A guidance: on a notification, fetch the task (GetTask) and make
 * the state transition idempotent instead of assuming exactly-once delivery
 * (docs/topics/streaming-and-async.md: the client "typically uses the GetTask
 * RPC method with the taskId from the notification to retrieve the complete,
 * updated Task object").
 *
 * Four receivers see the same arrivals side by side:
 * - apply-payload: trusts each body; reacts to every notification (no dedup).
 * - event-id-dedup: drops repeated event ids, otherwise applies the body's state.
 *   Removes duplicate deliveries, but an old event delivered late still
 *   overwrites newer state, and a new event repeating a state reacts again.
 * - get-task-reconcile: ignores the body's state; asks GetTask for the current
 *   task and applies it only if it is newer than what it holds (versions are
 *   ordered by TaskStatus.timestamp). Duplicates and late arrivals are no-ops.
 * - generation (A2A 1.1 draft, not released): orders by the task's
 *   `generation` and calls GetTask only on a gap (GENERATION_DRAFT, generationStep).
 *
 * The effect (e.g. "tell the user the report is ready") fires on a transition
 * into one of `effectStates`.
 */
import type {Decision} from "../../playback/decision.js";

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
export const TERMINAL_STATES: readonly TaskState[] = [
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_REJECTED"
];
export const DEFAULT_EFFECT_STATES: readonly TaskState[] = ["TASK_STATE_COMPLETED"];

/** One version of the task's status; `atSeconds` stands for TaskStatus.timestamp and orders versions. */
export interface TaskVersion {
  state: TaskState;
  atSeconds: number;
}

export interface Arrival {
  atSeconds: number;
  /**
   * The task's `generation` the body carries (A2A 1.1 draft). When absent it is
   * derived from the carried version's place in the history (`taskGenerations`).
   */
  generation?: number;
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

export type ReconcileStrategy = "apply-payload" | "event-id-dedup" | "get-task-reconcile" | "generation";

/**
 * Where the generation receiver's rules come from: a2aproject/A2A branch dev-1.1,
 * PR #1810, merged as commit 28491879ff41a9c230fb51f3f7bd6096b80cc341 on
 * 2026-08-12 (still the head of dev-1.1 in the mirror read on 2026-12-04,
 * whose newest ref is dated 2026-08-22).
 * specification/a2a.proto: `int64 generation = 7` on Task, `= 5` on
 * TaskStatusUpdateEvent, `= 7` on TaskArtifactUpdateEvent; `optional int64
 * current_generation = 4` on GetTaskRequest; `optional int64 if_generation_match
 * = 5` on SendMessageConfiguration. docs/specification.md §3.2.7: generation
 * starts at 1 when the task is created and MUST grow by exactly 1 per mutation
 * (a TaskState transition, an artifact added or updated), one event per
 * mutation, each event carrying the generation after it; seeing N then N+2, a
 * client "SHOULD re-fetch the full task state via Get Task". §5.4:
 * TaskGenerationMismatchError is JSON-RPC -32010, gRPC ABORTED, HTTP 409.
 */
export const GENERATION_DRAFT = {
  label: "A2A 1.1 draft",
  url: "https://github.com/a2aproject/A2A/pull/1810",
  branchUrl: "https://github.com/a2aproject/A2A/blob/dev-1.1/docs/specification.md#327-task-generation-semantics",
  commit: "28491879ff41a9c230fb51f3f7bd6096b80cc341",
  mergedOn: "2026-08-12",
  mismatchError: {name: "TaskGenerationMismatchError", jsonRpcCode: -32010, grpcStatus: "ABORTED", httpStatus: 409}
} as const;

export interface ReconcileRow {
  arrival: number;
  atSeconds: number;
  eventId?: string;
  carried: TaskVersion;
  /** What GetTask returned (get-task-reconcile, and generation on a gap). */
  fetched?: TaskVersion;
  /** The generation receiver only: what it held, what arrived and what it holds after. */
  generation?: {held: number; carried: number; after: number; gap: boolean};
  action: "applied" | "duplicate-dropped" | "no-op" | "regressed";
  localBefore?: TaskVersion;
  localAfter?: TaskVersion;
  effectFired: boolean;
  note: string;
}

export interface ReconcileLane {
  strategy: ReconcileStrategy;
  label: string;
  /** Set when the receiver follows a draft of an unreleased version (views label it). */
  draft?: string;
  /** GetTask calls made. */
  fetches: number;
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

export const RECONCILE_STRATEGIES: readonly {id: ReconcileStrategy; label: string; draft?: string}[] = [
  {id: "apply-payload", label: "Apply each payload (no dedup)"},
  {id: "event-id-dedup", label: "Deduplicate by event id, apply payload"},
  {id: "get-task-reconcile", label: "GetTask + idempotent transition"},
  {id: "generation", label: "Generation order, GetTask on a gap", draft: GENERATION_DRAFT.label}
];

function byTime(history: readonly TaskVersion[]): TaskVersion[] {
  return [...history].sort((a, b) => a.atSeconds - b.atSeconds);
}

/**
 * The generation of each version of the history (A2A 1.1 draft §3.2.7): the
 * first version (the task as created) is generation 1 and every later version,
 * one mutation and one event each, adds exactly 1. Returns 0 for a version not
 * in the history (the draft's "generation unknown").
 */
export function taskGenerations(history: readonly TaskVersion[]): (version: TaskVersion) => number {
  const sorted = byTime(history);
  return (version) => sorted.findIndex((v) => v.atSeconds === version.atSeconds && v.state === version.state) + 1;
}

/** A modeled GetTask: the latest version recorded at or before the call. */
export function modelGetTask(history: readonly TaskVersion[]): (atSeconds: number) => TaskVersion | undefined {
  const sorted = byTime(history);
  return (atSeconds) => {
    let latest: TaskVersion | undefined;
    for (const version of sorted) if (version.atSeconds <= atSeconds) latest = version;
    return latest;
  };
}

function show(version: TaskVersion | undefined): string {
  return version ? `${version.state.replace("TASK_STATE_", "")}@${version.atSeconds}` : "nothing";
}

interface GenerationStep {
  local: TaskVersion | undefined;
  heldGeneration: number;
  row: ReconcileRow;
}

/**
 * The generation receiver's step (A2A 1.1 draft, GENERATION_DRAFT): apply the
 * body only when it carries exactly the next generation; ignore an older or
 * equal one; on a gap (held N, carried N+2 or more) fetch the task and hold what
 * GetTask returns (or the body, were it newer). A generation of 0 means "unknown"
 * in the draft, which must not be used for ordering: the receiver fetches then too.
 */
function generationStep(
  arrival: Arrival,
  base: Omit<ReconcileRow, "action" | "effectFired" | "note">,
  before: {local: TaskVersion | undefined; heldGeneration: number},
  scenario: ReconcileScenario,
  effectStates: readonly TaskState[]
): GenerationStep {
  const generationOf = taskGenerations(scenario.history);
  const {local, heldGeneration: held} = before;
  const carried = arrival.generation ?? generationOf(arrival.carries);
  if (carried !== 0 && carried <= held) {
    const why = carried === held ? "the same again (a redelivery)" : "older";
    return {
      local,
      heldGeneration: held,
      row: {
        ...base,
        generation: {held, carried, after: held, gap: false},
        action: "no-op",
        ...(local ? {localAfter: local} : {}),
        effectFired: false,
        note: `holds generation ${held}, gets ${carried}: ${why}, ignored`
      }
    };
  }
  const gap = carried === 0 || carried > held + 1;
  let next = arrival.carries;
  let nextGeneration = carried;
  let fetched: TaskVersion | undefined;
  if (gap) {
    fetched = modelGetTask(scenario.history)(arrival.atSeconds + (scenario.getTaskLatencySeconds ?? 0));
    const fetchedGeneration = fetched ? generationOf(fetched) : 0;
    if (fetched && fetchedGeneration >= carried) [next, nextGeneration] = [fetched, fetchedGeneration];
  }
  if (nextGeneration <= held) {
    return {
      local,
      heldGeneration: held,
      row: {
        ...base,
        ...(fetched ? {fetched} : {}),
        generation: {held, carried, after: held, gap},
        action: "no-op",
        ...(local ? {localAfter: local} : {}),
        effectFired: false,
        note: `generation ${carried} unknown; GetTask returns ${show(fetched)}, not newer: no-op`
      }
    };
  }
  const fires = effectStates.includes(next.state) && local?.state !== next.state;
  const why =
    carried === 0
      ? `gets generation 0 (unknown): GetTask returns ${show(next)}, generation ${nextGeneration}`
      : gap
        ? `holds generation ${held}, gets ${carried}: a gap, ${carried - held - 1 === 1 ? "an event" : `${carried - held - 1} events`} missed; GetTask returns ${show(next)}, generation ${nextGeneration}`
        : `holds generation ${held}, gets ${carried}, the next: body ${show(next)}`;
  return {
    local: next,
    heldGeneration: nextGeneration,
    row: {
      ...base,
      ...(fetched ? {fetched} : {}),
      generation: {held, carried, after: nextGeneration, gap},
      action: "applied",
      localAfter: next,
      effectFired: fires,
      note: `${why}: applied${fires ? ", effect fires" : ""}`
    }
  };
}

/** What a receiver holds between arrivals. */
interface LaneHolding {
  local: TaskVersion | undefined;
  heldGeneration: number;
}

type RowBase = Omit<ReconcileRow, "action" | "effectFired" | "note">;

/** One arrival at one receiver: what it holds afterwards, its row, and whether it called GetTask. */
interface LaneStep extends LaneHolding {
  row: ReconcileRow;
  calledGetTask: boolean;
}

interface LaneContext {
  strategy: ReconcileStrategy;
  scenario: ReconcileScenario;
  effectStates: readonly TaskState[];
  getTask: (atSeconds: number) => TaskVersion | undefined;
  /** Event ids the dedup receiver has processed. */
  seen: Set<string>;
}

function runLane(
  strategy: ReconcileStrategy,
  scenario: ReconcileScenario,
  truth: TaskVersion | undefined
): ReconcileLane {
  const context: LaneContext = {
    strategy,
    scenario,
    effectStates: scenario.effectStates ?? DEFAULT_EFFECT_STATES,
    getTask: modelGetTask(scenario.history),
    seen: new Set()
  };
  // The generation receiver holds the task as created (generation 1): the
  // client that asked for push notifications got it back from SendMessage.
  const created = strategy === "generation" ? byTime(scenario.history)[0] : undefined;
  let holding: LaneHolding = {local: created, heldGeneration: created ? 1 : 0};
  const rows: ReconcileRow[] = [];
  const trace: Decision[] = [];
  let [effects, regressions, fetches] = [0, 0, 0];
  const arrivals = [...scenario.arrivals]
    .map((arrival, index) => ({arrival, index}))
    .sort((a, b) => a.arrival.atSeconds - b.arrival.atSeconds || a.index - b.index);

  for (const {arrival, index} of arrivals) {
    const before = holding.local;
    const base: RowBase = {
      arrival: index + 1,
      atSeconds: arrival.atSeconds,
      carried: arrival.carries,
      ...(arrival.eventId ? {eventId: arrival.eventId} : {}),
      ...(before ? {localBefore: before} : {})
    };
    const step = laneStep(context, arrival, base, holding);
    if (step.local && before && step.local.atSeconds < before.atSeconds) regressions++;
    if (step.calledGetTask) fetches++;
    if (step.row.effectFired) effects++;
    holding = step;
    rows.push(step.row);
    trace.push({
      atSeconds: arrival.atSeconds,
      title: `Arrival ${index + 1}${arrival.label ? ` (${arrival.label})` : ""}: ${step.row.action}`,
      detail: step.row.note,
      kind: step.row.effectFired ? "effect" : step.row.action
    });
  }
  const {local} = holding;
  const {label, draft} = RECONCILE_STRATEGIES.find((s) => s.id === strategy)!;
  return {
    strategy,
    label,
    ...(draft ? {draft} : {}),
    fetches,
    rows,
    ...(local ? {finalState: local} : {}),
    effects,
    regressions,
    converged:
      local !== undefined && truth !== undefined && local.state === truth.state && local.atSeconds === truth.atSeconds,
    trace
  };
}

/** One arrival at the lane's receiver, by its strategy. */
function laneStep(context: LaneContext, arrival: Arrival, base: RowBase, holding: LaneHolding): LaneStep {
  const {strategy, seen} = context;
  if (strategy === "generation") {
    const step = generationStep(arrival, base, holding, context.scenario, context.effectStates);
    return {...step, calledGetTask: step.row.generation?.gap === true};
  }
  if (strategy === "get-task-reconcile") return getTaskStep(context, arrival, base, holding);
  if (strategy === "event-id-dedup" && arrival.eventId !== undefined && seen.has(arrival.eventId)) {
    const {local} = holding;
    return {
      ...holding,
      calledGetTask: false,
      row: {
        ...base,
        action: "duplicate-dropped",
        ...(local ? {localAfter: local} : {}),
        effectFired: false,
        note: `event id ${arrival.eventId} already processed: 2xx, no effect`
      }
    };
  }
  if (strategy === "event-id-dedup" && arrival.eventId !== undefined) seen.add(arrival.eventId);
  return applyBodyStep(context, arrival, base, holding);
}

/** Fetch the task and apply it only if newer than what is held. */
function getTaskStep(
  {scenario, effectStates, getTask}: LaneContext,
  arrival: Arrival,
  base: RowBase,
  holding: LaneHolding
): LaneStep {
  const {local} = holding;
  const fetched = getTask(arrival.atSeconds + (scenario.getTaskLatencySeconds ?? 0));
  if (fetched && (!local || fetched.atSeconds > local.atSeconds)) {
    const fires = effectStates.includes(fetched.state) && local?.state !== fetched.state;
    const note = `GetTask returns ${show(fetched)}, newer than ${show(local)}: applied${fires ? ", effect fires" : ""}`;
    return {
      ...holding,
      local: fetched,
      calledGetTask: true,
      row: {...base, fetched, action: "applied", localAfter: fetched, effectFired: fires, note}
    };
  }
  const note = `GetTask returns ${show(fetched)}, not newer than ${show(local)}: idempotent no-op`;
  return {
    ...holding,
    calledGetTask: true,
    row: {
      ...base,
      ...(fetched ? {fetched} : {}),
      action: "no-op",
      ...(local ? {localAfter: local} : {}),
      effectFired: false,
      note
    }
  };
}

/** Apply the body as it says (applying every payload, or a new event id): an older body moves the state backwards. */
function applyBodyStep(
  {strategy, effectStates}: LaneContext,
  arrival: Arrival,
  base: RowBase,
  holding: LaneHolding
): LaneStep {
  const before = holding.local;
  const regressed = before !== undefined && arrival.carries.atSeconds < before.atSeconds;
  const fires = effectStates.includes(arrival.carries.state);
  const why =
    strategy !== "event-id-dedup"
      ? ""
      : arrival.eventId === undefined
        ? "no event id, cannot deduplicate; "
        : `new event id ${arrival.eventId}; `;
  const note = `${why}body says ${show(arrival.carries)}${regressed ? `, older than ${show(before)}: state goes backwards` : ""}${fires ? "; effect fires" : ""}`;
  return {
    ...holding,
    local: arrival.carries,
    calledGetTask: false,
    row: {...base, action: regressed ? "regressed" : "applied", localAfter: arrival.carries, effectFired: fires, note}
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
 * a later event repeats the completed task with a new event id. Generations
 * follow the history (taskGenerations): submitted 1, working 2, completed 3;
 * the repeat carries the completed task's 3.
 */
export const RECONCILE_DEMO_WITH_EVENT_IDS: ReconcileScenario = {
  id: "with-event-ids",
  label: "Event ids present: duplicate, repeat and out-of-order arrival",
  taskId: "task-3f9c2a",
  history: HISTORY,
  arrivals: [
    {
      atSeconds: 5.5,
      eventId: "msg_b2",
      generation: 3,
      carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5},
      label: "completed"
    },
    {
      atSeconds: 7,
      eventId: "msg_b2",
      generation: 3,
      carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5},
      label: "retry after a lost 2xx"
    },
    {
      atSeconds: 8,
      eventId: "msg_c3",
      generation: 3,
      carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5},
      label: "new event, same completed task"
    },
    {
      atSeconds: 9,
      eventId: "msg_a1",
      generation: 2,
      carries: {state: "TASK_STATE_WORKING", atSeconds: 1},
      label: "late retry of the working event"
    }
  ]
};

/** The same arrivals without any event id (e.g. only Authorization credentials configured). */
export const RECONCILE_DEMO_NO_EVENT_ID: ReconcileScenario = {
  ...RECONCILE_DEMO_WITH_EVENT_IDS,
  id: "no-event-id",
  label: "No event id: the same arrivals",
  arrivals: RECONCILE_DEMO_WITH_EVENT_IDS.arrivals.map(({eventId: _eventId, ...rest}) => rest)
};

export const RECONCILE_SCENARIOS: readonly ReconcileScenario[] = [
  RECONCILE_DEMO_WITH_EVENT_IDS,
  RECONCILE_DEMO_NO_EVENT_ID
];
