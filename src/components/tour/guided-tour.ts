/**
 * A lesson's experiments as a guided lesson: "Step 2 of 8", back and forward (buttons, or ← and →
 * anywhere in the card but a text box), the step in the link (`step=`), and nothing that plays by
 * itself. A step sets its inputs in one click and hides the lab's run until the reader has made a
 * prediction; "Reveal" then shows the run, what it answers, and one sentence on why. The recap
 * lists every step with how the predictions compared. Predictions and the step the reader was on stay in the browser (localStorage, tour-record-store.ts).
 * The cards are drawn in ./tour-cards.ts from the state in ./tour-state.ts; this module moves it.
 *
 * ```js
 * const tour = GuidedTour(deliveryExperiments, {lesson: "push delivery", setUp: (step) => panel.applyOverrides(step.overrides), …});
 * tour.update(run, inputs); // on every run (a lesson page module does it): the live check follows the run
 * ```
 */
import {
  forgetStep,
  judgePrediction,
  movePosition,
  readDeckPosition,
  readGuess,
  readTourPosition,
  recordReveal,
  withTourPosition,
  type TourPosition,
  type TourStep
} from "../../../lib/tour/index.js";
import {hasStepInputs} from "../../../lib/tour/step.js";
import type {RunLabel} from "../../../lib/lesson-inputs/run-label.js";
import {PermalinkNotices} from "../controls/control-panel.js";
import type {DeckHost} from "../class/class-deck.js";
import {ClassDeckOnDemand} from "../class/deck-on-demand.js";
import {append, element} from "../runtime/dom.js";
import type {LabElement} from "../lab.js";
import {scrollToTopOfScreen} from "../runtime/scroll-into-view.js";
import {addressSearch, replaceAddressSearch} from "../links/page-address.js";
import {RecapCard, StartCard, StepCard, type TourCard} from "./tour-cards.js";
import {StorageNotice, TourRecordStore} from "./tour-record-store.js";
import type {GuidedTourOptions, Tour, TourActions} from "./tour-state.js";

export type {GuidedTourOptions} from "./tour-state.js";

export type GuidedTourElement<Run, Inputs> = HTMLElement & {
  /** The run the page computed from `inputs`: the live check and the next reveal read it. */
  update(run: Run, inputs: Inputs): void;
};

const TEXT_TARGETS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function GuidedTour<Run, Inputs, Step extends TourStep<Run>>(
  steps: readonly Step[],
  options: GuidedTourOptions<Run, Inputs, Step>
): GuidedTourElement<Run, Inputs> {
  const reading = readTourPosition(addressSearch(), steps.length);
  // A link can open the class deck (present=): it opens once the lab has its first run.
  let deckReading = readDeckPosition(addressSearch(), steps.length);
  const store = TourRecordStore(options.lesson, steps);
  const head = TourHead();
  const body = element("div", {class: "tour-body"});
  const root = element(
    "section",
    {class: "tour", "aria-label": `Guided lesson: ${options.lesson}`},
    head.element,
    reading.notices.length ? PermalinkNotices(reading.notices) : null,
    deckReading.notices.length ? PermalinkNotices(deckReading.notices) : null,
    store.dropped.length ? StorageNotice(store.dropped) : null,
    body
  ) as GuidedTourElement<Run, Inputs>;
  const tour: TourSession<Run, Inputs, Step> = {
    steps,
    options,
    root,
    body,
    store,
    head,
    hold: ResultsHold(),
    position: reading.position,
    latest: null,
    settingUp: null,
    seenEarly: new Set(),
    pendingReveal: null,
    refreshLive: () => {}
  };
  listenForMoves(tour);
  const deck = ClassDeckOnDemand(deckHost(tour), () => head.teach);
  head.teach.addEventListener("click", () => deck.open(tour.position));
  root.update = (run: Run, inputs: Inputs) => {
    tour.latest = {run, inputs};
    // A link can name a step of another lab than the one the page first put the card in.
    placeInLab(tour);
    tour.refreshLive();
    syncHold(tour);
    finishPendingReveal(tour);
    deck.refresh();
    if (deckReading.position !== null) {
      const {position, notices, order} = deckReading;
      deckReading = {position: null, order, notices: []};
      deck.open(position, notices, order);
    }
  };
  render(tour);
  return root;
}

/** The tour's state with the parts only the tour itself moves: its head and the hold on a lab's run. */
interface TourSession<Run, Inputs, Step extends TourStep<Run>> extends Tour<Run, Inputs, Step> {
  readonly head: TourHead;
  readonly hold: ResultsHold;
}

/** "Guided lesson", where the reader is, Back and Next, and the class deck. */
interface TourHead {
  element: HTMLElement;
  back: HTMLButtonElement;
  next: HTMLButtonElement;
  teach: HTMLButtonElement;
  show(position: TourPosition, stepCount: number): void;
}

