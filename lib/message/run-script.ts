/** Lesson 2's transaction as a script ("Copy as script"): the request text and version, the page's lib call, the lab's figures. */
import {runScript} from "../shared/run-script.js";

export function messageRunScript(requestText: string, version: string): string {
  return runScript({
    fileName: "message-transaction-run",
    reproduces: "lesson 2's message transaction (A2A Workbench)",
    libImports: ["runMessageTransaction"],
    figures: {name: "messageFigureLines", from: "./src/components/message/lab-figures.js"},
    literals: {inputs: {requestText, version}},
    compute: ["const transaction = runMessageTransaction(inputs.requestText, {version: inputs.version});"],
    figuresOf: "transaction"
  });
}
