import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  selectionExperimentPolicy,
  selectionExperiments,
  rejectionReason,
  selectAgent,
  type Policy
} from "../../lib/selection/index.js";

/*
 * Expected results for the named scenarios are committed as data (data/selection/expected/) and
 * reviewed like code. A mismatch, or a missing file, writes "<scenario>-changed.json" beside the
 * expected file and fails; nothing is ever accepted silently. To accept a change, review the
 * difference and rename the -changed file over the expected one.
 */
const expectedFolder = new URL("../../data/selection/expected/", import.meta.url);

const scenarios: {id: string; policy: Policy}[] = [
  {id: "default", policy: {...defaultPolicy}},
  ...selectionExperiments.map((experiment) => ({id: experiment.id, policy: selectionExperimentPolicy(experiment)}))
];

function view(policy: Policy) {
  const result = selectAgent(defaultRegistry, policy);
  return {
    policy,
    summary: result.summary,
    ranked: result.ranked.map(({rank, agentId, score, formula}) => ({rank, agentId, score, formula})),
    rejected: result.rejected.map((agent) => ({
      agentId: agent.agentId,
      firstFailedGate: agent.firstFailedGate,
      reason: rejectionReason(agent, policy)
    })),
    contract: result.contract,
    incompatibility: result.incompatibility,
    trace: result.trace.map(({atSeconds, kind, title, detail}) => ({atSeconds, kind, title, detail}))
  };
}

describe("committed expected results", () => {
  for (const scenario of scenarios) {
    it(scenario.id, () => {
      const actual = JSON.stringify(view(scenario.policy), null, 2) + "\n";
      const expectedFile = new URL(`${scenario.id}.json`, expectedFolder);
      const changedFile = new URL(`${scenario.id}-changed.json`, expectedFolder);
      const expected = existsSync(expectedFile) ? readFileSync(expectedFile, "utf8") : null;
      if (expected === actual) {
        rmSync(changedFile, {force: true});
        return;
      }
      mkdirSync(expectedFolder, {recursive: true});
      writeFileSync(changedFile, actual);
      expect(actual, `review data/selection/expected/${scenario.id}-changed.json`).toBe(expected);
    });
  }
});
