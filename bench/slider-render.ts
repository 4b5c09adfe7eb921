/**
 * What one input costs a lesson page in Chromium: the main thread's busy time
 * (script, style, layout) from Chrome's own task counters, and the latency from
 * the input event to the last DOM change. A 60 Hz frame is 16.7 ms.
 * Two inputs are measured: a slider move (lesson 1) and an edit of the request
 * text (lesson 2).
 */
import type {Browser, Page} from "playwright-core";

export interface RenderTiming {
  trials: number;
  /** Main-thread busy time per input (Chrome's TaskDuration), median and max. */
  busyMedianMs: number;
  busyMaxMs: number;
  scriptMedianMs: number;
  layoutAndStyleMedianMs: number;
  /** Input event to the last DOM mutation, including the runtime's scheduling. */
  latencyMedianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs `trials` inputs on the page at `pageUrl`. `dispatch(page, trial)` fires one
 * input inside the page and returns the milliseconds from the event to the last
 * DOM change (see `untilQuiet`).
 */
async function measureInputs(browser: Browser, pageUrl: string, trials: number, dispatch: (page: Page, trial: number) => Promise<number>, prepare?: (page: Page) => Promise<void>): Promise<RenderTiming> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForLoadState("networkidle");
  await page.evaluate(`window.untilQuiet = ${UNTIL_QUIET}`);
  await prepare?.(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const counters = async () => {
    const {metrics} = (await cdp.send("Performance.getMetrics")) as {metrics: {name: string; value: number}[]};
    const read = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return {task: read("TaskDuration"), script: read("ScriptDuration"), layout: read("LayoutDuration") + read("RecalcStyleDuration")};
  };
  const busy: number[] = [];
  const script: number[] = [];
  const layout: number[] = [];
  const latency: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const before = await counters();
    const ms = await dispatch(page, trial);
    const after = await counters();
    // The counters also include the idle wait's timer task and the evaluate call: a little overhead, never less.
    busy.push(after.task - before.task);
    script.push(after.script - before.script);
    layout.push(after.layout - before.layout);
    latency.push(ms);
  }
  await context.close();
  return {
    trials,
    busyMedianMs: median(busy),
    busyMaxMs: Math.max(...busy),
    scriptMedianMs: median(script),
    layoutAndStyleMedianMs: median(layout),
    latencyMedianMs: median(latency)
  };
}

/**
 * Installed in the page as window.untilQuiet (source text, so no build step
 * rewrites it): fires `fire()` and resolves with the time from then to the last
 * mutation of <main>, once the page has been quiet for `quietMs`.
 */
type UntilQuiet = (fire: () => void, quietMs: number) => Promise<number>;
const UNTIL_QUIET = `async (fire, quietMs) => {
  let lastMutation = 0;
  const observer = new MutationObserver(() => (lastMutation = performance.now()));
  observer.observe(document.querySelector("main"), {childList: true, subtree: true, attributes: true, characterData: true});
  const start = performance.now();
  fire();
  // Framework recomputes cells asynchronously: wait until the page is quiet.
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  observer.disconnect();
  return Math.max(0, lastMutation - start);
}`;

export async function measureSliderRender(browser: Browser, pageUrl: string, sliderLabel: string, values: readonly number[]): Promise<RenderTiming> {
  return measureInputs(browser, pageUrl, values.length, (page, trial) =>
    page.evaluate(async ({sliderLabel, value}) => {
      const slider = document.querySelector<HTMLInputElement>(`input[type=range][aria-label^="${sliderLabel}"]`);
      if (!slider) throw new Error(`no slider labelled ${sliderLabel}`);
      return (window as unknown as {untilQuiet: UntilQuiet}).untilQuiet(() => {
        slider.value = String(value);
        slider.dispatchEvent(new Event("input", {bubbles: true}));
      }, 250);
    }, {sliderLabel, value: values[trial]!})
  );
}

/**
 * One keystroke in a textarea: `text` is loaded first (not timed), then each
 * trial types a space at the end as the browser's own editing does
 * (execCommand insertText: an incremental edit that fires `input`).
 */
export async function measureTextEdit(browser: Browser, pageUrl: string, textareaSelector: string, text: string, trials: number): Promise<RenderTiming> {
  const load = async (page: Page) => {
    await page.evaluate(({textareaSelector, text}) => {
      const textarea = document.querySelector<HTMLTextAreaElement>(textareaSelector);
      if (!textarea) throw new Error(`no textarea ${textareaSelector}`);
      textarea.value = text;
      textarea.dispatchEvent(new Event("input", {bubbles: true}));
    }, {textareaSelector, text});
    await page.waitForTimeout(1000);
  };
  return measureInputs(browser, pageUrl, trials, (page) =>
    page.evaluate(async ({textareaSelector}) => {
      const textarea = document.querySelector<HTMLTextAreaElement>(textareaSelector)!;
      return (window as unknown as {untilQuiet: UntilQuiet}).untilQuiet(() => {
        textarea.focus({preventScroll: true});
        textarea.setSelectionRange(textarea.value.length, textarea.value.length);
        document.execCommand("insertText", false, " ");
      }, 400);
    }, {textareaSelector}), load
  );
}
