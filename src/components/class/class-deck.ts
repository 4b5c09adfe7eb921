/**
 * A lesson's guided steps as a full-screen 16:9 deck for a class: a title slide, one slide per
 * step (its question, the lab's main chart drawn at the slide's size with slide type, the key
 * figures, the step's inputs in one line) and a recap of the class's answers against the runs.
 * The step's run is hidden until the teacher reveals it; the class's answer is typed or chosen,
 * or skipped.
 *
 * The deck drives the lesson's own lab: entering a step sets the step's inputs up, as the guided
 * lesson's "Set up" does, and the page computes and draws the run as for any input. The deck
 * borrows the lab's key figures and playback (moved into the slide, moved back on leaving) and
 * asks the lab's main chart to draw itself at the slide's size whenever the lab redraws it
 * (chart-at-size.ts), so the playback's cursor moves on the slide too.
 *
 * Keys: → and ← move (PageDown and PageUp too, as presenter clickers send), R reveals (Enter in the
 * answer box too), Space plays or pauses the run, Home restarts it, Esc leaves. The link says the
 * slide (`present=`) and, for a class plan's subset, the steps (`steps=1,3,5`, in that order; see
 * lib/tour/position.ts): a deck's positions count its own steps ("step 2 of 3").
 * A speaker-notes window of the same origin follows the deck and can move it (speaker-link.ts).
 */
import {
  describeAnswer,
  encodeTourPosition,
  judgeGuesses,
  messageText,
  movePosition,
  readGuess,
  slidePlanMinutes,
  lessonPlanMinutes,
  withDeckPosition,
  type SlideMessage,
  type TourPosition,
  type TourStep
} from "../../../lib/tour/index.js";
import type {PermalinkNotice} from "../../../lib/lesson-inputs/permalink.js";
import {PermalinkNotices} from "../controls/control-panel.js";
import {RecapSlide, StepSlide, TitleSlide, type ClassAnswer} from "./deck-slides.js";
import {append, element} from "../runtime/dom.js";
import type {LabElement} from "../lab.js";
import {addressSearch, replaceAddressSearch} from "../links/page-address.js";
import {drawOnSlide} from "./slide-chart.js";
import {SpeakerLink} from "./speaker-link.js";

/** What the deck needs of the lesson's guided tour. */
export interface DeckHost<Run, Step extends TourStep<Run>> {
  /** The lesson's name, as the tour's card says it ("push delivery"). */
  lesson: string;
  steps: readonly Step[];
  /** Moves the guided lesson on the page to where the deck is (its card, its step in the link). */
  follow(position: TourPosition): void;
  /** Sets the step's inputs in the lab. */
  setUp(step: Step): void;
  /** The run on show when it is the step's own (its inputs are in the lab), else null (not yet computed). */
  runOf(step: Step): Run | null;
  describeSetUp(step: Step): string;
  labFor(step: Step | null): LabElement | undefined;
}

export interface ClassDeck {
  /**
   * Opens the deck at `position` (a step's index is into `order`), showing the lesson's steps at
   * `order` (every step by default), with the link's notices about it, if any.
   */
  open(position: TourPosition, notices?: readonly PermalinkNotice[], order?: readonly number[]): void;
  /** A run arrived: a slide waiting for it, and the speaker notes, follow. */
  refresh(): void;
}

const TEXT_TARGETS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** Inputs that take no typing: a chosen answer's radio keeps the deck's keys (R reveals it). */
const KEYLESS_INPUTS = new Set(["radio", "checkbox", "button", "range"]);
/** Whether the keys belong to the element (a box being typed in), not to the deck. */
const isTextEntry = (target: HTMLElement) =>
  TEXT_TARGETS.has(target.tagName) && !(target instanceof HTMLInputElement && KEYLESS_INPUTS.has(target.type));
