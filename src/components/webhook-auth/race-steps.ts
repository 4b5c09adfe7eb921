/** The interleaving being stepped through, in one line, and the strategy's counts in words. */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {RACE_STRATEGIES, type RaceTable} from "../../../lib/webhook-auth/pipeline/race.js";
import type {RaceSelection} from "../../../lib/webhook-auth/lesson.js";
import {effectsLabel} from "./race-chart.js";

export function RaceSelectionSummary(selection: RaceSelection): HTMLElement {
  const strategy = RACE_STRATEGIES.find((candidate) => candidate.id === selection.table.strategy)!;
  const {run, table} = selection;
  return element(
    "div",
    {class: "race-selection"},
    element("p", null, element("strong", null, strategy.label), `: each worker ${strategy.detail}.`),
    element(
      "p",
      null,
      `Interleaving ${selection.index} of ${table.runs.length}${selection.clamped ? " (the number asked for is past this strategy's count, so its last one)" : ""}: `,
      element("code", null, run.label),
      " → ",
      element(
        "strong",
        {class: run.effects > 1 ? "verdict-bad" : "verdict-good"},
        `${run.effects > 1 ? "✗ " : "✓ "}${effectsLabel(run.effects)}`
      ),
      "."
    )
  );
}

export function RaceCountsTable(tables: readonly RaceTable[]): HTMLElement {
  const maxEffects = tables[0]?.workers ?? 2;
  const columns = Array.from({length: maxEffects}, (_, index) => index + 1);
  return ScrollRegion(
    "Interleavings by number of effects",
    element(
      "table",
      {class: "race-table"},
      element("caption", null, "Interleavings by number of effects"),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["Strategy", "Interleavings", ...columns.map(effectsLabel)].map((name) => element("th", {scope: "col"}, name))
        )
      ),
      element(
        "tbody",
        null,
        tables.map((table) =>
          element(
            "tr",
            null,
            element("th", {scope: "row"}, RACE_STRATEGIES.find((strategy) => strategy.id === table.strategy)?.label),
            element("td", {class: "numeric"}, table.runs.length),
            columns.map((effects) => element("td", {class: "numeric"}, table.byEffects[effects] ?? 0))
          )
        )
      )
    )
  );
}
