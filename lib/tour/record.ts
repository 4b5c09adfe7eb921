/**
 * What the reader predicted in a guided lesson, kept for the tab (sessionStorage) and read back
 * as untrusted text: whatever the storage holds, a bad record is dropped, never a crash.
 * A step is in the record once its prediction was revealed, with what the run showed then.
 */
import * as z from "zod/mini";
import type {Guess} from "./prediction.js";

export interface RevealedPrediction {
  guess: Guess;
  actual: Guess;
  matches: boolean;
}

export type TourRecord = Readonly<Record<string, RevealedPrediction>>;

const MAX_STEPS = 100;
const MAX_TEXT = 200;
const guessSchema = z.union([z.int().check(z.minimum(0)), z.string().check(z.maxLength(MAX_TEXT))]);
const recordSchema = z.record(z.string().check(z.maxLength(MAX_TEXT)), z.strictObject({guess: guessSchema, actual: guessSchema, matches: z.boolean()}))
  .check(z.refine((record) => Object.keys(record).length <= MAX_STEPS));

/** The record a stored text holds, or an empty one when the text is missing or not a record. */
export function parseTourRecord(text: string | null): TourRecord {
  if (text === null || text.length > MAX_STEPS * MAX_TEXT * 4) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = recordSchema.safeParse(data);
  return parsed.success ? parsed.data : {};
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

/** How the revealed predictions compare: "3 of 5 predictions matched the run". */
export function scoreTour(record: TourRecord, stepIds: readonly string[]): {revealed: number; matched: number} {
  const revealed = stepIds.filter((id) => record[id] !== undefined);
  return {revealed: revealed.length, matched: revealed.filter((id) => record[id]!.matches).length};
}
