/** The model's run beside a real one built from recorded attempts: the faults mapped, the real run shaped, the differences named. */
import {describe, expect, test} from "vitest";
import {simulateDelivery} from "../../lib/delivery/index.js";
import {
  compareLiveRun,
  LIVE_DIFFERENCES_LISTED,
  LIVE_DRAWN_UPDATES,
  notYetDue,
  type LiveFeed
} from "../../lib/live/index.js";
import {
  describeFaults,
  firstDispatch,
  lessonTaskState,
  liveDifferences,
  liveFaultsFromInputs,
  liveInputsFromFaults,
  liveLabDefaults,
  liveModelConfig,
  noFaults,
  observedRun,
  parseLiveFaults,
  type LiveAttempt
} from "../../lib/live/index.js";

/** What the live receiver would record for the model's attempts, on the real clock (the first request at 0). */
function recorded(
  attempts: readonly {
    update: number;
    at: number;
    status: number;
    answer?: LiveAttempt["answer"];
    decision?: LiveAttempt["decision"];
  }[]
): LiveAttempt[] {
  return attempts.map(({update, at, status, answer = "sent", decision}, index) => ({
    run: 1,
    number: index + 1,
    atSeconds: at,
    decidedAtSeconds: at,
    settledAtSeconds: at,
    method: "POST",
    path: "/hook",
    headers: {},
    body: "",
    bodyBytes: 0,
    taskId: "task-1",
    taskState: "TASK_STATE_WORKING",
    updateKey: `event:evt-${update}`,
    keySource: "teaching-metadata",
    order: {by: "sequence", value: update},
    decision: decision ?? (status === 503 ? "unavailable" : status === 200 ? "applied" : "unauthorized"),
    httpStatus: status,
    answer,
    reason: "",
    checks: []
  }));
}

describe("liveModelConfig", () => {
  test("an outage counted from the run's first request ends, on the model's clock, that long after its first update", () => {
    const config = liveModelConfig({...noFaults, outageSeconds: 15}, "a2a-js");
    expect(config.receiverUnavailableUntilSeconds).toBe(2 + 15);
    expect(liveModelConfig(noFaults, "a2a-js").receiverUnavailableUntilSeconds).toBe(0);
  });

  test("each fault has its model counterpart", () => {
    expect(
      liveModelConfig({...noFaults, lostAck: "hold", slowResponseSeconds: 4, refuseWith: 401}, "teaching")
    ).toMatchObject({
      loseFirstSuccessfulAck: true,
      responseDelaySeconds: 4,
      credential: "wrong",
      payloadNamesExpectedTask: true,
      sender: "teaching"
    });
    expect(liveModelConfig({...noFaults, refuseWith: 404}, "a2a-js")).toMatchObject({
      credential: "matched",
      payloadNamesExpectedTask: false
    });
  });
});

