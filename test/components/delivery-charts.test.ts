// @vitest-environment jsdom
/**
 * Snapshots of the push delivery charts for named experiments, normalised as in
 * Plot's own tests. A change to a chart or to the simulator shows up here as a
 * reviewable SVG diff (test/snapshots/*-changed.svg).
 */
import {describe, expect, it} from "vitest";
import {findDeliveryExperiment, simulateDelivery, type DeliveryRun} from "../../lib/delivery/index.js";
import {AttemptSwimlane, ReceiverDecisions, ReceiverState} from "../../src/components/delivery/index.js";
import {findChartSvg} from "../../src/components/standalone-svg.js";
import {compareSnapshot} from "../snapshot.js";

function runOf(experimentId: string): DeliveryRun {
  const experiment = findDeliveryExperiment(experimentId);
  if (!experiment) throw new Error(`no experiment ${experimentId}`);
  return simulateDelivery(experiment.overrides);
}

/** [start, end] of a hand-drawn time axis, from its frame and the positions of its labelled ticks. */
function drawnTimeAxis(chart: Element): [number, number] {
  const svg = findChartSvg(chart)!;
  const frame = svg.querySelector("rect.frame")!;
  const left = Number(frame.getAttribute("x")) - 0.5;
  const right = left + Number(frame.getAttribute("width"));
  const ticks = [...svg.querySelectorAll("g.x-tick-labels text")].map((text) => ({at: Number(text.getAttribute("x")) - 0.5, value: Number(text.textContent!.replaceAll(",", ""))}));
  const first = ticks[0]!;
  const last = ticks[ticks.length - 1]!;
  const perPixel = (last.value - first.value) / (last.at - first.at);
  return [first.value - (first.at - left) * perPixel, Math.round(last.value + (right - last.at) * perPixel)];
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
    expect([...svg.querySelectorAll("text")].filter((text) => text.textContent === "suppressed")).toHaveLength(run.suppressedAttempts.length);
  });

  it.each(["baseline", "dedup-off", "ordering-off"])("receiver decisions and state: %s", (id) => {
    const run = runOf(id);
    expect(compareSnapshot(`delivery-receiver-decisions-${id}`, chartSvg(ReceiverDecisions(run, {width: 640})))).toBeNull();
    expect(compareSnapshot(`delivery-receiver-state-${id}`, chartSvg(ReceiverState(run, {width: 640})))).toBeNull();
  });

  it("marks every regression the run reports", () => {
    const run = runOf("ordering-off");
    expect(run.summary.regressions).toBeGreaterThan(0);
    const svg = findChartSvg(ReceiverState(run, {width: 640}))!;
    expect([...svg.querySelectorAll("text")].filter((text) => text.textContent === "regression")).toHaveLength(run.summary.regressions);
  });

  it.each(["baseline", "delete-at-3s", "long-outage", "localhost-url"])("%s: the three charts share one time axis, a multiple of 10 s past everything the run shows", (id) => {
    const run = runOf(id);
    // All three are drawn by hand: each axis end is read from where it draws its ticks.
    const domains = [AttemptSwimlane, ReceiverDecisions, ReceiverState].map((chart) => drawnTimeAxis(chart(run, {width: 640})));
    const [start, end] = domains[0]!;
    for (const domain of domains) expect(domain).toEqual([start, end]);
    expect(start).toBe(0);
    expect(end! % 10).toBe(0);
    expect(end).toBeGreaterThanOrEqual(Math.max(run.endsAtSeconds, run.config.deleteConfigAtSeconds ?? 0, run.config.receiverUnavailableUntilSeconds, 1));
    expect(end! - 10).toBeLessThan(Math.max(run.endsAtSeconds, run.config.deleteConfigAtSeconds ?? 0, run.config.receiverUnavailableUntilSeconds, 1));
  });

  it("draws every sender's run, a still-waiting a2a-java and Svix's hours-long schedule included, with finite marks", () => {
    for (const sender of ["a2a-js", "a2a-python", "a2a-go", "a2a-java", "svix", "convoy"] as const) {
      const run = simulateDelivery({sender, receiverUnavailableUntilSeconds: 400});
      for (const chart of [AttemptSwimlane(run, {width: 640}), ReceiverDecisions(run, {width: 640}), ReceiverState(run, {width: 640})]) {
        expect(chart.outerHTML, sender).not.toMatch(/NaN|Infinity/);
      }
    }
    // Svix's fourth attempt comes half an hour in: the axis counts minutes.
    const svix = findChartSvg(AttemptSwimlane(simulateDelivery({sender: "svix", receiverUnavailableUntilSeconds: 400}), {width: 640}))!;
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
