/**
 * The guided lesson's card at each position: the start, a step (asking for a prediction, or once
 * revealed, the outcome and a live check of the reader's run), and the recap. A card is drawn
 * from the tour's state; its buttons act through the tour's actions.
 */
import {
  answerInSentence,
  outcomeVerbs,
  scoreTour,
  type RevealedPrediction,
  type TourStep
} from "../../../lib/tour/index.js";
import {element, type Child} from "../runtime/dom.js";
import {PredictionInput} from "./tour-prediction.js";
import type {Tour, TourActions} from "./tour-state.js";

export interface TourCard {
  children: Child[];
  /** Follows the live run (called by the tour's update()). */
  refreshLive: () => void;
}

export function StartCard<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  actions: TourActions<Step>
): Child[] {
  const revealed = scoreTour(
    tour.store.record,
    tour.steps.map((step) => step.id)
  ).revealed;
  return [
    element(
      "p",
      {class: "tour-title", tabindex: -1},
      `A walk through this lesson's experiments, in the order of its text. Each sets the lab's inputs in one click and asks what the run will show before you see it.`
    ),
    LeftOffLine(tour, revealed, actions),
    element(
      "p",
      {class: "tour-actions"},
      element(
        "button",
        {type: "button", class: "tour-start", onclick: () => actions.go({kind: "step", index: 0})},
        "Start with step 1"
      ),
      revealed > 0
        ? element(
            "button",
            {type: "button", onclick: () => actions.go({kind: "recap"})},
            `Recap (${revealed} predicted)`
          )
        : null
    )
  ];
}

/** Where the reader left off on an earlier visit (kept in the browser), how many steps they predicted, and a button back there. */
function LeftOffLine<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  revealed: number,
  actions: TourActions<Step>
): HTMLElement | null {
  const at = tour.store.leftOffAt;
  if (at === null && revealed === 0) return null;
  const count = tour.steps.length;
  const predicted = `${revealed} of ${count} ${count === 1 ? "step" : "steps"} predicted`;
  if (at === null || at.kind === "start") return element("p", {class: "tour-left-off"}, `${predicted}.`);
  const where =
    at.kind === "recap"
      ? "the recap"
      : [`step ${at.index + 1} of ${count}, `, element("bdi", null, `“${tour.steps[at.index]!.title}”`)];
  return element(
    "p",
    {class: "tour-left-off"},
    "You left off at ",
    where,
    ` (${predicted}). `,
    element(
      "button",
      {type: "button", class: "tour-continue", onclick: () => actions.go(at)},
      at.kind === "recap" ? "Continue at the recap" : `Continue at step ${at.index + 1}`
    )
  );
}

export function StepCard<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  step: Step,
  actions: TourActions<Step>
): TourCard {
  const revealed = tour.store.record[step.id];
  const title = element("p", {class: "tour-title", tabindex: -1}, element("strong", null, step.title));
  const setUp = SetUpControls(tour, step, revealed !== undefined, actions);
  return revealed
    ? RevealedStep(tour, step, revealed, title, setUp, actions)
    : PredictionStep(tour, step, title, setUp, actions);
}

/** "Set up this step", and beside it whether the lab has the step's inputs now. */
interface SetUpControls {
  button: HTMLButtonElement;
  status: HTMLElement;
  live: () => void;
}

function SetUpControls<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  step: Step,
  again: boolean,
  actions: TourActions<Step>
): SetUpControls {
  const button = element(
    "button",
    {type: "button", class: "tour-set-up"},
    again ? "Set up this step again" : "Set up this step"
  );
  const status = element("span", {class: "tour-set-up-status"});
  button.addEventListener("click", () => actions.setUp(step));
  const live = () => {
    const ready = tour.latest !== null && tour.options.isSetUp(step, tour.latest.inputs);
    tour.root.toggleAttribute("data-set-up", ready);
    status.textContent = ready ? "The lab has this step's inputs." : "";
  };
  return {button, status, live};
}

/** A step not yet predicted: what it sets, the answer box and "Reveal the run". */
function PredictionStep<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  step: Step,
  title: HTMLElement,
  setUp: SetUpControls,
  actions: TourActions<Step>
): TourCard {
  const changes = element("p", {class: "tour-changes"}, `This step sets: ${tour.options.describeSetUp(step)}.`);
  const problem = element("p", {class: "tour-problem", role: "alert"});
  const answer = PredictionInput(step.prediction, step.id);
  const reveal = element("button", {type: "button", class: "tour-reveal"}, "Reveal the run");
  reveal.addEventListener("click", () => {
    const stopped = actions.reveal(step, answer.guess());
    if (stopped !== null) problem.textContent = stopped;
  });
  return {
    children: [
      title,
      changes,
      element("p", {class: "tour-actions"}, setUp.button, setUp.status),
      answer.element,
      element("p", {class: "tour-actions"}, reveal),
      problem
    ],
    refreshLive: setUp.live
  };
}

