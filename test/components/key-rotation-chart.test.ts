// @vitest-environment jsdom
/**
 * The key rotation chart (issue #26) held to lib's timeline: one mark per delivery at its arrival
 * on the drawn axis, failures marked, one cache stripe per kid held, one tick per fetch; and its
 * text held inside the chart without overlapping at a phone's width and a slide's.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  isFailedVerdict,
  keyRotationTimeline,
  KEY_ROTATION_VERDICTS,
  type KeyRotationInput
} from "../../lib/webhook-auth/index.js";
import {KeyRotationChart} from "../../src/components/webhook-auth/key-rotation-chart.js";
import {VERDICT_COLOURS} from "../../src/components/webhook-auth/key-rotation-chart.js";
import {SLIDE_FONT_SIZE, typeScale, type TypeScale} from "../../src/components/chart/type-scale.js";
import {compareSnapshot} from "../snapshot.js";
import {absolute, drawnAxis} from "./drawn-axis.js";

/** Named runs: the defaults, a switch behind a 25-minute cache without refetch, the same with refetch in a cooldown, an old token arriving after withdrawal. */
const SCENARIOS: Record<string, KeyRotationInput> = {
  defaults: {},
  "unannounced-no-refetch": {cacheMaxAgeSeconds: 1500, refetchOnUnknownKid: false},
  "refetch-in-cooldown": {
    deliveryIntervalSeconds: 120,
    rotateAtSeconds: 3605,
    cacheMaxAgeSeconds: 3600,
    refetchCooldownSeconds: 300
  },
  "withdrawn-too-soon": {
    rotateAtSeconds: 3650,
    overlapSeconds: 0,
    deliveryDelaySeconds: 200,
    refetchOnUnknownKid: false,
    publishLeadSeconds: 1200
  }
};

// 600 px at a slide's type puts the rows' names above them.
const SIZES: [number, TypeScale][] = [
  [320, typeScale()],
  [390, typeScale()],
  [1280, typeScale()],
  [600, typeScale(SLIDE_FONT_SIZE)],
  [1920, typeScale(SLIDE_FONT_SIZE)]
];

function textBox(text: Element, type: TypeScale) {
  const size = Number(text.closest("[font-size]")?.getAttribute("font-size") ?? type.body);
  const width = type.widthOf(text.textContent ?? "", size);
  const x = absolute(text, "x");
  const anchor = text.closest("[text-anchor]")?.getAttribute("text-anchor") ?? "middle";
  const left = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
  return {left, right: left + width, y: absolute(text, "y"), size};
}

