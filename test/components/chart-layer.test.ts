// @vitest-environment jsdom
/**
 * The chart layer (src/components/chart/) held to d3 itself: its ticks are d3-array's wherever
 * d3 gives enough of them, its axes label exactly those ticks at the scale's positions, its
 * symbols are d3-shape's, and every size of text follows the one type option.
 */
import {ticks as d3Ticks} from "d3-array";
import {scaleBand, scaleLinear} from "d3-scale";
import {symbol, symbolCircle, symbolDiamond, symbolSquare, symbolStar, symbolTimes, symbolTriangle} from "d3-shape";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  bottomAxis,
  bottomAxisHeight,
  leftAxis,
  MIN_TICKS,
  rowLabelsLeft,
  ticksAtLeast
} from "../../src/components/chart/axes.js";
import {chartFrame} from "../../src/components/chart/chart-frame.js";
import {MIN_PLOT_SHARE, placeRowLabels} from "../../src/components/chart/row-labels.js";
import {symbolPath} from "../../src/components/chart/symbols.js";
import {PAGE_FONT_SIZE, SLIDE_FONT_SIZE, typeScale} from "../../src/components/chart/type-scale.js";
import {drawnAxis} from "./drawn-axis.js";

describe("ticksAtLeast", () => {
  it("is d3's ticks where d3 gives at least three, and never fewer than three over a span", () => {
    fc.assert(
      fc.property(
        fc.double({min: 1e-3, max: 1e7, noNaN: true}),
        fc.double({min: 1, max: 40, noNaN: true}),
        (end, count) => {
          const ours = ticksAtLeast(0, end, count);
          const d3 = d3Ticks(0, end, count);
          if (d3.length >= MIN_TICKS) expect(ours).toEqual(d3);
          expect(ours.length).toBeGreaterThanOrEqual(MIN_TICKS);
          // Every tick is one d3 would give for some count: round, inside the span, ascending.
          for (const tick of ours) expect(tick >= 0 && tick <= end).toBe(true);
          expect([...ours].sort((a, b) => a - b)).toEqual(ours);
        }
      ),
      {numRuns: 500}
    );
  });

  it("asks d3 for more where its round step leaves two (0 to 9.9 by about 3)", () => {
    expect(d3Ticks(0, 9.9, 3)).toEqual([0, 5]);
    expect(ticksAtLeast(0, 9.9, 3)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe("bottomAxis", () => {
  it.each([
    [0, 40, 640],
    [0, 9.9, 250],
    [0, 1_234_567, 1900]
  ])("labels d3's ticks of [%d, %d] at the scale's positions (%d px)", (start, end, width) => {
    const type = typeScale();
    const frame = chartFrame({
      width,
      height: 100,
      margin: {top: 10, right: 20, bottom: bottomAxisHeight(type), left: 30},
      label: "test",
      type
    });
    const x = scaleLinear().domain([start, end]).range([frame.left, frame.right]);
    bottomAxis(frame, x, {label: "value"});
    const axis = drawnAxis(frame.svg.node()!, "g.x-axis");
    expect(axis.ticks.length).toBeGreaterThanOrEqual(MIN_TICKS);
    for (const tick of axis.ticks) expect(tick.at).toBeCloseTo(x(tick.value), 6);
    // d3's own ticks for the count the layer asks for, wherever d3 gives three or more.
    const d3 = x.ticks(Math.max(MIN_TICKS, (frame.right - frame.left) / (7 * type.body)));
    if (d3.length >= MIN_TICKS) expect(axis.ticks.map((tick) => tick.value)).toEqual(d3);
    expect(frame.svg.select(".x-axis-label").text()).toBe("value →");
  });
});

describe("axes drawn again from memory", () => {
  it("are the drawing d3-axis makes for the same ticks, labels and frame, and a new one when any of them differs", () => {
    const frameOf = (width: number) =>
      chartFrame({width, height: 200, margin: {top: 20, right: 20, bottom: 40, left: 50}, label: "axes"});
    const draw = (width: number, end: number, label: string) => {
      const frame = frameOf(width);
      bottomAxis(frame, scaleLinear([0, end], [frame.left, frame.right]), {label});
      leftAxis(frame, scaleLinear([0, end], [frame.bottom, frame.top]), {label});
      return frame.svg.node()!.innerHTML;
    };
    fc.assert(
      fc.property(
        fc.integer({min: 200, max: 1600}),
        fc.double({min: 0.5, max: 1e6, noNaN: true}),
        fc.constantFrom("time (s)", "requests"),
        (width, end, label) => {
          const first = draw(width, end, label);
          // Another axis in between, so the second drawing of the first comes from memory.
          const other = draw(width + 1, end * 2, label);
          expect(other).not.toBe(first);
          expect(draw(width, end, label)).toBe(first);
        }
      ),
      {numRuns: 40}
    );
  });

  it("label their ticks with their own format: two formats of the same ticks are two drawings", () => {
    const labels = (format: (value: number) => string) => {
      const frame = chartFrame({
        width: 400,
        height: 200,
        margin: {top: 20, right: 20, bottom: 40, left: 50},
        label: "axes"
      });
      bottomAxis(frame, scaleLinear([0, 600], [50, 380]), {label: "time", values: [0, 300, 600], format});
      return [...frame.svg.node()!.querySelectorAll(".tick text")].map((text) => text.textContent);
    };
    expect(labels((value) => `${value} s`)).toEqual(["0 s", "300 s", "600 s"]);
    expect(labels((value) => `${value / 60} min`)).toEqual(["0 min", "5 min", "10 min"]);
    expect(labels((value) => `${value} s`)).toEqual(["0 s", "300 s", "600 s"]);
  });
});

describe("symbols", () => {
  it("are d3-shape's, sized by radius as Plot's r is (the area of a circle of that radius)", () => {
    expect(symbolPath("diamond", 5)).toBe(symbol(symbolDiamond, 25 * Math.PI)());
  });

  it("stay d3-shape's when drawn again from memory, for any name and radius, past the memory's bound", () => {
    const types = {
      circle: symbolCircle,
      square: symbolSquare,
      diamond: symbolDiamond,
      star: symbolStar,
      times: symbolTimes,
      triangle: symbolTriangle
    } as const;
    const name = fc.constantFrom(...(Object.keys(types) as (keyof typeof types)[]));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.double({min: 0.5, max: 40, noNaN: true})), {minLength: 1, maxLength: 800}),
        (drawings) => {
          for (const [kind, radius] of [...drawings, ...drawings])
            expect(symbolPath(kind, radius)).toBe(symbol(types[kind], Math.PI * radius * radius)());
        }
      ),
      {numRuns: 5}
    );
  });
});

describe("rowLabelsLeft", () => {
  it("puts each row's name where d3-axis puts a band's tick: with tick marks drawn by d3-axis, without them one text per row at the same place", () => {
    fc.assert(
      fc.property(
        fc.integer({min: 1, max: 12}),
        fc.boolean(),
        fc.integer({min: 40, max: 400}),
        (rows, round, height) => {
          const names = Array.from({length: rows}, (_, index) => `row ${index}`);
          const y = scaleBand(names, [20, 20 + height]).round(round);
          const place = (ticks: boolean) => {
            const frame = chartFrame({
              width: 400,
              height: height + 60,
              margin: {top: 20, right: 10, bottom: 40, left: 80},
              label: "rows"
            });
            rowLabelsLeft(frame, y, (row) => row, {ticks});
            return [...frame.svg.node()!.querySelectorAll(".row-labels text")].map((text) => {
              const tick = text.closest(".tick")?.getAttribute("transform");
              const [, tickY] = tick?.match(/translate\(0,([-\d.]+)\)/) ?? [null, "0"];
              return {
                text: text.textContent,
                y: Number(text.getAttribute("y") ?? 0) + Number(tickY),
                dy: text.getAttribute("dy")
              };
            });
          };
          const [plain, withTicks] = [place(false), place(true)];
          expect(plain.map(({text}) => text)).toEqual(names);
          for (const [index, label] of plain.entries()) {
            expect(label.y).toBeCloseTo(withTicks[index]!.y, 6);
            expect(label.dy).toBe(withTicks[index]!.dy);
          }
        }
      )
    );
  });
});

describe("typeScale", () => {
  it("derives every size from the one body size", () => {
    for (const body of [PAGE_FONT_SIZE, 16, SLIDE_FONT_SIZE]) {
      const type = typeScale(body);
      expect(type.body).toBe(body);
      expect(type.small / body).toBeCloseTo(0.9, 1);
      expect(type.heading / body).toBeCloseTo(1.15, 1);
      expect(type.unit).toBe(body / 10);
      expect(type.widthOf("abcd")).toBe(2 * type.widthOf("ab"));
    }
  });

  it("sets a slide's smallest text at 24 px or more", () => {
    expect(Math.min(typeScale(SLIDE_FONT_SIZE).small, typeScale(SLIDE_FONT_SIZE).body)).toBeGreaterThanOrEqual(24);
  });
});

describe("placeRowLabels", () => {
  it("keeps a label column only while the plot keeps its share of the width, and tries shorter names first", () => {
    fc.assert(
      fc.property(
        fc.integer({min: 120, max: 2000}),
        fc.array(fc.string({minLength: 1, maxLength: 40}), {minLength: 1, maxLength: 8}),
        (width, rows) => {
          const type = typeScale();
          const placed = placeRowLabels({
            width,
            marginRight: 20,
            type,
            rows,
            labels: [(row) => row, (row) => row.slice(0, 3)]
          });
          if (placed.placement === "left")
            expect(width - placed.marginLeft - 20).toBeGreaterThanOrEqual(MIN_PLOT_SHARE * width);
          // Above: even the shortest names, with the gap before the plot, would squeeze it.
          else
            expect(
              width - Math.ceil(Math.max(...rows.map((row) => type.widthOf(row.slice(0, 3)))) + 9 * type.unit + 4) - 20
            ).toBeLessThan(MIN_PLOT_SHARE * width);
        }
      ),
      {numRuns: 300}
    );
  });
});
