import type {Prediction} from "./prediction.js";

/**
 * One step of a guided lesson: an experiment of the lesson's text, a prediction to make
 * before its run is shown, and one sentence on why the run comes out as it does. Every
 * lesson's experiments are tour steps (they carry `prediction` and `why`).
 */
export interface TourStep<Run> {
  id: string;
  title: string;
  /** What to look at once the run is shown. */
  lookAt: string;
  prediction: Prediction<Run>;
  /** Why the run answers as it does, in one sentence. */
  why: string;
  /** Whether a run shows what the step is about (the live check). */
  shows: (run: Run) => boolean;
  /**
   * Which of its lab's views the step's slide draws, by the name the view answers to (a lab shows
   * several; the slide shows the evidence the question is about). Absent: the lab's first chart.
   */
  slideView?: string;
}

/** Whether `values` are the lesson's defaults with a step's `overrides` applied, input by input. */
export function hasStepInputs(
  values: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
  overrides: Readonly<Record<string, unknown>>
): boolean {
  const wanted: Record<string, unknown> = {...defaults, ...overrides};
  return Object.keys(wanted).every((name) => Object.is(values[name] ?? null, wanted[name] ?? null));
}
