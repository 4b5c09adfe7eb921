/**
 * The predictions kept in the tab, checked against the lesson's own steps before anything is
 * shown. localStorage is text anyone with the page open can rewrite, so parseTourRecord's
 * shape is not enough: a guess must be one the step's prediction box accepts (a whole number
 * within its bounds, or one of its choices' values), the run's answer one the step can give, and
 * "matched" what the two say. A step that fails is left out and named by the lesson's own words
 * (its number and title), never by what the storage holds; a key that names no step is named
 * escaped (stored-text.ts).
 */
import {judgeGuesses, readGuess, type Guess, type Prediction} from "./prediction.js";
import {parseTourRecord, type RevealedPrediction, type TourRecordReading} from "./record.js";
import type {TourStep} from "./step.js";
import {quoteStoredText} from "./stored-text.js";

/** The record a stored text holds, keeping only the steps of `steps` whose values that step could have produced. */
export function readStoredTourRecord<Run>(
  text: string | null,
  steps: readonly Pick<TourStep<Run>, "id" | "title" | "prediction">[]
): TourRecordReading {
  const parsed = parseTourRecord(text);
  const byId = new Map(steps.map((step, index) => [step.id, {step, number: index + 1}]));
  const kept: [string, RevealedPrediction][] = [];
  const dropped = [...parsed.dropped];
  for (const [stepId, revealed] of Object.entries(parsed.record)) {
    const found = byId.get(stepId);
    if (found === undefined) {
      dropped.push(`step ${quoteStoredText(stepId)} (this lesson has no such step)`);
      continue;
    }
    const problem = revealedProblem(found.step.prediction, revealed);
    if (problem === null) kept.push([stepId, revealed]);
    else dropped.push(`step ${found.number}, “${found.step.title}” (${problem})`);
  }
  return {record: Object.fromEntries(kept), dropped};
}

/** What is wrong with a stored reveal for this prediction, in words that quote nothing stored; null when nothing is. */
export function revealedProblem<Run>(prediction: Prediction<Run>, revealed: RevealedPrediction): string | null {
  const accepted =
    prediction.kind === "number"
      ? `a whole number from 0 to ${prediction.max.toLocaleString("en-US")}`
      : "one of the step's answers";
  if (!isStoredGuess(prediction, revealed.guess)) return `the stored prediction is not ${accepted}`;
  if (!isStoredGuess(prediction, revealed.actual)) return `the stored run's answer is not ${accepted}`;
  if (revealed.matches !== judgeGuesses(revealed.guess, revealed.actual))
    return "the stored verdict does not follow from the prediction and the run's answer";
  return null;
}

/** Whether a stored value is one the step's answer box would have produced: the right kind, checked as the box checks it. */
function isStoredGuess<Run>(prediction: Prediction<Run>, value: Guess): boolean {
  if (prediction.kind === "choice")
    return typeof value === "string" && prediction.choices.some((choice) => choice.value === value);
  if (typeof value !== "number") return false;
  // The box reads typed text: String() gives what a reader would have typed for a whole number ("1e+21", "2.5", "-1" fail).
  const reading = readGuess(prediction, String(value));
  return reading.ok && reading.guess === value;
}
