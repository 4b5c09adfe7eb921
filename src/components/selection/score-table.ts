/**
 * Every eligible agent's score with its arithmetic: each term's derivation from the
 * agent's own numbers, the weight, and the sum, so any score can be checked by hand.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {scoreFormulaDescription, type RankedAgent, type SelectionResult} from "../../../lib/selection/index.js";
import {TERM_ORDER} from "./palette.js";

const TERM_NAMES = {latency: "latency", cost: "cost", observedSuccess: "observed success"} as const;

function derivations(agent: RankedAgent): HTMLElement[] {
  return TERM_ORDER.map((id) =>
    element("span", {class: "term-derivation"}, `${TERM_NAMES[id]} ${agent.terms[id].derivation}`)
  );
}

export function ScoreTable(result: SelectionResult): HTMLElement {
  if (result.ranked.length === 0) {
    return element(
      "p",
      {class: "selection-empty"},
      "No agent passed every gate, so nothing is ranked: a score is never computed for a rejected agent."
    );
  }
  const {scale} = result;
  return ScrollRegion(
    "Scores of the eligible agents",
    element(
      "table",
      {class: "selection-table score-table"},
      element(
        "caption",
        null,
        `Scores of the eligible agents, with the numbers${scale ? ` (latency over ${scale.fastestLatencyMs}–${scale.slowestLatencyMs} ms, cost over ${scale.lowestCostCents}–${scale.highestCostCents} cents)` : ""}`
      ),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["Rank", "Agent", "Score (weight × term, summed), then each term from the agent’s own numbers"].map((name) =>
            element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        result.ranked.map((agent) =>
          element(
            "tr",
            {class: agent.rank === 1 ? "selected" : ""},
            element("td", {class: "numeric"}, agent.rank),
            element("th", {scope: "row"}, element("code", null, agent.agentId)),
            element(
              "td",
              null,
              element("span", {class: "score-formula"}, agent.formula),
              element("br"),
              derivations(agent)
            )
          )
        )
      )
    )
  );
}

/** The score formula with this policy's weights, and how each term is made (from lib's own description). */
export function ScoreFormula(result: SelectionResult): HTMLElement {
  const {latencyWeight, costWeight, observedSuccessWeight} = result.policy;
  // Lines 3-5 of the description define the three terms; the page states the rest in its prose.
  const termLines = scoreFormulaDescription.split("\n").slice(2, 5);
  return element(
    "div",
    {class: "score-formula-block"},
    element(
      "p",
      null,
      element(
        "code",
        null,
        `score = ${latencyWeight} × latency term + ${costWeight} × cost term + ${observedSuccessWeight} × observed-success term`
      )
    ),
    element(
      "ul",
      null,
      termLines.map((line) => element("li", null, line))
    )
  );
}
