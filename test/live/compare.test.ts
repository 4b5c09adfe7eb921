/** The loopback proof's timing rule (compare.ts): lateness may carry along a chain, each step adds at most the tolerance. */
import {describe, expect, it} from "vitest";
import {timingDifferences, type Timing} from "./compare.js";

const step = (modelSeconds: number, observedSeconds: number, isOutcome = false): Timing => ({
  modelSeconds,
  observedSeconds,
  isOutcome,
  what: `step at ${modelSeconds}`
});

describe("timingDifferences", () => {
  it("accepts lateness that grows a little at each step of a chain", () => {
    expect(
      timingDifferences(
        [
          step(0, 0.1),
          step(4, 4.1, true),
          step(4, 4.1),
          step(8, 8.4, true),
          step(8, 8.4),
          step(12, 12.4, true),
          step(12, 12.4),
          step(16, 16.5, true)
        ],
        0.5
      )
    ).toEqual([]);
  });

  it("refuses one step that runs late by more than the tolerance", () => {
    expect(timingDifferences([step(0, 0.1), step(4, 5.2)], 0.5)).toEqual([
      "step at 4 at 5.2 s, predicted 4.0 s (earlier steps ran 0.1 s late)"
    ]);
  });

  it("refuses a step that comes early, whatever ran late before it", () => {
    expect(timingDifferences([step(0, 0.4), step(4, 3.4)], 0.5)).toHaveLength(1);
  });

  it("checks a step against the steps before it in modeled time, not in the order given", () => {
    expect(timingDifferences([step(8, 8.9), step(4, 4.45)], 0.5)).toEqual([]);
    expect(timingDifferences([step(8, 8.9), step(4, 4.1)], 0.5)).toHaveLength(1);
  });
});
