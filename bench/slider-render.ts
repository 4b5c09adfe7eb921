/**
 * What one input costs a lesson page in Chromium: the frame that renders it (from the
 * frame's start to the end of its rendering: the page's script, style, layout, paint),
 * the main thread's busy time (script, style, layout) from Chrome's own task counters,
 * and the latency from the input event to the last DOM change. A 60 Hz frame is 16.7 ms.
 * Two inputs are measured: a slider move (lesson 1) and an edit of the request
 * text (lesson 2).
 */
import type {Browser, Page} from "playwright-core";

export interface RenderTiming {
  trials: number;
  /** The frame after the input, from its first callback to the end of its rendering: median, 90th percentile. */
  frameMedianMs: number;
  frameP90Ms: number;
  /** Inputs whose frame took at most 16.7 ms (one frame at 60 Hz). */
  trialsWithinFrameBudget: number;
  /** The scheduler's wait from the frame's nominal start to its first callback, median. */
  frameWaitMedianMs: number;
  /** Inputs whose every DOM change landed in that one frame. */
  trialsInOneFrame: number;
  /** Main-thread busy time per input (Chrome's TaskDuration), median and max. */
  busyMedianMs: number;
  busyMaxMs: number;
  scriptMedianMs: number;
  layoutAndStyleMedianMs: number;
  /** Input event to the last DOM mutation, including the runtime's scheduling. */
  latencyMedianMs: number;
}

/** One frame at 60 Hz. */
export const FRAME_BUDGET_MS = 1000 / 60;
const WARM_UP_INPUTS = 5;

const percentile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * fraction)]!;
const median = (values: number[]) => percentile(values, 0.5);

/** What the page-side harness reports for one input. */
interface InputTiming {
  /** Input event to the last DOM mutation. */
  latencyMs: number;
  /** The next frame's first rAF callback to the end of its rendering. */
  frameMs: number;
  /** The frame's nominal start (its rAF timestamp) to its first callback. */
  frameWaitMs: number;
  /** Whether the last DOM mutation came before that frame ended. */
  inFrame: boolean;
}

/**
 * Runs `trials` inputs on the page at `pageUrl`. `dispatch(page, trial)` fires one
 * input inside the page and returns the milliseconds from the event to the last
 * DOM change (see `untilQuiet`).
 */
async function measureInputs(
  browser: Browser,
  pageUrl: string,
  trials: number,
  dispatch: (page: Page, trial: number) => Promise<InputTiming>,
  prepare?: (page: Page) => Promise<void>
): Promise<RenderTiming> {
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
    return {
      task: read("TaskDuration"),
      script: read("ScriptDuration"),
      layout: read("LayoutDuration") + read("RecalcStyleDuration")
    };
  };
  const busy: number[] = [];
  const script: number[] = [];
  const layout: number[] = [];
  const latency: number[] = [];
  const frame: number[] = [];
  const frameWait: number[] = [];
  let trialsInOneFrame = 0;
  // Unmeasured inputs first, so the page's code is compiled and warm, as after a reader's first moves.
  for (let trial = 0; trial < WARM_UP_INPUTS; trial++) await dispatch(page, trial % trials);
  for (let trial = 0; trial < trials; trial++) {
    const before = await counters();
    const timing = await dispatch(page, trial);
    const after = await counters();
    // The counters also include the idle wait's timer task and the evaluate call: a little overhead, never less.
    busy.push(after.task - before.task);
    script.push(after.script - before.script);
    layout.push(after.layout - before.layout);
    latency.push(timing.latencyMs);
    frame.push(timing.frameMs);
    frameWait.push(timing.frameWaitMs);
    if (timing.inFrame) trialsInOneFrame++;
  }
  await context.close();
  return {
    trials,
    frameMedianMs: median(frame),
    frameP90Ms: percentile(frame, 0.9),
    trialsWithinFrameBudget: frame.filter((ms) => ms <= FRAME_BUDGET_MS).length,
    frameWaitMedianMs: median(frameWait),
    trialsInOneFrame,
    busyMedianMs: median(busy),
    busyMaxMs: Math.max(...busy),
    scriptMedianMs: median(script),
    layoutAndStyleMedianMs: median(layout),
    latencyMedianMs: median(latency)
  };
}

/**
 * Installed in the page as window.untilQuiet (source text, so no build step
 * rewrites it): fires `fire()`, waits until the page has been quiet for `quietMs`,
 * and reports an InputTiming. The frame is timed from its first rAF callback (this
 * one: Framework's runtime recomputes cells in a rAF callback registered after it,
 * during the input's dispatch) to a message posted from that callback, which runs
 * as a task once the frame's rendering (style, layout, paint) is done. The wait
 * from the frame's nominal start (the rAF timestamp) to that callback is the
 * scheduler's, not the page's, and is reported apart.
 */
