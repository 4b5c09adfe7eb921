/**
 * The race between concurrent deliveries of one event: for each dedup
 * strategy, how many interleavings of the workers' steps end with one, two or
 * more effects. Each bar is the strategy's share of interleavings, labelled
 * with the count.
 *
 * Plot, not the chart layer: this is a standard Plot chart (a normalised stacked bar with its
 * labels stacked the same way, Plot.stackX), drawn once per change of the race's inputs and below
 * the page's first screen, where Plot is loaded on demand.
 */
import {RACE_STRATEGIES, type RaceTable} from "../../../lib/webhook-auth/index.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {PAGE_FONT_SIZE, type TypeScale, typeScale} from "../chart/type-scale.js";
import {EFFECT_COLOURS} from "./palette.js";
import {loadedPlot} from "../plot-on-demand.js";


/** Where Plot puts a bottom axis's name below the plot, at its own 10 px type. */
const LABEL_OFFSET = 26;

export interface RaceChartOptions {
  width?: number;
  /** The chart layer's type scale: a slide's draws every size larger by body / PAGE_FONT_SIZE. */
  type?: TypeScale;
}

export const effectsLabel = (effects: number) => (effects === 1 ? "1 effect" : `${effects} effects`);

export const MARGIN_LEFT = 230;
export const MARGIN_RIGHT = 20;
/**
 * Narrower than the strategies' column and this much plot (a phone), each strategy's name goes
 * above its bar and the bars get the chart's width.
 */
const MIN_PLOT_WIDTH = 200;
export const NARROW_MARGIN_LEFT = 4;
/** Narrow: a band's share of its step, the rest holding the name above it. */
const NARROW_BAND_PADDING = 0.45;
const NARROW_ROW_HEIGHT = 58;
const MARGIN_TOP = 20;
const MARGIN_BOTTOM = 36;
/** Bold 11 px labels are laid out without measuring text: a generous average glyph width, and room either side. */
const LABEL_CHAR_WIDTH = 7;
const LABEL_PADDING = 8;

type RaceRow = ReturnType<typeof raceRows>[number];

/** "18 × 2 effects" where it fits in the segment, "18" where only that fits, "" where nothing does. */
export function segmentLabel(row: RaceRow, plotWidth: number): string {
  const room = (row.count / row.total) * plotWidth - LABEL_PADDING;
  const full = `${row.count} × ${row.effects}`;
  if (full.length * LABEL_CHAR_WIDTH <= room) return full;
  return String(row.count).length * LABEL_CHAR_WIDTH <= room ? String(row.count) : "";
}

/** One row per (strategy, effect count) with at least one interleaving. */
export function raceRows(tables: readonly RaceTable[]) {
  return tables.flatMap((table) => {
    const label = RACE_STRATEGIES.find((strategy) => strategy.id === table.strategy)?.label ?? table.strategy;
    return Object.entries(table.byEffects)
      .map(([effects, count]) => ({strategy: label, effects: effectsLabel(Number(effects)), count, total: table.runs.length}))
      .sort((a, b) => a.effects.localeCompare(b.effects));
  });
}

export function RaceChart(tables: readonly RaceTable[], {width = 640, type = typeScale()}: RaceChartOptions = {}): Element {
  const Plot = loadedPlot();
  // Plot's sizes are drawn for the page's type; a larger type scales them all by one factor.
  // (Plot places the x axis's name LABEL_OFFSET px below the plot at its own 10 px.)
  const k = type.body / PAGE_FONT_SIZE;
  const rows = raceRows(tables);
  const workers = tables[0]?.workers ?? 2;
  const effectDomain = Array.from({length: workers}, (_, index) => effectsLabel(index + 1));
  const colour = {domain: effectDomain, range: EFFECT_COLOURS.slice(0, workers)};
  const narrow = width - (MARGIN_LEFT + MARGIN_RIGHT) * k < MIN_PLOT_WIDTH * k;
  const marginLeft = (narrow ? NARROW_MARGIN_LEFT : MARGIN_LEFT) * k;
  const plotWidth = Math.max(1, width - marginLeft - MARGIN_RIGHT * k);
  const strategies = RACE_STRATEGIES.map((strategy) => strategy.label);
  const height = k * (narrow ? MARGIN_TOP + MARGIN_BOTTOM + tables.length * NARROW_ROW_HEIGHT : 60 + tables.length * 44);
  // Narrow: the name sits in the gap above its bar (Plot's band: step = range / (n + padding)).
  const step = (height - (MARGIN_TOP + MARGIN_BOTTOM) * k) / (strategies.length + NARROW_BAND_PADDING);
  const chart = Plot.plot({
    width,
    height,
    marginLeft,
    marginRight: MARGIN_RIGHT * k,
    ...(narrow || k !== 1 ? {marginTop: MARGIN_TOP * k, marginBottom: MARGIN_BOTTOM * k} : {}),
    ...(k !== 1 ? {style: {fontSize: `${10 * k}px`}} : {}),
    x: {...(k !== 1 ? {tickSize: 6 * k, tickPadding: 3 * k, labelOffset: LABEL_OFFSET * k} : {}), label: narrow ? `share of interleavings, ${workers} deliveries` : `share of all interleavings of ${workers} concurrent deliveries`, percent: true, domain: [0, 100]},
    y: narrow ? {domain: strategies, label: null, axis: null, padding: NARROW_BAND_PADDING} : {domain: strategies, label: null},
    color: colour,
    marks: [
      Plot.barX(rows, Plot.stackX({y: "strategy", x: "count", fill: "effects", offset: "normalize", order: effectDomain, title: (d: {count: number; total: number; effects: string}) => `${d.count} of ${d.total} interleaving${d.total === 1 ? "" : "s"}: ${d.effects}`})),
      // A segment names its effect count where the words fit, shows the count alone where only that
      // fits, and stays bare otherwise (the legend and the table below say the rest): never overlapping.
      Plot.text(rows.filter((row) => segmentLabel(row, plotWidth) !== ""), Plot.stackX({y: "strategy", x: "count", offset: "normalize", order: effectDomain, z: "effects", text: (d: RaceRow) => segmentLabel(d, plotWidth / k), fill: "white", fontSize: 11 * k, fontWeight: "bold"})),
      Plot.ruleX([0]),
      ...(narrow ? [Plot.text(strategies, {y: (d: string) => d, text: (d: string) => d, frameAnchor: "left", textAnchor: "start", dy: -(step * (1 - NARROW_BAND_PADDING)) / 2 - 7 * k, fill: "currentColor"})] : [])
    ]
  }) as Element;
  return withLegends(chart, [colourLegend(colour, type)]);
}
