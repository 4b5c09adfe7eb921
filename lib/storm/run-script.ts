/** Lesson 5's storm as a script ("Copy as script"): the panel's inputs (the seed among them), the lib call, the lab's figures. */
import {runScript} from "../shared/run-script.js";

export function stormRunScript(inputs: Readonly<Record<string, unknown>>): string {
  return runScript({
    fileName: "retry-storm-run",
    reproduces: "lesson 5's retry storm under the chosen strategy (A2A Workbench)",
    libImports: ["runStormLesson"],
    figures: {name: "stormFigureLines", from: "./src/components/storm/lab-figures.js"},
    literals: {inputs},
    // The page's worker runs the same storm: checkStormInputs, simulateStorm, summarizeStorm.
    compute: ["const {run} = runStormLesson(inputs);"],
    figuresOf: "run"
  });
}
