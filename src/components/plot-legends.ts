/**
 * Plot legends drawn once and cloned after. A lesson chart is redrawn on every input, but its
 * legend changes rarely (a fixed list, or which outcomes occur); Plot builds a swatch legend,
 * an inline SVG per entry, on every call, which was most of the cost of redrawing the swimlane.
 */
import * as Plot from "@observablehq/plot";

// One drawn legend per distinct set of options. Bounded in practice: a chart's legends vary
// only with which of a fixed set of categories are present.
const drawn = new Map<string, Element>();

/** Plot.legend(options), drawn on the first call with these options and cloned on later ones. */
export function cachedLegend(options: {color?: Plot.ScaleOptions; symbol?: Plot.ScaleOptions; fill?: string; stroke?: string}): Element {
  const key = JSON.stringify(options);
  let legend = drawn.get(key);
  if (legend === undefined) drawn.set(key, (legend = Plot.legend(options as Parameters<typeof Plot.legend>[0]) as Element));
  return legend.cloneNode(true) as Element;
}

/**
 * A Plot chart with legends above it, in a <figure> as Plot makes one. `plot` is drawn with
 * no legends of its own; its scales stay reachable through `chart.scale(name)` as before.
 */
export function withLegends(plot: Element & {scale?: unknown}, legends: readonly Element[]): Element {
  const figure = document.createElement("figure");
  figure.className = `${plot.getAttribute("class") ?? "plot"}-figure`;
  figure.style.maxWidth = "initial";
  figure.append(...legends, plot);
  return Object.assign(figure, {scale: plot.scale});
}
