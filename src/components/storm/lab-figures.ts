/**
 * Lesson 5's key figures as data: the work (requests sent), what got through, what was given up,
 * how long it took to drain, and how hard the herd hit the recovered receiver. The lab draws
 * them (storm-figures.ts); a run's script prints them (stormFigureLines).
 */
import {HERD_FACTOR, herdFactor, type StormSummary} from "../../../lib/storm/summary.js";
import {plural} from "../format/number-format.js";
import {figureLine, type FigureLabel, type FigureLine, type LabFigure} from "../chart/lab-figure.js";

const drainSeconds = (summary: StormSummary) => Math.round(summary.totals.drainedAtMs / 100) / 10;
/** The worst 100 ms after the outage, in multiples of the capacity (one decimal). */
const herd = (summary: StormSummary) => Math.round(10 * herdFactor(summary)) / 10;

/** The storm's figures, each with the pinned storm's value when one is pinned. */
export function stormLabFigures(summary: StormSummary, pinned: StormSummary | null = null): LabFigure[] {
  const {totals} = summary;
  const figure = (read: (one: StormSummary) => number, label: FigureLabel, alert: boolean): LabFigure => ({
    value: read(summary),
    label,
    alert,
    pinned: pinned === null ? null : read(pinned)
  });
  return [
    figure((one) => one.totals.attempts, ["request sent", "requests sent"], false),
    figure(
      (one) => one.totals.acknowledgedUpdates,
      `of ${totals.updates.toLocaleString("en-US")} ${plural(totals.updates, "update")} acknowledged`,
      totals.acknowledgedUpdates < totals.updates
    ),
    figure((one) => one.totals.exhaustedUpdates, ["update given up", "updates given up"], totals.exhaustedUpdates > 0),
    figure(drainSeconds, "s until drained", false),
    figure(herd, "× capacity at the worst 100 ms after recovery", herdFactor(summary) >= HERD_FACTOR)
  ];
}

/** The lab's figures as text: what the page shows and a run's script prints. */
export function stormFigureLines(summary: StormSummary): FigureLine[] {
  return stormLabFigures(summary).map(figureLine);
}
