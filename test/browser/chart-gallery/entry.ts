/**
 * Every chart of the course, drawn from lib's runs at one width and one type size, for the
 * chart layer's browser test and for looking at the charts side by side. The page's address
 * carries the width, the type's body size and the colour scheme: ?width=390&type=11.
 */
import {findDeliveryExperiment, simulateDelivery} from "../../../lib/delivery/index.js";
import {messageExample, runMessageTransaction} from "../../../lib/message/index.js";
import {defaultPolicy, defaultRegistry, selectAgent} from "../../../lib/selection/index.js";
import {runStormLesson, STORM_STRATEGIES, STRATEGY_LABELS, stormUnder} from "../../../lib/storm/index.js";
import {
  analyzeRetryHorizon,
  attemptFates,
  keyRotationTimeline,
  RACE_STRATEGIES,
  raceTable,
  retryPresetById,
  webhookLessonDefaults
} from "../../../lib/webhook-auth/index.js";
import {typeScale, type TypeScale} from "../../../src/components/chart/type-scale.js";
import {AttemptSwimlane, ReceiverDecisions, ReceiverState} from "../../../src/components/delivery/index.js";
import {StageGrid} from "../../../src/components/message/index.js";
import {CandidatesByStage, RankingBreakdown} from "../../../src/components/selection/index.js";
import {CompletionChart, DeliveredChart, LoadChart, WorkChart} from "../../../src/components/storm/index.js";
import {RaceChart, TimestampWindowChart} from "../../../src/components/webhook-auth/index.js";
import {KeyRotationChart} from "../../../src/components/webhook-auth/key-rotation-chart.js";
import {RetryHorizonChart} from "../../../src/components/webhook-auth/retry-horizon-chart.js";

type Draw = (width: number, type: TypeScale) => Element;

function gallery(): Record<string, Draw> {
  const deleted = simulateDelivery(findDeliveryExperiment("delete-at-3s")!.overrides);
  const outage = simulateDelivery(findDeliveryExperiment("long-outage")!.overrides);
  const ordering = simulateDelivery(findDeliveryExperiment("ordering-off")!.overrides);
  const message = runMessageTransaction(messageExample(EXAMPLE_ID)?.requestText ?? "{}");
  const selection = selectAgent(defaultRegistry, defaultPolicy);
  const storm = runStormLesson({});
  const preset = retryPresetById(webhookLessonDefaults.retryPreset);
  const horizon = {
    result: analyzeRetryHorizon({
      delaysSeconds: preset.delaysSeconds,
      retentionSeconds: webhookLessonDefaults.retentionSeconds,
      toleranceSeconds: webhookLessonDefaults.toleranceSeconds,
      fates: attemptFates(
        preset.delaysSeconds.length,
        webhookLessonDefaults.unreachableAttempts,
        webhookLessonDefaults.acksLost
      ),
      ...(preset.stopsOnStatuses ? {stopsOnStatuses: preset.stopsOnStatuses} : {})
    })
  };
  const byStrategy = Object.fromEntries(
    STORM_STRATEGIES.map((strategy) => [strategy, stormUnder(storm.inputs, strategy)])
  );
  return {
    "swimlane (deletion)": (width, type) => AttemptSwimlane(deleted, {width, type}),
    "swimlane (outage)": (width, type) => AttemptSwimlane(outage, {width, type}),
    "receiver decisions": (width, type) => ReceiverDecisions(ordering, {width, type}),
    "receiver state": (width, type) => ReceiverState(ordering, {width, type}),
    "stage grid": (width, type) => StageGrid(message, {width, type}),
    ranking: (width, type) => RankingBreakdown(selection, {width, type}),
    candidates: (width, type) => CandidatesByStage(selection, {width, type}),
    "timestamp window": (width, type) => TimestampWindowChart({ageSeconds: 200, toleranceSeconds: 300}, {width, type}),
    race: (width, type) =>
      RaceChart(
        RACE_STRATEGIES.map((strategy) => raceTable(strategy.id, 2)),
        {width, type}
      ),
    "retry horizon": (width, type) => RetryHorizonChart(horizon.result, {width, type}),
    // An unannounced switch behind a 25-minute cache, without refetch: three failed deliveries among the rest.
    "key rotation": (width, type) =>
      KeyRotationChart(keyRotationTimeline({cacheMaxAgeSeconds: 1500, refetchOnUnknownKid: false}), {width, type}),
    load: (width, type) =>
      LoadChart([{name: STRATEGY_LABELS[storm.inputs.strategy], summary: storm.run}], {width, type}),
    "load multiples": (width, type) =>
      LoadChart(
        STORM_STRATEGIES.map((strategy) => ({name: STRATEGY_LABELS[strategy], summary: byStrategy[strategy]!})),
        {width, panelHeight: 100, type}
      ),
    delivered: (width, type) =>
      DeliveredChart(
        STORM_STRATEGIES.map((strategy) => ({
          summary: byStrategy[strategy]!,
          role: strategy === storm.inputs.strategy ? "chosen" : "other"
        })),
        {width, type}
      ),
    completion: (width, type) => CompletionChart(storm.run, {width, type}),
    work: (width, type) => WorkChart(byStrategy, storm.inputs.strategy, {width, type})
  };
}

const EXAMPLE_ID = "batch";

async function draw(): Promise<void> {
  const parameters = new URLSearchParams(location.search);
  const width = Number(parameters.get("width") ?? 640);
  const type = typeScale(Number(parameters.get("type") ?? 11));
  for (const [name, drawChart] of Object.entries(gallery())) {
    const section = document.createElement("section");
    section.dataset.chart = name;
    const heading = document.createElement("h2");
    heading.textContent = `${name} · ${width} px · ${type.body} px type`;
    section.append(heading, drawChart(width, type));
    document.body.append(section);
  }
  document.body.dataset.drawn = "true";
}

draw().catch((error) => {
  document.body.dataset.failed = String(error);
  throw error;
});
