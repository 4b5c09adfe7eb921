/**
 * The race between concurrent deliveries of one event: for each dedup
 * strategy, how many interleavings of the workers' steps end with one, two or
 * more effects. Each bar is the strategy's share of interleavings, labelled
 * with the count.
 */
import * as Plot from "@observablehq/plot";
import {RACE_STRATEGIES, type RaceTable} from "../../../lib/webhook-auth/index.js";
import {cachedLegend, withLegends} from "../plot-legends.js";
import {EFFECT_COLOURS} from "./palette.js";

/** Segments narrower than this share carry no label; up to FULL_LABEL_SHARE only the count. */
export const MIN_LABELLED_SHARE = 0.05;
export const FULL_LABEL_SHARE = 0.25;

export interface RaceChartOptions {
  width?: number;
}

export const effectsLabel = (effects: number) => (effects === 1 ? "1 effect" : `${effects} effects`);

/** One row per (strategy, effect count) with at least one interleaving. */
export function raceRows(tables: readonly RaceTable[]) {
  return tables.flatMap((table) => {
    const label = RACE_STRATEGIES.find((strategy) => strategy.id === table.strategy)?.label ?? table.strategy;
    return Object.entries(table.byEffects)
      .map(([effects, count]) => ({strategy: label, effects: effectsLabel(Number(effects)), count, total: table.runs.length}))
      .sort((a, b) => a.effects.localeCompare(b.effects));
  });
}

export function RaceChart(tables: readonly RaceTable[], {width = 640}: RaceChartOptions = {}): Element {
  const rows = raceRows(tables);
  const workers = tables[0]?.workers ?? 2;
  const effectDomain = Array.from({length: workers}, (_, index) => effectsLabel(index + 1));
  const colour = {domain: effectDomain, range: EFFECT_COLOURS.slice(0, workers)};
  const chart = Plot.plot({
    width,
    height: 60 + tables.length * 44,
    marginLeft: 230,
    marginRight: 20,
    x: {label: `share of all interleavings of ${workers} concurrent deliveries`, percent: true, domain: [0, 100]},
    y: {domain: RACE_STRATEGIES.map((strategy) => strategy.label), label: null},
    color: colour,
    marks: [
      Plot.barX(rows, Plot.stackX({y: "strategy", x: "count", fill: "effects", offset: "normalize", order: effectDomain, title: (d: {count: number; total: number; effects: string}) => `${d.count} of ${d.total} interleavings: ${d.effects}`})),
      // Wide segments name their effect count; narrow ones show the count only (the legend and the table below say the rest).
      Plot.text(rows.filter((row) => row.count / row.total >= MIN_LABELLED_SHARE), Plot.stackX({y: "strategy", x: "count", offset: "normalize", order: effectDomain, z: "effects", text: (d: {count: number; total: number; effects: string}) => (d.count / d.total >= FULL_LABEL_SHARE ? `${d.count} × ${d.effects}` : String(d.count)), fill: "white", fontSize: 11, fontWeight: "bold"})),
      Plot.ruleX([0])
    ]
  }) as Element;
  return withLegends(chart, [cachedLegend({color: colour})]);
}