describe("observedRun and liveDifferences", () => {
  const faults = {...noFaults, outageSeconds: 15};
  const model = simulateDelivery(liveModelConfig(faults, "a2a-js"));

  test("a real run that did what the model did has no differences, and is drawn on the model's clock", () => {
    const real = observedRun(
      recorded([
        {update: 1, at: 0, status: 503},
        {update: 2, at: 10, status: 503},
        {update: 3, at: 20, status: 200},
        {update: 4, at: 30, status: 200}
      ]),
      model
    );
    expect(liveDifferences(model, real)).toEqual([]);
    expect(real.attempts.map((attempt) => attempt.dispatchedAtSeconds)).toEqual([2, 12, 22, 32]);
    expect(firstDispatch(model)).toBe(2);
    expect(real.summary.effects).toBe(2);
  });

  test("a missing attempt, another answer, a late arrival and an extra retry are each named", () => {
    const real = observedRun(
      recorded([
        {update: 1, at: 0, status: 503},
        {update: 2, at: 10, status: 200},
        {update: 3, at: 23.5, status: 200},
        {update: 3, at: 26, status: 200, decision: "duplicate"}
      ]),
      model
    );
    expect(liveDifferences(model, real)).toEqual([
      "U2, attempt 1: the model's receiver answered 503 at 12 s; the real one answered 200 at 12 s",
      "U3, attempt 2 arrived at 28 s (answered 200); the model expected no further attempt",
      "U3, attempt 1 arrived at 25.5 s, 3.5 s after the model's 22 s",
      "the model's receiver applied 1 update; the real one applied 2"
    ]);
    // U4 at 32 s is after the newest arrival (28 s): not yet a difference, since the sender may still send it.
    expect(notYetDue(model, real)).toBe(
      "Not yet due: 1 more attempt the model sends after 28 s, counted once something arrives after it."
    );
  });

  test("mid-run, the model's attempts not yet due are counted, not listed as missing", () => {
    const real = observedRun(recorded([{update: 1, at: 0, status: 503}]), model);
    expect(liveDifferences(model, real)).toEqual([]);
    expect(notYetDue(model, real)).toBe(
      "Not yet due: 3 more attempts the model sends after 2 s, counted once something arrives after them."
    );
  });

  test("a long run: the newest updates drawn, the differences capped and counted by kind; my sender only draws no model", () => {
    const pushes = Array.from({length: 300}, (_, k) => ({update: k + 1, at: k * 0.5, status: 200}));
    const feed = {
      hello: {
        receiver: "r",
        hookUrl: "http://127.0.0.1:8787/hook",
        auth: "bearer",
        faults: noFaults,
        msPerSecond: 1000,
        status: null
      },
      run: 1,
      status: null,
      attempts: recorded(pushes),
      problems: []
    } as unknown as LiveFeed;
    const compared = compareLiveRun(feed, "a2a-js")!;
    expect(compared.window).toEqual({shownUpdates: LIVE_DRAWN_UPDATES, totalUpdates: 300});
    expect(compared.real.updates).toHaveLength(LIVE_DRAWN_UPDATES);
    expect(compared.differences).toHaveLength(LIVE_DIFFERENCES_LISTED + 1);
    expect(compared.differences.at(-1)).toMatch(/^and \d+ more: \d+ updates the model does not send/);
    const own = compareLiveRun(feed, null)!;
    expect([own.model, own.differences, own.real.updates.length]).toEqual([null, [], LIVE_DRAWN_UPDATES]);
  });

  test("a retry the model expected and that never came is named with its time", () => {
    const teaching = simulateDelivery(liveModelConfig({...noFaults, lostAck: "hold"}, "teaching"));
    const retry = teaching.attempts.find((attempt) => attempt.attemptNumber === 2)!;
    const real = observedRun(
      recorded([
        {update: 1, at: 0, status: 200, answer: "held"},
        {update: 2, at: 10, status: 200},
        {update: 3, at: 20, status: 200},
        {update: 4, at: 30, status: 200}
      ]),
      teaching
    );
    expect(liveDifferences(teaching, real)).toContain(
      `the model expected a retry of U1 (attempt 2) at ${retry.dispatchedAtSeconds} s; none arrived`
    );
  });

  test("refusals at the door (no update) are not drawn; states read in either version's words", () => {
    const door = {
      ...recorded([{update: 1, at: 0, status: 200}])[0]!,
      updateKey: null,
      decision: "too-large" as const,
      httpStatus: 413
    };
    expect(observedRun([door], model).attempts).toEqual([]);
    expect([
      lessonTaskState("TASK_STATE_INPUT_REQUIRED"),
      lessonTaskState("input-required"),
      lessonTaskState("<b>")
    ]).toEqual(["input-required", "input-required", "unknown"]);
  });
});

describe("parseLiveFaults", () => {
  test("names every wrong field and what it accepts", () => {
    const parsed = parseLiveFaults({
      outageSeconds: 1e9,
      lostAck: "<img>",
      slowResponseSeconds: -1,
      refuseWith: 500,
      extra: true
    });
    expect(parsed).toEqual({
      ok: false,
      problems: [
        "outageSeconds: from 0 to 600 s",
        "lostAck: one of off, hold, reset",
        "slowResponseSeconds: from 0 to 60 s",
        "refuseWith: 401, 404 or null",
        "extra: not a fault this receiver knows"
      ]
    });
    expect(parseLiveFaults("x")).toEqual({
      ok: false,
      problems: ["faults: an object with outageSeconds, lostAck, slowResponseSeconds and refuseWith"]
    });
    expect(describeFaults({outageSeconds: 10, lostAck: "hold", slowResponseSeconds: 0, refuseWith: 404})).toBe(
      "503 for the first 10 s of a run; the first 2xx of each update held until the sender gives up; every request refused with 404"
    );
  });
});

describe("the live lab's fault inputs", () => {
  test("show the receiver's faults: inputs from faults ask for the same faults", () => {
    for (const faults of [
      noFaults,
      {outageSeconds: 12, lostAck: "hold" as const, slowResponseSeconds: 2.5, refuseWith: 404 as const},
      {outageSeconds: 0, lostAck: "reset" as const, slowResponseSeconds: 0, refuseWith: 401 as const}
    ]) {
      expect(liveFaultsFromInputs({...liveLabDefaults, ...liveInputsFromFaults(faults)})).toEqual(faults);
    }
  });
});
