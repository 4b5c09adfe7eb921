/**
 * Lesson 5's colours: one per strategy (the small multiples, the delivered lines, the work bars)
 * and the receiver's load. Mid-tone colours that read on white slides and on both site themes.
 */
import type {StormStrategy} from "../../../lib/storm/strategy.js";

export const STRATEGY_COLOURS: Readonly<Record<StormStrategy, string>> = {
  none: "#8c959f",
  exponential: "#d1242f",
  full: "#4c8dde",
  equal: "#8b6fd6",
  decorrelated: "#1f9e89"
};

export const LOAD_COLOURS = {offered: "#e8590c", accepted: "#2da44e", capacity: "#6e7781", outage: "#8c959f"} as const;
