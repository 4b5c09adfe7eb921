/**
 * What one slider move costs a lesson page in Chromium: the main thread's busy
 * time (script, style, layout) from Chrome's own task counters, and the latency
 * from the input event to the last DOM change. A 60 Hz frame is 16.7 ms.
 */
import type {Browser} from "playwright-core";

export interface RenderTiming {
  trials: number;
  /** Main-thread busy time per move (Chrome's TaskDuration), median and max. */
  busyMedianMs: number;
  busyMaxMs: number;
  scriptMedianMs: number;
  layoutAndStyleMedianMs: number;
  /** Input event to the last DOM mutation, including the runtime's scheduling. */
  latencyMedianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureSliderRender(browser: Browser, pageUrl: string, sliderLabel: string, values: readonly number[]): Promise<RenderTiming> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForLoadState("networkidle");
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
  for (const value of values) {
    const before = await counters();
    const ms = await page.evaluate(async ({sliderLabel, value}) => {
      const slider = document.querySelector<HTMLInputElement>(`input[type=range][aria-label^="${sliderLabel}"]`);
      if (!slider) throw new Error(`no slider labelled ${sliderLabel}`);
      let lastMutation = 0;
      const observer = new MutationObserver(() => (lastMutation = performance.now()));
      observer.observe(document.querySelector("main")!, {childList: true, subtree: true, attributes: true, characterData: true});
      const start = performance.now();
      slider.value = String(value);
      slider.dispatchEvent(new Event("input", {bubbles: true}));
      // Framework recomputes cells asynchronously: wait until the page is quiet.
      await new Promise((resolve) => setTimeout(resolve, 250));
      observer.disconnect();
      return lastMutation - start;
    }, {sliderLabel, value});
    const after = await counters();
    // The counters also include the idle wait's timer task and the evaluate call: a little overhead, never less.
    busy.push(after.task - before.task);
    script.push(after.script - before.script);
    layout.push(after.layout - before.layout);
    latency.push(ms);
  }
  await context.close();
  return {
    trials: values.length,
    busyMedianMs: median(busy),
    busyMaxMs: Math.max(...busy),
    scriptMedianMs: median(script),
    layoutAndStyleMedianMs: median(layout),
    latencyMedianMs: median(latency)
  };
}
