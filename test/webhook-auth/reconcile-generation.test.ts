/**
 * The fourth reconciliation receiver, after the A2A 1.1 draft's Task.generation
 * (a2aproject/A2A dev-1.1, PR #1810, commit 28491879ff41a9c230fb51f3f7bd6096b80cc341):
 * apply the next generation, ignore older or equal ones, fetch the task on a gap.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  GENERATION_DRAFT,
  RECONCILE_DEMO_NO_EVENT_ID,
  RECONCILE_DEMO_WITH_EVENT_IDS,
  RECONCILE_STRATEGIES,
  compareReconciliation,
  taskGenerations,
  type Arrival,
  type ReconcileScenario,
  type TaskState,
  type TaskVersion
} from "../../lib/webhook-auth/index.js";

const generationLane = (scenario: ReconcileScenario) =>
  compareReconciliation(scenario).lanes.find((lane) => lane.strategy === "generation")!;

describe("taskGenerations", () => {
  it("numbers the history from 1 in time order, 0 for a version it does not hold", () => {
    const generationOf = taskGenerations(RECONCILE_DEMO_WITH_EVENT_IDS.history);
    expect(RECONCILE_DEMO_WITH_EVENT_IDS.history.map(generationOf)).toEqual([1, 2, 3]);
    expect(generationOf({state: "TASK_STATE_FAILED", atSeconds: 5})).toBe(0);
  });

  it("agrees with the generations written into the demo arrivals", () => {
    const generationOf = taskGenerations(RECONCILE_DEMO_WITH_EVENT_IDS.history);
    for (const scenario of [RECONCILE_DEMO_WITH_EVENT_IDS, RECONCILE_DEMO_NO_EVENT_ID]) {
      for (const arrival of scenario.arrivals) expect(arrival.generation).toBe(generationOf(arrival.carries));
    }
  });
});

describe("the generation receiver on the demo", () => {
  it("is labelled as a draft of an unreleased version, with its source", () => {
    expect(RECONCILE_STRATEGIES.find((s) => s.id === "generation")?.draft).toBe("A2A 1.1 draft");
    expect(generationLane(RECONCILE_DEMO_WITH_EVENT_IDS).draft).toBe("A2A 1.1 draft");
    expect(compareReconciliation(RECONCILE_DEMO_WITH_EVENT_IDS).lanes.filter((lane) => lane.draft)).toHaveLength(1);
    expect(GENERATION_DRAFT.mismatchError).toEqual({
      name: "TaskGenerationMismatchError",
      jsonRpcCode: -32010,
      grpcStatus: "ABORTED",
      httpStatus: 409
    });
  });

  it("fetches once, on the gap the lost working event left, then ignores the redelivery, the repeat and the late event", () => {
    for (const scenario of [RECONCILE_DEMO_WITH_EVENT_IDS, RECONCILE_DEMO_NO_EVENT_ID]) {
      const lane = generationLane(scenario);
      expect(lane.rows.map((row) => row.action)).toEqual(["applied", "no-op", "no-op", "no-op"]);
      expect(lane.rows.map((row) => row.generation)).toEqual([
        {held: 1, carried: 3, after: 3, gap: true},
        {held: 3, carried: 3, after: 3, gap: false},
        {held: 3, carried: 3, after: 3, gap: false},
        {held: 3, carried: 2, after: 3, gap: false}
      ]);
      expect(lane.rows[0]!.fetched).toEqual({state: "TASK_STATE_COMPLETED", atSeconds: 5});
      expect(lane.rows[0]!.note).toMatch(
        /holds generation 1, gets 3: a gap, an event missed; GetTask returns COMPLETED@5, generation 3: applied, effect fires/
      );
      expect(lane.rows[1]!.note).toMatch(/holds generation 3, gets 3: the same again \(a redelivery\), ignored/);
      expect(lane.rows[3]!.note).toMatch(/holds generation 3, gets 2: older, ignored/);
      expect(lane).toMatchObject({fetches: 1, effects: 1, regressions: 0, converged: true});
    }
    const getTask = compareReconciliation(RECONCILE_DEMO_WITH_EVENT_IDS).lanes.find(
      (lane) => lane.strategy === "get-task-reconcile"
    )!;
    expect(getTask.fetches).toBe(4);
  });

  it("applies the next generation from the body without fetching", () => {
    const lane = generationLane({
      ...RECONCILE_DEMO_NO_EVENT_ID,
      arrivals: [
        {atSeconds: 1.2, carries: {state: "TASK_STATE_WORKING", atSeconds: 1}},
        {atSeconds: 5.2, carries: {state: "TASK_STATE_COMPLETED", atSeconds: 5}}
      ]
    });
    expect(lane.rows.map((row) => [row.action, row.fetched, row.effectFired])).toEqual([
      ["applied", undefined, false],
      ["applied", undefined, true]
    ]);
    expect(lane.fetches).toBe(0);
  });

  it("treats generation 0 as unknown (the draft: not for ordering) and asks GetTask", () => {
    const lane = generationLane({
      ...RECONCILE_DEMO_NO_EVENT_ID,
      arrivals: [{atSeconds: 6, generation: 0, carries: {state: "TASK_STATE_WORKING", atSeconds: 1}}]
    });
    expect(lane.rows[0]).toMatchObject({
      action: "applied",
      fetched: {state: "TASK_STATE_COMPLETED"},
      generation: {carried: 0, after: 3, gap: true}
    });
  });
});

describe("the generation receiver under any arrivals", () => {
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
  const arrivalsArb = fc
    .array(fc.record({version: fc.integer({min: 0, max: history.length - 1}), delay: fc.integer({min: 0, max: 60})}), {
      minLength: 1,
      maxLength: 12
    })
    .map((list): Arrival[] =>
      list.map(({version, delay}) => ({atSeconds: history[version]!.atSeconds + delay, carries: history[version]!}))
    );
  const run = (arrivals: Arrival[]) => generationLane({id: "p", label: "p", taskId: "t", history, arrivals});

  it("never moves its state backwards and fires the completion effect at most once", () => {
    fc.assert(
      fc.property(arrivalsArb, (arrivals) => {
        const lane = run(arrivals);
        expect(lane.regressions).toBe(0);
        expect(lane.effects).toBeLessThanOrEqual(1);
        const held = lane.rows.map((row) => row.generation!.after);
        expect(held).toEqual([...held].sort((a, b) => a - b));
        const times = lane.rows.map((row) => row.localAfter!.atSeconds);
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }),
      {numRuns: 300}
    );
  });

  it("fetches exactly on gaps: held N, carried N+2 or more", () => {
    fc.assert(
      fc.property(arrivalsArb, (arrivals) => {
        const lane = run(arrivals);
        for (const row of lane.rows) {
          const {held, carried, gap} = row.generation!;
          expect(gap).toBe(carried >= held + 2);
          expect(row.fetched !== undefined).toBe(gap);
        }
        expect(lane.fetches).toBe(lane.rows.filter((row) => row.generation!.gap).length);
      }),
      {numRuns: 300}
    );
  });

  it("never fetches when every event arrives once, in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({min: 0, max: 60}), {minLength: history.length - 1, maxLength: history.length - 1}),
        (delays) => {
          let at = 0;
          const arrivals = history
            .slice(1)
            .map((version, i) => ({atSeconds: (at = Math.max(at, version.atSeconds + delays[i]!)), carries: version}));
          const lane = run(arrivals);
          expect(lane.fetches).toBe(0);
          expect(lane).toMatchObject({converged: true, effects: 1});
        }
      ),
      {numRuns: 200}
    );
  });

  it("ends on a from-scratch replay of the history up to the newest generation it learnt of", () => {
    fc.assert(
      fc.property(arrivalsArb, (arrivals) => {
        const lane = run(arrivals);
        const generationOf = taskGenerations(history);
        const learnt = Math.max(
          1,
          ...lane.rows.flatMap((row) => [row.generation!.carried, ...(row.fetched ? [generationOf(row.fetched)] : [])])
        );
        const replayed = history.slice(0, learnt).reduce<TaskVersion | undefined>((_, version) => version, undefined);
        expect(lane.finalState).toEqual(replayed);
        expect(lane.rows.at(-1)!.generation!.after).toBe(learnt);
      }),
      {numRuns: 300}
    );
  });
});
