// @vitest-environment jsdom
/**
 * Snapshots of the webhook authentication charts for named experiments, and
 * checks that tie their marks to lib's data: one symbol per attempt, one bar
 * per dedup record, one bar segment per (strategy, effect count).
 */
import {describe, expect, it} from "vitest";
import {
  RACE_STRATEGIES,
  analyzeRetryHorizon,
  attemptFates,
  dedupRecordSpans,
  findWebhookExperiment,
  raceTable,
  retryPresetById,
  webhookLessonDefaults,
  type RetryHorizonResult
} from "../../lib/webhook-auth/index.js";
import {RaceChart} from "../../src/components/webhook-auth/index.js";
import {RetryHorizonChart} from "../../src/components/webhook-auth/retry-horizon-chart.js";
import {segmentLabel} from "../../src/components/webhook-auth/race-chart.js";
import {EFFECT_COLOURS} from "../../src/components/webhook-auth/palette.js";
import {TICK_OFFSET} from "../../src/components/chart/axes.js";
import {typeScale} from "../../src/components/chart/type-scale.js";
import {findChartSvg} from "../../src/components/export/standalone-svg.js";
import {compareSnapshot} from "../snapshot.js";
import {absolute, drawnAxis} from "./drawn-axis.js";

/** The horizon part of the lesson run for an experiment (no crypto needed). */
function horizonOf(experimentId: string): RetryHorizonResult {
  const overrides = experimentId === "defaults" ? {} : findWebhookExperiment(experimentId)!.overrides;
  const inputs = {...webhookLessonDefaults, ...overrides};
  const preset = retryPresetById(inputs.retryPreset);
  return analyzeRetryHorizon({
    delaysSeconds: preset.delaysSeconds,
    retentionSeconds: inputs.retentionSeconds,
    toleranceSeconds: inputs.toleranceSeconds,
    fates: attemptFates(preset.delaysSeconds.length, inputs.unreachableAttempts, inputs.acksLost),
    ...(preset.stopsOnStatuses ? {stopsOnStatuses: preset.stopsOnStatuses} : {})
  });
}

const racesOf = (workers: number) => RACE_STRATEGIES.map((strategy) => raceTable(strategy.id, workers));
const svgOf = (chart: Element) => findChartSvg(chart)!;

const DURATION_UNITS: Record<string, number> = {d: 86400, h: 3600, min: 60, s: 1};
/** "1 d 2 h" back to seconds, as a reader reads the horizon chart's tick labels. */
const secondsOf = (label: string) =>
  [...label.matchAll(/(\d+) (d|h|min|s)\b/g)].reduce(
    (sum, [, count, unit]) => sum + Number(count) * DURATION_UNITS[unit!]!,
    0
  );

/**
 * The seconds a symlog time axis shows at `px`, read from its labelled ticks as a reader reads a
 * log axis: positions are a + b·ln(1 + seconds), with a and b from the first and last tick.
 */
function symlogAxis(svg: Element): (px: number) => number {
  const ticks = [...svg.querySelectorAll("g.x-axis g.tick")].map((tick) => ({
    at: absolute(tick, "x", "__none__") - TICK_OFFSET,
    seconds: secondsOf(tick.querySelector("text")!.textContent!)
  }));
  const [first, last] = [ticks[0]!, ticks[ticks.length - 1]!];
  const perLog = (last.at - first.at) / (Math.log1p(last.seconds) - Math.log1p(first.seconds));
  return (px) => Math.expm1(Math.log1p(first.seconds) + (px - first.at) / perLog);
}