/** The playback's own keys, handed to it from anywhere in the deck. */
const PLAYBACK_KEYS = new Set([" ", "Home"]);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One open deck: its window, where it is, and what it borrowed from a lab. */
interface DeckSession<Run, Step extends TourStep<Run>> {
  host: DeckHost<Run, Step>;
  /** The lesson's step indices the deck shows, in its order, and those steps. */
  order: readonly number[];
  steps: readonly Step[];
  dialog: HTMLDialogElement;
  frame: HTMLElement;
  body: HTMLElement;
  where: HTMLElement;
  nav: {back: HTMLButtonElement; next: HTMLButtonElement};
  position: TourPosition;
  answers: Map<string, ClassAnswer>;
  startedAt: number;
  /** When the slide on show was first shown (the notes pace it against the plan). */
  slideStartedAt: number;
  slide: ReturnType<typeof StepSlide> | null;
  /** A reveal asked for before the step's run was computed: done when the run arrives (refresh). */
  pendingReveal: {stepId: string; skipped: boolean} | null;
  giveBack: () => void;
  stopWatching: () => void;
  speaker: SpeakerLink;
}

export function ClassDeck<Run, Step extends TourStep<Run>>(
  host: DeckHost<Run, Step>,
  returnFocusTo: () => HTMLElement | null
): ClassDeck {
  let session: DeckSession<Run, Step> | null = null;
  // The class's answers stay while the page is open, so leaving and coming back keeps them.
  const answers = new Map<string, ClassAnswer>();
  return {
    open(position, notices = [], order = host.steps.map((_, index) => index)) {
      if (session !== null) return show(session, position);
      session = openDeck(host, order, answers, notices, () => {
        session = null;
        returnFocusTo()?.focus();
      });
      show(session, position);
    },
    refresh() {
      if (session === null) return;
      const pending = session.pendingReveal;
      if (pending !== null && stepAt(session)?.id === pending.stepId) reveal(session, pending.skipped);
      session.speaker.post(slideMessage(session));
    }
  };
}

function openDeck<Run, Step extends TourStep<Run>>(
  host: DeckHost<Run, Step>,
  order: readonly number[],
  answers: Map<string, ClassAnswer>,
  notices: readonly PermalinkNotice[],
  closed: () => void
): DeckSession<Run, Step> {
  const where = element("span", {class: "deck-where"});
  const leave = element("button", {type: "button", class: "deck-leave"}, "Leave (Esc)");
  const notes = element("button", {type: "button", class: "deck-notes"}, "Speaker notes");
  const body = element("div", {class: "deck-body"});
  const back = element("button", {type: "button", class: "deck-back", "aria-label": "Previous slide"}, "‹");
  const next = element("button", {type: "button", class: "deck-next", "aria-label": "Next slide"}, "›");
  const nav = element("span", {class: "deck-nav"}, back, next);
  const frame = element(
    "div",
    {class: "deck-frame"},
    element(
      "div",
      {class: "deck-slide"},
      element("div", {class: "deck-head"}, where, nav, notes, leave),
      notices.length ? PermalinkNotices(notices) : null,
      body
    )
  );
  // A slide is laid out for a wide screen: on a portrait phone its text would be 3 px, so the phone is asked to turn.
  const turn = element(
    "p",
    {class: "deck-turn", role: "note"},
    "Turn the phone sideways: a slide is laid out for a wide screen (a projector, a laptop, a phone held landscape)."
  );
  const dialog = element("dialog", {class: "class-deck", "aria-label": `Teaching: ${host.lesson}`}, turn, frame);
  document.body.appendChild(dialog);
  const session: DeckSession<Run, Step> = {
    host,
    order,
    steps: order.map((index) => host.steps[index]!),
    dialog,
    frame,
    body,
    where,
    nav: {back, next},
    answers,
    position: {kind: "start"},
    startedAt: Date.now(),
    slideStartedAt: Date.now(),
    slide: null,
    pendingReveal: null,
    giveBack: () => {},
    stopWatching: () => {},
    // The notes' commands arrive merged, at most once a frame (speaker-link.ts): a flood costs one move.
    speaker: SpeakerLink(({by, reveal: revealNow, hello}) => {
      if (by !== 0) move(session, by);
      if (revealNow) reveal(session, false);
      if (hello) session.speaker.post(slideMessage(session));
    })
  };
  leave.addEventListener("click", () => dialog.close());
  notes.addEventListener("click", () => session.speaker.openNotes());
  back.addEventListener("click", () => move(session, -1));
  next.addEventListener("click", () => move(session, 1));
  dialog.addEventListener("keydown", (event) => onKey(session, event));
  dialog.addEventListener(
    "close",
    () => {
      leaveLab(session);
      session.speaker.post({kind: "closed", lesson: messageText(capitalized(host.lesson))});
      session.speaker.close();
      dialog.remove();
      replaceAddressSearch(withDeckPosition(addressSearch(), null));
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      closed();
    },
    {once: true}
  );
  dialog.showModal();
  // Full screen where the browser allows it (a click, not a link); the dialog fills the window either way.
  void dialog.requestFullscreen?.().catch(() => undefined);
  return session;
}

