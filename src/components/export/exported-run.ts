/**
 * What a lab's exports say they show. The page tells it the current run's label once per run
 * (`exportedRun.update(comparison.run)`), and each chart's export reads it when the reader
 * exports (`run: exportedRun.read`): a chart an input did not redraw still names the current
 * run, and a new label redraws no chart (only the captions printed under charts are refreshed).
 * It holds a label, never a run.
 */
import type {RunLabel} from "../../../lib/lesson-inputs/run-label.js";
import {scheduleChartCaptions} from "./export-buttons.js";

export interface ExportedRun {
  update(run: RunLabel): void;
  read(): RunLabel | undefined;
}

export function ExportedRun(): ExportedRun {
  let current: RunLabel | undefined;
  return {
    update: (run) => {
      // The charts that read it are not redrawn for a new label: their printed captions are.
      if (current?.caption !== run.caption) scheduleChartCaptions();
      current = run;
    },
    read: () => current
  };
}
