/**
 * The shared inspection playback: Play/Pause, Next, Restart, Speed and a draggable
 * timeline over a lesson's precomputed history. It is a custom input (an element
 * with a `value` that dispatches `input`), so a page writes
 * `const playback = view(PlaybackControl(run.trace))`. A new history means a new
 * control, which starts at the beginning, paused: nothing ever plays by itself.
 *
 * Keyboard, while focus is inside the control: Space plays or pauses, Right arrow
 * is Next, Home restarts.
 */
import {html} from "htl";
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
  /** Unit of the modeled clock; lessons without a clock show stages instead. */
  clock?: "seconds" | "stage";
}

const TIMELINE_STEPS = 1000;

export function PlaybackControl<D extends Decision>(history: readonly D[], options: PlaybackControlOptions = {}): HTMLElement & {value: PlaybackValue<D>} {
  const {label = "the decision trace", clock = "seconds"} = options;
  let state: PlaybackState = startPlayback(history.length);

  const playButton = html`<button type="button" class="playback-play"></button>` as HTMLButtonElement;
  const nextButton = html`<button type="button" class="playback-next" aria-label="Next decision">Next ›</button>` as HTMLButtonElement;
  const restartButton = html`<button type="button" class="playback-restart" aria-label="Restart from the beginning">Restart</button>` as HTMLButtonElement;
  const speedSelect = html`<select class="playback-speed" aria-label="Playback speed">
    ${PLAYBACK_SPEEDS.map((speed) => html`<option value=${speed} selected=${speed === state.speed}>${speed}x</option>`)}
  </select>` as HTMLSelectElement;
  const timeline = html`<input type="range" class="playback-timeline" min="0" max=${TIMELINE_STEPS} step="1" value="0" aria-label=${`Timeline of ${label}`}>` as HTMLInputElement;
  const modeledClock = html`<span class="playback-modeled" aria-live="polite"></span>` as HTMLElement;
  const inspectionClock = html`<span class="playback-inspection"></span>` as HTMLElement;

  const root = html`<div class="playback" role="group" aria-label=${`Playback of ${label}`}>
    <div class="playback-buttons">${playButton}${nextButton}${restartButton}<label class="playback-speed-label">Speed ${speedSelect}</label></div>
    ${timeline}
    <div class="playback-clocks">${modeledClock}${inspectionClock}</div>
  </div>` as HTMLElement & {value: PlaybackValue<D>};

  let frame: number | null = null;
  let lastFrameMs: number | null = null;

  const valueOf = (): PlaybackValue<D> => ({
    revealed: history.slice(0, state.revealed),
    history,
    modeledSeconds: modeledSeconds(state, history),
    playing: state.playing
  });

  const render = () => {
    playButton.textContent = state.playing ? "⏸ Pause" : "▶ Play";
    playButton.setAttribute("aria-label", state.playing ? "Pause" : "Play");
    playButton.disabled = history.length === 0;
    nextButton.disabled = state.revealed >= state.total;
    timeline.value = String(Math.round((state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * TIMELINE_STEPS));
    timeline.setAttribute("aria-valuetext", `${state.revealed} of ${state.total} decisions revealed`);
    const modeled = modeledSeconds(state, history);
    modeledClock.textContent = clock === "seconds"
      ? `Modeled time: ${modeled === null ? "—" : `${formatSeconds(modeled)} s`} · ${state.revealed}/${state.total} decisions`
      : `Stage: ${modeled === null ? "—" : modeled} · ${state.revealed}/${state.total} steps`;
    const played = (state.inspectionSeconds / PLAYBACK_DURATION_SECONDS) * playDurationSeconds(state);
    inspectionClock.textContent = `Inspection: ${formatClock(played)} / ${formatClock(playDurationSeconds(state))} at ${state.speed}x`;
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
