// @vitest-environment jsdom
/**
 * Snapshots of the push delivery charts for named experiments, normalised as in
 * Plot's own tests. A change to a chart or to the simulator shows up here as a
 * reviewable SVG diff (test/snapshots/*-changed.svg).
 */
import {describe, expect, it} from "vitest";
import {findDeliveryExperiment, simulateDelivery, type DeliveryRun} from "../../lib/delivery/index.js";
import {AttemptSwimlane, ReceiverDecisions, ReceiverState} from "../../src/components/delivery/index.js";
import {findChartSvg} from "../../src/components/export/standalone-svg.js";
import {compareSnapshot} from "../snapshot.js";
import {absolute, drawnAxis} from "./drawn-axis.js";

function runOf(experimentId: string): DeliveryRun {
  const experiment = findDeliveryExperiment(experimentId);
  if (!experiment) throw new Error(`no experiment ${experimentId}`);
  return simulateDelivery(experiment.overrides);
}

/** [start, end] of a drawn time axis: where its plot area's edges fall on the axis its ticks show. */
function drawnTimeAxis(chart: Element): [number, number] {
  const svg = findChartSvg(chart)!;
  const outline = svg.querySelector("rect.plot-outline")!;
  const left = Number(outline.getAttribute("x")) - 0.5;
  const right = left + Number(outline.getAttribute("width"));
  const axis = drawnAxis(svg, "g.x-axis");
  return [Math.round(axis.valueAt(left) * 1000) / 1000, Math.round(axis.valueAt(right))];
}

function chartSvg(chart: Element): string {
  return findChartSvg(chart)!.outerHTML;
}

