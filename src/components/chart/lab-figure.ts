/**
 * A lab's key figure as data, apart from its drawing: SummaryFigure draws it on the page, and
 * figureLine gives its text, so a run's script ("Copy as script") prints what the lab shows.
 * Imports no DOM, so a script run in Node can import it.
 */
import {formatNumber} from "../format/number-format.js";

/** A figure's label: one text, or [singular, plural] chosen by the figure's (current) value. */
export type FigureLabel = string | readonly [singular: string, plural: string];

export interface LabFigure {
  value: number;
  label: FigureLabel;
  /** Something to look at: the page colours the number. */
  alert: boolean;
  /** The pinned run's value, compared with this one; null when nothing is pinned. */
  pinned: number | null;
}

/** A figure's text as the lab shows it. */
export interface FigureLine {
  label: string;
  value: string;
}

export function figureLabelText(label: FigureLabel, value: number): string {
  return typeof label === "string" ? label : value === 1 ? label[0] : label[1];
}

export function figureLine({value, label}: LabFigure): FigureLine {
  return {label: figureLabelText(label, value), value: formatNumber(value)};
}
