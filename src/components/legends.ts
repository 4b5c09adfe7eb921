/**
 * Swatch legends drawn by hand, in the markup Plot.legend makes (a test holds them to it), so the
 * site's plot.css styles them and chart export reads them as it reads Plot's. Why not Plot.legend:
 * the legends were all that lesson 3 used of Plot, and Plot with its d3 modules is about 87 KB gzip
 * of a page's load.
 */
import {element, svgElement} from "./dom.js";

/** Plot's default class, which plot.css styles. */
const PLOT_CLASS = "plot-d6a7b5";
const SWATCH_SIZE = 15;

export interface ColourScale {
  domain: readonly string[];
  range: readonly string[];
}

/** The symbols a symbol legend can show: d3's paths at the legend's r = 4.5, as Plot.legend draws them. */
export const LEGEND_SYMBOL_PATHS = {
  circle: "M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0",
  square: "M-3.988,-3.988h7.976v7.976h-7.976Z",
  diamond: "M0,-7.423L4.285,0L0,7.423L-4.285,0Z",
  times: "M-4.87,-4.87L4.87,4.87M-4.87,4.87L4.87,-4.87",
  triangle: "M0,-6.998L6.06,3.499L-6.06,3.499Z"
} as const;
export type LegendSymbol = keyof typeof LEGEND_SYMBOL_PATHS;

export interface SymbolScale {
  domain: readonly string[];
  range: readonly LegendSymbol[];
}

/** A filled square per category, as Plot.legend({color: {domain, range}}) draws it. */
export function colourLegend(scale: ColourScale): HTMLDivElement {
  return swatches(scale.domain.map((label, index) => [label, svgElement("svg", {width: SWATCH_SIZE, height: SWATCH_SIZE, fill: scale.range[index]},
    svgElement("rect", {width: "100%", height: "100%"})
  )]));
}

/** An outlined symbol per category, as Plot.legend({symbol, fill: "none", stroke: "currentColor"}) draws it. */
export function symbolLegend(scale: SymbolScale): HTMLDivElement {
  return swatches(scale.domain.map((label, index) => [label, svgElement("svg", {
    viewBox: "-8 -8 16 16", width: SWATCH_SIZE, height: SWATCH_SIZE,
    fill: "none", "fill-opacity": 1, stroke: "currentColor", "stroke-opacity": 1, "stroke-width": 1.5
  }, svgElement("path", {d: LEGEND_SYMBOL_PATHS[scale.range[index]!]}))]));
}

function swatches(entries: readonly (readonly [string, SVGSVGElement])[]): HTMLDivElement {
  return element("div", {class: `${PLOT_CLASS}-swatches ${PLOT_CLASS}-swatches-wrap`},
    entries.map(([label, swatch]) => element("span", {class: `${PLOT_CLASS}-swatch`}, swatch, label))
  );
}

/**
 * A chart with legends above it, in a <figure> as Plot makes one. `plot` is drawn with
 * no legends of its own; its scales stay reachable through `chart.scale(name)` as before.
 */
export function withLegends(plot: Element & {scale?: unknown}, legends: readonly Element[]): Element {
  const figure = document.createElement("figure");
  figure.className = `${plot.getAttribute("class") ?? "plot"}-figure`;
  figure.style.maxWidth = "initial";
  figure.append(...legends, plot);
  return Object.assign(figure, {scale: plot.scale});
}