describe("retention versus retry horizon chart", () => {
  it.each(["defaults", "spec-example-retention", "sdk-outage", "outage-then-ack"])("snapshot: %s", (id) => {
    expect(
      compareSnapshot(`webhook-auth-horizon-${id}`, svgOf(RetryHorizonChart(horizonOf(id), {width: 640})).outerHTML)
    ).toBeNull();
  });

  it.each(
    ["defaults", "spec-example-retention", "sdk-outage"].flatMap((id) =>
      [640, 300].map((width) => [id, width] as const)
    )
  )(
    "draws one symbol per attempt, attempt numbers that never overlap, and one bar per dedup record: %s at %i px",
    (id, width) => {
      const horizon = horizonOf(id);
      const svg = svgOf(RetryHorizonChart(horizon, {width}));
      const attempts = horizon.resigned.rows.length + horizon.reused.rows.length;
      expect(svg.querySelectorAll("g.attempt-symbols path")).toHaveLength(attempts);
      // Numbers that never overlap, and that count every attempt: where they would crowd, one label names a run of them ("#8–10").
      const type = typeScale();
      const numbers = [...svg.querySelectorAll("g.attempt-numbers text")].map((text) => ({
        label: text.textContent!,
        x: Number(text.getAttribute("x")),
        y: Number(text.getAttribute("y"))
      }));
      expect(numbers.filter((number) => number.label === "#1")).toHaveLength(2);
      for (const lane of new Set(numbers.map((number) => number.y))) {
        const shown = numbers.filter((number) => number.y === lane);
        for (let index = 1; index < shown.length; index++) {
          const [left, right] = [shown[index - 1]!, shown[index]!];
          expect(right.x - left.x).toBeGreaterThanOrEqual(
            (type.widthOf(left.label, type.small) + type.widthOf(right.label, type.small)) / 2
          );
        }
        const counted = shown.flatMap(({label}) => {
          const [first, last = first] = label.slice(1).split("–").map(Number) as [number, number?];
          return Array.from({length: last - first + 1}, (_, offset) => first + offset);
        });
        expect(counted).toEqual(Array.from({length: counted.length}, (_, index) => index + 1));
      }
      const countedAll = numbers.reduce((sum, {label}) => {
        const [first, last = first] = label.slice(1).split("–").map(Number) as [number, number?];
        return sum + last - first + 1;
      }, 0);
      expect(countedAll).toBe(attempts);
      // Every attempt's symbol still names it.
      expect(
        [...svg.querySelectorAll("g.attempt-symbols path title")]
          .map((title) => title.textContent)
          .filter((title) => /^Attempt \d+/.test(title ?? ""))
      ).toHaveLength(attempts);
      const records =
        dedupRecordSpans(horizon.resigned, horizon.retentionSeconds).length +
        dedupRecordSpans(horizon.reused, horizon.retentionSeconds).length;
      expect(svg.querySelectorAll("g.record-bars rect")).toHaveLength(records);
    }
  );

  // The snapshots hold the drawing; this holds it to the model, read back through the axis the chart draws.
  it.each(["defaults", "spec-example-retention", "sdk-outage", "outage-then-ack"])(
    "%s: each attempt's symbol is at its arrival and each record bar starts at its arrival, on the drawn axis",
    (id) => {
      const horizon = horizonOf(id);
      const svg = svgOf(RetryHorizonChart(horizon, {width: 640}));
      const secondsAt = symlogAxis(svg);
      const rows = [...horizon.resigned.rows, ...horizon.reused.rows];
      const symbols = [...svg.querySelectorAll("g.attempt-symbols path")].map((path) =>
        secondsAt(absolute(path, "x", "__none__"))
      );
      rows.forEach((row, index) => expect(symbols[index]!).toBeCloseTo(row.arrivesAtSeconds, 0));
      const spans = [
        ...dedupRecordSpans(horizon.resigned, horizon.retentionSeconds),
        ...dedupRecordSpans(horizon.reused, horizon.retentionSeconds)
      ];
      const bars = [...svg.querySelectorAll("g.record-bars rect")].map((rect) =>
        secondsAt(Number(rect.getAttribute("x")))
      );
      spans.forEach((span, index) => expect(bars[index]!).toBeCloseTo(span.fromSeconds, 0));
    }
  );

  it("a slipped-past retry gets its own colour, and the legend names it", () => {
    const horizon = horizonOf("spec-example-retention");
    expect(horizon.resigned.slippedPast).toBeGreaterThan(0);
    const chart = RetryHorizonChart(horizon, {width: 640});
    const legend = [...chart.querySelectorAll(".chart-legend .chart-swatch")].map((swatch) => ({
      label: swatch.textContent,
      fill: swatch.querySelector("svg")!.getAttribute("fill")
    }));
    expect(legend).toContainEqual({label: "slipped past dedup: applied again", fill: "#e8590c"});
    expect(svgOf(chart).querySelectorAll("g.attempt-symbols path[fill='#e8590c']")).toHaveLength(
      horizon.resigned.slippedPast + horizon.reused.slippedPast
    );
  });
});

it.each(["course-teaching-policy", "a2a-js-sdk-default-sender", "standard-webhooks-example"])(
  "the horizon's axis labels three ticks or more for the %s schedule",
  (preset) => {
    const schedule = retryPresetById(preset);
    const horizon = analyzeRetryHorizon({
      delaysSeconds: schedule.delaysSeconds,
      retentionSeconds: 86400,
      toleranceSeconds: 300,
      fates: attemptFates(schedule.delaysSeconds.length, 0, true)
    });
    for (const width of [320, 640]) {
      expect(
        svgOf(RetryHorizonChart(horizon, {width})).querySelectorAll("g.x-axis g.tick text").length
      ).toBeGreaterThanOrEqual(3);
    }
  }
);