const stepAt = <Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>): Step | null =>
  session.position.kind === "step" ? session.steps[session.position.index]! : null;

/** The guided lesson's position for the deck's: a deck step is the lesson's step at its place in the order. */
const lessonPosition = (session: {order: readonly number[]}, position: TourPosition): TourPosition =>
  position.kind === "step" ? {kind: "step", index: session.order[position.index]!} : position;

function move<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>, by: number): void {
  const to = movePosition(session.position, by, session.steps.length);
  // At either end a move stays where it is: nothing to show again.
  if (encodeTourPosition(to) !== encodeTourPosition(session.position)) show(session, to);
}

/** Shows the slide at `position`; a step's inputs are set up in its lab as the slide opens. */
function show<Run, Step extends TourStep<Run>>(
  session: DeckSession<Run, Step>,
  position: TourPosition,
  setUp = true
): void {
  const {host} = session;
  if (setUp) session.slideStartedAt = Date.now();
  session.pendingReveal = null;
  session.position = position;
  host.follow(lessonPosition(session, position));
  replaceAddressSearch(
    withDeckPosition(addressSearch(), {position, order: session.order, stepCount: host.steps.length})
  );
  const step = stepAt(session);
  const count = session.steps.length;
  session.where.textContent = `${capitalized(host.lesson)} · ${position.kind === "start" ? "title" : position.kind === "recap" ? "recap" : `step ${position.index + 1} of ${count}`}`;
  session.nav.back.disabled = position.kind === "start";
  session.nav.next.disabled = position.kind === "recap";
  session.stopWatching();
  session.slide = null;
  if (step === null) {
    leaveLab(session);
    session.body.replaceChildren();
    append(
      session.body,
      position.kind === "start"
        ? TitleSlide(capitalized(host.lesson), session.steps)
        : RecapSlide(session.steps, session.answers, () => {
            session.answers.clear();
            show(session, {kind: "step", index: 0});
          })
    );
  } else {
    showStep(session, step, setUp);
  }
  session.body.className = `deck-body deck-body-${position.kind}`;
  session.body.querySelector<HTMLElement>(".deck-title")?.focus({preventScroll: true});
  session.speaker.post(slideMessage(session));
}

function showStep<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>, step: Step, setUp: boolean): void {
  const {host} = session;
  const lab = host.labFor(step) ?? null;
  if (setUp) host.setUp(step);
  const slide = StepSlide({
    step,
    number: session.steps.indexOf(step) + 1,
    inputs: host.describeSetUp(step),
    answer: session.answers.get(step.id),
    reveal: () => reveal(session, false),
    skip: () => reveal(session, true)
  });
  session.giveBack();
  session.body.replaceChildren();
  append(session.body, slide.content);
  session.slide = slide;
  session.giveBack = lab ? lab.lend({figures: slide.figures, playback: slide.playback}) : () => {};
  session.stopWatching = lab ? drawOnSlide(lab.stage, slide.chart, session.frame, step.slideView) : () => {};
}

function leaveLab<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>): void {
  session.stopWatching();
  session.stopWatching = () => {};
  session.giveBack();
  session.giveBack = () => {};
}

