/**
 * The work each strategy costs for the same storm: every request sent, split into those the
 * receiver accepted and those it refused, one bar per strategy on one scale, and a table of the
 * figures behind them (requests, per update, drained, given up, median and p99 completion).
 */
import {STORM_STRATEGIES, STRATEGY_LABELS, type StormStrategy} from "../../../lib/storm/strategy.js";
import type {StormSummary} from "../../../lib/storm/summary.js";
import {element, svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {counted, formatNumber} from "../number-format.js";
import {linearXAxis} from "../svg-axis.js";
import {ScrollRegion} from "../scroll-region.js";
import {LOAD_COLOURS} from "./palette.js";
import {chartRoot, round} from "./time-frame.js";

const ROW = 30;
const MARGIN = {top: 8, right: 70, bottom: 34};
const LEGEND = {domain: ["accepted", "refused (503)"], range: [LOAD_COLOURS.accepted, LOAD_COLOURS.offered]};

type ByStrategy = Partial<Record<StormStrategy, StormSummary>>;

const present = (byStrategy: ByStrategy) => STORM_STRATEGIES.filter((strategy) => byStrategy[strategy] !== undefined);

export function WorkChart(byStrategy: ByStrategy, chosen: StormStrategy, {width = 640}: {width?: number} = {}): Element {
  const strategies = present(byStrategy);
  const left = width < 480 ? 118 : 150;
  const [right, top] = [width - MARGIN.right, MARGIN.top];
  const bottom = top + strategies.length * ROW;
  const height = bottom + MARGIN.bottom;
  const most = Math.max(1, ...strategies.map((strategy) => byStrategy[strategy]!.totals.attempts));
  const x = (value: number) => round(left + (value / most) * (right - left));
  const rows = strategies.map((strategy, index) => {
    const {totals} = byStrategy[strategy]!;
    const y = top + index * ROW + 5;
    const label = STRATEGY_LABELS[strategy];
    return svg("g", {class: `work-row${strategy === chosen ? " work-chosen" : ""}`},
      svg("text", {x: left - 6, y: y + 10, dy: "0.32em", "text-anchor": "end", "font-weight": strategy === chosen ? "bold" : null}, width < 480 ? label.replace(/ \(.*\)$/, "").replace(", no jitter", "") : label),
      svg("rect", {x: left, y, width: Math.max(0, x(totals.acceptedAttempts) - left), height: ROW - 10, fill: LOAD_COLOURS.accepted}),
      svg("rect", {x: x(totals.acceptedAttempts), y, width: Math.max(0, x(totals.attempts) - x(totals.acceptedAttempts)), height: ROW - 10, fill: LOAD_COLOURS.offered, "fill-opacity": 0.8}),
      svg("text", {x: x(totals.attempts) + 4, y: y + 10, dy: "0.32em", "text-anchor": "start", "font-variant": "tabular-nums"}, formatNumber(totals.attempts)),
      svg("title", null, `${label}: ${counted(totals.attempts, "request")}, ${formatNumber(totals.acceptedAttempts)} accepted, ${formatNumber(totals.refusedAttempts)} refused`));
  });
  const chart = chartRoot(width, height, "Requests sent for the same storm, by retry strategy",
    linearXAxis({width, left, right, top, bottom, end: most, x, label: "requests sent"}),
    ...rows
  );
  return withLegends(chart, [colourLegend(LEGEND)]);
}

const seconds = (ms: number | null) => (ms === null ? "–" : `${formatNumber(Math.round(ms / 100) / 10)} s`);

export function StrategyTable(byStrategy: ByStrategy, chosen: StormStrategy): HTMLElement {
  const strategies = present(byStrategy);
  const cell = (value: string) => element("td", {class: "numeric"}, value);
  return ScrollRegion("The same storm under every strategy", element("table", {class: "strategy-table"},
    element("caption", null, "The same senders, seed and receiver under every strategy"),
    element("thead", null, element("tr", null, ["Strategy", "Requests", "Per update", "Acknowledged", "Given up", "Drained at", "Median", "p99"].map((name) => element("th", {scope: "col"}, name)))),
    element("tbody", null, strategies.map((strategy) => {
      const summary = byStrategy[strategy]!;
      const {totals, completion} = summary;
      return element("tr", {class: strategy === chosen ? "strategy-chosen" : null},
        element("th", {scope: "row"}, STRATEGY_LABELS[strategy], strategy === chosen ? " (chosen)" : ""),
        cell(formatNumber(totals.attempts)),
        cell(summary.attemptsPerUpdate.toFixed(2)),
        cell(formatNumber(totals.acknowledgedUpdates)),
        element("td", {class: `numeric${totals.exhaustedUpdates > 0 ? " verdict-bad" : ""}`}, formatNumber(totals.exhaustedUpdates)),
        cell(seconds(totals.drainedAtMs)),
        cell(seconds(completion.p50Ms)),
        cell(seconds(completion.p99Ms)));
    }))
  ));
}
