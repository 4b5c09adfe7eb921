/**
 * Colours shared by the selection charts, so a colour means the same thing in each.
 * Mid-tone colours that read on white slides and on both site themes; every chart
 * also says the same thing in text (labels, tables), so colour is never the only cue.
 */
import type {ScoreTermId} from "../../../lib/selection/index.js";

export const REMAINING_COLOUR = "#4c8dde";
export const REMOVED_COLOUR = "#d1242f";

export const TERM_LABELS: Record<ScoreTermId, string> = {
  latency: "latency term × weight",
  cost: "cost term × weight",
  observedSuccess: "observed success × weight"
};

export const TERM_COLOURS: Record<ScoreTermId, string> = {
  latency: "#4c8dde",
  cost: "#c69026",
  observedSuccess: "#2da44e"
};

export const TERM_ORDER: readonly ScoreTermId[] = ["latency", "cost", "observedSuccess"];