/** Reveals the step's run against the class's answer (none when skipped, or when the box is empty). */
function reveal<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>, skipped: boolean): void {
  const step = stepAt(session);
  const slide = session.slide;
  if (step === null || slide === null || session.answers.has(step.id)) return;
  const run = session.host.runOf(step);
  if (run === null) {
    // Revealed as soon as the step's own run arrives, never against another step's run.
    session.pendingReveal = {stepId: step.id, skipped};
    slide.problem.textContent = "The run of this step is being computed: it is revealed as soon as it is ready.";
    return;
  }
  session.pendingReveal = null;
  const text = skipped ? null : slide.guess();
  const guess = text === null || text.trim() === "" ? null : readGuess(step.prediction, text);
  if (guess !== null && !guess.ok) {
    slide.problem.textContent = `${guess.problem} Or Skip to reveal without an answer.`;
    return;
  }
  const actual = step.prediction.answer(run);
  session.answers.set(step.id, {
    guess: guess?.guess ?? null,
    actual,
    matches: guess !== null && judgeGuesses(guess.guess, actual)
  });
  show(session, session.position, false);
  session.body.querySelector<HTMLElement>(".deck-outcome")?.focus({preventScroll: true});
}

const FORWARD_KEYS = new Set(["ArrowRight", "PageDown"]);
const BACK_KEYS = new Set(["ArrowLeft", "PageUp"]);

function onKey<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>, event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (isTextEntry(target)) {
    // Typing an answer: Enter reveals; every other key is the box's.
    if (event.key === "Enter") {
      event.preventDefault();
      reveal(session, false);
    }
    return;
  }
  const playback = session.slide?.playback.querySelector(".playback");
  if (FORWARD_KEYS.has(event.key) || BACK_KEYS.has(event.key)) {
    event.preventDefault();
    move(session, FORWARD_KEYS.has(event.key) ? 1 : -1);
  } else if (event.key === "r" || event.key === "R") {
    event.preventDefault();
    reveal(session, false);
  } else if (PLAYBACK_KEYS.has(event.key) && playback && !playback.contains(target)) {
    // Space on a focused button would press it: here it plays the run, wherever the focus is.
    event.preventDefault();
    playback.dispatchEvent(new KeyboardEvent("keydown", {key: event.key, bubbles: true}));
  }
}

/** What the speaker notes show for the slide on show: the answer computed from the run on show, never typed by hand. */
function slideMessage<Run, Step extends TourStep<Run>>(session: DeckSession<Run, Step>): SlideMessage {
  const {host, position, steps} = session;
  const step = stepAt(session);
  const next = movePosition(position, 1, steps.length);
  const titleOf = (at: TourPosition) =>
    at.kind === "start" ? host.lesson : at.kind === "recap" ? "Recap" : steps[at.index]!.title;
  const nextStep = next.kind === "step" && position.kind !== "recap" ? steps[next.index]! : null;
  const run = step === null ? null : host.runOf(step);
  return {
    kind: "slide",
    lesson: messageText(capitalized(host.lesson)),
    where:
      position.kind === "start"
        ? "Title"
        : position.kind === "recap"
          ? "Recap"
          : `Step ${position.index + 1} of ${steps.length}`,
    title: messageText(titleOf(position)),
    question: step && messageText(step.prediction.question),
    choices:
      step?.prediction.kind === "choice" ? step.prediction.choices.map((choice) => messageText(choice.label)) : null,
    answer: step && run !== null ? messageText(describeAnswer(step.prediction, step.prediction.answer(run))) : null,
    why: step && messageText(step.why),
    lookAt: step && messageText(step.lookAt),
    revealed: step !== null && session.answers.has(step.id),
    next: position.kind === "recap" ? null : messageText(titleOf(next)),
    nextQuestion: nextStep && messageText(nextStep.prediction.question),
    startedAt: session.startedAt,
    slideStartedAt: session.slideStartedAt,
    plannedMinutes: lessonPlanMinutes(steps.length),
    slideMinutes: slidePlanMinutes(position.kind),
    inputs: step && messageText(host.describeSetUp(step))
  };
}
