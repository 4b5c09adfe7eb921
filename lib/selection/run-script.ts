/** Lesson 3's selection as a script ("Copy as script"): the policy's inputs, the page's lib calls, the lab's figures. */
import {runScript} from "../shared/run-script.js";

export function selectionRunScript(inputs: Readonly<Record<string, unknown>>): string {
  return runScript({
    fileName: "agent-selection-run",
    reproduces: "lesson 3's agent selection (A2A Workbench)",
    libImports: ["defaultRegistry", "policyFromInputs", "selectAgent"],
    figures: {name: "selectionFigureLines", from: "./src/components/selection/lab-figures.js"},
    literals: {inputs},
    compute: ["const {policy} = policyFromInputs(inputs);", "const result = selectAgent(defaultRegistry, policy);"],
    figuresOf: "result"
  });
}
