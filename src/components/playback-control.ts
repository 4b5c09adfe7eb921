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
import {element, writeAttribute, writeText} from "./dom.js";
import {
  PLAYBACK_SPEEDS, modeledSeconds, next, playDurationSeconds, restart, seek, setSpeed, startPlayback, tick, togglePlay,
  PLAYBACK_DURATION_SECONDS, type PlaybackState
} from "../../lib/playback/clock.js";
import type {Decision} from "../../lib/playback/decision.js";

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

export function PlaybackControl<D extends Decision>(initialHistory: readonly D[], options: PlaybackControlOptions = {}): PlaybackControlElement<D> {
  const {label = "the decision trace", clock = "seconds", step = DECISIONS} = options;
  let history = initialHistory;
  let state: PlaybackState = startPlayback(history.length);

  const playButton = element("button", {type: "button", class: "playback-play"});
  const nextButton = element("button", {type: "button", class: "playback-next"}, `Next ${step.name}`);
  const restartButton = element("button", {type: "button", class: "playback-restart", "aria-label": "Restart from the beginning"}, "Restart");
  const speedSelect = element(
    "select",
    {class: "playback-speed", "aria-label": "Playback speed"},
    PLAYBACK_SPEEDS.map((speed) => element("option", {value: speed, selected: speed === state.speed}, `${speed}x`))
  );
  // The accessible name starts with the visible label (WCAG 2.5.3), then says what it scrubs.
  const timeline = element("input", {type: "range", class: "playback-timeline", min: 0, max: TIMELINE_STEPS, step: 1, value: 0, "aria-label": `Inspection time: timeline of ${label}`});
  const modeledClock = element("span", {class: "playback-modeled", "aria-live": "polite"});
  const inspectionClock = element("span", {class: "playback-inspection"});

  const root = element(
    "div",
    {class: "playback", role: "group", "aria-label": `Playback of ${label}`},
    element("div", {class: "playback-buttons"}, playButton, nextButton, restartButton, element("label", {class: "playback-speed-label"}, "Speed ", speedSelect)),
    element("label", {class: "playback-timeline-label"}, element("span", null, "Inspection time"), timeline),
    element("div", {class: "playback-clocks"}, modeledClock, inspectionClock)
  ) as PlaybackControlElement<D>;

  let frame: number | null = null;
  let lastFrameMs: number | null = null;

  const valueOf = (): PlaybackValue<D> => ({
    revealed: history.slice(0, state.revealed),
    history,
    modeledSeconds: modeledSeconds(state, history),
    playing: state.playing
  });

  const render = () => {
    writeText(playButton, state.playing ? "⏸ Pause" : "▶ Play");
    writeAttribute(playButton, "aria-label", state.playing ? "Pause" : "Play");
    // Properties, unlike text, are compared by the browser itself: an unchanged value costs nothing.
    playButton.disabled = history.length === 0;
    nextButton.disabled = state.revealed >= state.total;
    timeline.value = String(Math.round((state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * TIMELINE_STEPS));
    writeAttribute(timeline, "aria-valuetext", `${state.revealed} of ${state.total} ${step.plural} revealed`);
    const modeled = modeledSeconds(state, history);
    writeText(modeledClock, clock === "seconds"
      ? `Modeled time: ${modeled === null ? "—" : `${formatSeconds(modeled)} s`} · ${state.revealed}/${state.total} ${step.plural}`
      : `${capitalized(step.name)}: ${modeled === null ? "—" : modeled} · ${state.revealed}/${state.total} ${step.plural}`);
    const played = (state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * playDurationSeconds(state);
    writeText(inspectionClock, `Inspection: ${formatClock(played)} / ${formatClock(playDurationSeconds(state))} at ${state.speed}x`);
  };

  /** Applies a transition; tells the page only when what it shows would change. */
  const update = (nextState: PlaybackState) => {
    const changed = nextState.revealed !== state.revealed || nextState.playing !== state.playing;
    state = nextState;
    root.value = valueOf();
    render();
    if (state.playing && frame === null) startFrames();
    if (changed) root.dispatchEvent(new Event("input", {bubbles: true}));
  };

  const startFrames = () => {
    lastFrameMs = null;
    const step = (nowMs: number) => {
      // Paused, or the page replaced this control (an input changed): stop quietly.
      if (!root.isConnected || !state.playing) {
        frame = null;
        return;
      }
      const elapsedSeconds = lastFrameMs === null ? 0 : (nowMs - lastFrameMs) / 1000;
      lastFrameMs = nowMs;
      // Scheduled before update(), so that update() sees a running loop and starts no second one.
      frame = requestAnimationFrame(step);
      update(tick(state, elapsedSeconds));
    };
    frame = requestAnimationFrame(step);
  };

  playButton.addEventListener("click", () => update(togglePlay(state)));
  nextButton.addEventListener("click", () => update(next(state)));
  restartButton.addEventListener("click", () => update(restart(state)));
  speedSelect.addEventListener("change", () => update(setSpeed(state, Number(speedSelect.value))));
  // The control's own inner events must not reach the page's view() as values.
  for (const inner of [speedSelect, timeline]) inner.addEventListener("input", (event) => event.stopPropagation());
  timeline.addEventListener("input", () => update(seek(state, Number(timeline.value) / TIMELINE_STEPS)));

  root.addEventListener("keydown", (event) => {
    if (event.target === speedSelect) return;
    if (event.key === " ") {
      event.preventDefault();
      update(togglePlay(state));
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      update(next(state));
    } else if (event.key === "Home") {
      event.preventDefault();
      update(restart(state));
    }
  });
  // A focused button would also "click" on Space key-up; Space is handled on key-down.
  root.addEventListener("keyup", (event) => {
    if (event.key === " " && event.target !== speedSelect) event.preventDefault();
  });

  root.reset = (nextHistory: readonly D[]) => {
    if (nextHistory === history) return;
    history = nextHistory;
    // The frame loop stops by itself: the new state is paused.
    state = setSpeed(startPlayback(history.length), state.speed);
    root.value = valueOf();
    render();
  };

  root.value = valueOf();
  render();
  return root;
}

function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

function formatClock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
