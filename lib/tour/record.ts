/**
 * What the reader predicted in a guided lesson, kept in the browser (localStorage) and read back
 * as untrusted text: whatever the storage holds, a step that cannot be read is dropped and named,
 * never a crash. This is the shape only; stored-record.ts then checks each step's values against
 * the step itself (its kind, its bounds, its choices) before anything is shown.
 * A step is in the record once its prediction was revealed, with what the run showed then.
 */
import * as z from "zod/mini";
import type {Guess} from "./prediction.js";
import {quoteStoredText} from "./stored-text.js";

export interface RevealedPrediction {
  guess: Guess;
  actual: Guess;
  matches: boolean;
}

export type TourRecord = Readonly<Record<string, RevealedPrediction>>;

const MAX_STEPS = 100;
const MAX_TEXT = 200;
const guessSchema = z.union([z.int().check(z.minimum(0)), z.string().check(z.maxLength(MAX_TEXT))]);
const revealedSchema = z.strictObject({guess: guessSchema, actual: guessSchema, matches: z.boolean()});

export interface TourRecordReading {
  record: TourRecord;
  /** What could not be read, in words (empty when everything was): the page says so, and goes on without it. */
  dropped: string[];
}

/** The record a stored text holds, step by step: a step that is not a revealed prediction is dropped and named. */
export function parseTourRecord(text: string | null): TourRecordReading {
  if (text === null) return {record: {}, dropped: []};
  if (text.length > MAX_STEPS * MAX_TEXT * 4)
    return {record: {}, dropped: [`the whole record (${text.length} characters, more than a record holds)`]};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {record: {}, dropped: ["the whole record (not JSON)"]};
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return {record: {}, dropped: ["the whole record (not an object of steps)"]};
  const kept: [string, RevealedPrediction][] = [];
  const dropped: string[] = [];
  for (const [stepId, value] of Object.entries(data).slice(0, MAX_STEPS)) {
    const parsed = revealedSchema.safeParse(value);
    if (parsed.success && stepId.length <= MAX_TEXT) kept.push([stepId, parsed.data]);
    else
      dropped.push(
        `step ${quoteStoredText(stepId)} (not a revealed prediction: a guess, the run's answer and whether they matched)`
      );
  }
  const extra = Object.keys(data).length - MAX_STEPS;
  if (extra > 0) dropped.push(`${extra} steps past the first ${MAX_STEPS}`);
  // fromEntries defines each step as an own property, whatever its name ("__proto__" included).
  return {record: Object.fromEntries(kept), dropped};
}

export function serializeTourRecord(record: TourRecord): string {
  return JSON.stringify(record);
}

export function recordReveal(record: TourRecord, stepId: string, revealed: RevealedPrediction): TourRecord {
  return {...record, [stepId]: revealed};
}

export function forgetStep(record: TourRecord, stepId: string): TourRecord {
  const {[stepId]: _forgotten, ...rest} = record;
  return rest;
}

/**
 * A tab's change to the record, applied step by step to what storage holds now: another tab of
 * the same lesson may have revealed other steps since this one read it, and writing back the
 * whole record this tab read would lose them. Steps this tab changed (revealed, revealed again,
 * forgot) take this tab's value; every other step keeps the stored one.
 */
export function mergeTourRecord(stored: TourRecord, before: TourRecord, after: TourRecord): TourRecord {
  const merged: Record<string, RevealedPrediction> = {...stored};
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[id] === after[id]) continue;
    if (after[id] === undefined) delete merged[id];
    else merged[id] = after[id];
  }
  return merged;
}

/** How the revealed predictions compare: "3 of 5 predictions matched the run". */
export function scoreTour(record: TourRecord, stepIds: readonly string[]): {revealed: number; matched: number} {
  const revealed = stepIds.filter((id) => record[id] !== undefined);
  return {revealed: revealed.length, matched: revealed.filter((id) => record[id]!.matches).length};
}
