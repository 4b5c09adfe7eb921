/**
 * Lesson 3's selection as tidy tables: every candidate at every gate (why each one stayed or
 * left), and the ranked candidates with the terms of their score.
 */
import {runTable, type RunTable} from "../shared/run-table.js";
import {defaultRegistry} from "./fixture.js";
import {describeGate, firstFailedGate, gateLabels, gateOrder, gateVerdicts} from "./gates.js";
import type {ScoreTermId} from "./ranking.js";
import type {Registry} from "./registry.js";
import type {SelectionResult} from "./select.js";
import {selectionStages, stageOfGate} from "./stages.js";

const CANDIDATE_COLUMNS = {
  agentId: "the candidate agent",
  gate: "the gate's id, in the order the gates run",
  gateLabel: "the gate as the page names it",
  stage: "the lesson stage (1-5) that holds the gate",
  stageTitle: "that stage's title",
  passed: "the agent passed this gate",
  removedHere: "this is the first gate it failed: the one that removed it",
  reason: "the values the gate compared"
};

const TERMS: readonly ScoreTermId[] = ["latency", "cost", "observedSuccess"];

const SCORE_COLUMNS = {
  rank: "1 for the selected agent",
  agentId: "the ranked agent",
  score: "Σ weight × term, rounded to 6 decimals",
  ...Object.fromEntries(
    TERMS.flatMap((term) => [
      [`${term}Term`, `the ${term} term, in [0, 1], higher is better`],
      [`${term}Weight`, `the policy's weight for the ${term} term`],
      [`${term}Weighted`, `weight × ${term} term`]
    ])
  ),
  formula: "the sum with this agent's numbers"
};

const stageOf = (gate: (typeof gateOrder)[number]) => selectionStages.find((stage) => stage.id === stageOfGate[gate])!;

/**
 * `candidates` and `scores` of a selection; `registry` is the one it selected from (the
 * page's defaultRegistry), since the result keeps each agent's verdicts in registry order.
 */
export function selectionRunTables(result: SelectionResult, registry: Registry = defaultRegistry): RunTable[] {
  return [candidatesTable(result, registry), scoresTable(result)];
}

function candidatesTable(result: SelectionResult, registry: Registry): RunTable {
  const rows = registry.agents.flatMap((entry, index) => {
    const mask = result.failureMasks[index]!;
    const verdicts = gateVerdicts(mask);
    const removedBy = firstFailedGate(mask);
    return gateOrder.map((gate) => ({
      agentId: entry.agentId,
      gate,
      gateLabel: gateLabels[gate],
      stage: stageOf(gate).index,
      stageTitle: stageOf(gate).title,
      passed: verdicts[gate],
      removedHere: removedBy === gate,
      reason: describeGate(gate, entry, result.policy, verdicts[gate])
    }));
  });
  return runTable("candidates", "Every candidate at every gate", CANDIDATE_COLUMNS, rows);
}

function scoresTable(result: SelectionResult): RunTable {
  const rows = result.ranked.map((agent) => ({
    rank: agent.rank,
    agentId: agent.agentId,
    score: agent.score,
    ...Object.fromEntries(
      TERMS.flatMap((term) => [
        [`${term}Term`, agent.terms[term].value],
        [`${term}Weight`, agent.terms[term].weight],
        [`${term}Weighted`, agent.terms[term].weighted]
      ])
    ),
    formula: agent.formula
  }));
  return runTable("scores", "The eligible candidates, best first, with the terms of their score", SCORE_COLUMNS, rows);
}
