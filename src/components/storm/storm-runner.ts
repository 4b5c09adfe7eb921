/**
 * Runs lesson 5's storms in a Web Worker so the page stays responsive, and shows how far a
 * run has got. The page asks with `request(values)`. Two values answer it: `chosenRun`, the
 * chosen strategy's storm as soon as it is in (the lab), and the runner's own `value`, every
 * strategy's once all are in; an `input` event on each says it changed (read it with inputValues).
 *
 * - A newer request supersedes an older one: the runner tells the worker to cancel (it drops
 *   the old run at its next step, lib/storm/worker-protocol.ts), and an old run's late answers
 *   carry an old id and are never read. The new run is posted once the frame that shows the
 *   input has been drawn.
 * - A run not done within PROGRESS_AFTER_MS shows a progress bar, named for what it runs
 *   (./storm-progress.ts).
 * - Until the chosen storm is drawn, the page counts as having redraws pending (markWorking);
 *   the other strategies, which only the sections below the lab show, then count as work out of
 *   sight (markWorkingOutOfSight) until they are in: the lab has stopped changing meanwhile.
 */
import type {StormConfig} from "../../../lib/storm/fields.js";
import type {StormStrategy} from "../../../lib/storm/strategy.js";
import type {StormSummary} from "../../../lib/storm/summary.js";
import type {StormAnswer, StormMessage, StormRequest} from "../../../lib/storm/worker-protocol.js";
import {markWorking, markWorkingOutOfSight} from "../runtime/offscreen-redraws.js";
import {StormProgress} from "./storm-progress.js";

/** A hidden tab draws no frames: past this wait a run starts without its frame. */
const FRAME_WAIT_LIMIT_MS = 200;

export interface StormResults {
  /** The request these answer (a page reading a pinned run waits for its own). */
  id: number;
  config: StormConfig;
  /** The chosen strategy's storm: present in every value the runner hands out. */
  chosen: StormSummary;
  /** Every strategy the request asked for. */
  byStrategy: Partial<Record<StormStrategy, StormSummary>>;
}

/** The chosen strategy's storm of the latest request, announced once per request. */
export interface ChosenStorm {
  id: number;
  config: StormConfig;
  run: StormSummary;
}

export type StormRunnerElement = HTMLDivElement & {
  value: StormResults | null;
  /**
   * Announces (an `input` event) only when a request's chosen storm arrives, not as the other
   * strategies follow: what draws only the chosen storm (the lab, playback) is not redrawn
   * again, and a playback started meanwhile keeps playing.
   */
  chosenRun: EventTarget & {value: ChosenStorm | null};
  /** Starts a run of these values; returns its id. */
  request(values: Readonly<Record<string, unknown>>): number;
};

export interface StormRunnerOptions {
  /** The worker script's URL (the page's FileAttachment of bundles/storm-worker.js). */
  workerUrl: string;
  /** "all": every strategy (the lesson's run); "chosen": the chosen one only (a pinned run). */
  scope: StormRequest["scope"];
  /** What the progress bar says it runs ("the storm", "the pinned storm"). */
  label: string;
}

/** Runs `then` as a task once `frames` more frames have been drawn, or after FRAME_WAIT_LIMIT_MS if none is. */
function afterFrames(frames: number, then: () => void): void {
  let ran = false;
  const once = () => {
    if (!ran) then();
    ran = true;
  };
  const fallback = setTimeout(once, FRAME_WAIT_LIMIT_MS);
  const frame = (left: number) =>
    requestAnimationFrame(() => {
      if (left > 1) return frame(left - 1);
      // A message posted from the frame's callback runs once that frame is drawn.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        clearTimeout(fallback);
        once();
      };
      channel.port2.postMessage(null);
    });
  frame(frames);
}

export function StormRunner(options: StormRunnerOptions): StormRunnerElement {
  const progress = StormProgress(options.label);
  const root = progress.root as StormRunnerElement;
  root.value = null;
  root.chosenRun = Object.assign(new EventTarget(), {value: null as ChosenStorm | null});
  const runner: Runner = {
    options,
    root,
    progress,
    rest: {},
    worker: null,
    latestId: 0,
    postedId: 0,
    running: false,
    superseded: 0,
    pending: null,
    postedValues: {},
    retried: false
  };
  root.request = (values) => request(runner, values);
  return root;
}

/** What the runner's steps share: its element, its worker, and which request is the latest. */
interface Runner {
  readonly options: StormRunnerOptions;
  readonly root: StormRunnerElement;
  readonly progress: StormProgress;
  /** Who owns the work on the strategies after the chosen one (markWorkingOutOfSight). */
  readonly rest: object;
  worker: Worker | null;
  /** The latest request, and the latest posted to the worker (a request waits for its frame first). */
  latestId: number;
  postedId: number;
  running: boolean;
  superseded: number;
  pending: Omit<StormResults, "chosen"> | null;
  /** The values of the run last posted, posted again once if its worker fails before it answers. */
  postedValues: Readonly<Record<string, unknown>>;
  retried: boolean;
}

