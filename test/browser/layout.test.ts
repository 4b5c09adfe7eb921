/**
 * Every lesson input has what it drives on screen where the reader changes it: at 1280x800 and
 * 1024x768 at least half of a chart of its lab; on a phone (390x844, 320x640, and 1280x800 at 200%
 * zoom, 640x400) a page no wider than the screen, the input inside it, and the lab's key figures or
 * half a chart in view, the pinned figures covering at most a quarter of the screen
 * (scripts/layout-measure.ts).
 */
import {describe, expect, it} from "vitest";
import {
  describePlacement,
  LAYOUT_VIEWPORTS,
  MAX_PINNED_FIGURES_SHARE,
  measurePageLayout,
  placementPasses
} from "../../scripts/layout-measure.js";
import {LESSON_SLUGS, type LessonSlug} from "../../src/lessons.js";
import {useBuiltSite} from "./browser.js";

// Lesson 1 has 17 inputs (the sender, its jitter seed and the A2A version included) and 6 in its live lab (port, four faults, the model's sender), lesson 2 three (example, A2A-Version and request), lesson 3 thirteen, lesson 4 twenty-seven (the JWT and key-rotation labs included) and its live lab's port, and lesson 5 eleven (each with the A2A version).
const INPUTS: Record<LessonSlug, number> = {
  "push-delivery": 23,
  "message-transaction": 3,
  "agent-selection": 13,
  "webhook-authentication": 28,
  "retry-storms": 11
};
const site = useBuiltSite();

describe.each(LAYOUT_VIEWPORTS)("at $name", (viewport) => {
  it.each(LESSON_SLUGS)("every input of %s has what it drives on screen", async (lesson) => {
    const {page} = await site.open(lesson, {viewport: {width: viewport.width, height: viewport.height}});
    const layout = await measurePageLayout(page);
    expect(layout.inputs).toHaveLength(INPUTS[lesson]);
    expect(layout.scrollWidth, "the page is no wider than the screen").toBeLessThanOrEqual(layout.viewportWidth);
    const failing = layout.inputs
      .filter((placement) => !placementPasses(placement, viewport.phone))
      .map(describePlacement);
    expect(failing).toEqual([]);
    if (viewport.phone)
      expect(layout.pinnedFiguresShare, "the pinned figures' share of the screen's height").toBeLessThanOrEqual(
        MAX_PINNED_FIGURES_SHARE
      );
  });
});

describe("lesson 4's timestamp inputs", () => {
  // The tolerance and the clock skew move the request in or out of the receiver's window: the
  // chart that draws it is in their lab, on screen where the reader moves them.
  it.each(LAYOUT_VIEWPORTS.filter((viewport) => !viewport.phone))(
    "have the timestamp window chart on screen at $name",
    async (viewport) => {
      const {page} = await site.open("webhook-authentication", {
        viewport: {width: viewport.width, height: viewport.height}
      });
      const layout = await measurePageLayout(page);
      const placements = layout.inputs.filter((placement) =>
        /^(Timestamp tolerance|Receiver clock skew)/.test(placement.input)
      );
      expect(placements.map((placement) => placement.input)).toHaveLength(2);
      for (const placement of placements) {
        expect({input: placement.input, chart: placement.bestChart}).toEqual({
          input: placement.input,
          chart: "timestamp window"
        });
        expect(placement.bestChartVisible, describePlacement(placement)).toBeGreaterThanOrEqual(0.5);
      }
    }
  );
});

describe("lesson 3 at 320x640", () => {
  it("keeps its pinned figures to a quarter of the screen while a run is compared, and draws no negative width", async () => {
    const {page, problems} = await site.open("agent-selection?vs=baseline&latencyWeight=0", {
      viewport: {width: 320, height: 640}
    });
    const layout = await measurePageLayout(page);
    expect(await page.locator(".lab-figures .headline-pinned").count(), "the pinned run is in the figures").toBe(1);
    expect(layout.pinnedFiguresShare).toBeLessThanOrEqual(MAX_PINNED_FIGURES_SHARE);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.viewportWidth);
    // Every bar of the ranking and candidates charts lies within its chart.
    const outside = await page.$$eval(".lab .exportable-chart svg rect", (rects) =>
      rects.flatMap((rect) => {
        const svg = (rect as SVGRectElement).ownerSVGElement!;
        const [x, width] = [Number(rect.getAttribute("x") ?? 0), Number(rect.getAttribute("width") ?? 0)];
        return width < 0 || x < 0 || x + width > Number(svg.getAttribute("width")) + 0.5
          ? [`${x}+${width} in ${svg.getAttribute("width")}`]
          : [];
      })
    );
    expect(outside).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
