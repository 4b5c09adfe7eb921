/**
 * A lesson's experiments as a guided lesson: "Step 2 of 8", back and forward (buttons, or ← and →
 * anywhere in the card but a text box), the step in the link (`step=`), and nothing that plays by
 * itself. A step sets its inputs in one click and hides the lab's run until the reader has made a
 * prediction; "Reveal" then shows the run, what it answers, and one sentence on why. The recap
 * lists every step with how the predictions compared. Predictions stay in the tab (sessionStorage).
 *
 * ```js
 * const tour = GuidedTour(deliveryExperiments, {lesson: "push delivery", setUp: (step) => panel.applyOverrides(step.overrides), …});
 * tour.update(run, inputs); // in a cell of its own: the live check follows the run
 * ```
 */
import {
  describeAnswer,
  forgetStep,
  judgePrediction,
  movePosition,
  readGuess,
  readStoredTourRecord,
  readTourPosition,
  recordReveal,
  scoreTour,
  serializeTourRecord,
  withTourPosition,
  type Guess,
  type Prediction,
  type TourPosition,
  type TourRecord,
  type TourStep
} from "../../lib/tour/index.js";
import {hasStepInputs} from "../../lib/tour/step.js";
import type {RunLabel} from "../../lib/lesson-inputs/run-label.js";
import {PermalinkNotices} from "./control-panel.js";
import {append, element, type Child} from "./dom.js";
import type {LabElement} from "./lab.js";
import {scrollToTopOfScreen} from "./scroll-into-view.js";
import {addressSearch, replaceAddressSearch, tabStorage} from "./page-address.js";

export interface GuidedTourOptions<Run, Inputs, Step extends TourStep<Run>> {
  /** The lesson's name in the card ("push delivery") and in its storage key. */
  lesson: string;
  /** Sets the step's inputs (one click; the link follows as for any input). */
  setUp: (step: Step) => void;
  /** Whether `inputs` are the step's own (otherwise the reveal says the answer is for the reader's run). */
  isSetUp: (step: Step, inputs: Inputs) => boolean;
  /** What the step changes, in the lesson's words ("Receiver ignores seen event ids: off"). */
  describeSetUp: (step: Step) => string;
  /**
   * The lab that shows the step's run (null: the tour's start and recap); the card sits in it and
   * its results wait for the prediction. Undefined while that lab is not on the page yet.
   */
  labFor: (step: Step | null) => LabElement | undefined;
}

export type GuidedTourElement<Run, Inputs> = HTMLElement & {
  /** The run the page computed from `inputs`: the live check and the next reveal read it. */
  update(run: Run, inputs: Inputs): void;
};

