/**
 * The layer's axes, drawn by d3-axis as d3's examples draw them (the domain line removed, the
 * tick lines cloned into a faint grid, the axis named at its end with an arrow), sized by the
 * frame's type scale. Ticks are d3's own (d3-array's ticks), never fewer than three labelled;
 * a chart that names its own tick values (a symlog time axis) gives at least three that fit.
 */
import {ticks as d3Ticks} from "d3-array";
import {axisBottom, axisLeft} from "d3-axis";
import type {ScaleBand, ScaleContinuousNumeric, ScaleLinear} from "d3-scale";
import {formatNumber} from "../format/number-format.js";
import type {ChartFrame} from "./chart-frame.js";
import type {TypeScale} from "./type-scale.js";

/**
 * d3-axis draws tick lines half a pixel off their value, so a 1 px line covers one pixel row; it
 * drops the half pixel on a high-density screen. Fixed here, so a chart (and its export) is the
 * same drawing on every screen.
 */
export const TICK_OFFSET = 0.5;

/** No axis has fewer labelled ticks than this, at any width. */
export const MIN_TICKS = 3;

/** About how many ticks fit along `lengthPx`: one per seven ems of label room, as Plot's one per 80 px is at 11 px type. */
export function tickCountFor(lengthPx: number, type: TypeScale): number {
  return Math.max(MIN_TICKS, lengthPx / (7 * type.body));
}

/**
 * d3's ticks over [start, end], about `count` of them; where d3's round step leaves fewer than
 * MIN_TICKS (ticks(0, 9.9, 3) is [0, 5]), more are asked for until MIN_TICKS fit.
 */
export function ticksAtLeast(start: number, end: number, count: number): number[] {
  if (!(end > start)) return [start];
  let values = d3Ticks(start, end, count);
  for (let asked = count; values.length < MIN_TICKS && asked < 4 * MIN_TICKS * count; asked += 1)
    values = d3Ticks(start, end, asked + 1);
  return values;
}

/** About how many ticks a value axis `heightPx` tall has by default: one per three lines of type. */
export function valueTickCount(heightPx: number, type: TypeScale): number {
  return Math.max(MIN_TICKS, heightPx / (3 * type.line));
}

/** How wide the labels of an axis over [start, end] with about `count` ticks are: the room a left axis needs beside its tick marks. */
export function tickLabelsWidth(
  start: number,
  end: number,
  count: number,
  type: TypeScale,
  format: (value: number) => string = formatNumber
): number {
  // Half an em to spare: a "%" or a "," is wider than the average glyph the estimate uses.
  return Math.ceil(
    Math.max(...ticksAtLeast(start, end, count).map((tick) => type.widthOf(format(tick)))) +
      9 * type.unit +
      type.body / 2
  );
}

/** How much room the bottom axis takes below the plot area: tick, tick label, the axis's name. */
export function bottomAxisHeight(type: TypeScale): number {
  return Math.ceil(9 * type.unit + type.line + type.line);
}

export interface BottomAxisOptions {
  /** The axis's name, drawn at its right end with an arrow. */
  label: string;
  /** Ticks fall on round numbers of this many of the scale's units (60: minutes on a seconds scale), labelled in it. */
  unit?: number;
  /**
   * The ticks of a scale whose round numbers are not d3's (a symlog time axis: a minute, an hour,
   * a day), each labelled by `format`; those whose labels would touch the one before are left out.
   */
  values?: readonly number[];
  format?: (value: number) => string;
}

export function bottomAxis(
  frame: ChartFrame,
  x: ScaleContinuousNumeric<number, number>,
  {label, unit = 1, values: chosen, format: chosenFormat}: BottomAxisOptions
): void {
  const [start, end] = x.domain() as [number, number];
  const {type} = frame;
  const format = chosenFormat ?? ((value: number) => formatNumber(value / unit));
  const values = chosen
    ? spacedTicks(chosen, x, format, type)
    : ticksAtLeast(start / unit, end / unit, tickCountFor(frame.right - frame.left, type)).map((tick) => tick * unit);
  frame.svg
    .append("g")
    .attr("class", "x-axis")
    .attr("transform", `translate(0,${frame.bottom})`)
    .call(
      axisBottom(x)
        .offset(TICK_OFFSET)
        .tickValues(values)
        .tickFormat((value) => format(Number(value)))
        .tickSizeOuter(0)
        .tickSize(6 * type.unit)
        .tickPadding(3 * type.unit)
    )
    .call((g) => g.attr("font-size", null).attr("font-family", null).attr("font-variant", "tabular-nums"))
    .call((g) => g.select(".domain").remove())
    .call((g) =>
      g
        .selectAll(".tick line")
        .clone()
        .attr("class", "grid")
        .attr("y2", frame.top - frame.bottom)
        .attr("stroke-opacity", 0.1)
    )
    .call((g) =>
      g
        .append("text")
        .attr("class", "x-axis-label")
        .attr("x", frame.width - 2)
        .attr("y", 9 * type.unit + type.line)
        .attr("dy", "0.71em")
        .attr("fill", "currentColor")
        .attr("text-anchor", "end")
        .text(`${label} →`)
    );
}

