/**
 * The storm's headline figures: the work (requests sent), what got through, what was given
 * up, how long it took to drain, and how hard the herd hit the recovered receiver. Compared with
 * a pinned run, each reads "pinned → current".
 */
import {HERD_FACTOR, herdFactor, type StormSummary} from "../../../lib/storm/summary.js";
import {element} from "../runtime/dom.js";
import {plural} from "../format/number-format.js";
import {SummaryFigure, type FigureLabel} from "../chart/summary-figure.js";

const drainSeconds = (summary: StormSummary) => Math.round(summary.totals.drainedAtMs / 100) / 10;
/** The worst 100 ms after the outage, in multiples of the capacity (one decimal). */
const herd = (summary: StormSummary) => Math.round(10 * herdFactor(summary)) / 10;

export function StormFigures(summary: StormSummary, pinned: StormSummary | null = null): HTMLElement {
  const {totals} = summary;
  const was = (read: (one: StormSummary) => number) => (pinned === null ? null : read(pinned));
  const figure = (read: (one: StormSummary) => number, label: FigureLabel, alert: boolean) =>
    SummaryFigure(read(summary), label, alert, was(read));
  return element(
    "div",
    {class: `summary-figures${pinned ? " storm-figures-compared" : ""}`, "aria-label": "Storm figures"},
    figure((one) => one.totals.attempts, ["request sent", "requests sent"], false),
    figure(
      (one) => one.totals.acknowledgedUpdates,
      `of ${totals.updates.toLocaleString("en-US")} ${plural(totals.updates, "update")} acknowledged`,
      totals.acknowledgedUpdates < totals.updates
    ),
    figure((one) => one.totals.exhaustedUpdates, ["update given up", "updates given up"], totals.exhaustedUpdates > 0),
    figure(drainSeconds, "s until drained", false),
    figure(herd, "× capacity at the worst 100 ms after recovery", herdFactor(summary) >= HERD_FACTOR)
  );
}
