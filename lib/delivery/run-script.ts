/** Lesson 1's run as a script ("Copy as script"): the panel's inputs, the page's two lib calls, the lab's figures. */
import {runScript} from "../shared/run-script.js";

export function deliveryRunScript(inputs: Readonly<Record<string, unknown>>): string {
  return runScript({
    fileName: "push-delivery-run",
    reproduces: "lesson 1's push delivery run (A2A Workbench)",
    libImports: ["deliveryConfigFromInputs", "simulateResolvedDelivery"],
    figures: {name: "deliveryFigureLines", from: "./src/components/delivery/lab-figures.js"},
    literals: {inputs},
    // What the page does (deliveryRunOf): the inputs checked once, then simulated as they are.
    compute: ["const {config} = deliveryConfigFromInputs(inputs);", "const run = simulateResolvedDelivery(config);"],
    figuresOf: "run"
  });
}
