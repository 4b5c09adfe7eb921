/**
 * The shared inspection playback: Play/Pause, Next, Restart, Speed and a draggable
 * timeline over a lesson's precomputed history. It is a custom input (an element
 * with a `value` that dispatches `input`), so a page writes
 * `const playback = view(PlaybackControl(run.trace))`. A new history means a new
 * control, which starts at the beginning, paused: nothing ever plays by itself.
 *
 * A page that redraws on every input can instead keep one control and hand it each new
 * history with `reset(history)`: it starts over, paused, at the chosen speed. reset() does
 * not announce itself (that would redraw the page a second time, a frame later), so the
 * page reads its value through `playbackFor(value, history)`, which treats a value from an
 * earlier history as "nothing revealed yet".
 *
 * Keyboard, while focus is inside the control: Space plays or pauses, Right arrow
 * is Next, Home restarts.
 */
import {element, writeAttribute, writeText} from "../runtime/dom.js";
import {
  PLAYBACK_SPEEDS,
  modeledSeconds,
  next,
  playDurationSeconds,
  restart,
  seek,
  setSpeed,
  startPlayback,
  tick,
  togglePlay,
  PLAYBACK_DURATION_SECONDS,
  type PlaybackState
} from "../../../lib/playback/clock.js";
import type {Decision} from "../../../lib/playback/decision.js";

export interface PlaybackValue<D extends Decision = Decision> {
  /** The decisions revealed so far, in order. */
  revealed: readonly D[];
  /** The whole history (what the lesson computed). */
  history: readonly D[];
  /** The simulated world's clock at the latest revealed decision, or null before the first. */
  modeledSeconds: number | null;
  playing: boolean;
}

export interface PlaybackControlOptions {
  /** What is being played back, for screen readers ("the delivery trace"). */
  label?: string;
  /** Unit of the modeled clock; lessons without a clock count steps of their own (see `step`). */
  clock?: "seconds" | "stage";
  /** What one Next reveals, as the lesson's text names it: "Next gate", "Gate: 2 · 2/8 gate decisions". */
  step?: PlaybackStep;
}

export interface PlaybackStep {
  /** One step ("decision", "gate", "stage", "step"): the Next button and the position say it. */
  name: string;
  /** What the count counts ("decisions", "gate decisions"). */
  plural: string;
}

const DECISIONS: PlaybackStep = {name: "decision", plural: "decisions"};
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TIMELINE_STEPS = 1000;

export type PlaybackControlElement<D extends Decision> = HTMLDivElement & {
  value: PlaybackValue<D>;
  /** Starts over on another history, paused, keeping the speed; dispatches no input event. */
  reset(history: readonly D[]): void;
};

/** The playback as it applies to `history`: the value itself, or nothing revealed when the value is from another history. */
export function playbackFor<D extends Decision>(value: PlaybackValue<D>, history: readonly D[]): PlaybackValue<D> {
  return value.history === history ? value : {revealed: [], history, modeledSeconds: null, playing: false};
}

