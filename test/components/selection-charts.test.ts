// @vitest-environment jsdom
/**
 * Snapshots of the agent selection charts for the default policy and the lesson's
 * experiments, plus checks that tie the marks to lib/selection's result: one score
 * bar per eligible agent, one stage row per trace step, the removal labels.
 */
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  selectAgent,
  selectionExperimentPolicy,
  selectionExperiments,
  type SelectionResult
} from "../../lib/selection/index.js";
import {CandidatesByStage, RankingBreakdown, stageRemovalLabel} from "../../src/components/selection/index.js";
import {findChartSvg} from "../../src/components/export/standalone-svg.js";
import {typeScale} from "../../src/components/chart/type-scale.js";
import {compareSnapshot} from "../snapshot.js";
import {absolute, drawnAxis} from "./drawn-axis.js";

function resultOf(experimentId: string): SelectionResult {
  if (experimentId === "default") return selectAgent(defaultRegistry, defaultPolicy);
  const experiment = selectionExperiments.find((candidate) => candidate.id === experimentId);
  if (!experiment) throw new Error(`no experiment ${experimentId}`);
  return selectAgent(defaultRegistry, selectionExperimentPolicy(experiment));
}

const svgOf = (chart: Element) => findChartSvg(chart)!;
const texts = (svg: SVGSVGElement) => [...svg.querySelectorAll("text")].map((text) => text.textContent ?? "");
/** The ranking's bars: its group of term segments. */
const barRects = (svg: SVGSVGElement) => [...svg.querySelectorAll("g.term-bars rect")];

