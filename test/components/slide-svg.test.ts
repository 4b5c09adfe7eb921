// @vitest-environment jsdom
import {describe, expect, it} from "vitest";
import type {ChartSize} from "../../src/components/chart/chart-at-size.js";
import {colourLegend, withLegends} from "../../src/components/chart/legend.js";
import {SLIDE_FONT_SIZE, typeScale} from "../../src/components/chart/type-scale.js";
import {drawnAtSize} from "../../src/components/chart/compared-chart.js";
import {slideLayout, slideSvg} from "../../src/components/export/standalone-svg.js";

const SLIDE = {width: 1920, height: 1080, type: typeScale(SLIDE_FONT_SIZE)};
const NAMES = {pinned: "Pinned run: Lesson defaults", current: "Current run: Sender timeout: 0.5 s"};

/** A chart of `size.width` by `height`, with a two-entry legend, in the size's type. */
function chart(size: ChartSize, height: number, label: string): Element {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  for (const [key, value] of Object.entries({
    width: size.width,
    height,
    "font-size": size.type.body,
    fill: "currentColor"
  }))
    svg.setAttribute(key, String(value));
  const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
  text.textContent = label;
  svg.append(text);
  return withLegends(svg, [colourLegend({domain: ["applied", "refused"], range: ["#1a7f37", "#c62828"]}, size.type)]);
}

const parse = (text: string) => new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
/** The nested chart svgs (not legend swatches) of a slide, with their places. */
const charts = (root: Element) =>
  [...root.querySelectorAll("g.slide-chart > svg")]
    .filter((svg) => Number(svg.getAttribute("width")) > 100)
    .map((svg) => ({
      x: Number(svg.getAttribute("x")),
      y: Number(svg.getAttribute("y")),
      width: Number(svg.getAttribute("width")),
      label: svg.textContent
    }));

describe("a 16:9 slide export", () => {
  it("is 1920×1080, with the title, the run's caption and the credit, and the chart drawn at the width left, in slide type", () => {
    const asked: ChartSize[] = [];
    const svg = slideSvg((size) => (asked.push(size), chart(size, 500, "one run")), {
      ...SLIDE,
      title: "Webhook attempts per update",
      caption: "Sender timeout: 0.5 s",
      credit: "A2A Workbench · push delivery"
    });
    const root = parse(svg);
    expect([root.getAttribute("width"), root.getAttribute("height"), root.getAttribute("viewBox")]).toEqual([
      "1920",
      "1080",
      "0 0 1920 1080"
    ]);
    const texts = [...root.querySelectorAll(":scope > text")].map((text) => text.textContent);
    expect(texts).toEqual(["Webhook attempts per update", "Sender timeout: 0.5 s", "A2A Workbench · push delivery"]);
    const layout = slideLayout({
      ...SLIDE,
      title: "Webhook attempts per update",
      caption: "Sender timeout: 0.5 s",
      credit: "A2A Workbench · push delivery"
    });
    expect(asked).toEqual([{width: layout.chart.width, height: layout.chart.height, type: SLIDE.type}]);
    expect(layout.chart.width).toBe(1920 - 2 * layout.padding);
    // The chart fits: no scale, the legend drawn in slide type above it.
    expect(root.querySelector("g.slide-chart")!.getAttribute("transform")).not.toContain("scale");
    expect(
      [...root.querySelectorAll("g.slide-chart > text")].map((text) => [
        text.textContent,
        text.getAttribute("font-size")
      ])
    ).toEqual([
      ["applied", "28"],
      ["refused", "28"]
    ]);
    expect(svg).not.toMatch(/currentColor/i);
  });

  it("lays two compared runs side by side, the pinned one on the left, their charts level and each named", () => {
    const draw = drawnAtSize(
      (run: string, _other: string | null, size: ChartSize) => chart(size, 400, run),
      "current",
      "pinned",
      NAMES
    );
    const root = parse(
      slideSvg(draw, {
        ...SLIDE,
        title: "Webhook attempts per update",
        caption: "Pinned run: Lesson defaults; versus current run: Sender timeout: 0.5 s"
      })
    );
    const [left, right] = charts(root);
    expect([left!.label, right!.label]).toEqual(["pinned", "current"]);
    expect(left!.y).toBe(right!.y);
    expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width + 28);
    const names = [...root.querySelectorAll("g.slide-chart > text[font-weight=bold]")].map((text) => text.textContent);
    expect(names).toEqual([NAMES.pinned, NAMES.current]);
  });

  it("scales a drawing taller than its place down to fit, never cutting it", () => {
    const options = {...SLIDE, title: "A tall chart", credit: "A2A Workbench"};
    const root = parse(slideSvg((size) => chart(size, 3000, "tall"), options));
    const layout = slideLayout(options);
    const transform = root.querySelector("g.slide-chart")!.getAttribute("transform")!;
    const scale = Number(transform.match(/scale\(([\d.]+)\)/)![1]);
    const [, y] = transform.match(/translate\([\d.]+,([\d.]+)\)/)!.map(Number);
    expect(scale).toBeLessThan(1);
    const chartY = charts(root)[0]!.y;
    expect(y! + (chartY + 3000) * scale).toBeLessThanOrEqual(layout.chart.y + layout.chart.height + 0.5);
  });

  it("cuts a title or caption too long for the slide with an ellipsis, in at most two and three lines", () => {
    const long = Array.from({length: 80}, (_, index) => `word${index}`).join(" ");
    const layout = slideLayout({...SLIDE, title: long, caption: long});
    expect(layout.title.lines).toHaveLength(2);
    expect(layout.caption.lines).toHaveLength(3);
    expect(layout.caption.lines[2]!.endsWith("…")).toBe(true);
    expect(layout.chart.height).toBeGreaterThan(600);
  });
});