const STORAGE_PREFIX = "a2a-workbench:guided-lesson:";
const TEXT_TARGETS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function GuidedTour<Run, Inputs, Step extends TourStep<Run>>(steps: readonly Step[], options: GuidedTourOptions<Run, Inputs, Step>): GuidedTourElement<Run, Inputs> {
  const {lesson, setUp, isSetUp, describeSetUp, labFor} = options;
  const storage = tabStorage(`${STORAGE_PREFIX}${lesson}`);
  const reading = readTourPosition(addressSearch(), steps.length);
  let position: TourPosition = reading.position;
  // Untrusted text: only values each step could have produced are kept (readStoredTourRecord).
  const stored = readStoredTourRecord(storage.read(), steps);
  let record: TourRecord = stored.record;
  let latest: {run: Run; inputs: Inputs} | null = null;
  const hold = ResultsHold();
  /** The step just set up, until a run with its inputs arrives (a reveal waits for that run). */
  let settingUp: string | null = null;
  /** Steps whose run the reader chose to see before predicting. */
  const seenEarly = new Set<string>();
  /** Steps revealed on inputs other than their own (said beside the outcome while the page is open). */
  const revealedOffStep = new Set<string>();

  const positionText = element("span", {class: "tour-position", "aria-live": "polite"});
  const back = element("button", {type: "button", class: "tour-back"}, "‹ Back");
  const next = element("button", {type: "button", class: "tour-next"}, "Next ›");
  const body = element("div", {class: "tour-body"});
  const root = element("section", {class: "tour", "aria-label": `Guided lesson: ${lesson}`},
    element("div", {class: "tour-head"}, element("strong", {class: "tour-label"}, "Guided lesson"), positionText, element("span", {class: "tour-nav"}, back, next)),
    reading.notices.length ? PermalinkNotices(reading.notices) : null,
    stored.dropped.length ? StorageNotice(stored.dropped) : null,
    body
  ) as GuidedTourElement<Run, Inputs>;

  /** Refreshed by update(): the parts of the card that follow the live run. */
  let refreshLive: () => void = () => {};

  const stepAt = (at: TourPosition) => (at.kind === "step" ? steps[at.index]! : null);

  function go(to: TourPosition) {
    settingUp = null;
    position = to;
    replaceAddressSearch(withTourPosition(addressSearch(), position));
    render();
    const lab = placeInLab();
    if (lab) scrollToTopOfScreen(lab);
    body.querySelector<HTMLElement>(".tour-title")?.focus({preventScroll: lab !== null});
  }

  /**
   * The lab's run is hidden while the reader is on a step not yet predicted whose inputs are in the
   * lab (set up here, or arriving by a link), unless they chose to see it first.
   */
  function syncHold() {
    const step = stepAt(position);
    const setUpNow = step !== null && latest !== null && isSetUp(step, latest.inputs);
    if (step && setUpNow && settingUp === step.id) settingUp = null;
    const hidden = step !== null && !record[step.id] && !seenEarly.has(step.id) && (setUpNow || settingUp === step.id);
    const lab = hidden ? labFor(step) : undefined;
    if (!lab) return hold.release();
    hold.keep(lab, () => HiddenRunNote(steps.indexOf(step!) + 1, () => {
      seenEarly.add(step!.id);
      syncHold();
      lab.stage.focus({preventScroll: true});
    }));
  }

  /** Moves the card into the lab of its step; that lab, if the card moved. */
  function placeInLab(): LabElement | null {
    const lab = labFor(stepAt(position));
    if (!lab || lab.contains(root)) return null;
    lab.host(root);
    return lab;
  }

  function save(next: TourRecord) {
    record = next;
    storage.write(serializeTourRecord(record));
  }

  function render() {
    positionText.textContent = position.kind === "start" ? `${steps.length} steps` : position.kind === "recap" ? "Recap" : `Step ${position.index + 1} of ${steps.length}`;
    back.disabled = position.kind === "start";
    next.disabled = position.kind === "recap";
    next.textContent = position.kind === "step" && position.index === steps.length - 1 ? "Recap ›" : "Next ›";
    refreshLive = () => {};
    root.removeAttribute("data-set-up");
    const step = stepAt(position);
    body.replaceChildren();
    append(body, step ? stepCard(step) : position.kind === "recap" ? recapCard() : startCard());
    refreshLive();
    syncHold();
  }

  function startCard(): Child[] {
    const revealed = scoreTour(record, steps.map((step) => step.id)).revealed;
    return [
      element("p", {class: "tour-title", tabindex: -1}, `A walk through this lesson's experiments, in the order of its text. Each sets the lab's inputs in one click and asks what the run will show before you see it.`),
      element("p", {class: "tour-actions"},
        element("button", {type: "button", class: "tour-start", onclick: () => go({kind: "step", index: 0})}, "Start with step 1"),
        revealed > 0 ? element("button", {type: "button", onclick: () => go({kind: "recap"})}, `Recap (${revealed} predicted)`) : null
      )
    ];
  }

  function stepCard(step: Step): Child[] {
    const revealed = record[step.id];
    const title = element("p", {class: "tour-title", tabindex: -1}, element("strong", null, step.title));
    const setUpButton = element("button", {type: "button", class: "tour-set-up"}, revealed ? "Set up this step again" : "Set up this step");
    const setUpStatus = element("span", {class: "tour-set-up-status"});
    setUpButton.addEventListener("click", () => {
      // Hidden at once, before the run of these inputs is drawn.
      settingUp = step.id;
      seenEarly.delete(step.id);
      syncHold();
      setUp(step);
    });
    const setUpRow = element("p", {class: "tour-actions"}, setUpButton, setUpStatus);
    const changes = element("p", {class: "tour-changes"}, `This step sets: ${describeSetUp(step)}.`);
    const live = () => {
      const ready = latest !== null && isSetUp(step, latest.inputs);
      root.toggleAttribute("data-set-up", ready);
      setUpStatus.textContent = ready ? "The lab has this step's inputs." : "";
    };
    if (revealed) {
      const check = element("p", {class: "tour-live-check"});
      refreshLive = () => {
        live();
        if (latest === null) return;
        const shows = step.shows(latest.run);
        const now = step.prediction.answer(latest.run);
        check.className = `tour-live-check ${shows ? "verdict-good" : "experiment-not-shown"}`;
        check.replaceChildren(shows ? "✓ Your run shows this." : "Your run does not show this now: set the step up again to see it.",
          ...(Object.is(now, revealed.actual) ? [] : [" It now answers ", Answer(step.prediction, now), "."]));
      };
      return [
        title,
        element("p", {class: "tour-question"}, step.prediction.question),
        element("p", {class: `tour-outcome ${revealed.matches ? "verdict-good" : "verdict-bad"}`, tabindex: -1},
          "You predicted ", Answer(step.prediction, revealed.guess), `; ${revealedOffStep.has(step.id) ? "your run, whose inputs differ from this step's," : "the run"} showed `, Answer(step.prediction, revealed.actual), ". ",
          revealed.matches ? "✓ Your prediction matched." : "✗ Not what you predicted."
        ),
        element("p", {class: "tour-why"}, element("strong", null, "Why: "), step.why),
        element("p", {class: "tour-look"}, element("strong", null, "Look at: "), step.lookAt),
        check,
        element("p", {class: "tour-actions"},
          setUpButton,
          element("button", {type: "button", class: "tour-again", onclick: () => {
            save(forgetStep(record, step.id));
            revealedOffStep.delete(step.id);
            seenEarly.delete(step.id);
            render();
            body.querySelector<HTMLElement>(".tour-prediction input")?.focus();
          }}, "Predict again"),
          setUpStatus
        )
      ];
    }
    const problem = element("p", {class: "tour-problem", role: "alert"});
    const answer = PredictionInput(step.prediction, step.id);
    const reveal = element("button", {type: "button", class: "tour-reveal"}, "Reveal the run");
    reveal.addEventListener("click", () => {
      const guess = readGuess(step.prediction, answer.guess());
      if (!guess.ok) {
        problem.textContent = guess.problem;
        return;
      }
      if (latest === null || settingUp === step.id) {
        problem.textContent = "The run of this step is still being computed: reveal it in a moment.";
        return;
      }
      if (!isSetUp(step, latest.inputs)) revealedOffStep.add(step.id);
      save(recordReveal(record, step.id, {guess: guess.guess, ...judgePrediction(step.prediction, guess.guess, latest.run)}));
      render();
      body.querySelector<HTMLElement>(".tour-outcome")?.focus({preventScroll: true});
    });
    refreshLive = live;
    return [title, changes, setUpRow, answer.element, element("p", {class: "tour-actions"}, reveal), problem];
  }

  function recapCard(): Child[] {
    const score = scoreTour(record, steps.map((step) => step.id));
    const unpredicted = steps.length - score.revealed;
    return [
      element("p", {class: "tour-title", tabindex: -1},
        element("strong", null, "Recap: "),
        `${score.matched} of ${score.revealed} ${score.revealed === 1 ? "prediction" : "predictions"} matched the run`,
        unpredicted > 0 ? ` (${unpredicted} ${unpredicted === 1 ? "step" : "steps"} not predicted).` : "."
      ),
      element("ol", {class: "tour-recap"}, steps.map((step, index) => {
        const revealed = record[step.id];
        return element("li", {"data-step": step.id},
          element("button", {type: "button", class: "tour-recap-step", onclick: () => go({kind: "step", index})}, step.title),
          element("span", {class: revealed ? (revealed.matches ? "verdict-good" : "verdict-bad") : "experiment-not-shown"},
            revealed
              ? [` ${revealed.matches ? "✓" : "✗"} You predicted `, Answer(step.prediction, revealed.guess), "; the run showed ", Answer(step.prediction, revealed.actual), "."]
              : " Not predicted."
          ),
          element("span", {class: "tour-recap-why"}, ` ${step.why}`)
        );
      })),
      element("p", {class: "tour-actions"}, element("button", {type: "button", class: "tour-restart", onclick: () => {
        save({});
        go({kind: "step", index: 0});
      }}, "Start again (forget the predictions)"))
    ];
  }

  back.addEventListener("click", () => go(movePosition(position, -1, steps.length)));
  next.addEventListener("click", () => go(movePosition(position, 1, steps.length)));
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || TEXT_TARGETS.has((event.target as HTMLElement).tagName)) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    go(movePosition(position, event.key === "ArrowLeft" ? -1 : 1, steps.length));
  });

  root.update = (run: Run, inputs: Inputs) => {
    latest = {run, inputs};
    // A link can name a step of another lab than the one the page first put the card in.
    placeInLab();
    refreshLive();
    syncHold();
  };
  render();
  return root;
}

