/**
 * Slide exports and the "draw at size" contract (chart-at-size.ts): every exportable chart of
 * every lesson answers drawChartAtSize and offers "Slide 16:9"; the slide is a 1920×1080 PNG;
 * a compared chart drawn at a slide's size lays its two runs side by side, each named; the
 * page's drawing (whole=false) carries the playback's cursor, an export's (whole=true) does not.
 */
import {readFileSync} from "node:fs";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
const LESSONS = ["push-delivery", "message-transaction", "agent-selection", "webhook-authentication", "retry-storms"];

/** What a chart answered, asked through chart-at-size.ts's event (the class deck asks the same way). */
interface DrawnAtSize {
  answered: boolean;
  /** The drawing's outer width laid out in a box `width` wide, and each run's part (compared) or the chart alone. */
  parts: {name: string; left: number; top: number; right: number; svgWidth: number; fontSize: string}[];
  /** Marks the playback fades (swimlane: stroke-opacity 0.25), as drawn. */
  faded: number;
}

/** Asks the `index`-th exportable chart (under `scope`) for a drawing at width × height in 28 px slide type, laid out in the page. */
function drawAtSize(
  page: Page,
  {
    scope = "",
    index = 0,
    width,
    height,
    whole
  }: {scope?: string; index?: number; width: number; height: number; whole: boolean}
): Promise<DrawnAtSize> {
  return page.evaluate(`(() => {
    const holder = document.querySelectorAll(${JSON.stringify(`${scope} .exportable-chart`.trim())})[${index}];
    const type = {body: 28, small: 25.2, heading: 32.2, line: 36, unit: 2.8, widthOf: (text, size = 28) => text.length * size * 0.62};
    const request = {size: {width: ${width}, height: ${height}, type}, whole: ${whole}, drawing: null};
    holder.dispatchEvent(new CustomEvent("drawatsize", {detail: request}));
    if (request.drawing === null) return {answered: false, parts: [], faded: 0};
    const box = document.createElement("div");
    box.style.cssText = "position: absolute; left: 0; top: 0; width: ${width}px;";
    box.append(request.drawing);
    document.body.append(box);
    const runs = request.drawing.matches(".compared-charts") ? [...request.drawing.querySelectorAll(":scope > .compared-run")] : [request.drawing];
    const parts = runs.map((run) => {
      const svg = run.localName === "svg" ? run : [...run.querySelectorAll("svg")].find((one) => !one.closest("[class$='-swatch']"));
      const rect = svg.getBoundingClientRect();
      return {name: run.querySelector?.(".compared-name")?.textContent ?? "", left: rect.left, top: rect.top, right: rect.right, svgWidth: Number(svg.getAttribute("width")), fontSize: svg.getAttribute("font-size")};
    });
    const faded = request.drawing.querySelectorAll("[stroke-opacity='0.25']").length;
    box.remove();
    return {answered: true, parts, faded};
  })()`);
}

describe("every chart answers at any size and exports a 16:9 slide", () => {
  it.each(LESSONS)(
    "%s: every exportable chart answers drawChartAtSize, and its slide is a 1920×1080 PNG",
    async (lesson) => {
      const {page} = await site.open(lesson);
      const charts = page.locator(".exportable-chart");
      const count = await charts.count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index++) {
        const chart = charts.nth(index);
        const name = await chart.getAttribute("data-chart");
        expect(await chart.getAttribute("data-draws-at-size"), name!).not.toBeNull();
        const drawn = await drawAtSize(page, {index, width: 1200, height: 700, whole: true});
        expect(drawn.answered, name!).toBe(true);
        // Drawn by the chart's own view at the width asked, in the slide's type (not scaled up as a picture).
        expect(
          drawn.parts.map((part) => [part.svgWidth, part.fontSize]),
          name!
        ).toEqual([[1200, "28"]]);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          chart.getByRole("button", {name: /on a Slide 16:9/}).click()
        ]);
        expect(download.suggestedFilename()).toBe(
          `a2a-workbench-${lesson}-${name!.replace(/[^a-z0-9]+/g, "-")}-slide--${lesson === "message-transaction" ? "valid-send" : "defaults"}.png`
        );
        const png = readFileSync((await download.path())!);
        expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], name!).toEqual([1920, 1080]);
        expect(await chart.locator(".export-status").textContent()).toBe("");
      }
    }
  );
});

describe("a compared chart on a slide", () => {
  const COMPARED = [
    ["push-delivery?vs=baseline&ignoreSeenEventIds=false", "Current run: Receiver ignores seen event ids: off"],
    ["message-transaction?vs=baseline&example=notification", "Current run: Example: A notification"],
    ["agent-selection?vs=baseline&latencyWeight=0", "Current run: Latency weight: 0 relative weight"],
    ["webhook-authentication?vs=baseline&clockSkewSeconds=400", "Current run: Receiver clock skew: 400 s"],
    ["retry-storms?vs=baseline&strategy=full", "Current run: Retry strategy: Full jitter"]
  ] as const;

  it.each(COMPARED)(
    "%s: the lab's first chart lays its two runs side by side, the pinned one on the left, each named",
    async (path, current) => {
      const {page} = await site.open(path);
      // Lesson 5's storm is computed in a worker: its chart is drawn when the run arrives.
      await expect.poll(() => page.locator(".lab-stage .exportable-chart").count()).toBeGreaterThan(0);
      const drawn = await drawAtSize(page, {scope: ".lab-stage", width: 1820, height: 800, whole: true});
      expect(drawn.answered).toBe(true);
      // Lesson 5's load chart draws both runs as panels of one chart (one time axis), the others as two parts.
      if (path.startsWith("retry-storms")) {
        expect(drawn.parts).toHaveLength(1);
        expect(drawn.parts[0]!.svgWidth).toBe(1820);
        return;
      }
      expect(drawn.parts).toHaveLength(2);
      const [pinned, currentPart] = drawn.parts as [DrawnAtSize["parts"][0], DrawnAtSize["parts"][0]];
      expect(pinned.name).toMatch(/^Pinned run: /);
      expect(currentPart.name.startsWith(current)).toBe(true);
      // Each run at half the width less a gap of two ems, the current run to the right of the pinned one, level with it.
      for (const part of drawn.parts) expect(part.svgWidth).toBe(Math.floor((1820 - 2 * 28) / 2));
      expect(currentPart.left).toBeGreaterThanOrEqual(pinned.right);
      expect(Math.abs(currentPart.top - pinned.top)).toBeLessThan(3 * 36);
      const chart = page.locator(".lab-stage .exportable-chart").first();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        chart.getByRole("button", {name: /on a Slide 16:9/}).click()
      ]);
      expect(download.suggestedFilename()).toMatch(/-slide--.+--vs--.+\.png$/);
      const png = readFileSync((await download.path())!);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1920, 1080]);
    }
  );

  it("the page's drawing follows the playback (the class deck's), the whole run's does not (an export's)", async () => {
    const {page} = await site.open("push-delivery");
    await page.locator(".playback").first().locator(".playback-next").click();
    await expect.poll(() => page.locator(".decision-trace > li").count()).toBe(1);
    const followed = await drawAtSize(page, {scope: ".lab-stage", width: 1600, height: 800, whole: false});
    const whole = await drawAtSize(page, {scope: ".lab-stage", width: 1600, height: 800, whole: true});
    expect(followed.faded).toBeGreaterThan(0);
    expect(whole.faded).toBe(0);
  });
});
