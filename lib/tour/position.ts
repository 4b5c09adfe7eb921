/**
 * Where a guided lesson is, and how a link says it: `step=<n>` (1-based) or `step=recap`;
 * no `step` is the tour's start. The link is user input: a value that names no step becomes a
 * notice naming `step`, and the tour starts at the beginning.
 *
 * The class deck is open while the link has `present=`: `present=<n>`, `present=recap`, or
 * `present=title` (its title slide; an empty value too). A value that names no slide becomes a
 * notice naming `present`, and the deck opens at its title slide.
 */
import {shorten} from "../lesson-inputs/check.js";
import {PRESENT_PARAMETER, TOUR_STEP_PARAMETER, type PermalinkNotice} from "../lesson-inputs/permalink.js";

export type TourPosition = {kind: "start"} | {kind: "step"; index: number} | {kind: "recap"};

export const TOUR_START: TourPosition = {kind: "start"};
const RECAP = "recap";
const TITLE = "title";

export interface TourPositionReading {
  position: TourPosition;
  notices: PermalinkNotice[];
}

export function readTourPosition(search: string, stepCount: number): TourPositionReading {
  const reading = readPositionParameter(search, {
    parameter: TOUR_STEP_PARAMETER,
    decode: (value) => decodePosition(value, stepCount),
    accepted: `a step number from 1 to ${stepCount}, or "${RECAP}"; the guided lesson starts at the beginning`
  });
  return {position: reading.position ?? TOUR_START, notices: reading.notices};
}

interface PositionParameter {
  parameter: string;
  decode: (value: string) => TourPosition | null;
  /** What a value that names no position must be, and where the reader starts instead. */
  accepted: string;
}

/** The first value of a position's parameter (null when absent); a value given again, or naming no position, is a notice. */
function readPositionParameter(search: string, {parameter, decode, accepted}: PositionParameter): {position: TourPosition | null; notices: PermalinkNotice[]} {
  const values = new URLSearchParams(search).getAll(parameter);
  if (values.length === 0) return {position: null, notices: []};
  const [first, ...rest] = values as [string, ...string[]];
  const notices: PermalinkNotice[] = rest.map((value) => ({parameter, value: shorten(value), problem: "given more than once; the first value is used"}));
  const position = decode(first);
  if (position !== null) return {position, notices};
  notices.unshift({parameter, value: shorten(first), problem: `must be ${accepted}`});
  return {position: TOUR_START, notices};
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

export interface DeckPositionReading {
  /** The slide the deck opens at, or null when the link does not open the deck. */
  position: TourPosition | null;
  notices: PermalinkNotice[];
}

/** Whether the link opens the class deck, and at which slide (the start is its title slide). */
export function readDeckPosition(search: string, stepCount: number): DeckPositionReading {
  return readPositionParameter(search, {
    parameter: PRESENT_PARAMETER,
    decode: (value) => (value === "" || value === TITLE ? TOUR_START : decodePosition(value, stepCount)),
    accepted: `a step number from 1 to ${stepCount}, "${TITLE}" or "${RECAP}"; the class deck opens at its title slide`
  });
}

/** `search` with the deck's slide set (null: the deck closed, `present` removed); other parameters as they were. */
export function withDeckPosition(search: string, position: TourPosition | null): string {
  const params = new URLSearchParams(search);
  if (position === null) params.delete(PRESENT_PARAMETER);
  else params.set(PRESENT_PARAMETER, encodeTourPosition(position) ?? TITLE);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function decodePosition(value: string, stepCount: number): TourPosition | null {
  if (value === RECAP) return {kind: "recap"};
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= stepCount ? {kind: "step", index: number - 1} : null;
}
