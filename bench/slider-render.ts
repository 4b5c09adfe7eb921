/**
 * How long a lesson page takes to recompute and redraw every chart after one
 * slider move, measured in Chromium: from the input event to the last DOM
 * mutation inside the page's main element (a 60 Hz frame is 16.7 ms).
 */
import type {Browser} from "playwright-core";

export interface RenderTiming {
  page: string;
  slider: string;
  trials: number;
  medianMs: number;
  maxMs: number;
}

export async function measureSliderRender(browser: Browser, pageUrl: string, sliderLabel: string, values: readonly number[]): Promise<RenderTiming> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForLoadState("networkidle");
  const durations: number[] = [];
  for (const value of values) {
    const ms = await page.evaluate(async ({sliderLabel, value}) => {
      const slider = document.querySelector<HTMLInputElement>(`input[type=range][aria-label^="${sliderLabel}"]`);
      if (!slider) throw new Error(`no slider labelled ${sliderLabel}`);
      const main = document.querySelector("main")!;
      let lastMutation = 0;
      const observer = new MutationObserver(() => (lastMutation = performance.now()));
      observer.observe(main, {childList: true, subtree: true, attributes: true, characterData: true});
      const start = performance.now();
      slider.value = String(value);
      slider.dispatchEvent(new Event("input", {bubbles: true}));
      // Framework recomputes cells asynchronously: wait until the page is quiet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      observer.disconnect();
      return lastMutation === 0 ? Number.NaN : lastMutation - start;
    }, {sliderLabel, value});
    durations.push(ms);
  }
  await context.close();
  const sorted = durations.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error(`moving ${sliderLabel} changed nothing on ${pageUrl}`);
  return {page: pageUrl, slider: sliderLabel, trials: sorted.length, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted[sorted.length - 1]!};
}
