// @vitest-environment jsdom
/**
 * Lesson 5's work chart against its own legend: each kind of bar is painted exactly as its swatch.
 */
import {describe, expect, it} from "vitest";
import {runStormLesson, STORM_STRATEGIES, stormUnder} from "../../lib/storm/index.js";
import {DecisionTrace} from "../../src/components/decision-trace.js";
import {WorkChart} from "../../src/components/storm/index.js";

describe("the work chart", () => {
  it("paints its accepted and refused bars as their swatches, with no opacity the swatches lack", () => {
    const storm = runStormLesson({senders: 200});
    const byStrategy = Object.fromEntries(
      STORM_STRATEGIES.map((strategy) => [strategy, stormUnder(storm.inputs, strategy)])
    );
    const chart = WorkChart(byStrategy, storm.inputs.strategy, {width: 640});
    const swatches = [...chart.querySelectorAll(".chart-swatch svg")].map((swatch) => swatch.getAttribute("fill"));
    const bars = [...chart.querySelectorAll(".work-row rect")];
    expect(swatches).toHaveLength(2);
    // Each row: the accepted bar, then the refused one.
    bars.forEach((bar, index) => {
      expect(bar.getAttribute("fill")).toBe(swatches[index % 2]);
      expect(bar.getAttribute("fill-opacity")).toBeNull();
    });
    expect(bars).toHaveLength(2 * STORM_STRATEGIES.length);
  });
});

describe("the decision trace before anything is revealed", () => {
  it("names its entries as the playback does: lesson 5's stretches, decisions elsewhere", () => {
    expect(DecisionTrace([], 9, {entry: {name: "stretch", plural: "stretches"}}).textContent).toBe(
      "Nothing revealed yet: press Play, or Next to step through 9 stretches one at a time."
    );
    expect(DecisionTrace([], 1, {entry: {name: "stretch", plural: "stretches"}}).textContent).toContain(
      "its one stretch."
    );
    expect(DecisionTrace([], 4).textContent).toContain("4 decisions");
  });
});
