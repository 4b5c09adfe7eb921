/**
 * Where a chart with a row per category puts its row names: in a column left of the plot when
 * the column leaves the plot most of the chart's width, otherwise above each row (a phone).
 * A chart may offer shorter names to try before giving up the column.
 */
import type {TypeScale} from "./type-scale.js";

/** The plot area's least share of the chart's width with a label column beside it. */
export const MIN_PLOT_SHARE = 0.6;

export type RowLabelPlacement =
  | {placement: "left"; label: (row: string) => string; marginLeft: number}
  | {placement: "above"; label: (row: string) => string; marginLeft: number};

export interface RowLabelRequest {
  width: number;
  marginRight: number;
  type: TypeScale;
  rows: readonly string[];
  /** Ways of naming a row, longest first: the first that fits is used. */
  labels: readonly ((row: string) => string)[];
  /** Room between the label and the plot (a tick mark, padding), in px at 10 px type. */
  gap?: number;
}

export function placeRowLabels({width, marginRight, type, rows, labels, gap = 9}: RowLabelRequest): RowLabelPlacement {
  for (const label of labels) {
    const column = Math.ceil(Math.max(0, ...rows.map((row) => type.widthOf(label(row)))) + gap * type.unit + 4);
    if (width - column - marginRight >= MIN_PLOT_SHARE * width) return {placement: "left", label, marginLeft: column};
  }
  return {placement: "above", label: labels[0]!, marginLeft: Math.ceil(4 * type.unit)};
}