describe("race chart", () => {
  it.each([2, 3])("snapshot: %i workers", (workers) => {
    expect(
      compareSnapshot(
        `webhook-auth-race-${workers}-workers`,
        svgOf(RaceChart(racesOf(workers), {width: 640})).outerHTML
      )
    ).toBeNull();
  });

  it.each([2, 3])(
    "one bar segment per strategy and effect count, as wide as its share of lib's interleavings, labelled with lib's counts (%i workers)",
    (workers) => {
      const tables = racesOf(workers);
      const svg = svgOf(RaceChart(tables, {width: 640}));
      const bars = [...svg.querySelectorAll("g.race-bars rect")];
      const expected = tables.flatMap((table) =>
        Object.values(table.byEffects)
          .filter((count) => count > 0)
          .map((count) => count / table.runs.length)
      );
      expect(bars).toHaveLength(expected.length);
      const axis = drawnAxis(svg, "g.x-axis");
      const shares = bars.map(
        (bar) =>
          (axis.valueAt(Number(bar.getAttribute("x")) + Number(bar.getAttribute("width"))) -
            axis.valueAt(Number(bar.getAttribute("x")))) /
          100
      );
      expect(shares.sort((a, b) => a - b)).toEqual(
        expected.sort((a, b) => a - b).map((share) => expect.closeTo(share, 3))
      );
      // Each strategy's bar starts at 0, its segments follow one another in effect order, and each is coloured by its effects.
      for (const row of new Set(bars.map((bar) => bar.getAttribute("y")))) {
        const segments = bars.filter((bar) => bar.getAttribute("y") === row);
        let end = axis.pxOf(0);
        for (const segment of segments) {
          expect(Number(segment.getAttribute("x"))).toBeCloseTo(end, 6);
          end = Number(segment.getAttribute("x")) + Number(segment.getAttribute("width"));
        }
        expect(axis.valueAt(end)).toBeCloseTo(100, 6);
        const effects = segments.map((segment) =>
          Number(/: (\d+) effects?$/.exec(segment.querySelector("title")!.textContent!)![1])
        );
        expect(effects).toEqual([...effects].sort((a, b) => a - b));
        expect(segments.map((segment) => segment.getAttribute("fill"))).toEqual(
          effects.map((count) => EFFECT_COLOURS[count - 1])
        );
      }
      const atomic = tables.find((table) => table.strategy === "insert-if-absent")!;
      expect(svg.textContent).toContain(`${atomic.runs.length} × 1 effect`);
      // Each label names its own segment's count (and effects), and fits inside it.
      const type = typeScale();
      const drawnLabels = [...svg.querySelectorAll("g.race-labels text")];
      expect(drawnLabels.length).toBeGreaterThan(0);
      for (const label of drawnLabels) {
        const x = Number(label.getAttribute("x"));
        const labelY = Number(label.getAttribute("y"));
        const bar = bars.find((candidate) => {
          const [top, height, left, width] = ["y", "height", "x", "width"].map((name) =>
            Number(candidate.getAttribute(name))
          );
          return top! < labelY && labelY < top! + height! && left! < x && x < left! + width!;
        })!;
        const [, count, effects] = /^(\d+) of \d+ interleavings?: (\d+) effects?$/.exec(
          bar.querySelector("title")!.textContent!
        )!;
        expect(label.textContent).toMatch(new RegExp(`^${count} × ${effects}( effects?)?$`));
        expect(type.widthOf(label.textContent!)).toBeLessThanOrEqual(Number(bar.getAttribute("width")));
      }
    }
  );

  it("labels a segment only with what fits in it, so narrow charts never overlap labels, and never with a bare count", () => {
    const type = typeScale();
    const segment = {effects: 2, count: 18};
    expect(segmentLabel(segment, 400)).toBe("18 × 2 effects");
    expect(segmentLabel(segment, 60)).toBe("18 × 2");
    // Never the count alone, which would read as a number of effects.
    expect(segmentLabel(segment, 30)).toBe("");
    for (const width of [10, 20, 40, 100, 200]) {
      for (const candidate of [{...segment, count: 2}, {...segment, count: 8}, segment]) {
        expect(type.widthOf(segmentLabel(candidate, width))).toBeLessThanOrEqual(width);
      }
    }
  });
});
