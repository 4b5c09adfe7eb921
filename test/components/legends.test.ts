// @vitest-environment jsdom
/**
 * The hand-drawn legends must be Plot's legends: the same markup (so plot.css and chart export
 * treat them alike), for any labels and colours, and every label text, never markup.
 */
import * as Plot from "@observablehq/plot";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {colourLegend, LEGEND_SYMBOL_PATHS, type LegendSymbol, symbolLegend} from "../../src/components/legends.js";

/** Plot.legend's markup without the <style> it puts in each legend (plot.css holds those rules). */
function plotLegend(options: Parameters<typeof Plot.legend>[0]): string {
  const legend = Plot.legend(options) as Element;
  legend.querySelector("style")?.remove();
  return legend.outerHTML;
}

const labels = fc.uniqueArray(fc.string({minLength: 1, maxLength: 12}).filter((label) => label.trim() === label && label.length > 0), {minLength: 1, maxLength: 6});
const colour = fc.constantFrom("#2da44e", "#d1242f", "#d0d7de", "steelblue", "#8c959f");
const SYMBOLS = Object.keys(LEGEND_SYMBOL_PATHS) as LegendSymbol[];

describe("colourLegend", () => {
  it("draws what Plot.legend draws for a colour scale", () => {
    fc.assert(fc.property(labels, fc.array(colour, {minLength: 6, maxLength: 6}), (domain, colours) => {
      const range = colours.slice(0, domain.length);
      expect(colourLegend({domain, range}).outerHTML).toBe(plotLegend({color: {domain, range}}));
    }), {numRuns: 100});
  });

  it("sets labels as text", () => {
    const legend = colourLegend({domain: ["<img src=x onerror=alert(1)>"], range: ["red"]});
    expect(legend.querySelector("img")).toBeNull();
    expect(legend.textContent).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("symbolLegend", () => {
  it("draws what Plot.legend draws for a symbol scale outlined in currentColor", () => {
    fc.assert(fc.property(labels, fc.array(fc.constantFrom(...SYMBOLS), {minLength: 6, maxLength: 6}), (domain, symbols) => {
      const range = symbols.slice(0, domain.length);
      expect(symbolLegend({domain, range}).outerHTML).toBe(plotLegend({symbol: {domain, range}, fill: "none", stroke: "currentColor"}));
    }), {numRuns: 100});
  });
});
