/** The five strategies' sleep formulas, as a list (lib's STRATEGY_FORMULAS, so the page and the model cannot disagree). */
import {STORM_STRATEGIES, STRATEGY_FORMULAS, STRATEGY_LABELS} from "../../../lib/storm/strategy.js";
import {element} from "../runtime/dom.js";

export function StrategyFormulas(): HTMLElement {
  return element(
    "ul",
    {class: "strategy-formulas"},
    STORM_STRATEGIES.map((strategy) =>
      element(
        "li",
        null,
        element("strong", null, STRATEGY_LABELS[strategy]),
        ": ",
        element("code", null, STRATEGY_FORMULAS[strategy])
      )
    )
  );
}