/** A step predicted: the outcome, why, where to look, and whether the reader's run shows it now. */
function RevealedStep<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  step: Step,
  revealed: RevealedPrediction,
  title: HTMLElement,
  setUp: SetUpControls,
  actions: TourActions<Step>
): TourCard {
  const check = element("p", {class: "tour-live-check"});
  return {
    children: [
      title,
      element("p", {class: "tour-question"}, step.prediction.question),
      element(
        "p",
        {class: `tour-outcome ${revealed.matches ? "verdict-good" : "verdict-bad"}`, tabindex: -1},
        ...outcomeSentence(step, revealed, "You"),
        " ",
        revealed.matches ? "✓ Your prediction matched." : "✗ Not what you predicted."
      ),
      element("p", {class: "tour-why"}, element("strong", null, "Why: "), step.why),
      element("p", {class: "tour-look"}, element("strong", null, "Look at: "), step.lookAt),
      check,
      element(
        "p",
        {class: "tour-actions"},
        setUp.button,
        element(
          "button",
          {type: "button", class: "tour-again", onclick: () => actions.predictAgain(step)},
          "Predict again"
        ),
        setUp.status
      )
    ],
    refreshLive: () => {
      setUp.live();
      if (tour.latest !== null) showLiveCheck(check, step, revealed, tour.latest.run);
    }
  };
}

function showLiveCheck<Run>(check: HTMLElement, step: TourStep<Run>, revealed: RevealedPrediction, run: Run): void {
  const shows = step.shows(run);
  const now = step.prediction.answer(run);
  check.className = `tour-live-check ${shows ? "verdict-good" : "experiment-not-shown"}`;
  check.replaceChildren(
    shows ? "✓ Your run shows this." : "Your run does not show this now: set the step up again to see it.",
    ...(Object.is(now, revealed.actual)
      ? []
      : [" It now answers ", element("bdi", null, answerInSentence(step.prediction, now)), "."])
  );
}

export function RecapCard<Run, Inputs, Step extends TourStep<Run>>(
  tour: Tour<Run, Inputs, Step>,
  actions: TourActions<Step>
): Child[] {
  const {steps} = tour;
  const score = scoreTour(
    tour.store.record,
    steps.map((step) => step.id)
  );
  const unpredicted = steps.length - score.revealed;
  return [
    element(
      "p",
      {class: "tour-title", tabindex: -1},
      element("strong", null, "Recap: "),
      `${score.matched} of ${score.revealed} ${score.revealed === 1 ? "prediction" : "predictions"} matched the run`,
      unpredicted > 0 ? ` (${unpredicted} ${unpredicted === 1 ? "step" : "steps"} not predicted).` : "."
    ),
    element(
      "ol",
      {class: "tour-recap"},
      steps.map((step, index) => RecapItem(step, tour.store.record[step.id], () => actions.go({kind: "step", index})))
    ),
    element(
      "p",
      {class: "tour-actions"},
      element(
        "button",
        {type: "button", class: "tour-restart", onclick: () => actions.restart()},
        "Start again (forget the predictions)"
      )
    )
  ];
}

function RecapItem<Run>(step: TourStep<Run>, revealed: RevealedPrediction | undefined, open: () => void): HTMLElement {
  return element(
    "li",
    {"data-step": step.id},
    element("button", {type: "button", class: "tour-recap-step", onclick: open}, step.title),
    element(
      "span",
      {class: revealed ? (revealed.matches ? "verdict-good" : "verdict-bad") : "experiment-not-shown"},
      revealed ? [` ${revealed.matches ? "✓" : "✗"} `, ...outcomeSentence(step, revealed, "You")] : " Not predicted."
    ),
    element("span", {class: "tour-recap-why"}, ` ${step.why}`)
  );
}

/** "You chose “…”; the run's answer was “…”." or "You predicted 3 effects; the run showed 8 effects.", values isolated. */
function outcomeSentence<Run>(step: TourStep<Run>, revealed: RevealedPrediction, who: string): Child[] {
  const {said, shows} = outcomeVerbs(step.prediction, "past");
  return [
    `${who} ${said} `,
    element("bdi", null, answerInSentence(step.prediction, revealed.guess)),
    `; ${shows} `,
    element("bdi", null, answerInSentence(step.prediction, revealed.actual)),
    "."
  ];
}
