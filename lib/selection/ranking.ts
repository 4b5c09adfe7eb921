import type {GateVerdicts} from "./gates.js";
import type {Policy} from "./policy.js";
import type {RegistryEntry} from "./registry.js";

/** Scores are rounded to this many decimals before sorting, so float noise cannot split a real tie. */
export const scoreDecimals = 6;
/** Decimals shown in formulas and derivations. */
export const displayDecimals = 3;

/**
 * How a score is computed, for the page to print beside the numbers. Normalisation is min-max
 * over the eligible agents only, so an agent that failed a gate never moves anyone's score.
 */
export const scoreFormulaDescription = [
  "score = latencyWeight × latency term + costWeight × cost term + observedSuccessWeight × observed-success term.",
  "Each term lies in [0, 1] and is computed over the eligible agents only; rejected agents get no score and do not shift anyone else's.",
  "Latency term = (slowest eligible median latency − this agent's) / (slowest − fastest): 1 for the fastest, 0 for the slowest; 1 for every agent when all eligible latencies are equal.",
  "Cost term = (highest eligible cost − this agent's) / (highest − lowest): 1 for the cheapest, 0 for the dearest; 1 for every agent when all eligible costs are equal.",
  "Observed-success term = successes / observations (synthetic historical counts, not live telemetry); 0 when an agent has no observations, which only a minimum of 0 lets through.",
  "Weights are relative: scaling all three by the same factor scales every score and keeps the order. They are not probabilities and not thresholds.",
  `Scores are rounded to ${scoreDecimals} decimals and sorted high to low. Equal scores (every score is 0 when all weights are 0) are ordered by agent id, ascending, in JavaScript string order, so the same inputs always pick the same agent. Kubernetes' scheduler differs: it picks at random among equally scored nodes (selectHost in pkg/scheduler/schedule_one.go, reservoir sampling).`
].join("\n");

export type ScoreTermId = "latency" | "cost" | "observedSuccess";

export interface ScoreTerm {
  /** In [0, 1]; higher is better. */
  value: number;
  weight: number;
  /** weight × value */
  weighted: number;
  /** The term's arithmetic with this agent's numbers ("(600 − 200) / (600 − 200) = 1.000"). */
  derivation: string;
}

export interface RankedAgent {
  /** 1 for the selected agent. */
  rank: number;
  agentId: string;
  /** The registry entry (card and metadata), by reference. */
  entry: RegistryEntry;
  /** Σ weight × term, rounded to scoreDecimals. */
  score: number;
  terms: Record<ScoreTermId, ScoreTerm>;
  /** The sum with the actual numbers ("1 × 1.000 + 1 × 0.500 + 2 × 0.975 = 3.450"). */
  formula: string;
  /** Every gate's verdict; all passed. */
  gates: GateVerdicts;
}

/** The ranges the latency and cost terms were normalised over (eligible agents only). */
export interface RankingScale {
  fastestLatencyMs: number;
  slowestLatencyMs: number;
  lowestCostCents: number;
  highestCostCents: number;
}

export interface EligibleAgent {
  entry: RegistryEntry;
  gates: GateVerdicts;
}

function shown(value: number): string {
  return value.toFixed(displayDecimals);
}

function roundScore(value: number): number {
  const factor = 10 ** scoreDecimals;
  return Math.round(value * factor) / factor;
}

/** Lower raw value is better: the best maps to 1, the worst to 0; all equal maps to 1. */
function lowerIsBetter(raw: number, best: number, worst: number, unit: string): {value: number; derivation: string} {
  if (worst === best) return {value: 1, derivation: `every eligible agent has ${raw} ${unit} → 1`};
  const value = (worst - raw) / (worst - best);
  return {value, derivation: `(${worst} − ${raw}) / (${worst} − ${best}) = ${shown(value)}`};
}

function term(parts: {value: number; derivation: string}, weight: number): ScoreTerm {
  return {value: parts.value, weight, weighted: weight * parts.value, derivation: parts.derivation};
}

/** Score order: higher score first; equal scores by agent id, ascending. A strict total order for distinct ids. */
export function compareRanked(a: {score: number; agentId: string}, b: {score: number; agentId: string}): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
}

/** Scores the eligible agents and sorts them; the sort is the only super-linear step of selection. */
export function rankEligible(
  eligible: readonly EligibleAgent[],
  policy: Policy
): {ranked: RankedAgent[]; scale: RankingScale | null} {
  const first = eligible[0];
  if (first === undefined) return {ranked: [], scale: null};

  const scale: RankingScale = {
    fastestLatencyMs: first.entry.registryMetadata.medianLatencyMs,
    slowestLatencyMs: first.entry.registryMetadata.medianLatencyMs,
    lowestCostCents: first.entry.registryMetadata.costPerCallCents,
    highestCostCents: first.entry.registryMetadata.costPerCallCents
  };
  for (const {entry} of eligible) {
    const {medianLatencyMs, costPerCallCents} = entry.registryMetadata;
    if (medianLatencyMs < scale.fastestLatencyMs) scale.fastestLatencyMs = medianLatencyMs;
    if (medianLatencyMs > scale.slowestLatencyMs) scale.slowestLatencyMs = medianLatencyMs;
    if (costPerCallCents < scale.lowestCostCents) scale.lowestCostCents = costPerCallCents;
    if (costPerCallCents > scale.highestCostCents) scale.highestCostCents = costPerCallCents;
  }

  const ranked: RankedAgent[] = eligible.map(({entry, gates}) => {
    const {medianLatencyMs, costPerCallCents, observations, successes} = entry.registryMetadata;
    const latency = term(
      lowerIsBetter(medianLatencyMs, scale.fastestLatencyMs, scale.slowestLatencyMs, "ms"),
      policy.latencyWeight
    );
    const cost = term(
      lowerIsBetter(costPerCallCents, scale.lowestCostCents, scale.highestCostCents, "cents"),
      policy.costWeight
    );
    const successRate = observations === 0 ? 0 : successes / observations;
    const observedSuccess = term(
      {
        value: successRate,
        derivation:
          observations === 0 ? "no observations → 0" : `${successes} / ${observations} = ${shown(successRate)}`
      },
      policy.observedSuccessWeight
    );
    const score = roundScore(latency.weighted + cost.weighted + observedSuccess.weighted);
    const formula =
      `${latency.weight} × ${shown(latency.value)} + ${cost.weight} × ${shown(cost.value)}` +
      ` + ${observedSuccess.weight} × ${shown(observedSuccess.value)} = ${shown(score)}`;
    return {rank: 0, agentId: entry.agentId, entry, score, terms: {latency, cost, observedSuccess}, formula, gates};
  });

  ranked.sort(compareRanked);
  ranked.forEach((agent, index) => (agent.rank = index + 1));
  return {ranked, scale};
}
