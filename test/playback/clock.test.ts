import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  PLAYBACK_DURATION_SECONDS,
  modeledSeconds,
  next,
  pause,
  play,
  playDurationSeconds,
  restart,
  revealTime,
  revealedAt,
  seek,
  setSpeed,
  startPlayback,
  tick,
  togglePlay,
  type PlaybackState
} from "../../lib/playback/clock.js";
import type {Decision} from "../../lib/playback/decision.js";

function history(times: number[]): Decision[] {
  return times.map((atSeconds, i) => ({atSeconds, title: `d${i}`, detail: "", kind: "test"}));
}

/** Plays with a fixed frame length until the clock stops; returns wall seconds used. */
function playToEnd(state: PlaybackState, frameSeconds: number): {state: PlaybackState; wallSeconds: number} {
  let wallSeconds = 0;
  state = play(state);
  while (state.playing && wallSeconds < 10_000) {
    state = tick(state, frameSeconds);
    wallSeconds += frameSeconds;
  }
  return {state, wallSeconds};
}

describe("playback clock", () => {
  it("starts at the beginning, paused (no automatic playback)", () => {
    const state = startPlayback(8);
    expect(state).toMatchObject({revealed: 0, inspectionSeconds: 0, playing: false});
    expect(tick(state, 5)).toEqual(state);
  });

  it("spreads the whole history over 60 s at 1x and 120 s at 0.5x", () => {
    const atOne = playToEnd(startPlayback(8, 1), 0.5);
    expect(atOne.state.revealed).toBe(8);
    expect(atOne.wallSeconds).toBeCloseTo(PLAYBACK_DURATION_SECONDS, 6);
    const atHalf = playToEnd(startPlayback(8, 0.5), 0.5);
    expect(atHalf.wallSeconds).toBeCloseTo(120, 6);
    expect(playDurationSeconds({speed: 0.5})).toBe(120);
    expect(atHalf.state.playing).toBe(false);
  });

  it("reveals decision i at 60 * (i + 1) / n seconds", () => {
    let state = play(startPlayback(4));
    state = tick(state, 14.99);
    expect(state.revealed).toBe(0);
    state = tick(state, 0.01);
    expect(state.revealed).toBe(1);
    expect(revealTime(3, 4)).toBe(60);
    expect(revealedAt(45, 4)).toBe(3);
  });

  it("Next reveals exactly one decision and pauses", () => {
    let state = play(startPlayback(3));
    state = next(state);
    expect(state).toMatchObject({revealed: 1, playing: false, inspectionSeconds: 20});
    state = next(next(state));
    expect(state.revealed).toBe(3);
    expect(next(state).revealed).toBe(3);
  });

  it("Restart returns to the beginning, paused; Play at the end starts over", () => {
    const ended = playToEnd(startPlayback(5), 1).state;
    expect(restart(ended)).toMatchObject({revealed: 0, inspectionSeconds: 0, playing: false});
    expect(play(ended)).toMatchObject({revealed: 0, playing: true});
  });

  it("toggles between playing and paused", () => {
    const state = startPlayback(2);
    expect(togglePlay(state).playing).toBe(true);
    expect(togglePlay(togglePlay(state)).playing).toBe(false);
    expect(pause(play(state)).playing).toBe(false);
  });

  it("seeks to a fraction of the timeline and clamps bad fractions", () => {
    const state = startPlayback(10);
    expect(seek(state, 0.5).revealed).toBe(5);
    expect(seek(state, 2).revealed).toBe(10);
    expect(seek(state, -1).revealed).toBe(0);
    expect(seek(state, Number.NaN).revealed).toBe(0);
  });

  it("accepts only the offered speeds", () => {
    expect(setSpeed(startPlayback(2), 2).speed).toBe(2);
    expect(setSpeed(startPlayback(2), 3).speed).toBe(1);
  });

  it("reports the modeled clock of the latest revealed decision, separately from inspection time", () => {
    const decisions = history([2, 3, 5.5]);
    let state = startPlayback(decisions.length);
    expect(modeledSeconds(state, decisions)).toBeNull();
    state = next(next(state));
    expect(modeledSeconds(state, decisions)).toBe(3);
    expect(state.inspectionSeconds).toBe(40);
  });

  it("an empty history has nothing to play", () => {
    const state = startPlayback(0);
    expect(play(state).playing).toBe(false);
    expect(next(state).revealed).toBe(0);
  });

  it("revealed count never decreases while playing and never exceeds the total", () => {
    fc.assert(
      fc.property(
        fc.integer({min: 0, max: 500}),
        fc.array(fc.double({min: 0, max: 5, noNaN: true}), {maxLength: 100}),
        (total, frames) => {
          let state = play(startPlayback(total));
          for (const frame of frames) {
            const after = tick(state, frame);
            if (after.revealed < state.revealed || after.revealed > total) return false;
            state = after;
          }
          return true;
        }
      ),
      {numRuns: 1000}
    );
  });
});
