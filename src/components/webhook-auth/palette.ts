/**
 * Colours and symbols of the lesson's charts. Mid-tone colours that read on
 * white slides and on both site themes; every category also has a symbol or a
 * text label, so no meaning rests on colour alone.
 */
import type {RetryAttemptRow} from "../../../lib/webhook-auth/rotation/retry-horizon.js";
import type {SymbolName} from "../chart/symbols.js";

export const ATTEMPT_OUTCOMES = [
  "applied (id recorded)",
  "duplicate, ignored (2xx)",
  "slipped past dedup: applied again",
  "refused: timestamp too old (401)",
  "not delivered: receiver down"
] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export const ATTEMPT_COLOURS: Record<AttemptOutcome, string> = {
  "applied (id recorded)": "#2da44e",
  "duplicate, ignored (2xx)": "#4c8dde",
  "slipped past dedup: applied again": "#e8590c",
  "refused: timestamp too old (401)": "#d1242f",
  "not delivered: receiver down": "#8c959f"
};

export const ATTEMPT_SYMBOLS: Record<AttemptOutcome, SymbolName> = {
  "applied (id recorded)": "circle",
  "duplicate, ignored (2xx)": "square",
  "slipped past dedup: applied again": "star",
  "refused: timestamp too old (401)": "times",
  "not delivered: receiver down": "triangle"
};

export function attemptOutcome(row: RetryAttemptRow): AttemptOutcome {
  if (row.window === "not-delivered") return "not delivered: receiver down";
  if (row.window === "too-old") return "refused: timestamp too old (401)";
  if (row.dedup === "duplicate") return "duplicate, ignored (2xx)";
  if (row.dedup === "slipped-past") return "slipped past dedup: applied again";
  return "applied (id recorded)";
}

/** Effects per interleaving: one is the goal, more are duplicate effects. */
export const EFFECT_COLOURS = ["#2da44e", "#e8590c", "#c62828", "#8b1a1a"];
