/**
 * Course progress: what the reader predicted in each lesson's guided lesson and where they left
 * off, kept in the browser (localStorage, under progress-keys.ts's keys) across reloads and
 * lessons, and read back as untrusted text.
 *
 * The position is kept as the step's id, not its number, so a step added to a lesson later does
 * not send the reader to another step. The course home reads both through a lesson's outline (each
 * step's id, title and what its answer box accepts: `StepOutline`), built from lib's steps at build
 * time and checked here with zod, so it needs no simulator. Whatever a key holds, a value that
 * cannot be read is dropped and named (never quoted raw: stored-text.ts), and the rest is used.
 */
import * as z from "zod/mini";
import type {PredictionChoice, Prediction} from "./prediction.js";
import type {TourPosition} from "./position.js";
import {scoreTour, type TourRecord} from "./record.js";
import type {TourStep} from "./step.js";
import {readStoredTourRecord} from "./stored-record.js";
import {quoteStoredText} from "./stored-text.js";

const RECAP = "recap";
const MAX_POSITION_TEXT = 200;

/** A step as the course home needs it: no run, no answer function, only what its answer box accepts. */
export interface StepOutline {
  id: string;
  title: string;
  prediction: {kind: "number"; max: number} | {kind: "choice"; choices: readonly PredictionChoice[]};
}

/** One lesson's guided steps, as the course home reads them: the page's slug, the tour's lesson name, the steps in order. */
export interface LessonOutline {
  slug: string;
  /** The tour's lesson name ("push delivery"): the storage keys' last part. */
  lesson: string;
  /** The sidebar's name ("1. Push delivery"). */
  name: string;
  steps: readonly StepOutline[];
}

const TEXT = z.string().check(z.minLength(1), z.maxLength(MAX_POSITION_TEXT));
const stepOutlineSchema = z.object({
  id: TEXT,
  title: z.string(),
  prediction: z.union([
    z.object({kind: z.literal("number"), max: z.int().check(z.minimum(0))}),
    z.object({
      kind: z.literal("choice"),
      choices: z.array(z.object({value: z.string(), label: z.string()})).check(z.minLength(1))
    })
  ])
});
const courseOutlineSchema = z.array(
  z.object({slug: TEXT, lesson: TEXT, name: z.string(), steps: z.array(stepOutlineSchema)})
);

/** The outline of a lesson's steps (what a page built at build time hands the course home). */
export function stepOutline<Run>(step: Pick<TourStep<Run>, "id" | "title" | "prediction">): StepOutline {
  const {prediction} = step;
  return {
    id: step.id,
    title: step.title,
    prediction:
      prediction.kind === "number"
        ? {kind: "number", max: prediction.max}
        : {kind: "choice", choices: prediction.choices.map(({value, label}) => ({value, label}))}
  };
}

/** The course outline from its JSON, checked: a build that wrote something else fails loudly here, not later. */
export function parseCourseOutline(data: unknown): LessonOutline[] {
  return courseOutlineSchema.parse(data);
}

/** The text kept for a position (null: nothing to keep; the start is not a place to come back to). */
export function storedPositionText<Run>(
  position: TourPosition,
  steps: readonly Pick<TourStep<Run>, "id">[]
): string | null {
  if (position.kind === "recap") return RECAP;
  if (position.kind === "step") return steps[position.index]?.id ?? null;
  return null;
}

export interface StoredPositionReading {
  /** Where the reader left off, or null when nothing (usable) was kept. */
  position: TourPosition | null;
  dropped: string[];
}

/** Where the reader left off, from the kept text: a step of `steps` by its id, or the recap; anything else is dropped and named. */
export function readStoredPosition(
  text: string | null,
  steps: readonly Pick<StepOutline, "id">[]
): StoredPositionReading {
  if (text === null) return {position: null, dropped: []};
  if (text === RECAP) return {position: {kind: "recap"}, dropped: []};
  const index = text.length <= MAX_POSITION_TEXT ? steps.findIndex((step) => step.id === text) : -1;
  if (index >= 0) return {position: {kind: "step", index}, dropped: []};
  return {position: null, dropped: [`where you left off, ${quoteStoredText(text)} (this lesson has no such step)`]};
}

/** A step outline as the record's checks take a step: an answer box with no run to read (a run of type never cannot be passed). */
function outlineAsStep(step: StepOutline): Pick<TourStep<never>, "id" | "title" | "prediction"> {
  const answer = (run: never) => run;
  const prediction: Prediction<never> =
    step.prediction.kind === "number"
      ? {kind: "number", question: "", units: ["", ""], max: step.prediction.max, answer}
      : {kind: "choice", question: "", choices: step.prediction.choices, answer};
  return {id: step.id, title: step.title, prediction};
}

export interface LessonProgress {
  outline: LessonOutline;
  record: TourRecord;
  /** Steps predicted (revealed), of the lesson's steps. */
  done: number;
  position: TourPosition | null;
  /** What could not be read back, each named. */
  dropped: string[];
}

/** One lesson's progress from its two kept texts, each checked against the lesson's steps. */
export function readLessonProgress(
  outline: LessonOutline,
  recordText: string | null,
  positionText: string | null
): LessonProgress {
  const stored = readStoredTourRecord(recordText, outline.steps.map(outlineAsStep));
  const position = readStoredPosition(positionText, outline.steps);
  return {
    outline,
    record: stored.record,
    done: scoreTour(
      stored.record,
      outline.steps.map((step) => step.id)
    ).revealed,
    position: position.position,
    dropped: [...stored.dropped, ...position.dropped]
  };
}

/** Where "Continue" takes the reader: the position kept, else the first step not predicted, else the recap. */
export function continueAt(progress: Pick<LessonProgress, "outline" | "record" | "position">): TourPosition {
  if (progress.position !== null) return progress.position;
  const next = progress.outline.steps.findIndex((step) => progress.record[step.id] === undefined);
  return next >= 0 ? {kind: "step", index: next} : {kind: "recap"};
}
