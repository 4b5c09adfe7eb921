/**
 * Runs lesson 5's storms in a Web Worker so the page stays responsive, and shows how far a
 * run has got. The page asks with `request(values)`; the runner's `value` is the latest
 * request's results so far, and an `input` event says they grew (read it with valuesOf).
 *
 * - A newer request supersedes an older one: a worker still busy is terminated and a fresh one
 *   started, so an old run never delays a new one, and its late answers are never read.
 * - A run not done within PROGRESS_AFTER_MS shows a progress bar, named for what it runs.
 */
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import type {StormConfig} from "../../../lib/storm/fields.js";
import type {StormStrategy} from "../../../lib/storm/strategy.js";
import type {StormSummary} from "../../../lib/storm/summary.js";
import type {StormAnswer, StormMessage, StormRequest} from "../../../lib/storm/worker-protocol.js";
import {element, writeText} from "../dom.js";
import {markWorking} from "../offscreen-redraws.js";

export const PROGRESS_AFTER_MS = 100;

export interface StormResults {
  /** The request these answer (a page reading a pinned run waits for its own). */
  id: number;
  config: StormConfig;
  refused: RefusedInput[];
  /** The chosen strategy's storm: present in every value the runner hands out. */
  chosen: StormSummary;
  /** Every strategy computed so far, the chosen one first. */
  byStrategy: Partial<Record<StormStrategy, StormSummary>>;
  /** Every strategy the request asked for is here. */
  complete: boolean;
}

/** The chosen strategy's storm of the latest request, announced once per request. */
export interface ChosenStorm {
  id: number;
  config: StormConfig;
  refused: RefusedInput[];
  run: StormSummary;
}

export type StormRunnerElement = HTMLDivElement & {
  value: StormResults | null;
  /**
   * Announces (an `input` event) only when a request's chosen storm arrives, not as the other
   * strategies follow: what draws only the chosen storm (the lab, playback) is not redrawn
   * four more times, and a playback started meanwhile keeps playing.
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

/** Runs `then` as a task once `frames` more frames have been rendered (a message posted from the last one's animation frame callback). */
function afterFrames(frames: number, then: () => void): void {
  requestAnimationFrame(() => {
    if (frames > 1) return afterFrames(frames - 1, then);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => then();
    channel.port2.postMessage(null);
  });
}

export function StormRunner({workerUrl, scope, label}: StormRunnerOptions): StormRunnerElement {
  const bar = element("progress", {max: 1, value: 0, "aria-label": `Progress of ${label}`});
  const text = element("span", {class: "storm-progress-text"});
  const root = element("div", {class: "storm-progress", role: "status", hidden: true}, text, bar) as StormRunnerElement;
  let worker: Worker | null = null;
  let busy = false;
  let latestId = 0;
  let pending: Omit<StormResults, "chosen" | "complete"> | null = null;
  let progressTimer: ReturnType<typeof setTimeout> | null = null;
  root.value = null;
  const chosenRun = Object.assign(new EventTarget(), {value: null as ChosenStorm | null});
  root.chosenRun = chosenRun;

  const showProgress = (fraction: number) => {
    bar.value = fraction;
    writeText(text, `Running ${label}: ${Math.round(fraction * 100)}%`);
  };
  const stopProgress = () => {
    if (progressTimer !== null) clearTimeout(progressTimer);
    progressTimer = null;
    root.hidden = true;
  };
  const publish = (complete: boolean) => {
    const chosen = pending?.byStrategy[pending.config.strategy];
    if (!pending || !chosen) return;
    root.value = {...pending, chosen, byStrategy: {...pending.byStrategy}, complete};
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  const answer = (message: StormAnswer) => {
    if (message.id !== latestId) return;
    switch (message.kind) {
      case "checked":
        pending = {id: message.id, config: message.config, refused: message.refused, byStrategy: {}};
        break;
      case "progress":
        showProgress(message.fraction);
        break;
      case "strategy":
        pending!.byStrategy[message.strategy] = message.summary;
        if (message.strategy === pending!.config.strategy) {
          chosenRun.value = {id: message.id, config: pending!.config, refused: pending!.refused, run: message.summary};
          chosenRun.dispatchEvent(new Event("input"));
        }
        // The other strategies are drawn once, when all are here: a redraw per strategy cost every one a frame of its own.
        if (message.strategy === pending!.config.strategy) publish(false);
        break;
      case "done":
        busy = false;
        stopProgress();
        publish(true);
        // Pending until the page has drawn what the last answer changed (its cells run in the next frames).
        requestAnimationFrame(() => requestAnimationFrame(() => { if (!busy) markWorking(root, false); }));
        break;
    }
  };
  const failed = (event: ErrorEvent | MessageEvent) => {
    // A worker that failed is not trusted with the next run: a new one is started for it.
    worker?.terminate();
    worker = null;
    busy = false;
    markWorking(root, false);
    stopProgress();
    root.hidden = false;
    bar.hidden = true;
    root.setAttribute("role", "alert");
    writeText(text, `The storm could not be run: ${"message" in event && typeof event.message === "string" ? event.message : "its worker failed"}. Change an input to try again.`);
    event.preventDefault();
  };
  let superseded = 0;
  const startWorker = () => {
    worker = new Worker(workerUrl);
    worker.onmessage = (event: MessageEvent<StormAnswer>) => answer(event.data);
    worker.onerror = failed;
    worker.onmessageerror = failed;
  };

  root.request = (values) => {
    // A run in progress is stopped at once: the worker drops it at its next step (a few ms).
    if (busy && worker !== null) {
      worker.postMessage({kind: "cancel"} satisfies StormMessage);
      // How many runs a newer input stopped, for a reader's devtools and the browser tests.
      root.dataset.superseded = String(++superseded);
    }
    busy = true;
    markWorking(root, true);
    const id = ++latestId;
    pending = null;
    root.setAttribute("role", "status");
    bar.hidden = false;
    stopProgress();
    progressTimer = setTimeout(() => {
      showProgress(bar.value);
      root.hidden = false;
    }, PROGRESS_AFTER_MS);
    bar.value = 0;
    // The new run starts once the frame that shows this input is drawn: on two cores a worker
    // computing through that frame took the CPU its rendering needed (median 24-32 ms, against 3 ms).
    afterFrames(2, () => {
      if (id !== latestId) return;
      if (worker === null) startWorker();
      worker!.postMessage({kind: "run", id, values, scope} satisfies StormRequest);
    });
    return id;
  };
  return root;
}
