/**
 * The race between concurrent deliveries of one event: for each dedup
 * strategy, how many interleavings of the workers' steps end with one, two or
 * more effects. Each bar is the strategy's share of interleavings, each segment
 * labelled with its count and effects where they fit.
 *
 * On the chart layer (d3), not Plot: a normalised stacked bar is d3-shape's stack with
 * stackOffsetExpand, and with the retry-horizon chart also on the layer lesson 4 no longer loads
 * Plot (about 70 KB gzip) for two charts.
 */
import {scaleLinear} from "d3-scale";
import {stack, stackOffsetExpand} from "d3-shape";
import {RACE_STRATEGIES, type RaceTable} from "../../../lib/webhook-auth/pipeline/race.js";
import {bottomAxis} from "../chart/axes.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {barRows} from "../chart/bar-rows.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {EFFECT_COLOURS} from "./palette.js";

export interface RaceChartOptions {
  width?: number;
  type?: TypeScale;
}

export const effectsLabel = (effects: number) => (effects === 1 ? "1 effect" : `${effects} effects`);

/** The effect counts a race of these tables can end with: 1 to its number of workers. */
const effectCounts = (tables: readonly RaceTable[]) =>
  Array.from({length: tables[0]?.workers ?? 2}, (_, index) => index + 1);

const strategyLabel = (table: RaceTable) =>
  RACE_STRATEGIES.find((strategy) => strategy.id === table.strategy)?.label ?? table.strategy;

/** One segment of a strategy's bar: the interleavings that ended with `effects` effects, as a share [from, to] of all of them. */
export interface RaceSegment {
  strategy: string;
  effects: number;
  count: number;
  total: number;
  from: number;
  to: number;
}

/** Every strategy's bar as segments in effect order, by d3's normalised stack; a count of 0 has none. */
function raceSegments(tables: readonly RaceTable[]): RaceSegment[] {
  const series = stack<RaceTable, number>()
    .keys(effectCounts(tables))
    .value((table, key) => table.byEffects[key] ?? 0)
    .offset(stackOffsetExpand)([...tables]);
  return series
    .flatMap((layer) =>
      layer.map((point) => ({
        strategy: strategyLabel(point.data),
        effects: layer.key,
        count: point.data.byEffects[layer.key] ?? 0,
        total: point.data.runs.length,
        from: point[0],
        to: point[1]
      }))
    )
    .filter((segment) => segment.count > 0);
}

/**
 * "18 × 2 effects" where it fits in the segment's `widthPx`, "18 × 2" where only that fits, ""
 * where nothing does: never a count alone, which would read as a number of effects.
 */
export function segmentLabel(
  segment: Pick<RaceSegment, "count" | "effects">,
  widthPx: number,
  type: TypeScale = typeScale()
): string {
  const room = widthPx - 8 * type.unit;
  return (
    [`${segment.count} × ${effectsLabel(segment.effects)}`, `${segment.count} × ${segment.effects}`].find(
      (label) => type.widthOf(label) <= room
    ) ?? ""
  );
}

export function RaceChart(
  tables: readonly RaceTable[],
  {width = 640, type = typeScale()}: RaceChartOptions = {}
): Element {
  const workers = tables[0]?.workers ?? 2;
  const rows = tables.map(strategyLabel);
  const segments = raceSegments(tables);
  const {frame, y} = barRows({
    width,
    type,
    rows,
    labels: [(row) => row],
    marginRight: 2 * type.body,
    placementMarginRight: type.body,
    label: "Each dedup strategy's share of interleavings by effects",
    className: "race",
    step: {beside: Math.round(type.line * 2.6), above: Math.round(type.line * 3.4)},
    top: {beside: type.line / 2, above: type.line},
    padding: {beside: 0.25, above: 0.45}
  });
  const x = scaleLinear().domain([0, 100]).range([frame.left, frame.right]);
  const long = `share of all interleavings of ${workers} concurrent deliveries (%)`;
  bottomAxis(frame, x, {
    label: type.widthOf(`${long} →`) < width * 0.9 ? long : `share of interleavings, ${workers} deliveries (%)`
  });
  const colourOf = (effects: number) => EFFECT_COLOURS[Math.min(effects, EFFECT_COLOURS.length) - 1]!;
  frame.svg
    .append("g")
    .attr("class", "race-bars")
    .selectAll("rect")
    .data(segments)
    .join("rect")
    .attr("x", (segment) => x(100 * segment.from))
    .attr("width", (segment) => x(100 * segment.to) - x(100 * segment.from))
    .attr("y", (segment) => y(segment.strategy)!)
    .attr("height", y.bandwidth())
    .attr("fill", (segment) => colourOf(segment.effects))
    .append("title")
    .text(
      (segment) =>
        `${segment.count} of ${segment.total} interleaving${segment.total === 1 ? "" : "s"}: ${effectsLabel(segment.effects)}`
    );
  // A segment names its count and effects where the words fit, "count × effects" where only that
  // fits, and stays bare otherwise (its title, the legend and the table below say the rest).
  frame.svg
    .append("g")
    .attr("class", "race-labels")
    .attr("fill", "white")
    .attr("font-weight", "bold")
    .selectAll("text")
    .data(
      segments
        .map((segment) => ({segment, text: segmentLabel(segment, x(100 * segment.to) - x(100 * segment.from), type)}))
        .filter(({text}) => text !== "")
    )
    .join("text")
    .attr("x", ({segment}) => (x(100 * segment.from) + x(100 * segment.to)) / 2)
    .attr("y", ({segment}) => y(segment.strategy)! + y.bandwidth() / 2)
    .attr("dy", "0.32em")
    .text(({text}) => text);
  // The zero rule runs along each bar only: a strategy's name above its bar starts at x = 0.
  frame.svg
    .append("path")
    .attr("class", "zero-rule")
    .attr("stroke", "currentColor")
    .attr("d", rows.map((row) => `M${x(0) + 0.5},${y(row)}v${y.bandwidth()}`).join(""));
  const domain = effectCounts(tables);
  return withLegends(frame.svg.node()!, [
    colourLegend({domain: domain.map(effectsLabel), range: domain.map(colourOf)}, type)
  ]);
}
