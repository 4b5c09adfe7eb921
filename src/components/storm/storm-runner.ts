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
import type {StormAnswer, StormRequest} from "../../../lib/storm/worker-protocol.js";
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
        publish(false);
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
    if (worker !== null) {
      worker.terminate();
      // How many runs a newer input stopped, for a reader's devtools and the browser tests.
      root.dataset.superseded = String(++superseded);
    }
    worker = new Worker(workerUrl);
    worker.onmessage = (event: MessageEvent<StormAnswer>) => answer(event.data);
    worker.onerror = failed;
    worker.onmessageerror = failed;
  };

  root.request = (values) => {
    // A worker still running an older request is stopped, not waited for.
    if (worker === null || busy) startWorker();
    busy = true;
    markWorking(root, true);
    latestId++;
    pending = null;
    root.setAttribute("role", "status");
    bar.hidden = false;
    stopProgress();
    progressTimer = setTimeout(() => {
      showProgress(bar.value);
      root.hidden = false;
    }, PROGRESS_AFTER_MS);
    bar.value = 0;
    worker!.postMessage({id: latestId, values, scope} satisfies StormRequest);
    return latestId;
  };
  return root;
}