export function PlaybackControl<D extends Decision>(
  initialHistory: readonly D[],
  options: PlaybackControlOptions = {}
): PlaybackControlElement<D> {
  const {label = "the decision trace", clock = "seconds", step = DECISIONS} = options;
  let history = initialHistory;
  let state: PlaybackState = startPlayback(history.length);
  const parts = PlaybackParts(label, step, state.speed);
  const root = parts.root as PlaybackControlElement<D>;

  const currentValue = (): PlaybackValue<D> => ({
    revealed: history.slice(0, state.revealed),
    history,
    modeledSeconds: modeledSeconds(state, history),
    playing: state.playing
  });
  const render = () => showPlayback(parts, state, history, clock, step);
  // Paused, or the page replaced this control (an input changed): the frames stop quietly.
  const frames = FrameLoop(
    () => root.isConnected && state.playing,
    (elapsedSeconds) => update(tick(state, elapsedSeconds))
  );

  /** Applies a transition; tells the page only when what it shows would change. */
  const update = (nextState: PlaybackState) => {
    const changed = nextState.revealed !== state.revealed || nextState.playing !== state.playing;
    state = nextState;
    root.value = currentValue();
    render();
    if (state.playing) frames.start();
    if (changed) root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  listenToPlaybackInputs(parts, (transition) => update(transition(state)));

  root.reset = (nextHistory: readonly D[]) => {
    if (nextHistory === history) return;
    history = nextHistory;
    // The frame loop stops by itself: the new state is paused.
    state = setSpeed(startPlayback(history.length), state.speed);
    root.value = currentValue();
    render();
  };

  root.value = currentValue();
  render();
  return root;
}

/** The control's elements: the buttons, the speed, the timeline and the two clocks. */
interface PlaybackParts {
  root: HTMLDivElement;
  playButton: HTMLButtonElement;
  nextButton: HTMLButtonElement;
  restartButton: HTMLButtonElement;
  speedSelect: HTMLSelectElement;
  timeline: HTMLInputElement;
  modeledClock: HTMLElement;
  inspectionClock: HTMLElement;
}

function PlaybackParts(label: string, step: PlaybackStep, speed: number): PlaybackParts {
  const playButton = element("button", {type: "button", class: "playback-play"});
  const nextButton = element("button", {type: "button", class: "playback-next"}, `Next ${step.name}`);
  const restartButton = element(
    "button",
    {type: "button", class: "playback-restart", "aria-label": "Restart from the beginning"},
    "Restart"
  );
  const speedSelect = element(
    "select",
    {class: "playback-speed", "aria-label": "Playback speed"},
    PLAYBACK_SPEEDS.map((choice) => element("option", {value: choice, selected: choice === speed}, `${choice}x`))
  );
  // The accessible name starts with the visible label (WCAG 2.5.3), then says what it scrubs.
  const timeline = element("input", {
    type: "range",
    class: "playback-timeline",
    min: 0,
    max: TIMELINE_STEPS,
    step: 1,
    value: 0,
    "aria-label": `Inspection time: timeline of ${label}`
  });
  const modeledClock = element("span", {class: "playback-modeled", "aria-live": "polite"});
  const inspectionClock = element("span", {class: "playback-inspection"});
  const root = element(
    "div",
    {class: "playback", role: "group", "aria-label": `Playback of ${label}`},
    element(
      "div",
      {class: "playback-buttons"},
      playButton,
      nextButton,
      restartButton,
      element("label", {class: "playback-speed-label"}, "Speed ", speedSelect)
    ),
    element("label", {class: "playback-timeline-label"}, element("span", null, "Inspection time"), timeline),
    element("div", {class: "playback-clocks"}, modeledClock, inspectionClock)
  );
  return {root, playButton, nextButton, restartButton, speedSelect, timeline, modeledClock, inspectionClock};
}

function showPlayback<D extends Decision>(
  parts: PlaybackParts,
  state: PlaybackState,
  history: readonly D[],
  clock: PlaybackControlOptions["clock"],
  step: PlaybackStep
): void {
  const {playButton, nextButton, timeline, modeledClock, inspectionClock} = parts;
  writeText(playButton, state.playing ? "⏸ Pause" : "▶ Play");
  writeAttribute(playButton, "aria-label", state.playing ? "Pause" : "Play");
  // Properties, unlike text, are compared by the browser itself: an unchanged value costs nothing.
  playButton.disabled = history.length === 0;
  nextButton.disabled = state.revealed >= state.total;
  timeline.value = String(Math.round((state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * TIMELINE_STEPS));
  writeAttribute(timeline, "aria-valuetext", `${state.revealed} of ${state.total} ${step.plural} revealed`);
  const modeled = modeledSeconds(state, history);
  writeText(
    modeledClock,
    clock === "seconds"
      ? `Modeled time: ${modeled === null ? "—" : `${formatSeconds(modeled)} s`} · ${state.revealed}/${state.total} ${step.plural}`
      : `${capitalized(step.name)}: ${modeled === null ? "—" : modeled} · ${state.revealed}/${state.total} ${step.plural}`
  );
  const played = (state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * playDurationSeconds(state);
  writeText(
    inspectionClock,
    `Inspection: ${formatClock(played)} / ${formatClock(playDurationSeconds(state))} at ${state.speed}x`
  );
}

type Transition = (state: PlaybackState) => PlaybackState;

/** Keyboard, while focus is inside the control. */
const KEY_TRANSITIONS = new Map<string, Transition>([
  [" ", togglePlay],
  ["ArrowRight", next],
  ["Home", restart]
]);

/** The buttons, the speed, the timeline and the keys, each as a transition of the clock. */
function listenToPlaybackInputs(parts: PlaybackParts, apply: (transition: Transition) => void): void {
  const {root, playButton, nextButton, restartButton, speedSelect, timeline} = parts;
  playButton.addEventListener("click", () => apply(togglePlay));
  nextButton.addEventListener("click", () => apply(next));
  restartButton.addEventListener("click", () => apply(restart));
  speedSelect.addEventListener("change", () => apply((state) => setSpeed(state, Number(speedSelect.value))));
  // The control's own inner events must not reach the page's view() as values.
  for (const inner of [speedSelect, timeline]) inner.addEventListener("input", (event) => event.stopPropagation());
  timeline.addEventListener("input", () => apply((state) => seek(state, Number(timeline.value) / TIMELINE_STEPS)));

  root.addEventListener("keydown", (event) => {
    const transition = KEY_TRANSITIONS.get(event.key);
    if (event.target === speedSelect || !transition) return;
    event.preventDefault();
    apply(transition);
  });
  // A focused button would also "click" on Space key-up; Space is handled on key-down.
  root.addEventListener("keyup", (event) => {
    if (event.key === " " && event.target !== speedSelect) event.preventDefault();
  });
}

/**
 * The animation frames of a playing control, each advancing the clock by the time since the
 * last. It runs while `running()` holds, and `start()` while it runs starts no second loop.
 */
function FrameLoop(running: () => boolean, advance: (elapsedSeconds: number) => void): {start(): void} {
  let frame: number | null = null;
  let lastFrameMs: number | null = null;
  const step = (nowMs: number) => {
    if (!running()) {
      frame = null;
      return;
    }
    const elapsedSeconds = lastFrameMs === null ? 0 : (nowMs - lastFrameMs) / 1000;
    lastFrameMs = nowMs;
    // Scheduled before advancing, so that the update it makes sees a running loop and starts no second one.
    frame = requestAnimationFrame(step);
    advance(elapsedSeconds);
  };
  return {
    start() {
      if (frame !== null) return;
      lastFrameMs = null;
      frame = requestAnimationFrame(step);
    }
  };
}

function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

function formatClock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
