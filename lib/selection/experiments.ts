import type {PredictionChoice} from "../tour/prediction.js";
import type {TourStep} from "../tour/step.js";
import {gateLabels, gateOrder} from "./gates.js";
import {defaultPolicy, type Policy} from "./policy.js";
import type {SelectionResult} from "./select.js";

/*
 * The lesson's experiments as data. Each names the policy fields to change from the default
 * policy, what to look at, and a pure predicate that tells whether a result shows the effect
 * (so the page can mark an experiment as "seen" whatever route the reader took to it).
 */

/** In the guided lesson an experiment is a step: its prediction is asked before the result is shown. */
export interface SelectionExperiment extends TourStep<SelectionResult> {
  /** Policy fields that differ from defaultPolicy (the shared ExperimentList applies these). */
  overrides: Partial<Policy>;
  /** The agent the experiment is about, if any. */
  focusAgentId: string | null;
}

/** The default winner, whose metadata is nearly a day old and whose record is 40 observations long. */
const swift = "northwind-swift";
/** 3 successes in 3 observations: a perfect rate from almost no evidence. */
const newcomer = "northwind-newcomer";

const NO_AGENT = "none";
const ANOTHER_AGENT = "another";

/** "Which agent is selected?": the agents the lesson's experiments turn on, and answers for any other result. */
const winnerChoices = (agentIds: readonly string[]): readonly PredictionChoice[] => [
  ...agentIds.map((agentId) => ({value: agentId, label: agentId})),
  {value: ANOTHER_AGENT, label: "Another agent"},
  {value: NO_AGENT, label: "None: no agent qualifies"}
];

function winnerAmong(agentIds: readonly string[]) {
  return (result: SelectionResult) => {
    const winner = result.contract?.agentId ?? null;
    return winner === null ? NO_AGENT : agentIds.includes(winner) ? winner : ANOTHER_AGENT;
  };
}

const WINNER_CANDIDATES = ["northwind-swift", "northwind-steady", "northwind-newcomer", "northwind-brief-writer"];
const whoWins = (question: string) =>
  ({
    kind: "choice",
    question,
    choices: winnerChoices(WINNER_CANDIDATES),
    answer: winnerAmong(WINNER_CANDIDATES)
  }) as const;

const NOT_REJECTED = "eligible";

/** "Where does this agent leave?": one choice per gate, and answers for an agent that stays. */
function leavesAt(question: string, agentId: string) {
  return {
    kind: "choice",
    question,
    choices: [
      ...gateOrder.map((gate) => ({value: gate, label: gateLabels[gate]})),
      {value: NOT_REJECTED, label: "It passes every gate"}
    ],
    answer: (result: SelectionResult) => firstFailedGateOf(result, agentId) ?? NOT_REJECTED
  } as const;
}

function firstFailedGateOf(result: SelectionResult, agentId: string): string | null {
  return result.rejected.find((agent) => agent.agentId === agentId)?.firstFailedGate ?? null;
}

export const selectionExperiments: readonly SelectionExperiment[] = [
  {
    id: "expire-metadata",
    title: "Let time pass: metadata expires",
    overrides: {additionalElapsedSeconds: 7_200},
    lookAt:
      "Two more hours take northwind-swift's metadata from 82,800 s to 90,000 s, past the 86,400 s TTL. The default winner leaves at stage 4 (freshness) and northwind-steady is selected instead.",
    focusAgentId: swift,
    prediction: whoWins("Two more hours pass. Which agent is selected?"),
    why: "northwind-swift's metadata is now older than the 86,400 s TTL, so it fails the freshness gate and the best remaining agent wins.",
    shows: (result) => firstFailedGateOf(result, swift) === "freshness"
  },
  {
    id: "raise-minimum-observations",
    title: "Restore freshness, demand more evidence",
    overrides: {additionalElapsedSeconds: 0, minimumObservations: 50},
    lookAt:
      "With no extra time northwind-swift is fresh again, but 40 observations are fewer than 50: the same agent now leaves at stage 5 for a different reason. Its freshness gate passes in the gate table.",
    focusAgentId: swift,
    prediction: leavesAt(
      "Fresh again, but 50 observations are now required. At which gate does northwind-swift leave?",
      swift
    ),
    why: "Its 40 observations are fewer than 50: the agent passes freshness and is removed by the minimum-observations gate instead.",
    shows: (result) => {
      const agent = result.rejected.find((candidate) => candidate.agentId === swift);
      return agent?.firstFailedGate === "observations" && agent.gates.freshness;
    }
  },
  {
    id: "zero-weights",
    title: "Set every weight to zero",
    overrides: {latencyWeight: 0, costWeight: 0, observedSuccessWeight: 0},
    lookAt:
      "Every eligible agent scores 0, so the order is the tie-break alone: agent id, ascending. Kubernetes would pick at random among equal scores; this selector never does.",
    focusAgentId: null,
    prediction: whoWins("Every weight is zero, so every eligible agent scores 0. Which agent is selected?"),
    why: "With every score equal the order is the tie-break alone, agent id ascending, and northwind-brief-writer sorts first.",
    shows: (result) =>
      result.ranked.length >= 2 &&
      result.ranked.every((agent) => agent.score === 0) &&
      result.ranked.every((agent, index, all) => index === 0 || all[index - 1]!.agentId < agent.agentId)
  },
  {
    id: "streaming-html",
    title: "Require streaming with HTML output",
    overrides: {outputMode: "text/html", requireStreaming: true},
    lookAt:
      "Only northwind-brief-writer and northwind-stale offer text/html for summarize-document in this tenant, and neither streams. Stage 2 removes every candidate and the result is an incompatibility naming the streaming requirement, not a quietly relaxed contract.",
    focusAgentId: null,
    prediction: {
      kind: "number",
      question: "Streaming with HTML output is required. How many agents pass every gate?",
      units: ["agent", "agents"],
      max: 50,
      answer: (result: SelectionResult) => result.ranked.length
    },
    why: "The only agents offering text/html for this skill do not stream, so the streaming gate removes the last candidates and the selector reports the incompatibility.",
    shows: (result) => result.contract === null && result.incompatibility?.emptiedAtGate === "streaming"
  },
  {
    id: "trust-tiny-sample",
    title: "Drop the minimum observations",
    overrides: {minimumObservations: 0},
    lookAt:
      "northwind-newcomer's 3 successes in 3 observations give a perfect success term of 1.000 and it wins: the estimate the minimum-observations gate exists to keep out.",
    focusAgentId: newcomer,
    prediction: whoWins("The minimum-observations gate drops to zero. Which agent is selected?"),
    why: "northwind-newcomer's 3 successes in 3 observations make a perfect success rate, which outscores agents with long, imperfect records.",
    shows: (result) => result.contract?.agentId === newcomer
  }
];

/** The policy an experiment asks for, on top of `base` (the default policy unless given). */
export function selectionExperimentPolicy(
  experiment: SelectionExperiment,
  base: Readonly<Policy> = defaultPolicy
): Policy {
  return {...base, ...experiment.overrides};
}