function TourHead(): TourHead {
  const positionText = element("span", {class: "tour-position", "aria-live": "polite"});
  const back = element("button", {type: "button", class: "tour-back"}, "‹ Back");
  const next = element("button", {type: "button", class: "tour-next"}, "Next ›");
  const teach = element(
    "button",
    {
      type: "button",
      class: "tour-teach",
      title: "The steps as a full-screen deck for a class (→ ← move, R reveals, Esc leaves)"
    },
    "Teach this lesson"
  );
  return {
    element: element(
      "div",
      {class: "tour-head"},
      element("strong", {class: "tour-label"}, "Guided lesson"),
      positionText,
      element("span", {class: "tour-nav"}, back, next),
      teach
    ),
    back,
    next,
    teach,
    show(position, stepCount) {
      positionText.textContent =
        position.kind === "start"
          ? `${stepCount} steps`
          : position.kind === "recap"
            ? "Recap"
            : `Step ${position.index + 1} of ${stepCount}`;
      back.disabled = position.kind === "start";
      next.disabled = position.kind === "recap";
      next.textContent = position.kind === "step" && position.index === stepCount - 1 ? "Recap ›" : "Next ›";
    }
  };
}

/** Back and Next, by button or by ← and → anywhere in the card but a text box. */
function listenForMoves<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): void {
  const move = (by: -1 | 1) => go(tour, movePosition(tour.position, by, tour.steps.length));
  tour.head.back.addEventListener("click", () => move(-1));
  tour.head.next.addEventListener("click", () => move(1));
  tour.root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || TEXT_TARGETS.has((event.target as HTMLElement).tagName))
      return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    move(event.key === "ArrowLeft" ? -1 : 1);
  });
}

const stepAt = <Run, Inputs, Step extends TourStep<Run>>(tour: Tour<Run, Inputs, Step>): Step | null =>
  tour.position.kind === "step" ? tour.steps[tour.position.index]! : null;

function go<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>, to: TourPosition): void {
  tour.settingUp = null;
  tour.pendingReveal = null;
  tour.position = to;
  tour.store.savePosition(to);
  replaceAddressSearch(withTourPosition(addressSearch(), to));
  render(tour);
  const lab = placeInLab(tour);
  if (lab) scrollToTopOfScreen(lab);
  tour.body.querySelector<HTMLElement>(".tour-title")?.focus({preventScroll: lab !== null});
}

function render<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): void {
  tour.head.show(tour.position, tour.steps.length);
  tour.root.removeAttribute("data-set-up");
  const step = stepAt(tour);
  const actions = tourActions(tour);
  const card: TourCard = step
    ? StepCard(tour, step, actions)
    : {
        children: tour.position.kind === "recap" ? RecapCard(tour, actions) : StartCard(tour, actions),
        refreshLive: () => {}
      };
  tour.body.replaceChildren();
  append(tour.body, card.children);
  tour.refreshLive = card.refreshLive;
  tour.refreshLive();
  syncHold(tour);
}

function tourActions<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): TourActions<Step> {
  return {
    go: (to) => go(tour, to),
    setUp(step) {
      // Hidden at once, before the run of these inputs is drawn.
      tour.settingUp = step.id;
      tour.seenEarly.delete(step.id);
      tour.options.labFor(step)?.bringIntoView();
      syncHold(tour);
      tour.options.setUp(step);
    },
    reveal: (step, answer) => reveal(tour, step, answer),
    predictAgain(step) {
      tour.store.save(forgetStep(tour.store.record, step.id));
      tour.seenEarly.delete(step.id);
      render(tour);
      tour.body.querySelector<HTMLElement>(".tour-prediction input")?.focus();
    },
    restart() {
      tour.store.save({});
      go(tour, {kind: "step", index: 0});
    }
  };
}

/**
 * Scores the reader's answer against the step's own run. When the lab holds other inputs (the
 * reader moved with Next, or changed an input), the step is set up first and the reveal waits for
 * its run: a prediction is never scored against another step's run.
 */
function reveal<Run, Inputs, Step extends TourStep<Run>>(
  tour: TourSession<Run, Inputs, Step>,
  step: Step,
  answer: string | null
): string | null {
  const guess = readGuess(step.prediction, answer);
  if (!guess.ok) return guess.problem;
  const {latest} = tour;
  if (latest === null || tour.settingUp === step.id || !tour.options.isSetUp(step, latest.inputs)) {
    tour.pendingReveal = {stepId: step.id, answer: answer!};
    if (latest !== null && tour.settingUp !== step.id && !tour.options.isSetUp(step, latest.inputs))
      tourActions(tour).setUp(step);
    return "Setting this step's inputs up in the lab: the run is revealed as soon as it is computed.";
  }
  tour.pendingReveal = null;
  tour.store.save(
    recordReveal(tour.store.record, step.id, {
      guess: guess.guess,
      ...judgePrediction(step.prediction, guess.guess, latest.run)
    })
  );
  render(tour);
  tour.body.querySelector<HTMLElement>(".tour-outcome")?.focus({preventScroll: true});
  return null;
}

