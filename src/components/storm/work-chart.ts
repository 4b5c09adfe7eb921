/**
 * The work each strategy costs for the same storm: every request sent, split into those the
 * receiver accepted and those it refused, one bar per strategy on one scale, and a table of the
 * figures behind them (requests, per update, drained, given up, median and p99 completion).
 */
import {scaleLinear} from "d3-scale";
import {STORM_STRATEGIES, STRATEGY_LABELS, type StormStrategy} from "../../../lib/storm/strategy.js";
import type {StormSummary} from "../../../lib/storm/summary.js";
import {bottomAxis} from "../chart/axes.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {barRows} from "../chart/bar-rows.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {element} from "../runtime/dom.js";
import {counted, formatNumber} from "../format/number-format.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {LOAD_COLOURS} from "./palette.js";

const LEGEND = {domain: ["accepted", "refused (503)"], range: [LOAD_COLOURS.accepted, LOAD_COLOURS.offered]};

type ByStrategy = Partial<Record<StormStrategy, StormSummary>>;

const present = (byStrategy: ByStrategy) => STORM_STRATEGIES.filter((strategy) => byStrategy[strategy] !== undefined);

export function WorkChart(
  byStrategy: ByStrategy,
  chosen: StormStrategy,
  {width = 640, type = typeScale()}: {width?: number; type?: TypeScale} = {}
): Element {
  const strategies = present(byStrategy);
  const most = Math.max(1, ...strategies.map((strategy) => byStrategy[strategy]!.totals.attempts));
  const marginRight = Math.ceil(type.widthOf(formatNumber(most)) + 8 * type.unit);
  const {frame, y} = barRows({
    width,
    type,
    rows: strategies,
    labels: [
      (strategy) => STRATEGY_LABELS[strategy as StormStrategy],
      (strategy) => STRATEGY_LABELS[strategy as StormStrategy].replace(/ \(.*\)$/, "").replace(", no jitter", "")
    ],
    marginRight,
    label: "Requests sent for the same storm, by retry strategy",
    step: {beside: Math.round(type.line * 2.2), above: Math.round(type.line * 3.2)},
    top: {beside: Math.round(type.line * 0.6), above: Math.round(type.line * 1.6)},
    padding: {beside: 0.3, above: 0.45}
  });
  const x = scaleLinear().domain([0, most]).range([frame.left, frame.right]);
  bottomAxis(frame, x, {label: "requests sent"});
  frame.svg
    .selectAll(".row-labels text")
    .filter((strategy) => strategy === chosen)
    .attr("font-weight", "bold");
  const rows = frame.svg
    .append("g")
    .selectAll("g")
    .data(strategies)
    .join("g")
    .attr("class", (strategy) => `work-row${strategy === chosen ? " work-chosen" : ""}`);
  const totals = (strategy: StormStrategy) => byStrategy[strategy]!.totals;
  rows
    .append("rect")
    .attr("x", frame.left)
    .attr("y", (strategy) => y(strategy)!)
    .attr("height", y.bandwidth())
    .attr("width", (strategy) => Math.max(0, x(totals(strategy).acceptedAttempts) - frame.left))
    .attr("fill", LOAD_COLOURS.accepted);
  rows
    .append("rect")
    .attr("x", (strategy) => x(totals(strategy).acceptedAttempts))
    .attr("y", (strategy) => y(strategy)!)
    .attr("height", y.bandwidth())
    .attr("width", (strategy) => Math.max(0, x(totals(strategy).attempts) - x(totals(strategy).acceptedAttempts)))
    .attr("fill", LOAD_COLOURS.offered);
  rows
    .append("text")
    .attr("x", (strategy) => x(totals(strategy).attempts) + 4 * type.unit)
    .attr("y", (strategy) => y(strategy)! + y.bandwidth() / 2)
    .attr("dy", "0.32em")
    .attr("text-anchor", "start")
    .attr("font-variant", "tabular-nums")
    .text((strategy) => formatNumber(totals(strategy).attempts));
  rows
    .append("title")
    .text(
      (strategy) =>
        `${STRATEGY_LABELS[strategy]}: ${counted(totals(strategy).attempts, "request")}, ${formatNumber(totals(strategy).acceptedAttempts)} accepted, ${formatNumber(totals(strategy).refusedAttempts)} refused`
    );
  return withLegends(frame.svg.node()!, [colourLegend(LEGEND, type)]);
}

const seconds = (ms: number | null) => (ms === null ? "–" : `${formatNumber(Math.round(ms / 100) / 10)} s`);

export function StrategyTable(byStrategy: ByStrategy, chosen: StormStrategy): HTMLElement {
  const strategies = present(byStrategy);
  const cell = (value: string) => element("td", {class: "numeric"}, value);
  return ScrollRegion(
    "The same storm under every strategy",
    element(
      "table",
      {class: "strategy-table"},
      element("caption", null, "The same senders, seed and receiver under every strategy"),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["Strategy", "Requests", "Per update", "Acknowledged", "Given up", "Drained at", "Median", "p99"].map(
            (name) => element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        strategies.map((strategy) => {
          const summary = byStrategy[strategy]!;
          const {totals, completion} = summary;
          return element(
            "tr",
            {class: strategy === chosen ? "strategy-chosen" : null},
            element("th", {scope: "row"}, STRATEGY_LABELS[strategy], strategy === chosen ? " (chosen)" : ""),
            cell(formatNumber(totals.attempts)),
            cell(summary.attemptsPerUpdate.toFixed(2)),
            cell(formatNumber(totals.acknowledgedUpdates)),
            element(
              "td",
              {class: `numeric${totals.exhaustedUpdates > 0 ? " verdict-bad" : ""}`},
              formatNumber(totals.exhaustedUpdates)
            ),
            cell(seconds(totals.drainedAtMs)),
            cell(seconds(completion.p50Ms)),
            cell(seconds(completion.p99Ms))
          );
        })
      )
    )
  );
}
