/**
 * Runs lesson 5's storms in a Web Worker so the page stays responsive, and shows how far a
 * run has got. The page asks with `request(values)`. Two values answer it: `chosenRun`, the
 * chosen strategy's storm as soon as it is in (the lab), and the runner's own `value`, every
 * strategy's once all are in; an `input` event on each says it changed (read it with valuesOf).
 *
 * - A newer request supersedes an older one: the runner tells the worker to cancel (it drops
 *   the old run at its next step, lib/storm/worker-protocol.ts), and an old run's late answers
 *   carry an old id and are never read. The new run is posted once the frame that shows the
 *   input has been drawn.
 * - A run not done within PROGRESS_AFTER_MS shows a progress bar, named for what it runs.
 * - Until a run's results are drawn, the page counts as having redraws pending (markWorking).
 */
import type {StormConfig} from "../../../lib/storm/fields.js";
import type {StormStrategy} from "../../../lib/storm/strategy.js";
import type {StormSummary} from "../../../lib/storm/summary.js";
import type {StormAnswer, StormMessage, StormRequest} from "../../../lib/storm/worker-protocol.js";
import {element, writeText} from "../dom.js";
import {markWorking} from "../offscreen-redraws.js";

export const PROGRESS_AFTER_MS = 100;
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
  const frame = (left: number) => requestAnimationFrame(() => {
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

export function StormRunner({workerUrl, scope, label}: StormRunnerOptions): StormRunnerElement {
  const bar = element("progress", {max: 1, value: 0, "aria-label": `Progress of ${label}`});
  const text = element("span", {class: "storm-progress-text"});
  const root = element("div", {class: "storm-progress", role: "status", hidden: true}, text, bar) as StormRunnerElement;
  const chosenRun = Object.assign(new EventTarget(), {value: null as ChosenStorm | null});
  root.value = null;
  root.chosenRun = chosenRun;
  let worker: Worker | null = null;
  /** The latest request, and the latest posted to the worker (a request waits for its frame first). */
  let latestId = 0;
  let postedId = 0;
  let running = false;
  let superseded = 0;
  let pending: Omit<StormResults, "chosen"> | null = null;
  /** The values of the run last posted, posted again once if its worker fails before it answers. */
  let postedValues: Readonly<Record<string, unknown>> = {};
  let retried = false;
  let progressTimer: ReturnType<typeof setTimeout> | null = null;

  const showProgress = (fraction: number) => {
    bar.value = fraction;
    writeText(text, `Running ${label}: ${Math.round(fraction * 100)}%`);
  };
  const stopProgress = () => {
    if (progressTimer !== null) clearTimeout(progressTimer);
    progressTimer = null;
    root.hidden = true;
  };
  const publish = () => {
    const chosen = pending?.byStrategy[pending.config.strategy];
    if (!pending || !chosen) return;
    root.value = {...pending, chosen, byStrategy: {...pending.byStrategy}};
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  const answer = (message: StormAnswer) => {
    if (message.kind === "cancelled") {
      // How many runs the worker dropped unfinished for a newer input, for a reader's devtools and the browser tests.
      root.dataset.superseded = String(++superseded);
      return;
    }
    if (message.id !== latestId) return;
    switch (message.kind) {
      case "checked":
        pending = {id: message.id, config: message.config, byStrategy: {}};
        break;
      case "progress":
        showProgress(message.fraction);
        break;
      case "strategy":
        pending!.byStrategy[message.strategy] = message.summary;
        // The chosen storm is drawn at once; the others once, when all are here: a redraw per strategy cost each a frame.
        if (message.strategy === pending!.config.strategy) {
          chosenRun.value = {id: message.id, config: pending!.config, run: message.summary};
          chosenRun.dispatchEvent(new Event("input"));
        }
        break;
      case "done":
        running = false;
        stopProgress();
        publish();
        // Pending until the page has drawn what the last answer changed (its cells run in the next frames).
        afterFrames(2, () => {
          if (!running && postedId === latestId) markWorking(root, false);
        });
        break;
    }
  };
  const failed = (event: ErrorEvent | MessageEvent) => {
    event.preventDefault();
    // A worker that failed is not trusted with another run: the next request starts a new one.
    worker?.terminate();
    worker = null;
    running = false;
    // The failure of a run a newer request has superseded is not the newer run's: it starts as planned.
    if (postedId !== latestId) return;
    // Nothing of the current run was answered yet: the failure may be the cancelled run's, so it is run again, once.
    if (pending === null && !retried) {
      retried = true;
      post(postedId, postedValues);
      return;
    }
    stopProgress();
    markWorking(root, false);
    const reason = event instanceof ErrorEvent && event.message ? event.message : "its worker stopped";
    root.setAttribute("role", "alert");
    bar.hidden = true;
    writeText(text, `The storm could not be run (${reason}). Change an input to try again.`);
    root.hidden = false;
  };
  const post = (id: number, values: Readonly<Record<string, unknown>>) => {
    if (id !== latestId) return;
    if (worker === null) {
      worker = new Worker(workerUrl);
      worker.onmessage = (event: MessageEvent<StormAnswer>) => answer(event.data);
      worker.onerror = failed;
      worker.onmessageerror = failed;
    }
    if (id !== postedId) retried = false;
    postedId = id;
    postedValues = values;
    running = true;
    root.setAttribute("role", "status");
    bar.hidden = false;
    bar.value = 0;
    stopProgress();
    progressTimer = setTimeout(() => {
      showProgress(bar.value);
      root.hidden = false;
    }, PROGRESS_AFTER_MS);
    worker.postMessage({kind: "run", id, values, scope} satisfies StormRequest);
  };

  root.request = (values) => {
    // A run in progress is stopped at once: the worker drops it at its next step (a few ms) and says so.
    if (running && worker !== null) {
      worker.postMessage({kind: "cancel"} satisfies StormMessage);
      running = false;
    }
    const id = ++latestId;
    pending = null;
    markWorking(root, true);
    // On two cores, a worker computing through the frame that shows this input took the CPU its
    // rendering needed (median 24-32 ms, against 3 ms): the run starts once that frame is drawn.
    afterFrames(2, () => post(id, values));
    return id;
  };
  return root;
}