function request(runner: Runner, values: Readonly<Record<string, unknown>>): number {
  // A run in progress is stopped at once: the worker drops it at its next step (a few ms) and says so.
  if (runner.running && runner.worker !== null) {
    runner.worker.postMessage({kind: "cancel"} satisfies StormMessage);
    runner.running = false;
  }
  const id = ++runner.latestId;
  runner.pending = null;
  markWorking(runner.root, true);
  markWorkingOutOfSight(runner.rest, false);
  // On two cores, a worker computing through the frame that shows this input took the CPU its
  // rendering needed (median 24-32 ms, against 3 ms): the run starts once that frame is drawn. The
  // page calls this from that frame's cells, so one more frame is enough; waiting two cost a
  // slider move 16-20 ms of settle time (docs/performance.md).
  afterFrames(1, () => post(runner, id, values));
  return id;
}

function post(runner: Runner, id: number, values: Readonly<Record<string, unknown>>): void {
  if (id !== runner.latestId) return;
  runner.worker ??= startWorker(runner);
  if (id !== runner.postedId) runner.retried = false;
  runner.postedId = id;
  runner.postedValues = values;
  runner.running = true;
  runner.progress.start();
  runner.worker.postMessage({kind: "run", id, values, scope: runner.options.scope} satisfies StormRequest);
}

function startWorker(runner: Runner): Worker {
  const worker = new Worker(runner.options.workerUrl);
  worker.onmessage = (event: MessageEvent<StormAnswer>) => answered(runner, event.data);
  worker.onerror = (event) => failed(runner, event);
  worker.onmessageerror = (event) => failed(runner, event);
  return worker;
}

function answered(runner: Runner, message: StormAnswer): void {
  if (message.kind === "cancelled") {
    // How many runs the worker dropped unfinished for a newer input, for a reader's devtools and the browser tests.
    runner.root.dataset.superseded = String(++runner.superseded);
    return;
  }
  if (message.id !== runner.latestId) return;
  switch (message.kind) {
    case "checked":
      runner.pending = {id: message.id, config: message.config, byStrategy: {}};
      break;
    case "progress":
      runner.progress.show(message.fraction);
      break;
    case "strategy":
      strategyArrived(runner, runner.pending!, message);
      break;
    case "done":
      done(runner);
      break;
  }
}

function strategyArrived(
  runner: Runner,
  pending: Omit<StormResults, "chosen">,
  message: Extract<StormAnswer, {kind: "strategy"}>
): void {
  pending.byStrategy[message.strategy] = message.summary;
  // The chosen storm is drawn at once; the others once, when all are here: a redraw per strategy cost each a frame.
  if (message.strategy !== pending.config.strategy) return;
  const {chosenRun} = runner.root;
  chosenRun.value = {id: message.id, config: pending.config, run: message.summary};
  chosenRun.dispatchEvent(new Event("input"));
  // Once the page has drawn it (its cells run in the next frames), what is left is out of sight.
  afterFrames(2, () => {
    if (message.id !== runner.latestId) return;
    markWorkingOutOfSight(runner.rest, runner.running);
    markWorking(runner.root, false);
  });
}

function done(runner: Runner): void {
  runner.running = false;
  runner.progress.stop();
  publish(runner);
  // Pending until the page has drawn what the last answer changed (its cells run in the next frames).
  afterFrames(2, () => {
    if (runner.running || runner.postedId !== runner.latestId) return;
    markWorking(runner.root, false);
    markWorkingOutOfSight(runner.rest, false);
  });
}

/** Hands every strategy's storm to the page, once the chosen one is among them. */
function publish({pending, root}: Runner): void {
  const chosen = pending?.byStrategy[pending.config.strategy];
  if (!pending || !chosen) return;
  root.value = {...pending, chosen, byStrategy: {...pending.byStrategy}};
  root.dispatchEvent(new Event("input", {bubbles: true}));
}

function failed(runner: Runner, event: ErrorEvent | MessageEvent): void {
  event.preventDefault();
  // A worker that failed is not trusted with another run: the next request starts a new one.
  runner.worker?.terminate();
  runner.worker = null;
  runner.running = false;
  // The failure of a run a newer request has superseded is not the newer run's: it starts as planned.
  if (runner.postedId !== runner.latestId) return;
  // Nothing of the current run was answered yet: the failure may be the cancelled run's, so it is run again, once.
  if (runner.pending === null && !runner.retried) {
    runner.retried = true;
    post(runner, runner.postedId, runner.postedValues);
    return;
  }
  runner.progress.fail(event instanceof ErrorEvent && event.message ? event.message : "its worker stopped");
  markWorking(runner.root, false);
  markWorkingOutOfSight(runner.rest, false);
}
