/**
 * Swatch legends in HTML above a chart (they wrap at any width, where SVG text cannot), in the
 * layer's class names: a filled square per colour, an outlined d3 symbol per symbol, a symbol in
 * its colour per kind of mark that has both (markLegend). Export
 * (standalone-svg.ts) reads them back from these classes and draws them into the SVG it saves.
 */
import {element, svgElement} from "../runtime/dom.js";
import {symbolPath, type SymbolName} from "./symbols.js";
import {type TypeScale, typeScale} from "./type-scale.js";

export interface ColourScale {
  domain: readonly string[];
  range: readonly string[];
}

export interface SymbolScale {
  domain: readonly string[];
  range: readonly SymbolName[];
}

/** A swatch is as tall as a line of the legend's text. */
const swatchSize = (type: TypeScale) => Math.round(type.body * 1.4);

export function colourLegend(scale: ColourScale, type: TypeScale = typeScale()): HTMLDivElement {
  const size = swatchSize(type);
  return swatches(
    type,
    scale.domain.map((label, index) => [
      label,
      svgElement(
        "svg",
        {width: size, height: size, fill: scale.range[index]},
        svgElement("rect", {width: "100%", height: "100%"})
      )
    ])
  );
}

export function symbolLegend(scale: SymbolScale, type: TypeScale = typeScale()): HTMLDivElement {
  const size = swatchSize(type);
  return swatches(
    type,
    scale.domain.map((label, index) => [
      label,
      svgElement(
        "svg",
        {
          viewBox: "-8 -8 16 16",
          width: size,
          height: size,
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 1.5
        },
        svgElement("path", {d: symbolPath(scale.range[index]!, 4.5)})
      )
    ])
  );
}

export interface MarkEntry {
  label: string;
  colour: string;
  symbol: SymbolName;
  /** Named in bold (a failure that happened). */
  strong?: boolean;
}

/** One swatch per kind of mark that has both a colour and a symbol: the symbol filled and outlined in its colour, as the chart draws it. */
export function markLegend(entries: readonly MarkEntry[], type: TypeScale = typeScale()): HTMLDivElement {
  const size = swatchSize(type);
  return swatches(
    type,
    entries.map(({label, colour, symbol, strong}) => [
      strong ? element("strong", null, label) : label,
      svgElement(
        "svg",
        {
          viewBox: "-8 -8 16 16",
          width: size,
          height: size,
          fill: colour,
          stroke: colour,
          "stroke-width": 1.5
          // Radius 4 in a 16-unit box: a star's stroked tip (about 1.7 radii and its stroke) stays inside.
        },
        svgElement("path", {d: symbolPath(symbol, 4)})
      )
    ])
  );
}

function swatches(type: TypeScale, entries: readonly (readonly [string | Node, SVGSVGElement])[]): HTMLDivElement {
  return element(
    "div",
    {class: "chart-legend", style: `font-size: ${type.body}px`},
    entries.map(([label, swatch]) => element("span", {class: "chart-swatch"}, swatch, label))
  );
}

/**
 * A chart with its legends above it, in one <figure>: what every chart of the layer returns, with
 * or without legends, so a chart is always the same kind of element (export, slides, print and
 * notes find its SVG in it the same way).
 */
export function withLegends(chart: Element, legends: readonly Element[]): HTMLElement {
  const figure = document.createElement("figure");
  figure.className = "chart-figure";
  figure.append(...legends, chart);
  return figure;
}
