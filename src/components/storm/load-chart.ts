/**
 * The receiver's load over time: requests per second offered to it and accepted by it, its
 * capacity line and the outage, for one storm or as small multiples on shared scales (every
 * strategy on the same seed, or a pinned run over the current one). One SVG, so it exports whole.
 */
import type {StormSummary} from "../../../lib/storm/summary.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {counted, formatNumber} from "../number-format.js";
import {LOAD_COLOURS} from "./palette.js";
import {band, chartRoot, cursorMarks, round, sharedEndSeconds, stepArea, stepPath, timeAxis, valueAxis} from "./time-frame.js";

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
}

const MARGIN = {top: 8, right: 16, bottom: 34, left: 56};
const PANEL_GAP = 22;

const LEGEND = {domain: ["requests/s offered to the receiver", "accepted", "capacity"], range: [LOAD_COLOURS.offered, LOAD_COLOURS.accepted, LOAD_COLOURS.capacity]};

export function LoadChart(panels: readonly LoadPanel[], {width = 640, panelHeight = 150, cursorSeconds = null, cursorPanel = 0}: LoadChartOptions = {}): Element {
  const endSeconds = sharedEndSeconds(panels.map((panel) => panel.summary));
  const peak = Math.max(1, ...panels.flatMap(({summary}) => [summary.config.capacityPerSecond, ...summary.load.offeredPerSecond]));
  const [left, right] = [MARGIN.left, width - MARGIN.right];
  const x = (seconds: number) => round(left + (Math.min(seconds, endSeconds) / endSeconds) * (right - left));
  const height = MARGIN.top + panels.length * panelHeight + (panels.length - 1) * PANEL_GAP + MARGIN.bottom;
  const bottom = height - MARGIN.bottom;
  const drawn = panels.map((panel, index) => {
    const top = MARGIN.top + index * (panelHeight + PANEL_GAP);
    return LoadPanelMarks(panel, band(top + 14, top + panelHeight, peak * 1.08), {left, right, x, cursorSeconds: index === cursorPanel ? cursorSeconds : null});
  });
  const title = panels.length === 1 ? `Requests per second reaching the receiver (${panels[0]!.name})` : `Requests per second reaching the receiver, ${panels.map((panel) => panel.name).join(", ")}`;
  const chart = chartRoot(width, height, title,
    ...drawn,
    timeAxis(width, left, right, MARGIN.top, bottom, endSeconds, x)
  );
  return withLegends(chart, [colourLegend(LEGEND)]);
}

const CHARACTER_PX = 5.6;

/** The panel's figures after its name, as many as its width holds. */
function panelFacts(name: string, summary: StormSummary, refused: number, widthPx: number): string {
  const drained = `drained at ${formatNumber(Math.round(summary.totals.drainedAtMs / 100) / 10)} s`;
  const long = `  ${counted(summary.totals.attempts, "request")}, ${formatNumber(refused)} refused, ${drained}`;
  if ((name.length + long.length) * CHARACTER_PX <= widthPx) return long;
  return (name.length + drained.length + 2) * CHARACTER_PX <= widthPx ? `  ${drained}` : "";
}

function LoadPanelMarks({name, summary}: LoadPanel, b: ReturnType<typeof band>, {left, right, x, cursorSeconds}: {left: number; right: number; x: (s: number) => number; cursorSeconds: number | null}): SVGGElement {
  const {load, config} = summary;
  const bucketSeconds = load.bucketMs / 1000;
  const capacity = b.y(config.capacityPerSecond);
  const outageEnd = x(config.receiverUnavailableUntilSeconds);
  const refused = summary.totals.refusedAttempts;
  return svg("g", {class: "load-panel"},
    valueAxis(b, left, right),
    config.receiverUnavailableUntilSeconds > 0
      ? svg("g", {class: "outage"},
          svg("rect", {x: left, y: b.top, width: Math.max(0, outageEnd - left), height: b.bottom - b.top, fill: LOAD_COLOURS.outage, "fill-opacity": 0.14}),
          svg("text", {x: left + 4, y: b.top + 4, dy: "0.71em", "text-anchor": "start", "fill-opacity": 0.75}, "down"))
      : null,
    svg("path", {class: "offered", d: stepArea(load.startSeconds, bucketSeconds, load.offeredPerSecond, x, b), fill: LOAD_COLOURS.offered, "fill-opacity": 0.35, stroke: LOAD_COLOURS.offered, "stroke-width": 1}),
    svg("path", {class: "accepted", d: stepPath(load.startSeconds, bucketSeconds, load.acceptedPerSecond, x, b.y), fill: "none", stroke: LOAD_COLOURS.accepted, "stroke-width": 2}),
    svg("line", {class: "capacity", x1: left, x2: right, y1: capacity + 0.5, y2: capacity + 0.5, stroke: LOAD_COLOURS.capacity, "stroke-dasharray": "5,3"}),
    svg("rect", {x: left + 0.5, y: b.top + 0.5, width: right - left, height: b.bottom - b.top, fill: "none", stroke: "currentColor", "stroke-opacity": 0.15}),
    svg("text", {class: "panel-name", x: left + 2, y: b.top - 4, "text-anchor": "start", "font-weight": "bold"}, name,
      svg("tspan", {"font-weight": "normal", "fill-opacity": 0.8}, panelFacts(name, summary, refused, right - left))),
    cursorMarks(cursorSeconds, x, b.top, b.bottom, right)
  );
}
