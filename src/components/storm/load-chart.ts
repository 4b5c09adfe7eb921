/**
 * The receiver's load over time: requests per second offered to it and accepted by it, its
 * capacity line and the outage, for one storm or as small multiples on shared scales (every
 * strategy on the same seed, or a pinned run over the current one). One SVG, so it exports whole.
 */
import {scaleLinear, type ScaleLinear} from "d3-scale";
import type {StormSummary} from "../../../lib/storm/summary.js";
import {bottomAxis, bottomAxisHeight, leftAxis, tickLabelsWidth} from "../chart/axes.js";
import {chartFrame, cursorRule, type ChartFrame} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {grownHeight, type TypeScale, typeScale} from "../chart/type-scale.js";
import {counted, formatNumber} from "../format/number-format.js";
import {LOAD_COLOURS} from "./palette.js";
import {bucketPoints, sharedEndSeconds, stepArea, stepLine, timeScale} from "./time-frame.js";

export interface LoadPanel {
  /** The panel's name ("Full jitter", "Pinned run"), drawn at its top left. */
  name: string;
  summary: StormSummary;
}

export interface LoadChartOptions {
  width?: number;
  /** Each panel's height. */
  panelHeight?: number;
  /** The playback's modeled clock: later buckets fade. Null shows the whole run. */
  cursorSeconds?: number | null;
  /** The panel the playback follows (a compared pair: the run read); the others show their whole run. */
  cursorPanel?: number;
  type?: TypeScale;
}

const LEGEND = {
  domain: ["requests/s offered to the receiver", "accepted", "capacity"],
  range: [LOAD_COLOURS.offered, LOAD_COLOURS.accepted, LOAD_COLOURS.capacity]
};

export function LoadChart(
  panels: readonly LoadPanel[],
  {width = 640, panelHeight = 150, cursorSeconds = null, cursorPanel = 0, type = typeScale()}: LoadChartOptions = {}
): Element {
  const endSeconds = sharedEndSeconds(panels.map((panel) => panel.summary));
  const peak = Math.max(
    1,
    ...panels.flatMap(({summary}) => [summary.config.capacityPerSecond, ...summary.load.offeredPerSecond])
  );
  // Each panel's name sits on a line above its plot; the page's 150 px panel grows with the type.
  const [nameLine, plotHeight, gap] = [type.line, grownHeight(panelHeight, type), Math.round(type.line * 0.8)];
  const margin = {
    top: Math.round(type.line * 0.6),
    right: Math.ceil(1.5 * type.body),
    bottom: bottomAxisHeight(type),
    left: tickLabelsWidth(0, peak * 1.08, panelTicks(plotHeight, type), type)
  };
  const height = margin.top + panels.length * (nameLine + plotHeight) + (panels.length - 1) * gap + margin.bottom;
  const title =
    panels.length === 1
      ? `Requests per second reaching the receiver (${panels[0]!.name})`
      : `Requests per second reaching the receiver, ${panels.map((panel) => panel.name).join(", ")}`;
  const frame = chartFrame({width, height, margin, type, label: title});
  const x = timeScale(frame, endSeconds);
  panels.forEach((panel, index) => {
    const top = frame.top + index * (nameLine + plotHeight + gap) + nameLine;
    const y = scaleLinear()
      .domain([0, peak * 1.08])
      .range([top + plotHeight, top])
      .clamp(true);
    loadPanel(frame, panel, x, y, index === cursorPanel ? cursorSeconds : null);
  });
  bottomAxis(frame, x, {label: "modeled time (s)"});
  return withLegends(frame.svg.node()!, [colourLegend(LEGEND, type)]);
}

/** About how many ticks a panel's value axis has: one per two and a half lines of its height. */
const panelTicks = (heightPx: number, type: TypeScale) => Math.max(2, heightPx / (2.5 * type.line));

/** The panel's figures after its name, as many as its width holds. */
function panelFacts(name: string, summary: StormSummary, widthPx: number, type: TypeScale): string {
  const drained = `drained at ${formatNumber(Math.round(summary.totals.drainedAtMs / 100) / 10)} s`;
  const long = `  ${counted(summary.totals.attempts, "request")}, ${formatNumber(summary.totals.refusedAttempts)} refused, ${drained}`;
  if (type.widthOf(name + long) <= widthPx) return long;
  return type.widthOf(`${name}  ${drained}`) <= widthPx ? `  ${drained}` : "";
}

function loadPanel(
  frame: ChartFrame,
  {name, summary}: LoadPanel,
  x: ScaleLinear<number, number>,
  y: ScaleLinear<number, number>,
  cursorSeconds: number | null
): void {
  const {load, config} = summary;
  const [bottom, top] = y.range() as [number, number];
  const bucketSeconds = load.bucketMs / 1000;
  leftAxis(frame, y, {count: panelTicks(bottom - top, frame.type)});
  const g = frame.svg.append("g").attr("class", "load-panel");
  const outage = g.append("g").attr("class", "outage");
  if (config.receiverUnavailableUntilSeconds > 0) {
    outage
      .append("rect")
      .attr("x", frame.left)
      .attr("y", top)
      .attr("width", Math.max(0, x(config.receiverUnavailableUntilSeconds) - frame.left))
      .attr("height", bottom - top)
      .attr("fill", LOAD_COLOURS.outage)
      .attr("fill-opacity", 0.14);
    outage
      .append("text")
      .attr("x", frame.left + 4 * frame.type.unit)
      .attr("y", top + 4 * frame.type.unit)
      .attr("dy", "0.71em")
      .attr("text-anchor", "start")
      .attr("fill-opacity", 0.75)
      .text("down");
  }
  g.append("path")
    .attr("class", "offered")
    .attr("d", stepArea(x, y)(bucketPoints(load.startSeconds, bucketSeconds, load.offeredPerSecond)))
    .attr("fill", LOAD_COLOURS.offered)
    .attr("fill-opacity", 0.35)
    .attr("stroke", LOAD_COLOURS.offered);
  g.append("path")
    .attr("class", "accepted")
    .attr("d", stepLine(x, y)(bucketPoints(load.startSeconds, bucketSeconds, load.acceptedPerSecond)))
    .attr("fill", "none")
    .attr("stroke", LOAD_COLOURS.accepted)
    .attr("stroke-width", 2 * frame.type.unit);
  const capacity = y(config.capacityPerSecond) + 0.5;
  g.append("line")
    .attr("class", "capacity")
    .attr("x1", frame.left)
    .attr("x2", frame.right)
    .attr("y1", capacity)
    .attr("y2", capacity)
    .attr("stroke", LOAD_COLOURS.capacity)
    .attr("stroke-dasharray", "5,3");
  g.append("rect")
    .attr("x", frame.left + 0.5)
    .attr("y", top + 0.5)
    .attr("width", frame.right - frame.left)
    .attr("height", bottom - top)
    .attr("fill", "none")
    .attr("stroke", "currentColor")
    .attr("stroke-opacity", 0.15);
  const label = g
    .append("text")
    .attr("class", "panel-name")
    .attr("x", frame.left + 2)
    .attr("y", top - 0.35 * frame.type.line)
    .attr("text-anchor", "start")
    .attr("font-weight", "bold")
    .text(name);
  label
    .append("tspan")
    .attr("font-weight", "normal")
    .attr("fill-opacity", 0.8)
    .text(panelFacts(name, summary, frame.right - frame.left, frame.type));
  cursorRule(frame, x, cursorSeconds, {parent: g, span: [top, bottom], fade: true});
}
