// @vitest-environment jsdom
/**
 * The storm runner against a fake worker: it posts a run once the input's frame is drawn,
 * reads only the latest request's answers, cancels a run a newer request supersedes, shows
 * progress for a long run, keeps the page's "redraws pending" mark until the results are in,
 * and names a failure only when it is the current run's.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";
import {stormLessonDefaults} from "../../lib/storm/fields.js";
import {stormUnder} from "../../lib/storm/lesson.js";
import type {StormAnswer, StormMessage} from "../../lib/storm/worker-protocol.js";
import {StormRunner} from "../../src/components/storm/storm-runner.js";

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: StormMessage[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<StormAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeWorker.made.push(this);
  }
  postMessage(message: StormMessage) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(message: StormAnswer) {
    this.onmessage?.({data: message} as MessageEvent<StormAnswer>);
  }
}

const summary = stormUnder({...stormLessonDefaults, senders: 10}, "exponential");
const config = {...stormLessonDefaults, senders: 10};
const pending = () => document.documentElement.hasAttribute("data-redraws-pending");
const unseen = () => document.documentElement.hasAttribute("data-redraws-unseen");
const runs = (worker: FakeWorker) => worker.posted.filter((message) => message.kind === "run");

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 5)
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("StormRunner", () => {
  it("posts the run after the input's frame, and hands out the chosen storm once, then every strategy when done", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "all", label: "the storm"});
    const chosen: unknown[] = [];
    const all: unknown[] = [];
    runner.chosenRun.addEventListener("input", () => chosen.push(runner.chosenRun.value));
    runner.addEventListener("input", () => all.push(runner.value));
    const id = runner.request({senders: 10});
    expect(FakeWorker.made).toHaveLength(0);
    expect(pending()).toBe(true);
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const worker = FakeWorker.made[0]!;
    expect(runs(worker)).toEqual([{kind: "run", id, values: {senders: 10}, scope: "all"}]);
    worker.answer({id, kind: "checked", config});
    worker.answer({id, kind: "strategy", strategy: "exponential", summary});
    worker.answer({id, kind: "strategy", strategy: "full", summary});
    expect(chosen).toEqual([{id, config, run: summary}]);
    expect(all).toHaveLength(0);
    worker.answer({id, kind: "done"});
    expect(all).toHaveLength(1);
    expect(runner.value).toMatchObject({id, chosen: summary, byStrategy: {exponential: summary, full: summary}});
    await vi.waitFor(() => expect(pending()).toBe(false));
  });

  it("once the chosen storm is drawn, the strategies still computing count as work out of sight, until they are in", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "all", label: "the storm"});
    const id = runner.request({senders: 10});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const worker = FakeWorker.made[0]!;
    worker.answer({id, kind: "checked", config});
    worker.answer({id, kind: "strategy", strategy: "exponential", summary});
    expect([pending(), unseen()]).toEqual([true, false]);
    await vi.waitFor(() => expect([pending(), unseen()]).toEqual([false, true]));
    worker.answer({id, kind: "strategy", strategy: "full", summary});
    worker.answer({id, kind: "done"});
    await vi.waitFor(() => expect([pending(), unseen()]).toEqual([false, false]));
  });

  it("a newer request cancels the run in progress at once, and the old run's late answers are not read", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "chosen", label: "the storm"});
    const first = runner.request({senders: 10});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const worker = FakeWorker.made[0]!;
    const second = runner.request({senders: 20});
    expect(worker.posted.at(-1)).toEqual({kind: "cancel"});
    // Counted when the worker says it dropped a live run, not when the cancel is sent.
    expect(runner.dataset.superseded).toBeUndefined();
    worker.answer({id: first, kind: "cancelled"});
    expect(runner.dataset.superseded).toBe("1");
    worker.answer({id: first, kind: "checked", config});
    worker.answer({id: first, kind: "strategy", strategy: "exponential", summary});
    expect(runner.chosenRun.value).toBeNull();
    await vi.waitFor(() => expect(runs(worker).map((run) => run.kind === "run" && run.id)).toEqual([first, second]));
    // The same worker runs the newer request: cancelling needs no new one.
    expect(FakeWorker.made).toHaveLength(1);
    worker.answer({id: second, kind: "checked", config});
    worker.answer({id: second, kind: "strategy", strategy: "exponential", summary});
    expect(runner.chosenRun.value).toMatchObject({id: second});
    worker.answer({id: second, kind: "done"});
    await vi.waitFor(() => expect(pending()).toBe(false));
  });

  it("shows progress for a run past 100 ms, and hides it when done", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "chosen", label: "the storm"});
    const id = runner.request({});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const worker = FakeWorker.made[0]!;
    worker.answer({id, kind: "checked", config});
    worker.answer({id, kind: "progress", fraction: 0.4});
    await vi.waitFor(() => expect(runner.hidden).toBe(false), {timeout: 1_000});
    expect(runner.textContent).toBe("Running the storm: 40%");
    worker.answer({id, kind: "strategy", strategy: "exponential", summary});
    worker.answer({id, kind: "done"});
    expect(runner.hidden).toBe(true);
  });

  it("a quick run changes nothing on the page: its progress is only remembered while the line is hidden", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "chosen", label: "the storm"});
    const id = runner.request({});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const worker = FakeWorker.made[0]!;
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(runner, {subtree: true, attributes: true, childList: true, characterData: true});
    worker.answer({id, kind: "checked", config});
    for (const fraction of [0.2, 0.4, 0.6, 0.8]) worker.answer({id, kind: "progress", fraction});
    worker.answer({id, kind: "strategy", strategy: "exponential", summary});
    worker.answer({id, kind: "done"});
    await Promise.resolve();
    changes.push(...observer.takeRecords());
    observer.disconnect();
    // What changed is the runner's own state (its pending mark and value), never its progress line.
    expect(
      changes.filter(
        (change) =>
          (change.target as Element).closest?.(".storm-progress") ??
          change.target.parentElement?.closest(".storm-progress")
      )
    ).toEqual([]);
    expect(runner.hidden).toBe(true);
  });

  it("a failure of the current run is named; a superseded run's failure is not, and the next run gets a new worker", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "chosen", label: "the storm"});
    runner.request({});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    runner.request({senders: 20});
    // The old run fails before the newer one is posted: nothing is shown, the newer run starts on a fresh worker.
    FakeWorker.made[0]!.onerror?.(new ErrorEvent("error", {message: "boom", cancelable: true}));
    expect(runner.hidden).toBe(true);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(2));
    expect(runs(FakeWorker.made[1]!)).toHaveLength(1);
    FakeWorker.made[1]!.onerror?.(new ErrorEvent("error", {message: "", cancelable: true}));
    // The new worker failing before any answer may be the old run's failure: it is run once more, then named.
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(3));
    expect(runner.hidden).toBe(true);
    FakeWorker.made[2]!.onerror?.(new ErrorEvent("error", {message: "", cancelable: true}));
    expect(runner.hidden).toBe(false);
    expect(runner.getAttribute("role")).toBe("alert");
    expect(runner.textContent).toBe("The storm could not be run (its worker stopped). Change an input to try again.");
    expect(pending()).toBe(false);
  });

  it("a failure after the cancelled run, on the worker the newer run was posted to, runs the newer one again", async () => {
    const runner = StormRunner({workerUrl: "worker.js", scope: "chosen", label: "the storm"});
    runner.request({senders: 10});
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    const second = runner.request({senders: 20});
    await vi.waitFor(() => expect(runs(FakeWorker.made[0]!)).toHaveLength(2));
    FakeWorker.made[0]!.onerror?.(new ErrorEvent("error", {message: "from the old run", cancelable: true}));
    expect(runner.hidden).toBe(true);
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(2));
    expect(runs(FakeWorker.made[1]!)).toEqual([{kind: "run", id: second, values: {senders: 20}, scope: "chosen"}]);
    FakeWorker.made[1]!.answer({id: second, kind: "checked", config});
    FakeWorker.made[1]!.answer({id: second, kind: "strategy", strategy: "exponential", summary});
    FakeWorker.made[1]!.answer({id: second, kind: "done"});
    await vi.waitFor(() => expect(pending()).toBe(false));
  });
});
