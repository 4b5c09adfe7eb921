/**
 * Updates acknowledged so far, as a share of all, over modeled time: one line per storm (every
 * strategy on the same seed, the chosen one drawn heavier; a pinned run dashed).
 */
import {scaleLinear} from "d3-scale";
import type {StormSummary} from "../../../lib/storm/summary.js";
import {STRATEGY_LABELS} from "../../../lib/storm/strategy.js";
import {bottomAxis, bottomAxisHeight, leftAxis, tickLabelsWidth, valueTickCount} from "../chart/axes.js";
import {chartFrame, cursorRule, plotOutline} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {grownHeight, type TypeScale, typeScale} from "../chart/type-scale.js";
import {STRATEGY_COLOURS} from "./palette.js";
import {bucketPoints, sharedEndSeconds, stepLine, timeScale} from "./time-frame.js";

export interface DeliveredLine {
  summary: StormSummary;
  /** The chosen strategy's line is heavier; a pinned run's is dashed. */
  role: "chosen" | "other" | "pinned";
}

const percent = (value: number) => `${value}%`;

/** Drawn lightest first, so the chosen line is on top. */
const DRAWING_ORDER = {other: 0, pinned: 1, chosen: 2} as const;

export function DeliveredChart(
  lines: readonly DeliveredLine[],
  {
    width = 640,
    height = 220,
    cursorSeconds = null,
    type = typeScale()
  }: {width?: number; height?: number; cursorSeconds?: number | null; type?: TypeScale} = {}
): Element {
  const endSeconds = sharedEndSeconds(lines.map((line) => line.summary));
  const chartHeight = grownHeight(height, type);
  const [top, bottom] = [2 * type.line, bottomAxisHeight(type)];
  // The left margin holds the labels of the very ticks leftAxis will draw.
  const margin = {
    top,
    right: Math.ceil(1.5 * type.body),
    bottom,
    left: tickLabelsWidth(0, 100, valueTickCount(chartHeight - top - bottom, type), type, percent)
  };
  const frame = chartFrame({
    width,
    height: chartHeight,
    margin,
    type,
    label: "Share of updates acknowledged over time, by retry strategy"
  });
  const x = timeScale(frame, endSeconds);
  const y = scaleLinear().domain([0, 100]).range([frame.bottom, frame.top]).clamp(true);
  leftAxis(frame, y, {label: "updates acknowledged", format: percent});
  bottomAxis(frame, x, {label: "modeled time (s)"});
  plotOutline(frame);
  const drawn = [...lines]
    .sort((a, b) => DRAWING_ORDER[a.role] - DRAWING_ORDER[b.role])
    .map(({summary, role}) => {
      const {load, totals} = summary;
      const shares = load.acknowledgedSoFar.map((count) => (100 * count) / totals.updates);
      // Past its own end a storm holds its last share, out to the shared axis's end.
      const points = bucketPoints(load.startSeconds, load.bucketMs / 1000, shares);
      if (points.length) points.push([endSeconds, points[points.length - 1]![1]]);
      return {summary, role, points};
    });
  const line = stepLine(x, y);
  const g = frame.svg.append("g");
  g.selectAll("path")
    .data(drawn)
    .join("path")
    .attr("class", (d) => `delivered delivered-${d.role}`)
    .attr("d", (d) => line(d.points))
    .attr("fill", "none")
    .attr("stroke", (d) => STRATEGY_COLOURS[d.summary.config.strategy])
    .attr("stroke-width", (d) => (d.role === "chosen" ? 3 : 1.5) * type.unit)
    .attr("stroke-dasharray", (d) => (d.role === "pinned" ? "6,3" : null))
    .attr("stroke-opacity", (d) => (d.role === "other" ? 0.85 : 1));
  cursorRule(frame, x, cursorSeconds, {parent: g, fade: true});
  const strategies = [...new Set(lines.map((line) => line.summary.config.strategy))];
  const legend = {
    domain: strategies.map((strategy) => STRATEGY_LABELS[strategy]),
    range: strategies.map((strategy) => STRATEGY_COLOURS[strategy])
  };
  return withLegends(frame.svg.node()!, [colourLegend(legend, type)]);
}