describe("agent selection charts", () => {
  it.each(["default", "expire-metadata", "zero-weights", "streaming-html"])("candidates by stage: %s", (id) => {
    expect(
      compareSnapshot(`selection-candidates-${id}`, svgOf(CandidatesByStage(resultOf(id), {width: 640})).outerHTML)
    ).toBeNull();
  });

  it.each(["default", "zero-weights", "streaming-html", "trust-tiny-sample"])("ranking breakdown: %s", (id) => {
    expect(
      compareSnapshot(`selection-ranking-${id}`, svgOf(RankingBreakdown(resultOf(id), {width: 640})).outerHTML)
    ).toBeNull();
  });

  it("draws one remaining bar per stage, and a removed bar only where the stage removed someone", () => {
    const result = resultOf("default");
    const svg = svgOf(CandidatesByStage(result, {width: 640}));
    const [remaining, removed] = [svg.querySelector("g.remaining-bars"), svg.querySelector("g.removed-bars")];
    expect(remaining!.querySelectorAll("rect")).toHaveLength(result.trace.length);
    expect(removed!.querySelectorAll("rect")).toHaveLength(
      result.trace.filter((decision) => decision.removed.length > 0).length
    );
    // Remaining counts are printed on the bars, from the trace.
    for (const decision of result.trace) expect(texts(svg)).toContain(String(decision.candidatesAfter));
  });

  it.each(["default", "expire-metadata", "zero-weights"])(
    "candidates %s: each stage's bars end at its counts, and each score bar at its score, on the drawn axis",
    (id) => {
      const result = resultOf(id);
      const candidates = svgOf(CandidatesByStage(result, {width: 640}));
      const count = drawnAxis(candidates, "g.x-axis");
      const remaining = [...candidates.querySelectorAll("g.remaining-bars rect")].map((rect) =>
        count.valueAt(Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")))
      );
      expect(remaining.map((value) => Math.round(value * 1e6) / 1e6)).toEqual(
        result.trace.map((decision) => decision.candidatesAfter)
      );
      const removed = [...candidates.querySelectorAll("g.removed-bars rect")].map((rect) =>
        count.valueAt(Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")))
      );
      expect(removed.map((value) => Math.round(value * 1e6) / 1e6)).toEqual(
        result.trace
          .filter((decision) => decision.candidatesBefore > decision.candidatesAfter)
          .map((decision) => decision.candidatesBefore)
      );
      const ranking = svgOf(RankingBreakdown(result, {width: 640}));
      const score = drawnAxis(ranking, "g.x-axis");
      // The last of each agent's three segments ends at its score.
      const ends = barRects(ranking)
        .filter((_, index) => index % 3 === 2)
        .map((rect) => score.valueAt(Number(rect.getAttribute("x")) + Number(rect.getAttribute("width"))));
      ends.forEach((end, index) => expect(end).toBeCloseTo(result.ranked[index]!.score, 6));
    }
  );

  it("labels each stage with who left by gate, as the trace counts them", () => {
    const result = resultOf("expire-metadata");
    expect(stageRemovalLabel(result, 4)).toBe("−2 metadata expired");
    expect(stageRemovalLabel(result, 6)).toBe(`4 ranked; ${result.contract!.agentId} selected`);
    const labels = texts(svgOf(CandidatesByStage(result, {width: 640})));
    for (let stage = 1; stage <= 6; stage++) expect(labels).toContain(stageRemovalLabel(result, stage));
  });

  it("fades the stages playback has not revealed", () => {
    const svg = svgOf(CandidatesByStage(resultOf("default"), {width: 640, revealedStages: 2}));
    const opacities = [...svg.querySelector("g.remaining-bars")!.querySelectorAll("rect")].map((rect) =>
      rect.getAttribute("fill-opacity")
    );
    expect(opacities).toEqual(["1", "1", "0.25", "0.25", "0.25", "0.25"]);
  });

  it("says at which stage nothing is left for an incompatibility", () => {
    const result = resultOf("streaming-html");
    expect(result.incompatibility).not.toBeNull();
    expect(texts(svgOf(CandidatesByStage(result, {width: 640})))).toContain("no candidate left: incompatibility");
  });

  it("stacks three weighted terms per eligible agent, in rank order, and prints each score", () => {
    const result = resultOf("default");
    const svg = svgOf(RankingBreakdown(result, {width: 640}));
    expect(barRects(svg)).toHaveLength(result.ranked.length * 3);
    const scoreLabels = texts(svg).filter((text) => text.startsWith("= "));
    expect(scoreLabels).toEqual(result.ranked.map((agent) => `= ${agent.score.toFixed(3)}`));
    const rowLabels = texts(svg).filter((text) => text.startsWith("#"));
    expect(rowLabels).toEqual(result.ranked.map((agent) => `#${agent.rank} ${agent.agentId}`));
  });

  it("draws each segment as wide as weight × term", () => {
    const result = resultOf("default");
    const svg = svgOf(RankingBreakdown(result, {width: 640}));
    const widthOf = (agentId: string, term: string) => {
      const rect = barRects(svg).find((candidate) =>
        candidate.querySelector("title")?.textContent?.startsWith(`${agentId}, ${term}`)
      );
      return Number(rect!.getAttribute("width"));
    };
    for (const agent of result.ranked) {
      // Widths share one x scale, so their ratio is the ratio of weighted terms.
      expect(
        widthOf(agent.agentId, "observed success") / widthOf(result.ranked[0]!.agentId, "observed success")
      ).toBeCloseTo(agent.terms.observedSuccess.weighted / result.ranked[0]!.terms.observedSuccess.weighted, 2);
    }
    const top = result.ranked[0]!;
    expect(widthOf(top.agentId, "observed success") / widthOf(top.agentId, "latency")).toBeCloseTo(
      top.terms.observedSuccess.weighted / top.terms.latency.weighted,
      2
    );
  });

  it("shows the incompatibility instead of bars when nothing is eligible", () => {
    const result = resultOf("streaming-html");
    const chart = RankingBreakdown(result, {width: 640});
    const svg = svgOf(chart);
    expect(barRects(svg)).toHaveLength(0);
    expect(chart.querySelector(".chart-empty-note")!.textContent).toContain("No eligible agent (0/13)");
    expect(svg.textContent).not.toContain("No eligible agent");
  });

  it("says that zero weights leave only the tie-break", () => {
    const chart = RankingBreakdown(resultOf("zero-weights"), {width: 640});
    expect(chart.querySelector(".chart-empty-note")!.textContent).toContain(
      "every score is 0: the order is the tie-break alone (agent id, ascending)."
    );
    expect(svgOf(chart).textContent).not.toContain("tie-break");
  });

  // 320 px screens leave the lab's stage about 250 px: the plot area must never go negative.
  it.each([120, 200, 256, 300, 400])("keeps every bar and label inside a %i px wide chart", (width) => {
    for (const id of ["default", ...selectionExperiments.map((experiment) => experiment.id)]) {
      for (const chart of [RankingBreakdown(resultOf(id), {width}), CandidatesByStage(resultOf(id), {width})]) {
        const svg = svgOf(chart);
        for (const rect of svg.querySelectorAll("rect")) {
          const [x, rectWidth] = [Number(rect.getAttribute("x")), Number(rect.getAttribute("width"))];
          expect({id, width, rectWidth: rectWidth >= 0, inside: x >= 0 && x + rectWidth <= width + 0.5}).toEqual({
            id,
            width,
            rectWidth: true,
            inside: true
          });
        }
        // Row labels start inside the chart (a narrow chart puts them above their bars).
        for (const text of svg.querySelectorAll(".row-labels text"))
          expect(absolute(text, "x")).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("wraps a candidates reason that is too long for a narrow chart", () => {
    const result = resultOf("default");
    const svg = svgOf(CandidatesByStage(result, {width: 256}));
    const reasons = [...svg.querySelectorAll(".removal-reasons text")];
    const lines = reasons.map((reason) => [...reason.querySelectorAll("tspan")].map((line) => line.textContent ?? ""));
    // Some reason takes more than one line, each line fits, and the lines read the whole reason.
    expect(Math.max(...lines.map((reasonLines) => reasonLines.length))).toBeGreaterThan(1);
    for (const line of lines.flat()) expect(typeScale().widthOf(line)).toBeLessThanOrEqual(256);
    expect(lines.map((reasonLines) => reasonLines.join(" "))).toEqual(
      result.trace.map((decision) => stageRemovalLabel(result, decision.atSeconds))
    );
  });
});
