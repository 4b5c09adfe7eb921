/**
 * The inspection clock shared by every lesson.
 *
 * A lesson computes its whole bounded history on every input change; this clock
 * only decides how much of that history is revealed. It is pure: the view feeds
 * it elapsed wall-clock seconds and user actions, and renders the state it returns.
 *
 * Policy:
 * - At 1x, Play spreads the complete history over PLAYBACK_DURATION_SECONDS of
 *   inspection time; at speed s it takes PLAYBACK_DURATION_SECONDS / s.
 * - Decision i (0-based) of n is revealed once inspection time reaches
 *   PLAYBACK_DURATION_SECONDS * (i + 1) / n: evenly spaced, so a burst of
 *   same-instant decisions is still read one at a time.
 * - Nothing plays by itself: every new history starts at the beginning, paused.
 */
import type {Decision} from "./decision.js";

export const PLAYBACK_DURATION_SECONDS = 60;
export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
export const DEFAULT_PLAYBACK_SPEED = 1;

export interface PlaybackState {
  /** How many decisions the history holds. */
  total: number;
  /** How many decisions are revealed (0 to total). */
  revealed: number;
  /** Inspection time in seconds, 0 to PLAYBACK_DURATION_SECONDS (independent of speed). */
  inspectionSeconds: number;
  playing: boolean;
  speed: number;
}

export function startPlayback(total: number, speed: number = DEFAULT_PLAYBACK_SPEED): PlaybackState {
  return {total, revealed: 0, inspectionSeconds: 0, playing: false, speed: checkedSpeed(speed)};
}

/** Inspection time at which decision `index` (0-based) is revealed. */
export function revealTime(index: number, total: number): number {
  return total === 0 ? 0 : (PLAYBACK_DURATION_SECONDS * (index + 1)) / total;
}

/** How many decisions are revealed at an inspection time. */
export function revealedAt(inspectionSeconds: number, total: number): number {
  if (total === 0) return 0;
  const seconds = clamp(inspectionSeconds, 0, PLAYBACK_DURATION_SECONDS);
  // A tiny tolerance keeps reveal boundaries exact despite floating-point division.
  return Math.min(total, Math.floor((seconds * total) / PLAYBACK_DURATION_SECONDS + 1e-9));
}

export function play(state: PlaybackState): PlaybackState {
  if (state.total === 0) return state;
  // Play at the end starts over, as media players do.
  if (state.revealed >= state.total) return {...state, revealed: 0, inspectionSeconds: 0, playing: true};
  return {...state, playing: true};
}

export function pause(state: PlaybackState): PlaybackState {
  return {...state, playing: false};
}

export function togglePlay(state: PlaybackState): PlaybackState {
  return state.playing ? pause(state) : play(state);
}

/** Advances by wall-clock time; stops by itself at the end of the history. */
export function tick(state: PlaybackState, elapsedWallSeconds: number): PlaybackState {
  if (!state.playing || !(elapsedWallSeconds > 0)) return state;
  const inspectionSeconds = Math.min(
    PLAYBACK_DURATION_SECONDS,
    state.inspectionSeconds + elapsedWallSeconds * state.speed
  );
  const revealed = revealedAt(inspectionSeconds, state.total);
  return {...state, inspectionSeconds, revealed, playing: revealed < state.total};
}

/** Reveals exactly one more decision and pauses there. */
export function next(state: PlaybackState): PlaybackState {
  if (state.revealed >= state.total) return pause(state);
  const revealed = state.revealed + 1;
  return {...state, revealed, inspectionSeconds: revealTime(revealed - 1, state.total), playing: false};
}

export function restart(state: PlaybackState): PlaybackState {
  return {...state, revealed: 0, inspectionSeconds: 0, playing: false};
}

/** Moves to a point of the timeline, as a fraction 0..1 of the whole inspection. */
export function seek(state: PlaybackState, fraction: number): PlaybackState {
  const inspectionSeconds = clamp(Number.isFinite(fraction) ? fraction : 0, 0, 1) * PLAYBACK_DURATION_SECONDS;
  return {...state, inspectionSeconds, revealed: revealedAt(inspectionSeconds, state.total)};
}

export function setSpeed(state: PlaybackState, speed: number): PlaybackState {
  return {...state, speed: checkedSpeed(speed)};
}

/** Wall-clock seconds a complete play takes at the state's speed. */
export function playDurationSeconds(state: Pick<PlaybackState, "speed">): number {
  return PLAYBACK_DURATION_SECONDS / state.speed;
}

/** The modeled time of the latest revealed decision (the simulated world's clock), or null before the first. */
export function modeledSeconds(state: PlaybackState, history: readonly Decision[]): number | null {
  return state.revealed === 0 ? null : (history[state.revealed - 1]?.atSeconds ?? null);
}

function checkedSpeed(speed: number): number {
  return (PLAYBACK_SPEEDS as readonly number[]).includes(speed) ? speed : DEFAULT_PLAYBACK_SPEED;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