/**
 * The options of a tour whose steps are a control panel's experiments: a step is set up by
 * applying its overrides, is set up while the inputs are the state that sets (the panel's
 * experimentState: the defaults, the reader's course-wide inputs, the overrides), and is named by
 * the lesson's run label of that state.
 */
export function panelTourOptions<Step extends {overrides: object}>(
  panel: {applyOverrides(overrides: Step["overrides"]): void; experimentState(overrides: Step["overrides"]): Readonly<Record<string, unknown>>},
  runLabel: (values: Readonly<Record<string, unknown>>) => RunLabel
): Pick<GuidedTourOptions<unknown, Readonly<Record<string, unknown>>, Step & TourStep<unknown>>, "setUp" | "isSetUp" | "describeSetUp"> {
  return {
    setUp: (step) => panel.applyOverrides(step.overrides),
    // The state the step sets keeps the reader's course-wide inputs (the A2A version).
    isSetUp: (step, inputs) => hasStepInputs(inputs, panel.experimentState(step.overrides), {}),
    describeSetUp: (step) => runLabel(panel.experimentState(step.overrides)).caption
  };
}

/** Keeps one lab's run hidden behind a note, moving the hold when another lab's run is to be hidden. */
function ResultsHold(): {keep(lab: LabElement, note: () => Node): void; release(): void} {
  let held: LabElement | null = null;
  return {
    keep(lab, note) {
      if (held === lab) return;
      held?.showResults();
      lab.hideResults(note());
      held = lab;
    },
    release() {
      held?.showResults();
      held = null;
    }
  };
}

