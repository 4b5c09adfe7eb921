/**
 * A guided lesson's prediction: a question the reader answers before the run is shown, and
 * the answer read from the run itself (so the reveal is the live run, whatever the reader did).
 * A number ("How many effects will the receiver apply?") or a choice among labelled values.
 */
export interface NumberPrediction<Run> {
  kind: "number";
  question: string;
  /** What the number counts, singular then plural: ["effect", "effects"]. */
  units: readonly [string, string];
  /** The largest guess accepted (guesses are whole numbers from 0). */
  max: number;
  answer: (run: Run) => number;
}

export interface PredictionChoice {
  value: string;
  label: string;
}

export interface ChoicePrediction<Run> {
  kind: "choice";
  question: string;
  choices: readonly PredictionChoice[];
  /** One of the choices' values, for any run (a catch-all choice covers runs the step did not set up). */
  answer: (run: Run) => string;
}

export type Prediction<Run> = NumberPrediction<Run> | ChoicePrediction<Run>;
export type Guess = number | string;

export type GuessReading = {ok: true; guess: Guess} | {ok: false; problem: string};

const WHOLE_NUMBER = /^\s*\d{1,9}\s*$/;
const SHOWN_GUESS_LENGTH = 40;

/** The reader's answer from a box or a choice, checked: a bad one says what is accepted. */
export function readGuess<Run>(prediction: Prediction<Run>, text: string | null): GuessReading {
  if (text === null || text.trim() === "") {
    return {
      ok: false,
      problem:
        prediction.kind === "number"
          ? `Type a whole number from 0 to ${prediction.max.toLocaleString("en-US")} first.`
          : "Choose one answer first."
    };
  }
  if (prediction.kind === "choice") {
    return prediction.choices.some((choice) => choice.value === text)
      ? {ok: true, guess: text}
      : {ok: false, problem: `“${shown(text)}” is not one of the answers offered.`};
  }
  const number = WHOLE_NUMBER.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(number) || number > prediction.max) {
    return {
      ok: false,
      problem: `“${shown(text)}” is not a whole number from 0 to ${prediction.max.toLocaleString("en-US")}.`
    };
  }
  return {ok: true, guess: number};
}

/** A value of the prediction in words: "8 effects", or the choice's label. */
export function describeAnswer<Run>(prediction: Prediction<Run>, value: Guess): string {
  if (prediction.kind === "number") return `${value} ${value === 1 ? prediction.units[0] : prediction.units[1]}`;
  return prediction.choices.find((choice) => choice.value === value)?.label ?? String(value);
}

/**
 * A value as it stands inside a sentence: "8 effects", or a choice's label in quotation marks, so
 * "The run's answer is “The receiver's: a correct receiver accepts this request”." reads as one
 * sentence whatever the label's own capitals and colons.
 */
export function answerInSentence<Run>(prediction: Prediction<Run>, value: Guess): string {
  const described = describeAnswer(prediction, value);
  return prediction.kind === "number" ? described : `“${described}”`;
}

/**
 * The verbs of an outcome sentence: a number is predicted and shown, a choice chosen and answered.
 * The class deck speaks in the present ("the run shows"), the guided lesson of a reveal that is
 * over ("the run showed").
 */
export function outcomeVerbs<Run>(
  prediction: Prediction<Run>,
  tense: "present" | "past"
): {said: string; shows: string} {
  if (prediction.kind === "number")
    return tense === "present" ? {said: "said", shows: "the run shows"} : {said: "predicted", shows: "the run showed"};
  return {said: "chose", shows: tense === "present" ? "the run's answer is" : "the run's answer was"};
}

export interface Judgement {
  actual: Guess;
  matches: boolean;
}

/** What the run says, and whether the guess said the same. */
export function judgePrediction<Run>(prediction: Prediction<Run>, guess: Guess, run: Run): Judgement {
  const actual = prediction.answer(run);
  return {actual, matches: judgeGuesses(guess, actual)};
}

/** Whether a guess says what the run said: the same value, of the same kind (8 is not "8"). */
export function judgeGuesses(guess: Guess, actual: Guess): boolean {
  return Object.is(actual, guess);
}

function shown(text: string): string {
  return text.length > SHOWN_GUESS_LENGTH ? `${text.slice(0, SHOWN_GUESS_LENGTH - 1)}…` : text;
}
