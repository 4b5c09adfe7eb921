/**
 * What a lab's exports say they show. The page tells it the current run's label once per run
 * (`exportedRun.update(comparison.run)`), and each chart's export reads it when the reader
 * exports (`run: exportedRun.read`): a chart an input did not redraw still names the current
 * run, and a new label redraws no chart (the captions printed under charts are refreshed on print).
 * It holds a label, never a run.
 */
import type {RunLabel} from "../../../lib/lesson-inputs/run-label.js";

export interface ExportedRun {
  update(run: RunLabel): void;
  read(): RunLabel | undefined;
}

export function ExportedRun(): ExportedRun {
  let current: RunLabel | undefined;
  return {
    // The charts that read it are not redrawn for a new label; their printed captions are
    // refreshed when the page prints (export-buttons.ts), not on screen, where they are hidden.
    update: (run) => void (current = run),
    read: () => current
  };
}