describe("push delivery charts", () => {
  it.each(["baseline", "dedup-off", "delete-at-3s", "ordering-off"])("swimlane: %s", (id) => {
    const run = runOf(id);
    const chart = AttemptSwimlane(run, {width: 640});
    expect(compareSnapshot(`delivery-swimlane-${id}`, chartSvg(chart))).toBeNull();
  });

  it("swimlane draws one bar per attempt and one mark per suppressed attempt", () => {
    const run = runOf("delete-at-3s");
    const svg = findChartSvg(AttemptSwimlane(run, {width: 640}))!;
    const links = svg.querySelectorAll("g.attempt-bars > path");
    expect(links).toHaveLength(run.attempts.length);
    expect(run.suppressedAttempts.length).toBeGreaterThan(0);
    expect([...svg.querySelectorAll("text")].filter((text) => text.textContent === "suppressed")).toHaveLength(
      run.suppressedAttempts.length
    );
  });

  // The snapshots hold the drawing; these hold it to the model: each mark, read back through the axis the chart draws, is at the run's value.
  it.each(["baseline", "dedup-off", "delete-at-3s", "long-outage", "ordering-off"])(
    "swimlane %s: each bar runs from dispatch to arrival, each symbol at the sender's moment, on the drawn axis",
    (id) => {
      const run = runOf(id);
      const svg = findChartSvg(AttemptSwimlane(run, {width: 640}))!;
      const axis = drawnAxis(svg, "g.x-axis");
      const bars = [...svg.querySelectorAll("g.attempt-bars > path")].map((path) =>
        /^M([-\d.]+),[-\d.]+H([-\d.]+)$/
          .exec(path.getAttribute("d")!)!
          .slice(1)
          .map((px) => axis.valueAt(Number(px)))
      );
      expect(bars).toHaveLength(run.attempts.length);
      run.attempts.forEach((attempt, index) => {
        expect(bars[index]![0]).toBeCloseTo(attempt.dispatchedAtSeconds, 6);
        expect(bars[index]![1]).toBeCloseTo(attempt.arrivesAtSeconds, 6);
      });
      const seen = run.attempts.filter((attempt) => attempt.sender.kind !== "waiting");
      const dots = [...svg.querySelectorAll("g.sender-dots > path")].map((path) =>
        axis.valueAt(absolute(path, "x", "__none__"))
      );
      expect(dots).toHaveLength(seen.length);
      seen.forEach((attempt, index) => expect(dots[index]).toBeCloseTo(attempt.sender.atSeconds, 6));
    }
  );

  it.each(["baseline", "dedup-off", "ordering-off"])(
    "receiver charts %s: each arrival dot at its arrival, each regression at its time and sequence, on the drawn axes",
    (id) => {
      const run = runOf(id);
      const decisions = findChartSvg(ReceiverDecisions(run, {width: 640}))!;
      const time = drawnAxis(decisions, "g.x-axis");
      const dots = [...decisions.querySelectorAll("g.arrival-dots circle")].map((circle) =>
        time.valueAt(Number(circle.getAttribute("cx")))
      );
      expect(dots).toHaveLength(run.attempts.length);
      run.attempts.forEach((attempt, index) => expect(dots[index]).toBeCloseTo(attempt.arrivesAtSeconds, 6));
      const state = findChartSvg(ReceiverState(run, {width: 640}))!;
      const [x, y] = [drawnAxis(state, "g.x-axis"), drawnAxis(state, "g.y-axis")];
      const marks = [...state.querySelectorAll("g.regression-marks > g")].map((mark) => [
        x.valueAt(absolute(mark, "x", "__none__")),
        y.valueAt(absolute(mark, "y", "__none__"))
      ]);
      const regressions = run.receiverStates.filter((sample) => sample.regression);
      expect(marks).toHaveLength(regressions.length);
      regressions.forEach((sample, index) => {
        expect(marks[index]![0]).toBeCloseTo(sample.atSeconds, 6);
        expect(marks[index]![1]).toBeCloseTo(sample.shownSequence!, 6);
      });
    }
  );

  it.each(["baseline", "dedup-off", "ordering-off"])("receiver decisions and state: %s", (id) => {
    const run = runOf(id);
    expect(
      compareSnapshot(`delivery-receiver-decisions-${id}`, chartSvg(ReceiverDecisions(run, {width: 640})))
    ).toBeNull();
    expect(compareSnapshot(`delivery-receiver-state-${id}`, chartSvg(ReceiverState(run, {width: 640})))).toBeNull();
  });

  it("two runs drawn beside each other (compare, model vs real) start their plots at one x, whatever their row names", () => {
    const model = simulateDelivery({sender: "a2a-js"});
    // Other row names: more updates (U10 is wider than U1) and other states.
    const other = simulateDelivery({
      sender: "teaching",
      updates: Array.from({length: 12}, (_, k) => ({
        atSeconds: k,
        eventId: `evt-${k}`,
        sequence: k + 1,
        taskState: "working" as const
      }))
    });
    const plotLeft = (chart: Element) =>
      Number(findChartSvg(chart)!.querySelector("rect.plot-outline")!.getAttribute("x"));
    const alone = [plotLeft(AttemptSwimlane(model, {width: 640})), plotLeft(AttemptSwimlane(other, {width: 640}))];
    expect(alone[0]).not.toBe(alone[1]);
    expect(plotLeft(AttemptSwimlane(model, {width: 640, alongside: other}))).toBe(
      plotLeft(AttemptSwimlane(other, {width: 640, alongside: model}))
    );
  });

  it("marks every regression the run reports", () => {
    const run = runOf("ordering-off");
    expect(run.summary.regressions).toBeGreaterThan(0);
    const svg = findChartSvg(ReceiverState(run, {width: 640}))!;
    expect([...svg.querySelectorAll("text")].filter((text) => text.textContent === "regression")).toHaveLength(
      run.summary.regressions
    );
  });

  it.each(["baseline", "delete-at-3s", "long-outage", "localhost-url"])(
    "%s: the three charts share one time axis, a multiple of 10 s past everything the run shows",
    (id) => {
      const run = runOf(id);
      // Each axis end is read from where the chart draws its ticks.
      const domains = [AttemptSwimlane, ReceiverDecisions, ReceiverState].map((chart) =>
        drawnTimeAxis(chart(run, {width: 640}))
      );
      const [start, end] = domains[0]!;
      for (const domain of domains) expect(domain).toEqual([start, end]);
      expect(start).toBe(0);
      expect(end! % 10).toBe(0);
      expect(end).toBeGreaterThanOrEqual(
        Math.max(
          run.endsAtSeconds,
          run.config.deleteConfigAtSeconds ?? 0,
          run.config.receiverUnavailableUntilSeconds,
          1
        )
      );
      expect(end! - 10).toBeLessThan(
        Math.max(
          run.endsAtSeconds,
          run.config.deleteConfigAtSeconds ?? 0,
          run.config.receiverUnavailableUntilSeconds,
          1
        )
      );
    }
  );

  it("draws every sender's run, a still-waiting a2a-java and Svix's hours-long schedule included, with finite marks", () => {
    for (const sender of ["a2a-js", "a2a-python", "a2a-go", "a2a-java", "svix", "convoy"] as const) {
      const run = simulateDelivery({sender, receiverUnavailableUntilSeconds: 400});
      for (const chart of [
        AttemptSwimlane(run, {width: 640}),
        ReceiverDecisions(run, {width: 640}),
        ReceiverState(run, {width: 640})
      ]) {
        expect(chart.outerHTML, sender).not.toMatch(/NaN|Infinity/);
      }
    }
    // Svix's fourth attempt comes half an hour in: the axis counts minutes.
    const svix = findChartSvg(
      AttemptSwimlane(simulateDelivery({sender: "svix", receiverUnavailableUntilSeconds: 400}), {width: 640})
    )!;
    expect(svix.querySelector(".x-axis-label")!.textContent).toBe("modeled time (min) →");
    const java = findChartSvg(AttemptSwimlane(simulateDelivery({sender: "a2a-java"}), {width: 640}))!;
    expect(java.querySelectorAll(".sender-dots path")).toHaveLength(0);
  });

  it("says so when nothing reached the receiver", () => {
    const run = runOf("localhost-url");
    const chart = ReceiverDecisions(run, {width: 640});
    // Said in a paragraph that wraps, never as SVG text laid over the frame.
    expect(chart.querySelector(".chart-empty-note")!.textContent).toContain(run.summary.blockedReason);
    expect(findChartSvg(chart)!.textContent).not.toContain(run.summary.blockedReason);
  });
});