/** Of `values` in order, those whose labels keep half an em clear of the last one kept. */
function spacedTicks(
  values: readonly number[],
  x: ScaleContinuousNumeric<number, number>,
  format: (value: number) => string,
  type: TypeScale
): number[] {
  const kept: number[] = [];
  let lastEnd = -Infinity;
  for (const value of values) {
    const half = type.widthOf(format(value)) / 2;
    if (x(value) - half < lastEnd + type.body / 2) continue;
    kept.push(value);
    lastEnd = x(value) + half;
  }
  return kept;
}

export interface LeftAxisOptions {
  /** The axis's name, drawn above it with an arrow; none when null. */
  label?: string | null;
  format?: (value: number) => string;
  /** About how many ticks; by default as many as the axis's height holds. */
  count?: number;
  /** Grid lines across the plot area. */
  grid?: boolean;
}

export function leftAxis(
  frame: ChartFrame,
  y: ScaleLinear<number, number>,
  {label = null, format = formatNumber, count, grid = true}: LeftAxisOptions = {}
): void {
  const [start, end] = y.domain() as [number, number];
  const values = ticksAtLeast(
    Math.min(start, end),
    Math.max(start, end),
    count ?? valueTickCount(Math.abs(y.range()[0]! - y.range()[1]!), frame.type)
  );
  const {type} = frame;
  frame.svg
    .append("g")
    .attr("class", "y-axis")
    .attr("transform", `translate(${frame.left},0)`)
    .call(
      axisLeft(y)
        .offset(TICK_OFFSET)
        .tickValues(values)
        .tickFormat((value) => format(Number(value)))
        .tickSizeOuter(0)
        .tickSize(6 * type.unit)
        .tickPadding(3 * type.unit)
    )
    .call((g) => g.attr("font-size", null).attr("font-family", null).attr("font-variant", "tabular-nums"))
    .call((g) => g.select(".domain").remove())
    .call((g) =>
      grid
        ? g
            .selectAll(".tick line")
            .clone()
            .attr("class", "grid")
            .attr("x2", frame.right - frame.left)
            .attr("stroke-opacity", 0.1)
        : g
    )
    .call((g) =>
      label === null
        ? g
        : g
            .append("text")
            .attr("class", "y-axis-label")
            .attr("x", -frame.left + 2)
            .attr("y", frame.top - type.line)
            .attr("dy", "0.32em")
            .attr("fill", "currentColor")
            .attr("text-anchor", "start")
            .text(`↑ ${label}`)
    );
}

/**
 * Row labels left of a band scale's rows, right-aligned against the plot area. With tick marks
 * it is d3-axis on the band scale; without, one text per row (d3-axis would add a group and an
 * empty tick line per row, and a chart redrawn on every input pays for each).
 */
export function rowLabelsLeft(
  frame: ChartFrame,
  y: ScaleBand<string>,
  label: (row: string) => string,
  {ticks = false} = {}
): void {
  const g = frame.svg.append("g").attr("class", "row-labels");
  if (!ticks) {
    // Where d3-axis would put the row's tick on a rounded band scale, so both kinds of label align.
    const half = Math.max(0, y.bandwidth() - 2 * TICK_OFFSET) / 2;
    const centre = y.round() ? Math.round(half) : half;
    g.attr("text-anchor", "end")
      .selectAll("text")
      .data(y.domain())
      .join("text")
      .attr("x", frame.left - 8 * frame.type.unit)
      .attr("y", (row) => y(row)! + centre + TICK_OFFSET)
      .attr("dy", "0.32em")
      .text(label);
    return;
  }
  g.attr("transform", `translate(${frame.left},0)`)
    .call(
      axisLeft(y)
        .offset(TICK_OFFSET)
        .tickFormat(label)
        .tickSizeOuter(0)
        .tickSize(6 * frame.type.unit)
        .tickPadding(3 * frame.type.unit)
    )
    .call((g) => g.attr("font-size", null).attr("font-family", null))
    .call((g) => g.select(".domain").remove());
}

/** Row labels above each row's band, from the plot area's left edge: the narrow layout, when a label column would squeeze the plot. */
export function rowLabelsAbove(frame: ChartFrame, y: ScaleBand<string>, label: (row: string) => string): void {
  frame.svg
    .append("g")
    .attr("class", "row-labels")
    .attr("text-anchor", "start")
    .selectAll("text")
    .data(y.domain())
    .join("text")
    .attr("x", frame.left)
    .attr("y", (row) => y(row)! - 0.3 * frame.type.body)
    .text(label);
}
