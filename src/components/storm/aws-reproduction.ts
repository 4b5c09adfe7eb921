/**
 * AWS's backoff experiment, run on the reader's request in a worker of its own (so it never
 * delays a storm): every N of the reference and every strategy, with the figures beside the AWS
 * simulator's and each strategy's ratio to full jitter, row by row as they come (full jitter
 * first for each N, since every row is read against it).
 */
import {AWS_EXPERIMENT, compareWithReference, type AwsExperimentResult} from "../../../lib/storm/aws-experiment.js";
import {STORM_STRATEGIES, STRATEGY_LABELS} from "../../../lib/storm/strategy.js";
import {AWS_REFERENCE_CLIENTS, type AwsRequest, type StormAnswer} from "../../../lib/storm/worker-protocol.js";
import {element, writeText} from "../runtime/dom.js";
import {formatNumber} from "../format/number-format.js";
import {markWorking} from "../runtime/offscreen-redraws.js";
import {ScrollRegion} from "../runtime/scroll-region.js";

export interface AwsReproductionOptions {
  workerUrl: string;
  runs: number;
  seed: number;
}

const EXPERIMENTS = AWS_REFERENCE_CLIENTS.length * STORM_STRATEGIES.length;
const ratio = (value: number) => value.toFixed(2);
/** The table's order: by N, then the strategies' usual order (the worker runs full jitter first). */
const byTableOrder = (a: AwsExperimentResult, b: AwsExperimentResult) =>
  a.clients - b.clients || STORM_STRATEGIES.indexOf(a.strategy) - STORM_STRATEGIES.indexOf(b.strategy);
const apart = (ours: number, reference: number) => {
  const percent = (ours / reference - 1) * 100;
  return `${Math.abs(percent) < 0.05 ? "±" : percent > 0 ? "+" : "−"}${Math.abs(percent).toFixed(1)}%`;
};

function comparisonTable(results: readonly AwsExperimentResult[]): HTMLElement {
  const cell = (value: string) => element("td", {class: "numeric"}, value);
  return ScrollRegion(
    "AWS's experiment, here and in AWS's simulator",
    element(
      "table",
      {class: "strategy-table aws-table"},
      element("caption", null, "Here and in AWS's simulator: mean ms / mean calls, and ÷ full jitter"),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["N", "Strategy", "Here", "AWS simulator", "Calls ÷ full", "Time ÷ full"].map((name) =>
            element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        compareWithReference([...results].sort(byTableOrder)).map(({result, reference, callsToFull, timeToFull}) =>
          element(
            "tr",
            null,
            cell(String(result.clients)),
            element("th", {scope: "row"}, STRATEGY_LABELS[result.strategy]),
            cell(
              `${formatNumber(Math.round(result.meanCompletionMs))} / ${formatNumber(Math.round(result.meanCalls))}`
            ),
            cell(`${formatNumber(reference.meanCompletionMs)} / ${formatNumber(reference.meanCalls)}`),
            cell(
              `${ratio(callsToFull.ours)} / ${ratio(callsToFull.reference)} (${apart(callsToFull.ours, callsToFull.reference)})`
            ),
            cell(
              `${ratio(timeToFull.ours)} / ${ratio(timeToFull.reference)} (${apart(timeToFull.ours, timeToFull.reference)})`
            )
          )
        )
      )
    )
  );
}

export function AwsReproduction({workerUrl, runs, seed}: AwsReproductionOptions): HTMLElement {
  const status = element("p", {class: "aws-status", role: "status"});
  const table = element("div", {class: "aws-results"});
  const button = element("button", {type: "button", class: "aws-run"}, `Run AWS's experiment here, ${runs} runs each`);
  let results: AwsExperimentResult[] = [];
  let worker: Worker | null = null;
  const finish = (message: string) => {
    worker?.terminate();
    worker = null;
    button.disabled = false;
    writeText(status, message);
    markWorking(button, false);
  };
  button.addEventListener("click", () => {
    if (worker !== null) return;
    results = [];
    table.replaceChildren();
    button.disabled = true;
    markWorking(button, true);
    writeText(status, `Running: 0 of ${EXPERIMENTS} experiments…`);
    worker = new Worker(workerUrl);
    worker.onmessage = (event: MessageEvent<StormAnswer>) => {
      const answer = event.data;
      if (answer.kind === "aws-result") {
        results.push(answer.result);
        writeText(status, `Running: ${results.length} of ${EXPERIMENTS} experiments…`);
        table.replaceChildren(comparisonTable(results));
      } else if (answer.kind === "done") {
        finish(`Done: ${results.length} experiments of ${runs} runs each, seed ${seed}, in your browser.`);
      }
    };
    const failed = (event: ErrorEvent | MessageEvent) => {
      event.preventDefault();
      const reason = event instanceof ErrorEvent && event.message ? event.message : "its worker stopped";
      finish(`The experiment could not be run (${reason}). Press the button to try again.`);
    };
    worker.onerror = failed;
    worker.onmessageerror = failed;
    worker.postMessage({kind: "aws", id: 1, runs, seed} satisfies AwsRequest);
  });
  return element(
    "div",
    {class: "aws-reproduction"},
    element(
      "p",
      null,
      `N clients, base ${AWS_EXPERIMENT.baseMs} ms, cap ${formatNumber(AWS_EXPERIMENT.capMs)} ms, every message |Normal(${AWS_EXPERIMENT.delayMeanMs} ms, ${AWS_EXPERIMENT.delaySdMs} ms)|. The first rows take a second or two; N = 100 with exponential backoff takes longest.`
    ),
    button,
    status,
    table
  );
}
