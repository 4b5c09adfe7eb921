/**
 * The receiver's side of a run, to read apart from the sender's acknowledgements:
 * what it decided for each arriving request (applied, ignored, refused), and what it
 * showed over time, with every regression marked.
 */
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import {withChartNote} from "../chart-note.js";
import {colourLegend, withLegends} from "../legends.js";
import {linearTicks, PX_PER_TICK} from "../chart-ticks.js";
import {formatNumber} from "../number-format.js";
import {OUTCOMES, attemptOutcomes, presentOutcomes, timeAxisEnd, timeUnitFor, updateLabel} from "./palette.js";
import {loadedPlot} from "../plot-on-demand.js";

const STATE_COLOURS = {domain: ["sequence the receiver shows", "newest sequence applied", "regression"], range: ["#2da44e", "#6e7781", "#d1242f"]};

export interface ReceiverChartOptions {
  width?: number;
  /** The playback's modeled clock: later events are faded. Null shows everything. */
  cursorSeconds?: number | null;
  /** The other run of a comparison: both are drawn on one time axis. */
  alongside?: DeliveryRun | null;
}

/** One dot per request the receiver processed, in a row per kind of decision. */
export function ReceiverDecisions(run: DeliveryRun, {width = 640, cursorSeconds = null, alongside = null}: ReceiverChartOptions = {}): Element {
  const Plot = loadedPlot();
  const outcomes = attemptOutcomes(run);
  const arrivals = run.attempts.map((attempt) => ({
    at: attempt.arrivesAtSeconds,
    outcome: outcomes.get(attempt)!,
    label: `U${attempt.updateIndex + 1}`,
    faded: cursorSeconds !== null && attempt.arrivesAtSeconds > cursorSeconds,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber} arrived at ${attempt.arrivesAtSeconds} s: ${outcomes.get(attempt)} (HTTP ${attempt.httpStatus})`
  }));
  const scale = presentOutcomes(arrivals.map((arrival) => arrival.outcome));
  const rows = scale.domain.length ? scale.domain : [OUTCOMES[0]];
  const chart = Plot.plot({
    width,
    height: 50 + rows.length * 30,
    marginLeft: 190,
    x: timeScale(timeAxisEnd(run, alongside), width),
    y: {label: null, domain: rows},
    color: scale,
    marks: [
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.dot(arrivals, {x: "at", y: "outcome", fill: "outcome", r: 7, fillOpacity: (d: {faded: boolean}) => (d.faded ? 0.25 : 1), title: "title"}),
      Plot.text(arrivals, {x: "at", y: "outcome", text: "label", dy: -12, fontSize: 9, fill: "currentColor", fillOpacity: (d: {faded: boolean}) => (d.faded ? 0.3 : 1)}),
      cursorSeconds !== null ? Plot.ruleX([cursorSeconds], {stroke: "currentColor", strokeWidth: 2, strokeOpacity: 0.6}) : null
    ]
  }) as Element;
  return withChartNote(chart, arrivals.length === 0 ? `No request reached the receiver.${run.summary.blockedReason ? ` ${run.summary.blockedReason}` : ""}` : null);
}

/**
 * The sequence the receiver shows (the last update it applied) and the newest it
 * has ever applied. When they part, an older update overwrote a newer one: a regression.
 */
export function ReceiverState(run: DeliveryRun, {width = 640, cursorSeconds = null, alongside = null}: ReceiverChartOptions = {}): Element {
  const Plot = loadedPlot();
  // The last level holds to the end of the axis.
  const endsAt = timeAxisEnd(run, alongside);
  const steps = run.receiverStates.filter((sample) => sample.shownSequence !== null);
  const series = (key: "shownSequence" | "newestAppliedSequence", name: string) => [
    ...steps.map((sample) => ({at: sample.atSeconds, sequence: sample[key]!, series: name})),
    ...(steps.length ? [{at: endsAt, sequence: steps[steps.length - 1]![key]!, series: name}] : [])
  ];
  const shown = series("shownSequence", "sequence the receiver shows");
  const newest = series("newestAppliedSequence", "newest sequence applied");
  const regressions = run.receiverStates.filter((sample) => sample.regression).map((sample) => ({
    at: sample.atSeconds,
    sequence: sample.shownSequence!,
    title: `Regression at ${sample.atSeconds} s: ${updateLabel(run, sample.updateIndex)} (sequence ${sample.shownSequence}) applied after sequence ${sample.newestAppliedSequence}`
  }));
  const maxSequence = Math.max(1, ...run.updates.map((update) => update.sequence));
  const chart = Plot.plot({
    width,
    height: 220,
    marginLeft: 50,
    x: timeScale(endsAt, width),
    y: {label: "sequence", domain: [0, maxSequence + 0.5], ticks: Math.min(maxSequence, 10), tickFormat: "d", grid: true},
    color: STATE_COLOURS,
    marks: [
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.line(newest, {x: "at", y: "sequence", stroke: "series", curve: "step-after", strokeDasharray: "5,4", strokeWidth: 1.5}),
      Plot.line(shown, {x: "at", y: "sequence", stroke: "series", curve: "step-after", strokeWidth: 2.5}),
      regressions.length ? Plot.dot(regressions, {x: "at", y: "sequence", r: 8, stroke: () => "regression", strokeWidth: 2.5, title: "title"}) : null,
      regressions.length ? Plot.text(regressions, {x: "at", y: "sequence", text: () => "regression", dy: 16, fill: "#d1242f", fontSize: 10}) : null,
      cursorSeconds !== null ? Plot.ruleX([cursorSeconds], {stroke: "currentColor", strokeWidth: 2, strokeOpacity: 0.6}) : null
    ]
  }) as Element;
  return withChartNote(withLegends(chart, [colourLegend(STATE_COLOURS)]), steps.length === 0 ? "The receiver applied nothing." : null);
}

/**
 * The x scale the swimlane has too: seconds (Plot's own ticks), or minutes or hours on a long
 * retry schedule. Labels are formatted as toLocaleString("en-US") writes them, without Intl:
 * Plot's default builds an Intl.NumberFormat on its first chart, 35 ms of a page's load.
 */
function timeScale(end: number, width: number) {
  const unit = timeUnitFor(end);
  const scale = {label: `modeled time (${unit.name})`, domain: [0, end], grid: true, tickFormat: formatNumber};
  if (unit.seconds === 1) return scale;
  const ticks = linearTicks(0, end / unit.seconds, width / PX_PER_TICK).map((tick) => tick * unit.seconds);
  return {...scale, ticks, tickFormat: (value: number) => formatNumber(value / unit.seconds)};
}
