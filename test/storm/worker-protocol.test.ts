import {describe, expect, it} from "vitest";
import {stormLessonDefaults} from "../../lib/storm/fields.js";
import {STORM_STRATEGIES} from "../../lib/storm/strategy.js";
import {answerStormRequest, stormAnswers, type StormAnswer} from "../../lib/storm/worker-protocol.js";
import {stormUnder} from "../../lib/storm/lesson.js";

const answers = (values: Record<string, unknown>, scope: "all" | "chosen") => {
  const posted: StormAnswer[] = [];
  answerStormRequest({kind: "run", id: 7, values, scope}, (answer) => posted.push(answer));
  return posted;
};

describe("answerStormRequest", () => {
  it("answers the checked inputs, then the chosen strategy, then every other one, with rising progress, then done", () => {
    const posted = answers({senders: 20_000, strategy: "equal"}, "all");
    expect(posted.every((answer) => answer.id === 7)).toBe(true);
    expect(posted[0]).toEqual({
      id: 7,
      kind: "checked",
      config: {...stormLessonDefaults, senders: 20_000, strategy: "equal"}
    });
    expect(posted.at(-1)).toEqual({id: 7, kind: "done"});
    const strategies = posted.flatMap((answer) => (answer.kind === "strategy" ? [answer.strategy] : []));
    expect(strategies[0]).toBe("equal");
    expect([...strategies].sort()).toEqual([...STORM_STRATEGIES].sort());
    const progress = posted.flatMap((answer) => (answer.kind === "progress" ? [answer.fraction] : []));
    expect(progress.length).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    // Each summary is the storm under that strategy with the same senders and seed.
    const full = posted.find((answer) => answer.kind === "strategy" && answer.strategy === "full");
    expect(full).toMatchObject({
      summary: stormUnder({...stormLessonDefaults, senders: 20_000, strategy: "equal"}, "full")
    });
  });

  it("a pinned run's request answers the chosen strategy only", () => {
    const strategies = answers({strategy: "none"}, "chosen").flatMap((answer) =>
      answer.kind === "strategy" ? [answer.strategy] : []
    );
    expect(strategies).toEqual(["none"]);
  });

  it("checks what it is sent again: a bad value is replaced by its default, and the budget is kept", () => {
    const [checked] = answers({senders: 5, strategy: "<b>", noSuchInput: 1}, "chosen");
    expect(checked).toEqual({id: 7, kind: "checked", config: stormLessonDefaults});
    const [budgeted] = answers({senders: 100_000, updatesPerSender: 10, maxAttemptsPerUpdate: 20}, "chosen");
    expect(budgeted).toMatchObject({config: {maxAttemptsPerUpdate: 2}});
  });

  it("runs in steps: dropped after a few, it has posted no storm and no done, only progress", () => {
    const posted: StormAnswer[] = [];
    const steps = stormAnswers({kind: "run", id: 1, values: {senders: 50_000}, scope: "all"}, (answer) =>
      posted.push(answer)
    );
    for (let step = 0; step < 3; step++) expect(steps.next().done).toBe(false);
    expect(posted.map((answer) => answer.kind)).toEqual(["checked", "progress", "progress", "progress"]);
  });
});

describe("awsAnswers", () => {
  it("runs every N of the reference under every strategy, one per step, and compares each with the reference", async () => {
    const {awsAnswers, AWS_REFERENCE_CLIENTS} = await import("../../lib/storm/worker-protocol.js");
    const {awsBackoffExperiment, compareWithReference} = await import("../../lib/storm/aws-experiment.js");
    const posted: StormAnswer[] = [];
    const steps = awsAnswers({kind: "aws", id: 3, runs: 2, seed: 5}, (answer) => posted.push(answer));
    let count = 0;
    while (!steps.next().done) count++;
    expect(count).toBe(AWS_REFERENCE_CLIENTS.length * STORM_STRATEGIES.length);
    const results = posted.flatMap((answer) => (answer.kind === "aws-result" ? [answer.result] : []));
    // Full jitter first for each N: every other row is a ratio to it, so each row can be shown as it comes.
    expect(results[0]).toEqual(awsBackoffExperiment({clients: 50, strategy: "full", seed: 5, runs: 2}));
    expect(results.map((result) => result.clients)).toEqual([50, 50, 50, 50, 50, 100, 100, 100, 100, 100]);
    for (let shown = 1; shown <= results.length; shown++)
      expect(compareWithReference(results.slice(0, shown))).toHaveLength(shown);
    expect(posted.at(-1)).toEqual({id: 3, kind: "done"});
    // Every row has its ratios once its N's full-jitter result is in, and only then.
    expect(compareWithReference(results)).toHaveLength(10);
    expect(
      compareWithReference(results.filter((result) => result.strategy !== "full" || result.clients !== 100))
    ).toHaveLength(5);
    const full = compareWithReference(results).find((row) => row.result.strategy === "full")!;
    expect(full.callsToFull).toEqual({ours: 1, reference: 1});
  });
});
