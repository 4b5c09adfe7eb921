/**
 * The class deck's slides, drawn from the deck's state (./class-deck.ts moves it): a title slide,
 * one slide per guided step, and a recap of the class's answers against the runs. A step slide
 * has fixed places (the chart, the key figures, the playback) that the deck fills with the lab's
 * own views; the rest is text from lib's steps.
 */
import {answerInSentence, describeAnswer, outcomeVerbs, type Guess, type TourStep} from "../../../lib/tour/index.js";
import {element, type Child} from "../runtime/dom.js";
import {PredictionInput} from "../tour/tour-prediction.js";

/** What the class answered for a step: a guess, or null when the teacher skipped it; the run's answer then. */
export interface ClassAnswer {
  guess: Guess | null;
  actual: Guess;
  matches: boolean;
}

/** The places of a step slide the deck fills, and its answer box. */
export interface StepSlide {
  content: Child[];
  chart: HTMLElement;
  figures: HTMLElement;
  playback: HTMLElement;
  /** The class's answer as typed or chosen, or null for none. */
  guess(): string | null;
  /** Where a reveal that cannot happen yet says why. */
  problem: HTMLElement;
}

export interface StepSlideOptions<Run> {
  step: TourStep<Run>;
  number: number;
  inputs: string;
  answer: ClassAnswer | undefined;
  reveal(): void;
  skip(): void;
}

export function StepSlide<Run>({step, number, inputs, answer, reveal, skip}: StepSlideOptions<Run>): StepSlide {
  const chart = element("div", {class: "deck-chart"});
  const figures = element("div", {class: "deck-figures"});
  const playback = element("div", {class: "deck-playback"});
  const problem = element("p", {class: "deck-problem", role: "status"});
  const box = PredictionInput(step.prediction, `deck-${step.id}`);
  // Until the reveal, the run's place asks: the choices (or the number box) large in the middle, then Reveal.
  const ask = answer
    ? null
    : element(
        "div",
        {
          class: `deck-ask${step.prediction.kind === "choice" && step.prediction.choices.length > 5 ? " deck-ask-many" : ""}`
        },
        element(
          "p",
          {class: "deck-hidden-note"},
          "The class predicts first: ",
          element("kbd", null, "R"),
          " reveals the run."
        ),
        element(
          "div",
          {class: "deck-answer"},
          box.element,
          element(
            "span",
            {class: "deck-answer-actions"},
            element("button", {type: "button", class: "deck-reveal", onclick: reveal}, "Reveal (R)"),
            element("button", {type: "button", class: "deck-skip", onclick: skip}, "Skip")
          ),
          problem
        )
      );
  const main = element("div", {class: `deck-main${answer ? "" : " deck-main-hidden"}`}, ask, chart, figures);
  const bottom = answer
    ? [Outcome(step, answer), element("p", {class: "deck-why"}, element("strong", null, "Why: "), step.why)]
    : [];
  return {
    content: [
      element(
        "h2",
        {class: "deck-title", tabindex: -1},
        element("span", {class: "deck-number"}, `${number}. `),
        step.title
      ),
      element("p", {class: "deck-inputs"}, element("strong", null, "Inputs: "), element("bdi", null, inputs)),
      element("p", {class: "deck-question"}, step.prediction.question),
      main,
      ...bottom,
      playback
    ],
    chart,
    figures,
    playback,
    guess: box.guess,
    problem
  };
}

/** The reveal as one sentence, whatever the answer's kind: "The class chose “…”; the run's answer is “…”." */
function Outcome<Run>(step: TourStep<Run>, answer: ClassAnswer): HTMLElement {
  const {said, shows} = outcomeVerbs(step.prediction, "present");
  const actual = element("bdi", null, answerInSentence(step.prediction, answer.actual));
  if (answer.guess === null)
    return element(
      "p",
      {class: "deck-outcome", tabindex: -1},
      `${shows.charAt(0).toUpperCase()}${shows.slice(1)} `,
      actual,
      ". (The class did not answer.)"
    );
  return element(
    "p",
    {class: `deck-outcome ${answer.matches ? "verdict-good" : "verdict-bad"}`, tabindex: -1},
    `The class ${said} `,
    element("bdi", null, answerInSentence(step.prediction, answer.guess)),
    `; ${shows} `,
    actual,
    ". ",
    answer.matches ? "✓ Matched." : "✗ Not what the class predicted."
  );
}

export function TitleSlide<Run>(lesson: string, steps: readonly TourStep<Run>[]): Child[] {
  return [
    element("h2", {class: "deck-title deck-cover-title", tabindex: -1}, lesson),
    element(
      "p",
      {class: "deck-cover-line"},
      `${steps.length} steps. Each asks the class to predict, then reveals the run the simulator computes.`
    ),
    element(
      "ol",
      {
        class: `deck-cover-steps${steps.length > 16 ? " deck-three-columns" : steps.length > 8 ? " deck-two-columns" : ""}`
      },
      steps.map((step) => element("li", null, step.title))
    ),
    element(
      "p",
      {class: "deck-cover-line"},
      element("kbd", null, "→"),
      " begins. ",
      element("kbd", null, "R"),
      " reveals, ",
      element("kbd", null, "Space"),
      " plays the run, ",
      element("kbd", null, "Home"),
      " restarts it, ",
      element("kbd", null, "Esc"),
      " leaves."
    )
  ];
}

export function RecapSlide<Run>(
  steps: readonly TourStep<Run>[],
  answers: ReadonlyMap<string, ClassAnswer>,
  restart: () => void
): Child[] {
  const answered = steps.filter((step) => answers.get(step.id)?.guess != null);
  const matched = answered.filter((step) => answers.get(step.id)!.matches).length;
  return [
    element("h2", {class: "deck-title", tabindex: -1}, "Recap"),
    element(
      "p",
      {class: "deck-cover-line"},
      `The class matched the run on ${matched} of ${answered.length} ${answered.length === 1 ? "prediction" : "predictions"}${answered.length < steps.length ? ` (${steps.length - answered.length} not answered)` : ""}.`
    ),
    element(
      "table",
      {class: "deck-recap"},
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          element("th", null, "Step"),
          element("th", null, "The class said"),
          element("th", null, "The run showed")
        )
      ),
      element(
        "tbody",
        null,
        steps.map((step, index) => RecapRow(step, index + 1, answers.get(step.id)))
      )
    ),
    element(
      "p",
      {class: "deck-cover-line"},
      element(
        "button",
        {type: "button", class: "deck-restart", onclick: restart},
        "Start again (forget the class's answers)"
      )
    )
  ];
}

function RecapRow<Run>(step: TourStep<Run>, number: number, answer: ClassAnswer | undefined): HTMLElement {
  const said =
    answer === undefined
      ? "not revealed"
      : answer.guess === null
        ? "skipped"
        : describeAnswer(step.prediction, answer.guess);
  const verdict = answer?.guess == null ? "" : answer.matches ? " ✓" : " ✗";
  return element(
    "tr",
    {class: answer?.guess == null ? "" : answer.matches ? "verdict-good" : "verdict-bad"},
    element("td", null, `${number}. `, step.title),
    element("td", null, element("bdi", null, said), verdict),
    element(
      "td",
      null,
      answer === undefined ? "–" : element("bdi", null, describeAnswer(step.prediction, answer.actual))
    )
  );
}
