/**
 * How long updates took from production to acknowledgement: a histogram of the acknowledged
 * updates, with the median, p90 and p99 marked. Updates given up are counted in a note, not
 * drawn: they have no completion time. Beside a pinned run both share their scales.
 */
import type {StormSummary} from "../../../lib/storm/summary.js";
import {withChartNote} from "../chart-note.js";
import {svgElement as svg} from "../dom.js";
import {counted, formatNumber, plural} from "../number-format.js";
import {linearXAxis} from "../svg-axis.js";
import {STRATEGY_COLOURS} from "./palette.js";
import {band, chartRoot, round, valueAxis} from "./time-frame.js";

const MARGIN = {top: 38, right: 16, bottom: 34, left: 56};

const spanSeconds = (summary: StormSummary) => (summary.completion.counts.length * summary.completion.barMs) / 1000;

export function CompletionChart(summary: StormSummary, {width = 640, height = 200, alongside = null}: {width?: number; height?: number; alongside?: StormSummary | null} = {}): Element {
  const {completion, totals, config} = summary;
  const both = alongside ? [summary, alongside] : [summary];
  const endSeconds = Math.max(0.001, ...both.map(spanSeconds));
  const peak = Math.max(1, ...both.flatMap((one) => one.completion.counts));
  const [left, right, top, bottom] = [MARGIN.left, width - MARGIN.right, MARGIN.top, height - MARGIN.bottom];
  const x = (seconds: number) => round(left + (seconds / endSeconds) * (right - left));
  const b = band(top, bottom, peak * 1.05);
  const barSeconds = completion.barMs / 1000;
  const bars = completion.counts.map((count, index) => count === 0 ? null
    : svg("rect", {x: x(index * barSeconds) + 0.5, width: Math.max(1, x((index + 1) * barSeconds) - x(index * barSeconds) - 1), y: b.y(count), height: round(bottom - b.y(count)), fill: STRATEGY_COLOURS[config.strategy]},
        svg("title", null, `${counted(count, "update")} took ${formatNumber(index * barSeconds)}–${formatNumber((index + 1) * barSeconds)} s`)));
  // Close percentiles (a storm that drains at once) stack their labels instead of overlapping.
  let lastLabelAt = -Infinity;
  let row = 0;
  const marks = ([["p50", completion.p50Ms], ["p90", completion.p90Ms], ["p99", completion.p99Ms]] as const).filter(([, ms]) => ms !== null).map(([name, ms]) => {
    const at = x(ms! / 1000) + 0.5;
    row = at - lastLabelAt < 24 ? row + 1 : 0;
    lastLabelAt = at;
    return svg("g", {class: "percentile"},
      svg("line", {x1: at, x2: at, y1: top - 4 - row * 10, y2: bottom, stroke: "currentColor", "stroke-dasharray": "3,2"}),
      svg("text", {x: Math.min(at, right - 8), y: top - 7 - row * 10, "text-anchor": row > 0 ? "start" : "middle", dx: row > 0 ? 3 : 0}, name));
  });
  const chart = chartRoot(width, height, "How long updates took to be acknowledged",
    valueAxis(b, left, right),
    linearXAxis({width, left, right, top, bottom, end: endSeconds, x, label: "time from production to acknowledgement (s)"}),
    svg("text", {x: 2.5, y: 4, dy: "0.71em", "text-anchor": "start"}, "↑ updates"),
    svg("g", {class: "bars"}, bars),
    ...marks
  );
  const given = totals.exhaustedUpdates;
  const note = totals.acknowledgedUpdates === 0 ? given === 1 ? "No update was acknowledged: the only one was given up." : `No update was acknowledged: all ${formatNumber(given)} were given up.`
    : given > 0 ? `${formatNumber(given)} of ${counted(totals.updates, "update")} ${plural(given, "was", "were")} given up and ${plural(given, "is", "are")} not drawn.` : null;
  return withChartNote(chart, note);
}