type UntilQuiet = (fire: () => void, quietMs: number) => Promise<InputTiming>;
const UNTIL_QUIET = `async (fire, quietMs) => {
  let lastMutation = 0;
  const observer = new MutationObserver(() => (lastMutation = performance.now()));
  observer.observe(document.querySelector("main"), {childList: true, subtree: true, attributes: true, characterData: true});
  const frameDone = new Promise((resolve) => requestAnimationFrame((frameStart) => {
    const channel = new MessageChannel();
    const callbackAt = performance.now();
    channel.port1.onmessage = () => resolve({frameStart, callbackAt, frameEnd: performance.now()});
    channel.port2.postMessage(null);
  }));
  const start = performance.now();
  fire();
  // Framework recomputes cells asynchronously: wait until the page is quiet.
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  observer.disconnect();
  const {frameStart, callbackAt, frameEnd} = await frameDone;
  return {latencyMs: Math.max(0, lastMutation - start), frameMs: frameEnd - callbackAt, frameWaitMs: callbackAt - frameStart, inFrame: lastMutation <= frameEnd};
}`;

/** Scrolls the control to the middle of the viewport, where a reader has it when they use it. */
async function centre(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const control = document.querySelector(selector);
    if (!control) throw new Error(`no control ${selector}`);
    control.scrollIntoView({block: "center"});
  }, selector);
  // Let the page's visibility observers report the new scroll position before the first input.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function measureSliderRender(
  browser: Browser,
  pageUrl: string,
  sliderLabel: string,
  values: readonly number[]
): Promise<RenderTiming> {
  const prepare = (page: Page) => centre(page, `input[type=range][aria-label^="${sliderLabel}"]`);
  return measureInputs(
    browser,
    pageUrl,
    values.length,
    (page, trial) =>
      page.evaluate(
        async ({sliderLabel, value}) => {
          const slider = document.querySelector<HTMLInputElement>(`input[type=range][aria-label^="${sliderLabel}"]`);
          if (!slider) throw new Error(`no slider labelled ${sliderLabel}`);
          return (window as unknown as {untilQuiet: UntilQuiet}).untilQuiet(() => {
            slider.value = String(value);
            slider.dispatchEvent(new Event("input", {bubbles: true}));
          }, 250);
        },
        {sliderLabel, value: values[trial]!}
      ),
    prepare
  );
}

/**
 * One keystroke in a textarea: `text` is loaded first (not timed), then each
 * trial types a space at the end as the browser's own editing does
 * (execCommand insertText: an incremental edit that fires `input`).
 */
export async function measureTextEdit(
  browser: Browser,
  pageUrl: string,
  boxSelector: string,
  text: string,
  trials: number
): Promise<RenderTiming> {
  // A textarea takes its text as a value; CodeMirror (lesson 2's editor) as the paste it would get.
  const load = async (page: Page) => {
    // Lesson 2's editor loads as the reader comes near it.
    await page.evaluate(() => document.querySelector("[data-loads-when-near]")?.scrollIntoView());
    await page.locator(boxSelector).focus();
    await page.keyboard.press("Control+A");
    await page.evaluate(
      ({boxSelector, text}) => {
        const box = document.querySelector<HTMLElement>(boxSelector);
        if (!box) throw new Error(`no text box ${boxSelector}`);
        if (box instanceof HTMLTextAreaElement) {
          box.value = text;
          box.dispatchEvent(new Event("input", {bubbles: true}));
          return;
        }
        const clipboardData = new DataTransfer();
        clipboardData.setData("text/plain", text);
        box.dispatchEvent(new ClipboardEvent("paste", {clipboardData, bubbles: true, cancelable: true}));
      },
      {boxSelector, text}
    );
    await page.waitForTimeout(1000);
    await centre(page, boxSelector);
  };
  return measureInputs(
    browser,
    pageUrl,
    trials,
    async (page) => {
      // The caret to the text's end, as a reader's Ctrl+End puts it (not timed).
      await page.locator(boxSelector).focus();
      await page.keyboard.press("Control+End");
      return page.evaluate(
        async ({boxSelector}) => {
          const box = document.querySelector<HTMLElement>(boxSelector)!;
          return (window as unknown as {untilQuiet: UntilQuiet}).untilQuiet(() => {
            box.focus({preventScroll: true});
            document.execCommand("insertText", false, " ");
          }, 400);
        },
        {boxSelector}
      );
    },
    load
  );
}

/** A checkbox toggled by its label text, `trials` times (on, off, on, ...). */
export async function measureToggle(
  browser: Browser,
  pageUrl: string,
  labelText: string,
  trials: number
): Promise<RenderTiming> {
  return measureInputs(
    browser,
    pageUrl,
    trials,
    (page) =>
      page.evaluate(
        async ({labelText}) => {
          const label = [...document.querySelectorAll("label")].find((candidate) =>
            candidate.textContent?.trim().startsWith(labelText)
          );
          const checkbox = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
          if (!(checkbox instanceof HTMLInputElement)) throw new Error(`no checkbox labelled ${labelText}`);
          return (window as unknown as {untilQuiet: UntilQuiet}).untilQuiet(() => checkbox.click(), 250);
        },
        {labelText}
      ),
    (page) =>
      page.evaluate((labelText) => {
        const label = [...document.querySelectorAll("label")].find((candidate) =>
          candidate.textContent?.trim().startsWith(labelText)
        );
        label?.scrollIntoView({block: "center"});
        return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      }, labelText)
  );
}