/** Every text of the chart's own (tick labels are d3-axis's, held by the layer's test) inside the chart, none overlapping another on its line. */
function expectTextsClear(chart: Element, width: number, type: TypeScale): void {
  const texts = [...chart.querySelectorAll("svg.chart text")].filter((text) => !text.closest("g.x-axis"));
  const boxes = texts.map((text) => ({text: text.textContent, ...textBox(text, type)}));
  for (const box of boxes) {
    expect(box.left, `${box.text} at ${width}`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.text} at ${width}`).toBeLessThanOrEqual(width);
  }
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const sameLine = Math.abs(a.y - b.y) < Math.max(a.size, b.size);
      if (sameLine)
        expect(a.right <= b.left || b.right <= a.left, `"${a.text}" and "${b.text}" overlap at ${width} px`).toBe(true);
    }
  }
  expect(textBox(chart.querySelector(".x-axis-label")!, type).left).toBeGreaterThanOrEqual(0);
}

describe("key rotation chart", () => {
  it.each(Object.keys(SCENARIOS))("snapshot: %s", (id) => {
    expect(
      compareSnapshot(
        `webhook-auth-key-rotation-${id}`,
        KeyRotationChart(keyRotationTimeline(SCENARIOS[id]), {width: 640}).outerHTML
      )
    ).toBeNull();
  });

  it.each(Object.keys(SCENARIOS).flatMap((id) => SIZES.map(([width, type]) => [id, width, type] as const)))(
    "%s at %i px: one mark per delivery at its arrival, failures marked, no NaN",
    (id, width, type) => {
      const timeline = keyRotationTimeline(SCENARIOS[id]);
      const chart = KeyRotationChart(timeline, {width, type});
      // A chart is the layer's figure (legend.ts): its legend, then its SVG at the width asked for.
      expect(chart.matches("figure.chart-figure")).toBe(true);
      const svg = chart.querySelector("svg.chart")!;
      expect(Number(svg.getAttribute("width"))).toBe(width);
      for (const element of svg.querySelectorAll("*")) {
        for (const attribute of element.attributes)
          expect(attribute.value, `${element.tagName} ${attribute.name}`).not.toMatch(/NaN|undefined|Infinity/);
      }
      const marks = [...svg.querySelectorAll("g.delivery-marks path")];
      expect(marks).toHaveLength(timeline.deliveries.length);
      expect(svg.querySelectorAll("g.delivery-marks path.failed")).toHaveLength(timeline.summary.failures);
      // Each mark's title names its delivery; its colour and place are that delivery's verdict and arrival.
      const axis = drawnAxis(svg, "g.x-axis", {unit: 60});
      for (const mark of marks) {
        const [, number, verdict] = /^Delivery (\d+): .*: (verified|verified after refetch|unknown kid: .+)$/.exec(
          mark.querySelector("title")!.textContent!
        )!;
        const delivery = timeline.deliveries[Number(number) - 1]!;
        expect(verdict).toBe(delivery.verdict);
        expect(mark.getAttribute("fill")).toBe(VERDICT_COLOURS[delivery.verdict]);
        expect(mark.classList.contains("failed")).toBe(isFailedVerdict(delivery.verdict));
        expect(axis.valueAt(absolute(mark, "x", "__none__"))).toBeCloseTo(delivery.arrivesAtSeconds, 0);
      }
      expect(svg.querySelectorAll("g.fetch-ticks path")).toHaveLength(timeline.fetches.length);
      expect(svg.querySelectorAll("g.cache-segments > rect")).toHaveLength(
        timeline.cache.reduce((sum, span) => sum + span.kids.length, 0)
      );
      // The legend names every verdict with its count, in lib's order, by its full name wherever it fits.
      const legend = [...chart.querySelectorAll(".chart-legend .chart-swatch")].map(
        (entry) => /^(.+) \((\d+)\)$/.exec(entry.textContent!)!
      );
      expect(legend.map((entry) => Number(entry?.[2]))).toEqual(
        KEY_ROTATION_VERDICTS.map((verdict) => timeline.summary.byVerdict[verdict])
      );
      expect(legend.map((entry) => entry[1])).toEqual([...KEY_ROTATION_VERDICTS]);
      expect([...chart.querySelectorAll(".chart-swatch svg")].map((swatch) => swatch.getAttribute("fill"))).toEqual(
        KEY_ROTATION_VERDICTS.map((verdict) => VERDICT_COLOURS[verdict])
      );
    }
  );

  it.each(Object.keys(SCENARIOS).flatMap((id) => SIZES.map(([width, type]) => [id, width, type] as const)))(
    "%s at %i px: every text stays inside the chart, and texts on one line never overlap",
    (id, width, type) => {
      expectTextsClear(KeyRotationChart(keyRotationTimeline(SCENARIOS[id]), {width, type}), width, type);
    }
  );

  it("draws any in-range run from 320 to 1920 px, page or slide type, with no NaN, a mark per delivery and its text clear", () => {
    const inputs = fc.record({
      rotateAtSeconds: fc.integer({min: 0, max: 15000}),
      publishLeadSeconds: fc.integer({min: 0, max: 5000}),
      overlapSeconds: fc.integer({min: 0, max: 5000}),
      cacheMaxAgeSeconds: fc.oneof(fc.integer({min: 0, max: 5000}), fc.constant(Infinity)),
      refetchOnUnknownKid: fc.boolean(),
      refetchCooldownSeconds: fc.integer({min: 0, max: 1200}),
      deliveryIntervalSeconds: fc.integer({min: 60, max: 3600}),
      deliveryDelaySeconds: fc.integer({min: 0, max: 240}),
      horizonSeconds: fc.integer({min: 60, max: 14400})
    });
    fc.assert(
      fc.property(inputs, fc.integer({min: 320, max: 1920}), fc.boolean(), (input, width, slide) => {
        const type = slide ? typeScale(SLIDE_FONT_SIZE) : typeScale();
        const timeline = keyRotationTimeline(input);
        const svg = KeyRotationChart(timeline, {width, type});
        expect(svg.outerHTML).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg.querySelectorAll("g.delivery-marks path")).toHaveLength(timeline.deliveries.length);
        expectTextsClear(svg, width, type);
      }),
      {numRuns: 60}
    );
  });

  it("names every verdict with its count in the layer's HTML legend, which wraps at any width; a failure that happened is in bold", () => {
    const timeline = keyRotationTimeline({
      rotateAtSeconds: 1,
      publishLeadSeconds: 0,
      overlapSeconds: 0,
      cacheMaxAgeSeconds: Infinity,
      refetchOnUnknownKid: false,
      deliveryIntervalSeconds: 60,
      horizonSeconds: 6001
    });
    expect(timeline.summary.byVerdict["unknown kid: no refetch"]).toBe(100);
    const slide = typeScale(SLIDE_FONT_SIZE);
    const narrow = KeyRotationChart(timeline, {width: 320, type: slide});
    expectTextsClear(narrow, 320, slide);
    const entries = [...narrow.querySelectorAll(".chart-legend .chart-swatch")];
    expect(entries.map((entry) => entry.textContent)).toContain("unknown kid: no refetch (100)");
    expect(narrow.querySelector(".chart-legend")!.getAttribute("style")).toBe(`font-size: ${slide.body}px`);
    expect(entries.filter((entry) => entry.querySelector("strong")).map((entry) => entry.textContent)).toEqual([
      "unknown kid: no refetch (100)"
    ]);
  });

  it.each(
    [...Object.keys(SCENARIOS), "switch beside a max-age fetch"].flatMap((id) =>
      SIZES.map(([width, type]) => [id, width, type] as const)
    )
  )("%s at %i px: the switch's rule crosses no fetch reason", (id, width, type) => {
    // Lesson 4's step 22: the switch 50 s after the hour, beside the receiver's max-age fetch at the hour.
    const input = SCENARIOS[id] ?? {publishLeadSeconds: 0, refetchOnUnknownKid: false, rotateAtSeconds: 3650};
    const svg = KeyRotationChart(keyRotationTimeline(input), {width, type});
    const rule = svg.querySelector("g.switch-marker path")?.getAttribute("d");
    if (!rule) return;
    const at = Number(/^M([\d.]+),/.exec(rule)![1]);
    for (const text of svg.querySelectorAll("g.fetch-reasons text")) {
      const box = textBox(text, type);
      expect(
        box.left > at || box.right < at,
        `“${text.textContent}” spans ${box.left}..${box.right}, the rule is at ${at}`
      ).toBe(true);
    }
  });

  it("marks the switch at the rotation time, and nothing when the switch is past the horizon", () => {
    const timeline = keyRotationTimeline(SCENARIOS["unannounced-no-refetch"]);
    const svg = KeyRotationChart(timeline, {width: 640});
    const axis = drawnAxis(svg, "g.x-axis", {unit: 60});
    const rule = svg.querySelector("g.switch-marker path")!;
    // On the pixel (a crisp 1.5 px rule), so within a pixel of 3600 s.
    expect(Math.abs(Number(/^M([\d.]+),/.exec(rule.getAttribute("d")!)![1]) - axis.pxOf(3600))).toBeLessThanOrEqual(1);
    expect(svg.querySelector("g.switch-marker text")!.textContent).toMatch(/^switch to k2/);
    expect(
      KeyRotationChart(keyRotationTimeline({rotateAtSeconds: 20000}), {width: 640}).querySelector("g.switch-marker")!
        .childElementCount
    ).toBe(0);
  });

  it("draws failures larger than successes and last, so no success covers one", () => {
    const timeline = keyRotationTimeline(SCENARIOS["unannounced-no-refetch"]);
    expect(timeline.summary.failures).toBe(3);
    const marks = [...KeyRotationChart(timeline, {width: 1280}).querySelectorAll("g.delivery-marks path")];
    const firstFailed = marks.findIndex((mark) => mark.classList.contains("failed"));
    expect(marks.slice(firstFailed).every((mark) => mark.classList.contains("failed"))).toBe(true);
    const extent = (mark: Element) =>
      Math.max(...(mark.getAttribute("d")!.match(/-?[\d.]+/g) ?? []).map((value) => Math.abs(Number(value))));
    expect(extent(marks[firstFailed]!)).toBeGreaterThan(extent(marks[0]!));
  });
});
