// @vitest-environment jsdom
/**
 * Snapshots of the webhook authentication charts for named experiments, and
 * checks that tie their marks to lib's data: one symbol per attempt, one bar
 * per dedup record, one bar segment per (strategy, effect count).
 */
import {beforeAll, describe, expect, it} from "vitest";
import {loadPlot} from "../../src/components/plot-on-demand.js";
import {
  RACE_STRATEGIES, analyzeRetryHorizon, attemptFates, dedupRecordSpans, findWebhookExperiment, raceTable, retryPresetById,
  webhookLessonDefaults, type RetryHorizonResult
} from "../../lib/webhook-auth/index.js";
import {RaceChart, RetryHorizonChart, raceRows} from "../../src/components/webhook-auth/index.js";
import {MARGIN_LEFT, MARGIN_RIGHT, segmentLabel} from "../../src/components/webhook-auth/race-chart.js";
import {findChartSvg} from "../../src/components/standalone-svg.js";
import {compareSnapshot} from "../snapshot.js";

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

// Plot loads on demand in the page; these charts are drawn with it.
beforeAll(loadPlot);

describe("retention versus retry horizon chart", () => {
  it.each(["defaults", "spec-example-retention", "sdk-outage", "outage-then-ack"])("snapshot: %s", (id) => {
    expect(compareSnapshot(`webhook-auth-horizon-${id}`, svgOf(RetryHorizonChart(horizonOf(id), {width: 640})).outerHTML)).toBeNull();
  });

  it.each(["defaults", "spec-example-retention", "sdk-outage"].flatMap((id) => [640, 300].map((width) => [id, width] as const)))("draws one symbol per attempt, attempt numbers that never overlap, and one bar per dedup record: %s at %i px", (id, width) => {
    const horizon = horizonOf(id);
    const svg = svgOf(RetryHorizonChart(horizon, {width}));
    const attempts = horizon.resigned.rows.length + horizon.reused.rows.length;
    expect(svg.querySelectorAll("g[aria-label='dot'] path")).toHaveLength(attempts);
    // Numbers where they fit: each lane's first attempt always, a later one at least 20 px after the last shown.
    const numbers = [...svg.querySelectorAll("g[aria-label='text'] text")].filter((text) => /^#\d+$/.test(text.textContent ?? "")).map((text) => {
      const [x, y] = (text.getAttribute("transform") ?? "").match(/translate\(([-\d.]+),([-\d.]+)\)/)?.slice(1).map(Number) ?? [Number(text.getAttribute("x")), Number(text.getAttribute("y"))];
      return {label: text.textContent!, x: x!, y: y!};
    });
    expect(numbers.filter((number) => number.label === "#1")).toHaveLength(2);
    for (const lane of new Set(numbers.map((number) => number.y))) {
      const xs = numbers.filter((number) => number.y === lane).map((number) => number.x);
      for (let index = 1; index < xs.length; index++) expect(xs[index]! - xs[index - 1]!).toBeGreaterThanOrEqual(19.5);
    }
    expect(numbers.length).toBeLessThanOrEqual(attempts);
    // Every attempt's dot still names it.
    expect([...svg.querySelectorAll("g[aria-label='dot'] path title")].map((title) => title.textContent).filter((title) => /^Attempt \d+/.test(title ?? ""))).toHaveLength(attempts);
    const records = dedupRecordSpans(horizon.resigned, horizon.retentionSeconds).length + dedupRecordSpans(horizon.reused, horizon.retentionSeconds).length;
    expect(svg.querySelectorAll("g[aria-label='bar'] rect")).toHaveLength(records);
  });

  it("a slipped-past retry gets its own colour, and the legend names it", () => {
    const horizon = horizonOf("spec-example-retention");
    expect(horizon.resigned.slippedPast).toBeGreaterThan(0);
    const chart = RetryHorizonChart(horizon, {width: 640});
    expect(chart.textContent).toContain("slipped past dedup: applied again");
    expect(svgOf(chart).querySelectorAll("g[aria-label='dot'] path[fill='#e8590c']")).toHaveLength(horizon.resigned.slippedPast + horizon.reused.slippedPast);
  });
});

describe("race chart", () => {
  it.each([2, 3])("snapshot: %i workers", (workers) => {
    expect(compareSnapshot(`webhook-auth-race-${workers}-workers`, svgOf(RaceChart(racesOf(workers), {width: 640})).outerHTML)).toBeNull();
  });

  it.each([2, 3])("one bar segment per strategy and effect count, labelled with lib's counts (%i workers)", (workers) => {
    const tables = racesOf(workers);
    const svg = svgOf(RaceChart(tables, {width: 640}));
    expect(svg.querySelectorAll("g[aria-label='bar'] rect")).toHaveLength(raceRows(tables).length);
    const atomic = tables.find((table) => table.strategy === "insert-if-absent")!;
    expect(svg.textContent).toContain(`${atomic.runs.length} × 1 effect`);
    const labels = [...svg.querySelectorAll("g[aria-label='text'] text")].map((text) => text.textContent);
    const expected = raceRows(tables).map((row) => segmentLabel(row, 640 - MARGIN_LEFT - MARGIN_RIGHT)).filter(Boolean);
    expect(labels.sort()).toEqual(expected.sort());
  });

  it("labels a segment only with what fits in it, so narrow charts never overlap labels", () => {
    const row = {strategy: "s", effects: "2 effects", count: 18, total: 20};
    expect(segmentLabel(row, 400)).toBe("18 × 2 effects");
    expect(segmentLabel(row, 40)).toBe("18");
    expect(segmentLabel({...row, count: 1}, 40)).toBe("");
    for (const width of [100, 200, 400, 800]) {
      for (const candidate of [{...row, count: 2}, {...row, count: 8}, row]) {
        const label = segmentLabel(candidate, width);
        expect(label.length * 7).toBeLessThanOrEqual((candidate.count / candidate.total) * width);
      }
    }
  });
});
