/**
 * Where a guided lesson is, and how a link says it: `step=<n>` (1-based) or `step=recap`;
 * no `step` is the tour's start. The link is user input: a value that names no step becomes a
 * notice naming `step`, and the tour starts at the beginning.
 *
 * The class deck is open while the link has `present=`: `present=<n>`, `present=recap`, or
 * `present=title` (its title slide; an empty value too). A value that names no slide becomes a
 * notice naming `present`, and the deck opens at its title slide.
 *
 * A class plan gives the deck a subset of the steps, in its order: `steps=1,3,5` (1-based step
 * numbers of the lesson). The deck then counts its own slides ("step 2 of 3"), and `present=2`
 * names its second step. A number naming no step, or given twice, is left out with a notice.
 */
import {shorten} from "../lesson-inputs/check.js";
import {
  DECK_STEPS_PARAMETER,
  PRESENT_PARAMETER,
  TOUR_STEP_PARAMETER,
  type PermalinkNotice
} from "../lesson-inputs/permalink.js";

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
function readPositionParameter(
  search: string,
  {parameter, decode, accepted}: PositionParameter
): {position: TourPosition | null; notices: PermalinkNotice[]} {
  const values = new URLSearchParams(search).getAll(parameter);
  if (values.length === 0) return {position: null, notices: []};
  const [first, ...rest] = values as [string, ...string[]];
  // A link may repeat a parameter thousands of times: one notice says so.
  const notices: PermalinkNotice[] =
    rest.length === 0 ? [] : [{parameter, value: shorten(rest[0]!), problem: givenMoreThanOnce(values.length)}];
  const position = decode(first);
  if (position !== null) return {position, notices};
  notices.unshift({parameter, value: shorten(first), problem: `must be ${accepted}`});
  return {position: TOUR_START, notices};
}

/** The `step` parameter's value for a position, or null for the start (no parameter). */
export function encodeTourPosition(position: TourPosition): string | null {
  switch (position.kind) {
    case "start":
      return null;
    case "step":
      return String(position.index + 1);
    case "recap":
      return RECAP;
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

/** The position `by` steps back or forward (±1 usually; a merged run of moves too), stopping at either end: start ↔ step 1 … step n ↔ recap. */
export function movePosition(position: TourPosition, by: number, stepCount: number): TourPosition {
  const ordinal = position.kind === "start" ? 0 : position.kind === "recap" ? stepCount + 1 : position.index + 1;
  const next = Math.min(stepCount + 1, Math.max(0, ordinal + by));
  return next === 0 ? TOUR_START : next === stepCount + 1 ? {kind: "recap"} : {kind: "step", index: next - 1};
}

export interface DeckPositionReading {
  /** The slide the deck opens at (a step's index is into `order`), or null when the link does not open the deck. */
  position: TourPosition | null;
  /** The lesson's step indices the deck shows, in its order (every step, unless the link says `steps=`). */
  order: number[];
  notices: PermalinkNotice[];
}

/** Whether the link opens the class deck, with which steps, and at which slide (the start is its title slide). */
export function readDeckPosition(search: string, stepCount: number): DeckPositionReading {
  const {order, notices} = readDeckSteps(search, stepCount);
  const reading = readPositionParameter(search, {
    parameter: PRESENT_PARAMETER,
    decode: (value) => (value === "" || value === TITLE ? TOUR_START : decodePosition(value, order.length)),
    accepted: `a step number from 1 to ${order.length}, "${TITLE}" or "${RECAP}"; the class deck opens at its title slide`
  });
  return {position: reading.position, order, notices: [...notices, ...reading.notices]};
}

/** The most step numbers a `steps` value is read for: a lesson has at most a few dozen. */
const MAX_LISTED_STEPS = 200;

/** The deck's steps from `steps=` (every step when absent, or when it names none). */
export function readDeckSteps(search: string, stepCount: number): {order: number[]; notices: PermalinkNotice[]} {
  const every = Array.from({length: stepCount}, (_, index) => index);
  const values = new URLSearchParams(search).getAll(DECK_STEPS_PARAMETER);
  if (values.length === 0) return {order: every, notices: []};
  const notices: PermalinkNotice[] =
    values.length > 1
      ? [{parameter: DECK_STEPS_PARAMETER, value: shorten(values[1]!), problem: givenMoreThanOnce(values.length)}]
      : [];
  const order: number[] = [];
  const refused: string[] = [];
  const listed = values[0]!.split(",");
  for (const item of listed.slice(0, MAX_LISTED_STEPS)) {
    const position = decodePosition(item.trim(), stepCount);
    if (position?.kind === "step" && !order.includes(position.index)) order.push(position.index);
    else refused.push(item);
  }
  if (listed.length > MAX_LISTED_STEPS)
    refused.push(`…${(listed.length - MAX_LISTED_STEPS).toLocaleString("en-US")} more`);
  const accepted = `step numbers from 1 to ${stepCount}, each once, separated by commas`;
  if (order.length === 0) {
    notices.unshift({
      parameter: DECK_STEPS_PARAMETER,
      value: shorten(values[0]!),
      problem: `must list ${accepted}; the deck shows every step`
    });
    return {order: every, notices};
  }
  if (refused.length > 0)
    notices.unshift({
      parameter: DECK_STEPS_PARAMETER,
      value: shorten(refused.join(",")),
      problem: `left out: the list must hold ${accepted}`
    });
  return {order, notices};
}

/** The `steps` value of a deck's order, or null when it shows every step in the lesson's order. */
export function encodeDeckSteps(order: readonly number[], stepCount: number): string | null {
  return order.length === stepCount && order.every((index, at) => index === at)
    ? null
    : order.map((index) => index + 1).join(",");
}

/**
 * `search` with the deck's slide and steps set (null: the deck closed, `present` and `steps`
 * removed); other parameters as they were.
 */
export function withDeckPosition(
  search: string,
  deck: {position: TourPosition; order: readonly number[]; stepCount: number} | null
): string {
  const params = new URLSearchParams(search);
  params.delete(PRESENT_PARAMETER);
  params.delete(DECK_STEPS_PARAMETER);
  if (deck !== null) {
    params.set(PRESENT_PARAMETER, encodeTourPosition(deck.position) ?? TITLE);
    const steps = encodeDeckSteps(deck.order, deck.stepCount);
    if (steps !== null) params.set(DECK_STEPS_PARAMETER, steps);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

function givenMoreThanOnce(times: number): string {
  return `given more than once${times > 2 ? ` (${times.toLocaleString("en-US")} times)` : ""}; the first value is used`;
}

function decodePosition(value: string, stepCount: number): TourPosition | null {
  if (value === RECAP) return {kind: "recap"};
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= stepCount ? {kind: "step", index: number - 1} : null;
}
