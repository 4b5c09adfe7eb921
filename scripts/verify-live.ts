/**
 * npm run verify:live: the loopback proof as a table. Each lesson-1 scenario runs with a real
 * sender over real sockets on 127.0.0.1 (the real @a2a-js/sdk 1.3.0 sender, and an HTTP sender
 * following the teaching policy), beside simulateDelivery's prediction for the same config.
 * Prints scenario, sender, what the model predicts, what was observed, and whether they agree;
 * exits 1 and prints both sequences when any disagree. LOOPBACK_SCALE_MS sets real ms per modeled second.
 */
import {compareWithModel, type Comparison} from "../test/live/compare.js";
import {runA2aJsOnLoopback, runTeachingSenderOnLoopback} from "../test/live/loopback.js";
import {
  A2A_JS_SCENARIOS,
  SCALE_MS,
  TEACHING_SCENARIOS,
  TOLERANCE_SECONDS,
  type LoopbackScenario
} from "../test/live/scenarios.js";

/** Per update: how many requests, and the sender's last word. */
function digest(requests: readonly string[], outcomes: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request.split(" ")[0]!, (counts.get(request.split(" ")[0]!) ?? 0) + 1);
  return outcomes
    .map((outcome) => {
      const [eventId, word, at] = outcome.split(" ");
      return `${eventId!.replace("evt-", "U")}: ${counts.get(eventId!) ?? 0}× ${word === "not-sent" ? "not sent" : `${word} ${at}`}`;
    })
    .join("; ");
}

const rows: {scenario: string; sender: string; comparison: Comparison}[] = [];
const runs: [string, LoopbackScenario[], typeof runA2aJsOnLoopback][] = [
  ["a2a-js", A2A_JS_SCENARIOS, runA2aJsOnLoopback],
  ["teaching", TEACHING_SCENARIOS, runTeachingSenderOnLoopback]
];
console.log(
  `Loopback proof: one modeled second = ${SCALE_MS} ms; each step may run ${TOLERANCE_SECONDS} s later than the steps before it (or that much early).\n`
);
console.log("| scenario | sender | model | observed | agree |\n|---|---|---|---|---|");
for (const [sender, scenarios, runOnLoopback] of runs) {
  for (const scenario of scenarios) {
    const observed = await runOnLoopback(scenario.overrides, SCALE_MS);
    const comparison = compareWithModel(
      scenario.overrides,
      sender as "a2a-js" | "teaching",
      observed,
      TOLERANCE_SECONDS
    );
    rows.push({scenario: scenario.id, sender, comparison});
    const {model, observed: seen} = comparison;
    console.log(
      `| ${scenario.id} | ${sender} | ${digest(model.requests, model.outcomes)}; effects ${model.effects.length} | ${digest(seen.requests, seen.outcomes)}; effects ${seen.effects.length} | ${comparison.agree ? "yes" : "NO"} |`
    );
  }
}
const disagreements = rows.filter((row) => !row.comparison.agree);
for (const {scenario, sender, comparison} of disagreements) {
  console.log(`\n${scenario} (${sender}) disagrees:\n  ${comparison.differences.join("\n  ")}`);
  console.log(
    `  model:    ${comparison.model.requests.join(" | ")}\n  observed: ${comparison.observed.requests.join(" | ")}`
  );
}
console.log(`\n${rows.length - disagreements.length} of ${rows.length} scenarios agree.`);
process.exitCode = disagreements.length === 0 ? 0 : 1;
