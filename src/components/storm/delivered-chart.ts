/**
 * Updates acknowledged so far, as a share of all, over modeled time: one line per storm (every
 * strategy on the same seed, the chosen one drawn heavier; a pinned run dashed).
 */
import type {StormSummary} from "../../../lib/storm/summary.js";
import {STRATEGY_LABELS} from "../../../lib/storm/strategy.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {STRATEGY_COLOURS} from "./palette.js";
import {band, chartRoot, cursorMarks, round, sharedEndSeconds, stepPath, timeAxis, valueAxis} from "./time-frame.js";

export interface DeliveredLine {
  summary: StormSummary;
  /** The chosen strategy's line is heavier; a pinned run's is dashed. */
  role: "chosen" | "other" | "pinned";
}

const MARGIN = {top: 20, right: 16, bottom: 34, left: 56};

export function DeliveredChart(lines: readonly DeliveredLine[], {width = 640, height = 220, cursorSeconds = null}: {width?: number; height?: number; cursorSeconds?: number | null} = {}): Element {
  const endSeconds = sharedEndSeconds(lines.map((line) => line.summary));
  const [left, right, top, bottom] = [MARGIN.left, width - MARGIN.right, MARGIN.top, height - MARGIN.bottom];
  const x = (seconds: number) => round(left + (Math.min(seconds, endSeconds) / endSeconds) * (right - left));
  const b = band(top, bottom, 100);
  // Drawn lightest first, so the chosen line is on top.
  const order = {other: 0, pinned: 1, chosen: 2} as const;
  const paths = [...lines].sort((a, c) => order[a.role] - order[c.role]).map(({summary, role}) => {
    const {load, totals} = summary;
    const shares = load.acknowledgedSoFar.map((count) => (100 * count) / totals.updates);
    // Past its own end a storm holds its last share, out to the shared axis's end.
    const starts = [...load.startSeconds, load.startSeconds.length * (load.bucketMs / 1000)];
    const values = [...shares, shares[shares.length - 1] ?? 0];
    const lastWidth = Math.max(0, endSeconds - starts[starts.length - 1]!);
    const d = stepPath(starts, load.bucketMs / 1000, values, x, b.y) + `H${x(starts[starts.length - 1]! + lastWidth)}`;
    return svg("path", {class: `delivered delivered-${role}`, d, fill: "none", stroke: STRATEGY_COLOURS[summary.config.strategy], "stroke-width": role === "chosen" ? 3 : 1.5, "stroke-dasharray": role === "pinned" ? "6,3" : null, "stroke-opacity": role === "other" ? 0.85 : 1});
  });
  const strategies = [...new Set(lines.map((line) => line.summary.config.strategy))];
  const chart = chartRoot(width, height, "Share of updates acknowledged over time, by retry strategy",
    valueAxis(b, left, right, (value) => `${value}%`),
    timeAxis(width, left, right, top, bottom, endSeconds, x),
    svg("rect", {x: left + 0.5, y: top + 0.5, width: right - left, height: bottom - top, fill: "none", stroke: "currentColor", "stroke-opacity": 0.15}),
    svg("text", {x: 2.5, y: 4, dy: "0.71em", "text-anchor": "start"}, "↑ updates acknowledged"),
    ...paths,
    cursorMarks(cursorSeconds, x, top, bottom, right)
  );
  const legend = {domain: strategies.map((strategy) => STRATEGY_LABELS[strategy]), range: strategies.map((strategy) => STRATEGY_COLOURS[strategy])};
  return withLegends(chart, [colourLegend(legend)]);
}
