/**
 * Every lesson input has what it drives on screen where the reader changes it: at 1280x800 and
 * 1024x768 at least half of a chart of its lab, at 390x844 a page no wider than the screen,
 * the input inside it, and the lab's key figures or half a chart in view (scripts/layout-measure.ts).
 */
import {describe, expect, it} from "vitest";
import {describePlacement, LAYOUT_VIEWPORTS, measurePageLayout, placementPasses} from "../../scripts/layout-measure.js";
import {useBuiltSite} from "./browser.js";

const LESSONS = ["push-delivery", "message-transaction", "agent-selection", "webhook-authentication", "retry-storms"];
// Lesson 1 has 17 inputs (the sender, its jitter seed and the A2A version included), lesson 2 three (example, A2A-Version and request), lesson 3 thirteen, lesson 4 nineteen and lesson 5 eleven (each with the A2A version).
const INPUTS = {"push-delivery": 17, "message-transaction": 3, "agent-selection": 13, "webhook-authentication": 19, "retry-storms": 11};
const site = useBuiltSite();

describe.each(LAYOUT_VIEWPORTS)("at $name", (viewport) => {
  it.each(LESSONS)("every input of %s has what it drives on screen", async (lesson) => {
    const {page} = await site.open(lesson, {viewport: {width: viewport.width, height: viewport.height}});
    const layout = await measurePageLayout(page);
    expect(layout.inputs).toHaveLength(INPUTS[lesson as keyof typeof INPUTS]);
    expect(layout.scrollWidth, "the page is no wider than the screen").toBeLessThanOrEqual(layout.viewportWidth);
    const failing = layout.inputs.filter((placement) => !placementPasses(placement, viewport.phone)).map(describePlacement);
    expect(failing).toEqual([]);
  });
});
