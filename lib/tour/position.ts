/**
 * Where a guided lesson is, and how a link says it: `step=<n>` (1-based) or `step=recap`;
 * no `step` is the tour's start. The link is user input: a value that names no step becomes a
 * notice naming `step`, and the tour starts at the beginning.
 */
import {shorten} from "../lesson-inputs/check.js";
import {TOUR_STEP_PARAMETER, type PermalinkNotice} from "../lesson-inputs/permalink.js";

export type TourPosition = {kind: "start"} | {kind: "step"; index: number} | {kind: "recap"};

export const TOUR_START: TourPosition = {kind: "start"};
const RECAP = "recap";

export interface TourPositionReading {
  position: TourPosition;
  notices: PermalinkNotice[];
}

export function readTourPosition(search: string, stepCount: number): TourPositionReading {
  const values = new URLSearchParams(search).getAll(TOUR_STEP_PARAMETER);
  if (values.length === 0) return {position: TOUR_START, notices: []};
  const [first, ...rest] = values as [string, ...string[]];
  const notices: PermalinkNotice[] = rest.map((value) => ({parameter: TOUR_STEP_PARAMETER, value: shorten(value), problem: "given more than once; the first value is used"}));
  const position = decodePosition(first, stepCount);
  if (position === null) {
    notices.unshift({parameter: TOUR_STEP_PARAMETER, value: shorten(first), problem: `must be a step number from 1 to ${stepCount}, or "${RECAP}"; the guided lesson starts at the beginning`});
    return {position: TOUR_START, notices};
  }
  return {position, notices};
}

/** The `step` parameter's value for a position, or null for the start (no parameter). */
export function encodeTourPosition(position: TourPosition): string | null {
  switch (position.kind) {
    case "start": return null;
    case "step": return String(position.index + 1);
    case "recap": return RECAP;
  }
}

/** `search` with its `step` parameter set for `position` (removed for the start); other parameters as they were. */
export function withTourPosition(search: string, position: TourPosition): string {
  const params = new URLSearchParams(search);
  const value = encodeTourPosition(position);
  if (value === null) params.delete(TOUR_STEP_PARAMETER);
  else params.set(TOUR_STEP_PARAMETER, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The position one step back or forward: start ↔ step 1 … step n ↔ recap. */
export function movePosition(position: TourPosition, by: -1 | 1, stepCount: number): TourPosition {
  const ordinal = position.kind === "start" ? 0 : position.kind === "recap" ? stepCount + 1 : position.index + 1;
  const next = Math.min(stepCount + 1, Math.max(0, ordinal + by));
  return next === 0 ? TOUR_START : next === stepCount + 1 ? {kind: "recap"} : {kind: "step", index: next - 1};
}

function decodePosition(value: string, stepCount: number): TourPosition | null {
  if (value === RECAP) return {kind: "recap"};
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= stepCount ? {kind: "step", index: number - 1} : null;
}
