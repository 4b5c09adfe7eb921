import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  RECONCILE_DEMO_NO_EVENT_ID,
  RECONCILE_DEMO_WITH_EVENT_IDS,
  compareReconciliation,
  modelGetTask,
  type Arrival,
  type TaskState,
  type TaskVersion
} from "../../lib/webhook-auth/index.js";

const lane = (result: ReturnType<typeof compareReconciliation>, id: string) =>
  result.lanes.find((l) => l.strategy === id)!;

describe("modelGetTask", () => {
  it("returns the latest version at or before the call", () => {
    const getTask = modelGetTask(RECONCILE_DEMO_WITH_EVENT_IDS.history);
    expect(getTask(-1)).toBeUndefined();
    expect(getTask(0)?.state).toBe("TASK_STATE_SUBMITTED");
    expect(getTask(4.9)?.state).toBe("TASK_STATE_WORKING");
    expect(getTask(5)?.state).toBe("TASK_STATE_COMPLETED");
  });
});

describe("reconciliation demo", () => {
  it("with event ids: dedup stops the duplicate but not the repeat or the late event", () => {
    const result = compareReconciliation(RECONCILE_DEMO_WITH_EVENT_IDS);
    expect(result.truth).toEqual({state: "TASK_STATE_COMPLETED", atSeconds: 5});
    expect(lane(result, "apply-payload")).toMatchObject({
      effects: 3,
      regressions: 1,
      converged: false,
      finalState: {state: "TASK_STATE_WORKING"}
    });
    const dedup = lane(result, "event-id-dedup");
    expect(dedup).toMatchObject({effects: 2, regressions: 1, converged: false});
    expect(dedup.rows.map((r) => r.action)).toEqual(["applied", "duplicate-dropped", "applied", "regressed"]);
    const reconcile = lane(result, "get-task-reconcile");
    expect(reconcile).toMatchObject({
      effects: 1,
      regressions: 0,
      converged: true,
      finalState: {state: "TASK_STATE_COMPLETED", atSeconds: 5}
    });
    expect(reconcile.rows.map((r) => r.action)).toEqual(["applied", "no-op", "no-op", "no-op"]);
  });

  it("without event ids the dedup receiver degrades to applying every payload; GetTask is unaffected", () => {
    const result = compareReconciliation(RECONCILE_DEMO_NO_EVENT_ID);
    expect(lane(result, "event-id-dedup")).toMatchObject({effects: 3, regressions: 1});
    expect(lane(result, "event-id-dedup").rows[0]!.note).toMatch(/no event id/);
    expect(lane(result, "get-task-reconcile")).toMatchObject({effects: 1, converged: true});
  });

  it("produces one decision per arrival and lane", () => {
    const result = compareReconciliation(RECONCILE_DEMO_WITH_EVENT_IDS);
    for (const l of result.lanes) expect(l.trace).toHaveLength(RECONCILE_DEMO_WITH_EVENT_IDS.arrivals.length);
  });
});

describe("GetTask reconciliation under any arrival order", () => {
  const states: TaskState[] = [
    "TASK_STATE_WORKING",
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_WORKING",
    "TASK_STATE_COMPLETED"
  ];
  const history: TaskVersion[] = [
    {state: "TASK_STATE_SUBMITTED", atSeconds: 0},
    ...states.map((state, i) => ({state, atSeconds: (i + 1) * 10}))
  ];

  it("never regresses, fires the completion effect at most once, and converges when it last asks after the end", () => {
    const arrivalArb = fc.array(
      fc.record({version: fc.integer({min: 0, max: history.length - 1}), delay: fc.integer({min: 0, max: 60})}),
      {minLength: 1, maxLength: 12}
    );
    fc.assert(
      fc.property(arrivalArb, (list) => {
        const arrivals: Arrival[] = list.map(({version, delay}, i) => ({
          atSeconds: history[version]!.atSeconds + delay,
          eventId: `msg_${i}`,
          carries: history[version]!
        }));
        const result = compareReconciliation({id: "p", label: "p", taskId: "t", history, arrivals});
        const reconcile = lane(result, "get-task-reconcile");
        expect(reconcile.regressions).toBe(0);
        expect(reconcile.effects).toBeLessThanOrEqual(1);
        const versions = reconcile.rows.flatMap((r) => (r.localAfter ? [r.localAfter.atSeconds] : []));
        expect(versions).toEqual([...versions].sort((a, b) => a - b));
        if (Math.max(...arrivals.map((a) => a.atSeconds)) >= 40) expect(reconcile.converged).toBe(true);
      }),
      {numRuns: 300}
    );
  });
});
