/**
 * The skeleton every horizontal bar chart shares: a row per category, its name in a column left of
 * the plot or above its row on a narrow screen (row-labels.ts), a band per row, the frame sized to
 * the rows and a bottom axis's room. A chart adds its x scale, axis and bars to what this returns.
 */
import type {ScaleBand} from "d3-scale";
import {scaleBand} from "d3-scale";
import {bottomAxisHeight, rowLabelsAbove, rowLabelsLeft} from "./axes.js";
import {chartFrame, type ChartFrame} from "./chart-frame.js";
import {placeRowLabels} from "./row-labels.js";
import type {TypeScale} from "./type-scale.js";

/** A value for each placement of the row names: beside the plot, or above each row. */
export type ByPlacement<T> = {beside: T; above: T};

export interface BarRowsOptions {
  width: number;
  type: TypeScale;
  /** The rows' keys, top to bottom. */
  rows: readonly string[];
  /** Ways of naming a row, longest first: the first whose column fits is used. */
  labels: readonly ((row: string) => string)[];
  /** Room right of the plot (a figure printed after the longest bar). */
  marginRight: number;
  /** The room right of the plot the name column is measured against, when not marginRight. */
  placementMarginRight?: number;
  /** The chart's accessible name. */
  label: string;
  className?: string;
  /** A row's height in px, and the room above the first row, by placement. */
  step: ByPlacement<number>;
  top: ByPlacement<number>;
  /** The bars' share of their band left empty, by placement (d3's band padding); or the band set up by the chart. */
  padding: ByPlacement<number> | ((band: ScaleBand<string>, above: boolean) => ScaleBand<string>);
  /** Tick marks by names in the column (a ranked list). */
  ticks?: boolean;
}

export interface BarRows {
  frame: ChartFrame;
  y: ScaleBand<string>;
  /** True when the names are above their rows (a narrow chart). */
  above: boolean;
}

/** The frame, the rows' band scale and their names drawn; the chart draws the rest. */
export function barRows(options: BarRowsOptions): BarRows {
  const {width, type, rows, marginRight} = options;
  const labels = placeRowLabels({
    width,
    marginRight: options.placementMarginRight ?? marginRight,
    type,
    rows,
    labels: options.labels
  });
  const above = labels.placement === "above";
  const choose = <T>(values: ByPlacement<T>) => (above ? values.above : values.beside);
  const top = choose(options.top);
  const frame = chartFrame({
    width,
    height: top + rows.length * choose(options.step) + bottomAxisHeight(type),
    type,
    label: options.label,
    ...(options.className ? {className: options.className} : {}),
    margin: {top, right: marginRight, bottom: bottomAxisHeight(type), left: labels.marginLeft}
  });
  const band = scaleBand(rows, [frame.top, frame.bottom]);
  const padding = options.padding;
  const y = (typeof padding === "function" ? padding(band, above) : band.padding(choose(padding))).round(true);
  if (above) rowLabelsAbove(frame, y, labels.label);
  else rowLabelsLeft(frame, y, labels.label, {ticks: options.ticks ?? false});
  return {frame, y, above};
}
