import {defaultPolicy, type Policy} from "./policy.js";
import type {SelectionResult} from "./select.js";

/*
 * The lesson's experiments as data. Each names the policy fields to change from the default
 * policy, what to look at, and a pure predicate that tells whether a result shows the effect
 * (so the page can mark an experiment as "seen" whatever route the reader took to it).
 */

export interface SelectionExperiment {
  id: string;
  title: string;
  /** Policy fields that differ from defaultPolicy (the shared ExperimentList applies these). */
  overrides: Partial<Policy>;
  /** What the reader should look at, in one or two sentences. */
  lookAt: string;
  /** The agent the experiment is about, if any. */
  focusAgentId: string | null;
  shows: (result: SelectionResult) => boolean;
}

/** The default winner, whose metadata is nearly a day old and whose record is 40 observations long. */
const swift = "northwind-swift";
/** 3 successes in 3 observations: a perfect rate from almost no evidence. */
const newcomer = "northwind-newcomer";

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
    shows: (result) => firstFailedGateOf(result, swift) === "freshness"
  },
  {
    id: "raise-minimum-observations",
    title: "Restore freshness, demand more evidence",
    overrides: {additionalElapsedSeconds: 0, minimumObservations: 50},
    lookAt:
      "With no extra time northwind-swift is fresh again, but 40 observations are fewer than 50: the same agent now leaves at stage 5 for a different reason. Its freshness gate passes in the gate table.",
    focusAgentId: swift,
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
    shows: (result) => result.contract === null && result.incompatibility?.emptiedAtGate === "streaming"
  },
  {
    id: "trust-tiny-sample",
    title: "Drop the minimum observations",
    overrides: {minimumObservations: 0},
    lookAt:
      "northwind-newcomer's 3 successes in 3 observations give a perfect success term of 1.000 and it wins: the estimate the minimum-observations gate exists to keep out.",
    focusAgentId: newcomer,
    shows: (result) => result.contract?.agentId === newcomer
  }
];

/** The policy an experiment asks for, on top of `base` (the default policy unless given). */
export function selectionExperimentPolicy(experiment: SelectionExperiment, base: Readonly<Policy> = defaultPolicy): Policy {
  return {...base, ...experiment.overrides};
}