/** A reveal waiting for its step's run: done once the run of the step's own inputs has arrived, dropped if the reader moved on. */
function finishPendingReveal<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): void {
  const pending = tour.pendingReveal;
  const step = stepAt(tour);
  if (pending === null) return;
  if (step === null || step.id !== pending.stepId || tour.store.record[step.id]) {
    tour.pendingReveal = null;
    return;
  }
  if (tour.latest !== null && tour.settingUp !== step.id && tour.options.isSetUp(step, tour.latest.inputs))
    reveal(tour, step, pending.answer);
}

/**
 * The lab's run is hidden while the reader is on a step not yet predicted whose inputs are in the
 * lab (set up here, or arriving by a link), unless they chose to see it first.
 */
function syncHold<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): void {
  const step = stepAt(tour);
  const setUpNow = step !== null && tour.latest !== null && tour.options.isSetUp(step, tour.latest.inputs);
  if (step && setUpNow && tour.settingUp === step.id) tour.settingUp = null;
  const hidden =
    step !== null &&
    !tour.store.record[step.id] &&
    !tour.seenEarly.has(step.id) &&
    (setUpNow || tour.settingUp === step.id);
  const lab = hidden ? tour.options.labFor(step) : undefined;
  if (!lab) return tour.hold.release();
  tour.hold.keep(lab, () =>
    HiddenRunNote(tour.steps.indexOf(step!) + 1, () => {
      tour.seenEarly.add(step!.id);
      syncHold(tour);
      lab.stage.focus({preventScroll: true});
    })
  );
}

/** The class deck drives this tour: the card follows its slide, and a slide's step is set up as "Set up" does. */
function deckHost<Run, Inputs, Step extends TourStep<Run>>(tour: TourSession<Run, Inputs, Step>): DeckHost<Run, Step> {
  const actions = tourActions(tour);
  return {
    lesson: tour.options.lesson,
    steps: tour.steps,
    follow: (to) => go(tour, to),
    setUp: actions.setUp,
    runOf(step) {
      const {latest} = tour;
      return latest !== null && tour.settingUp !== step.id && tour.options.isSetUp(step, latest.inputs)
        ? latest.run
        : null;
    },
    describeSetUp: tour.options.describeSetUp,
    labFor: tour.options.labFor
  };
}

/** Moves the card into the lab of its step; that lab, if the card moved. */
function placeInLab<Run, Inputs, Step extends TourStep<Run>>(tour: Tour<Run, Inputs, Step>): LabElement | null {
  const lab = tour.options.labFor(stepAt(tour));
  if (!lab || lab.contains(tour.root)) return null;
  lab.host(tour.root);
  return lab;
}

/**
 * The options of a tour whose steps are a control panel's experiments: a step is set up by
 * applying its overrides, is set up while the inputs are the state that sets (the panel's
 * experimentState: the defaults, the reader's course-wide inputs, the overrides), and is named by
 * the lesson's run label of that state.
 */
export function panelTourOptions<Step extends {overrides: object}>(
  panel: {
    applyOverrides(overrides: Step["overrides"]): void;
    experimentState(overrides: Step["overrides"]): Readonly<Record<string, unknown>>;
  },
  runLabel: (values: Readonly<Record<string, unknown>>) => RunLabel
): {
  setUp(step: Step): void;
  isSetUp(step: Step, inputs: Readonly<Record<string, unknown>>): boolean;
  describeSetUp(step: Step): string;
} {
  return {
    setUp: (step) => panel.applyOverrides(step.overrides),
    // The state the step sets keeps the reader's course-wide inputs (the A2A version).
    isSetUp: (step, inputs) => hasStepInputs(inputs, panel.experimentState(step.overrides), {}),
    describeSetUp: (step) => runLabel(panel.experimentState(step.overrides)).caption
  };
}

/** Keeps one lab's run hidden behind a note, moving the hold when another lab's run is to be hidden. */
interface ResultsHold {
  keep(lab: LabElement, note: () => Node): void;
  release(): void;
}

function ResultsHold(): ResultsHold {
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
  return element(
    "p",
    null,
    element("strong", null, "Your prediction first. "),
    `The run of step ${stepNumber} is hidden until you reveal it in the guided lesson. `,
    element("button", {type: "button", class: "lab-show-now", onclick: showNow}, "Show the run now")
  );
}
