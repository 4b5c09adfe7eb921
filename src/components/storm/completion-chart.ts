/**
 * How long updates took from production to acknowledgement: a histogram of the acknowledged
 * updates, with the median, p90 and p99 marked. Updates given up are counted in a note, not
 * drawn: they have no completion time. Beside a pinned run both share their scales.
 */
import {withLegends} from "../chart/legend.js";
import {scaleLinear, type ScaleLinear} from "d3-scale";
import type {StormSummary} from "../../../lib/storm/summary.js";
import {bottomAxis, bottomAxisHeight, leftAxis, tickLabelsWidth, valueTickCount} from "../chart/axes.js";
import {chartFrame, type ChartFrame} from "../chart/chart-frame.js";
import {grownHeight, type TypeScale, typeScale} from "../chart/type-scale.js";
import {withChartNote} from "../chart/chart-note.js";
import {counted, formatNumber, plural} from "../format/number-format.js";
import {STRATEGY_COLOURS} from "./palette.js";

const spanSeconds = (summary: StormSummary) => (summary.completion.counts.length * summary.completion.barMs) / 1000;

export function CompletionChart(
  summary: StormSummary,
  {
    width = 640,
    height = 200,
    alongside = null,
    type = typeScale()
  }: {width?: number; height?: number; alongside?: StormSummary | null; type?: TypeScale} = {}
): Element {
  const {completion, totals, config} = summary;
  const both = alongside ? [summary, alongside] : [summary];
  const peak = Math.max(1, ...both.flatMap((one) => one.completion.counts));
  // Above the plot: the y axis's name, and up to three stacked percentile labels.
  const chartHeight = grownHeight(height, type);
  const [top, bottom] = [Math.round(3.4 * type.line), bottomAxisHeight(type)];
  // The left margin holds the labels of the very ticks leftAxis will draw.
  const margin = {
    top,
    right: Math.ceil(1.5 * type.body),
    bottom,
    left: tickLabelsWidth(0, peak * 1.05, valueTickCount(chartHeight - top - bottom, type), type)
  };
  const frame = chartFrame({
    width,
    height: chartHeight,
    margin,
    type,
    label: "How long updates took to be acknowledged"
  });
  const x = scaleLinear()
    .domain([0, Math.max(0.001, ...both.map(spanSeconds))])
    .range([frame.left, frame.right]);
  const y = scaleLinear()
    .domain([0, peak * 1.05])
    .range([frame.bottom, frame.top]);
  leftAxis(frame, y, {label: "updates"});
  bottomAxis(frame, x, {
    label:
      type.widthOf("time from production to acknowledgement (s) →") < width - 4
        ? "time from production to acknowledgement (s)"
        : "time to acknowledgement (s)"
  });
  const barSeconds = completion.barMs / 1000;
  const bars = completion.counts
    .map((count, index) => ({count, from: index * barSeconds, to: (index + 1) * barSeconds}))
    .filter((bar) => bar.count > 0);
  frame.svg
    .append("g")
    .attr("class", "bars")
    .attr("fill", STRATEGY_COLOURS[config.strategy])
    .selectAll("rect")
    .data(bars)
    .join("rect")
    .attr("x", (bar) => x(bar.from) + 0.5)
    .attr("width", (bar) => Math.max(1, x(bar.to) - x(bar.from) - 1))
    .attr("y", (bar) => y(bar.count))
    .attr("height", (bar) => frame.bottom - y(bar.count))
    .append("title")
    .text((bar) => `${counted(bar.count, "update")} took ${formatNumber(bar.from)}–${formatNumber(bar.to)} s`);
  percentileMarks(frame, x, [
    ["p50", completion.p50Ms],
    ["p90", completion.p90Ms],
    ["p99", completion.p99Ms]
  ]);
  const given = totals.exhaustedUpdates;
  const note =
    totals.acknowledgedUpdates === 0
      ? given === 1
        ? "No update was acknowledged: the only one was given up."
        : `No update was acknowledged: all ${formatNumber(given)} were given up.`
      : given > 0
        ? `${formatNumber(given)} of ${counted(totals.updates, "update")} ${plural(given, "was", "were")} given up and ${plural(given, "is", "are")} not drawn.`
        : null;
  return withChartNote(withLegends(frame.svg.node()!, []), note);
}

/** A dashed rule per percentile with its name above the plot; close ones (a storm that drains at once) stack their names instead of overlapping. */
function percentileMarks(
  frame: ChartFrame,
  x: ScaleLinear<number, number>,
  percentiles: readonly (readonly [string, number | null])[]
): void {
  const {type} = frame;
  let lastLabelAt = -Infinity;
  let row = 0;
  for (const [name, ms] of percentiles) {
    if (ms === null) continue;
    const at = x(ms / 1000) + 0.5;
    row = at - lastLabelAt < type.widthOf("p99 ") ? row + 1 : 0;
    lastLabelAt = at;
    const g = frame.svg.append("g").attr("class", "percentile");
    g.append("line")
      .attr("x1", at)
      .attr("x2", at)
      .attr("y1", frame.top - (0.3 + row) * type.line)
      .attr("y2", frame.bottom)
      .attr("stroke", "currentColor")
      .attr("stroke-dasharray", "3,2");
    g.append("text")
      .attr("x", Math.min(at, frame.right - type.widthOf("p99") / 2))
      .attr("y", frame.top - (0.5 + row) * type.line)
      .attr("text-anchor", row > 0 ? "start" : "middle")
      .attr("dx", row > 0 ? 3 * type.unit : 0)
      .text(name);
  }
}