/** What a hidden run says: why it is hidden, and a way to see it anyway. */
function HiddenRunNote(stepNumber: number, showNow: () => void): Node {
  return element("p", null,
    element("strong", null, "Your prediction first. "),
    `The run of step ${stepNumber} is hidden until you reveal it in the guided lesson. `,
    element("button", {type: "button", class: "lab-show-now", onclick: showNow}, "Show the run now")
  );
}

/**
 * A prediction's value in words, isolated (<bdi>, HTML's bidirectional isolate) so that a label
 * with right-to-left text cannot reorder the sentence around it. Stored values reach this only
 * once readStoredTourRecord has checked them against the step.
 */
function Answer<Run>(prediction: Prediction<Run>, value: Guess): HTMLElement {
  return element("bdi", null, describeAnswer(prediction, value));
}

/** The predictions left out when read back, each named (never quoted raw) and isolated. */
function StorageNotice(dropped: readonly string[]): HTMLElement {
  const items = dropped.flatMap((text, index) => [index > 0 ? "; " : null, element("bdi", null, text)]);
  return element("p", {class: "tour-storage-notice", role: "status"}, "Some predictions kept in this tab could not be read and are left out: ", ...items, ".");
}

/** The answer box: a choice's radio buttons, or a whole-number box (typed text, checked on reveal). */
function PredictionInput<Run>(prediction: Prediction<Run>, stepId: string): {element: HTMLElement; guess: () => string | null} {
  const name = `tour-${stepId}`;
  if (prediction.kind === "choice") {
    const radios = prediction.choices.map((choice) => element("input", {type: "radio", name, value: choice.value}));
    return {
      element: element("fieldset", {class: "tour-prediction"}, element("legend", null, prediction.question),
        prediction.choices.map((choice, index) => element("label", {class: "tour-choice"}, radios[index]!, " ", element("bdi", null, choice.label)))),
      guess: () => radios.find((radio) => radio.checked)?.value ?? null
    };
  }
  const box = element("input", {type: "text", inputmode: "numeric", autocomplete: "off", class: "tour-number", id: name, size: 6, maxlength: 12});
  return {
    element: element("div", {class: "tour-prediction"},
      element("label", {for: name}, prediction.question),
      element("span", {class: "tour-number-row"}, box, ` ${prediction.units[1]}`)),
    guess: () => box.value
  };
}

