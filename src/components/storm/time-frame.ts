/**
 * What lesson 5's charts share on the chart layer: one modeled-time axis for every storm shown
 * (so shapes compare by position), step lines and areas through per-bucket values (d3-shape's
 * step curve), and the playback's cursor with the fading of what it has not reached.
 */
import {scaleLinear, type ScaleLinear} from "d3-scale";
import {area, curveStepAfter, line} from "d3-shape";
import type {StormSummary} from "../../../lib/storm/summary.js";
import type {ChartFrame} from "../chart/chart-frame.js";

/** The time every chart of several storms runs to: the longest storm, so shapes compare by position. */
export function sharedEndSeconds(summaries: readonly StormSummary[]): number {
  return Math.max(1, ...summaries.map((summary) => summary.load.startSeconds.length * (summary.load.bucketMs / 1000)));
}

export function timeScale(frame: ChartFrame, endSeconds: number): ScaleLinear<number, number> {
  return scaleLinear().domain([0, endSeconds]).range([frame.left, frame.right]).clamp(true);
}

/** Per-bucket values as points where each bucket starts, and one more where the last one ends: a step-after curve holds each value over its bucket. */
export function bucketPoints(
  starts: readonly number[],
  widthSeconds: number,
  values: readonly number[]
): [number, number][] {
  if (values.length === 0) return [];
  return [
    ...values.map((value, index): [number, number] => [starts[index]!, value]),
    [starts[values.length - 1]! + widthSeconds, values[values.length - 1]!]
  ];
}

export function stepLine(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>) {
  return line<[number, number]>()
    .x(([at]) => x(at))
    .y(([, value]) => y(value))
    .curve(curveStepAfter);
}

export function stepArea(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>) {
  return area<[number, number]>()
    .x(([at]) => x(at))
    .y0(y.range()[0]!)
    .y1(([, value]) => y(value))
    .curve(curveStepAfter);
}
