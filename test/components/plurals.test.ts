// @vitest-environment jsdom
/**
 * A count reads with its noun in the right number: "1 regression", "0 regressions", "4 effects applied"
 * (issue #23: "1 regressions", "1 updates exhausted").
 */
import {describe, expect, it} from "vitest";
import {deliveryExperiments, simulateDelivery} from "../../lib/delivery/index.js";
import {DeliverySummaryFigures} from "../../src/components/delivery/summary-figures.js";
import {counted, plural} from "../../src/components/format/number-format.js";
import {SummaryFigure} from "../../src/components/chart/summary-figure.js";

const PLURAL_NOUNS = /\b(requests|updates|responses|effects|regressions|attempts)\b/;

const figures = (root: HTMLElement) =>
  [...root.querySelectorAll(".summary-figure")].map((figure) => ({
    value: figure.querySelector(".figure-value")!.textContent ?? "",
    label: figure.querySelector(".figure-label")!.textContent ?? ""
  }));

describe("counts and their nouns", () => {
  it("plural and counted choose the singular for exactly 1", () => {
    expect([0, 1, 2].map((count) => counted(count, "regression"))).toEqual([
      "0 regressions",
      "1 regression",
      "2 regressions"
    ]);
    expect(plural(1, "retry", "retries")).toBe("retry");
    expect(counted(1_500, "update")).toBe("1,500 updates");
  });

  it("a figure's label follows its value, also when compared with a pinned run", () => {
    const label = ["regression", "regressions"] as const;
    expect(SummaryFigure(1, label).querySelector(".figure-label")!.textContent).toBe("regression");
    expect(SummaryFigure(0, label).querySelector(".figure-label")!.textContent).toBe("regressions");
    expect(SummaryFigure(1, label, false, 0).textContent).toBe("0 → 1, +1regression");
  });

  it("no lesson 1 figure of 1 names its noun in the plural, over the lesson's experiments", () => {
    const seen = new Set<string>();
    for (const overrides of [{}, ...deliveryExperiments.map((experiment) => experiment.overrides)]) {
      for (const {value, label} of figures(DeliverySummaryFigures(simulateDelivery(overrides)))) {
        // "of 4 updates acknowledged" counts the updates, not the value.
        if (value !== "1" || label.startsWith("of ")) continue;
        seen.add(label);
        expect(label).not.toMatch(PLURAL_NOUNS);
      }
    }
    // The runs above hold a figure of 1 with a noun to agree, among them a regression and an exhausted update.
    expect([...seen]).toEqual(expect.arrayContaining(["regression", "update exhausted"]));
  });
});
