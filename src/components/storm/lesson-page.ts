/**
 * Lesson 5's page wiring: the panel, the storm runners (a worker each), the lab and the places it
 * builds once, and what each cell of the page asks of it. The page's cells only name these; every
 * view is drawn through a ViewSlot, whose arguments are what it reads (runtime/view-slot.ts).
 */
import type {FieldValues} from "../../../lib/lesson-inputs/fields.js";
import type {Decision} from "../../../lib/playback/decision.js";
import {remembered} from "../../../lib/shared/remembered.js";
import {
  checkStormInputs,
  STORM_STRATEGIES,
  stormExperiments,
  stormLessonDefaults,
  stormLessonFields,
  stormRunLabel,
  stormRunScript,
  stormRunTables,
  STRATEGY_LABELS,
  type StormExperiment,
  type StormSummary
} from "../../../lib/storm/index.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {compareRuns, type Comparison} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import {heightToAsk} from "../chart/type-scale.js";
import {ControlPanel, type ControlPanelElement} from "../controls/control-panel.js";
import {PlaybackControl, type PlaybackValue} from "../controls/playback-control.js";
import {followedRun, ReadRunChoice, type ReadRun} from "../controls/read-run-choice.js";
import {DecisionTrace, TraceView} from "../decision-trace.js";
import {ExportableChart} from "../export/export-buttons.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab} from "../lab.js";
import {carryVersionInLinks} from "../links/course-links.js";
import {InputNotices} from "../links/input-notices.js";
import {CopyAsScript} from "../notebook/copy-as-script.js";
import {ExploreThisRun, type LessonPageFiles} from "../notebook/explore-run.js";
import {inputValues} from "../runtime/observe.js";
import {ViewSlot} from "../runtime/view-slot.js";
import {PanelExperimentList} from "../tour/experiment-list.js";
import {GuidedTour, panelTourOptions} from "../tour/guided-tour.js";
import {ChartPlaceholder} from "./chart-placeholder.js";
import {CompletionChart} from "./completion-chart.js";
import {DeliveredChart, type DeliveredLine} from "./delivered-chart.js";
import {LoadChart, type LoadPanel} from "./load-chart.js";
import {StormFigures} from "./storm-figures.js";
import {stormStarterCells} from "./starter-cells.js";
import {StormRunner, type ChosenStorm, type StormResults} from "./storm-runner.js";
import {StrategyTable, WorkChart} from "./work-chart.js";

/** The storm the playback and the trace follow, and the names of the current and pinned runs. */
export interface StormReading {
  comparison: Comparison;
  readRun: StormSummary;
  readsPinned: boolean;
}

// One entry of the storm's history, named alike by the playback and the trace.
const STRETCH = {name: "stretch", plural: "stretches"};

const isStorm = <T>(value: T | null): value is T => value !== null;

/**
 * The page's own files (FileAttachments, whose URLs Framework resolves on the page): its cells'
 * frame script and the storm worker.
 */
export interface StormLessonPageFiles extends LessonPageFiles {
  worker: string;
}

/** What the page builds once: its panel, the storm runners, controls, places and lab. */
function stormPageParts(files: StormLessonPageFiles) {
  const panel: ControlPanelElement<FieldValues> = ControlPanel(stormLessonFields, {
    defaults: stormLessonDefaults as unknown as FieldValues,
    permalink: true,
    restoreLabel: "Lesson defaults",
    label: "Retry storm inputs",
    pinnable: true
  });
  // The lesson's storms under every strategy, and the pinned run's, each in a worker of its own.
  const runner = StormRunner({workerUrl: files.worker, scope: "all", label: "the storm"});
  const pinnedRunner = StormRunner({workerUrl: files.worker, scope: "chosen", label: "the pinned storm"});
  const places = {
    figures: ViewSlot(),
    loadChart: ViewSlot(),
    inputNotices: ViewSlot(),
    multiples: ViewSlot(),
    delivered: ViewSlot(),
    completion: ViewSlot(),
    work: ViewSlot(),
    strategyTable: ViewSlot()
  };
  // Until the worker's first storm is here, each chart's place holds its height (see ChartPlaceholder).
  places.loadChart.show(ChartPlaceholder(330));
  places.multiples.show(ChartPlaceholder(700));
  places.delivered.show(ChartPlaceholder(310));
  places.completion.show(ChartPlaceholder(300));
  places.work.show(ChartPlaceholder(290));
  places.strategyTable.show(ChartPlaceholder(220, ""));
  const playbackControl = PlaybackControl<Decision>([], {label: "the storm's history", step: STRETCH});
  const trace = TraceView();
  const readRunChoice = ReadRunChoice();
  const tour = GuidedTour<StormSummary, FieldValues, StormExperiment>(stormExperiments, {
    lesson: "retry storms",
    ...panelTourOptions(panel, (values) => stormRunLabel(checkStormInputs(values).values)),
    labFor: () => lab
  });
  const stage = [runner, pinnedRunner, places.loadChart, readRunChoice, playbackControl, trace];
  // The script reproduces the panel's inputs as they are now (the seed among them).
  const copyAsScript = CopyAsScript(() => stormRunScript(panel.value), "retry storms");
  const controls = [tour, panel.pinBar, copyAsScript, panel];
  const lab = Lab({label: "Retry storm lab", figures: places.figures, stage, controls});
  const experimentList = PanelExperimentList(stormExperiments, panel, lab);
  // What exports say they show: told once per run, read when the reader exports.
  const exportedRun = ExportedRun();
  return {
    panel,
    runner,
    pinnedRunner,
    places,
    playbackControl,
    trace,
    readRunChoice,
    tour,
    lab,
    experimentList,
    exportedRun,
    explore: ExploreThisRun({lesson: "retry storms", frameScript: files.cellFrame, starters: stormStarterCells}),
    copyAsScript,
    tablesOf: remembered(stormRunTables)
  };
}

type StormPageParts = ReturnType<typeof stormPageParts>;

export function StormLessonPage(files: StormLessonPageFiles) {
  const page = stormPageParts(files);
  return {
    ...page,
    request: (inputs: FieldValues) => request(page, inputs),
    /** The chosen strategy's storm, once per request, and every strategy's once all five are in. */
    storms: {chosen: () => inputValues(page.runner.chosenRun, isStorm), all: () => inputValues(page.runner, isStorm)},
    pinnedStorm: (pinned: FieldValues | null) => pinnedStorm(page, pinned),
    follow: (lesson: ChosenStorm, pinned: ChosenStorm | null, reading: ReadRun) =>
      follow(page, lesson, pinned, reading),
    drawLab: (
      lesson: ChosenStorm,
      pinned: ChosenStorm | null,
      reads: StormReading,
      playback: PlaybackValue<Decision>,
      widths: {stageWidth: number; width: number}
    ) => drawLab(page, lesson, pinned, reads, playback, widths),
    drawStorms: (storm: StormResults, pinned: ChosenStorm | null, playback: PlaybackValue<Decision>, width: number) =>
      drawStorms(page, storm, pinned, playback, width)
  };
}

/** Asks the worker for the inputs' storms; a refused input is named at once, and the worker runs what the check kept. */
function request({runner, places}: StormPageParts, inputs: FieldValues): void {
  const checked = checkStormInputs(inputs);
  runner.request(checked.values);
  // The A2A version goes along to the other lessons.
  carryVersionInLinks(checked.values.version);
  places.inputNotices.draw(InputNotices, checked.refused);
}

/** The pinned run of a comparison, from its own worker (null when none): its values once its storm is in. */
function pinnedStorm({pinnedRunner}: StormPageParts, pinned: FieldValues | null) {
  if (pinned === null) return null;
  const id = pinnedRunner.request(checkStormInputs(pinned).values);
  return inputValues(pinnedRunner.chosenRun, (value): value is ChosenStorm => value?.id === id);
}

/** The storm the playback and the trace follow; a new one starts its playback again. */
function follow(page: StormPageParts, lesson: ChosenStorm, pinned: ChosenStorm | null, reading: ReadRun): StormReading {
  page.readRunChoice.offer(pinned !== null);
  page.tour.update(lesson.run, lesson.config);
  page.experimentList.update(lesson.run);
  const comparison = compareRuns(stormRunLabel(lesson.config), pinned && stormRunLabel(pinned.config));
  page.exportedRun.update(comparison.run);
  const {run: readRun, readsPinned} = followedRun(reading, lesson.run, pinned?.run ?? null);
  page.playbackControl.reset(readRun.history);
  return {comparison, readRun, readsPinned};
}

/** The lab's views: the figures, the load chart (the storm read carries the cursor) and the trace. */
function drawLab(
  {places, trace, exportedRun}: StormPageParts,
  lesson: ChosenStorm,
  pinned: ChosenStorm | null,
  {readRun, readsPinned, comparison}: StormReading,
  playback: PlaybackValue<Decision>,
  {stageWidth, width}: {stageWidth: number; width: number}
): void {
  const cursorSeconds = playback.revealed.length ? playback.modeledSeconds : null;
  places.figures.draw(StormFigures, lesson.run, pinned?.run ?? null);
  const cursor = {cursorSeconds, cursorPanel: pinned === null || readsPinned ? 0 : 1};
  places.loadChart.draw(loadChartView, loadPanels(lesson, pinned), cursor, stageWidth, exportedRun.read);
  trace.draw(DecisionTrace, playback.revealed, readRun.history.length, {entry: STRETCH});
  // The chosen strategy's storm alone: drawn without waiting for the other strategies' storms.
  places.completion.draw(ComparedExportable, completionOf(width), lesson.run, pinned?.run ?? null, comparison.names, {
    lesson: "retry storms",
    name: "completion times",
    title: "Time from production to acknowledgement",
    run: exportedRun.read
  });
}

/** The views of every strategy's storm, below the lab, and its tables under "Explore this run". */
function drawStorms(
  {places, exportedRun, explore, tablesOf}: StormPageParts,
  storm: StormResults,
  pinned: ChosenStorm | null,
  playback: PlaybackValue<Decision>,
  width: number
): void {
  const cursorSeconds = playback.revealed.length ? playback.modeledSeconds : null;
  const read = exportedRun.read;
  places.multiples.draw(multiplesView, strategyPanels(storm), width, read);
  places.delivered.draw(deliveredView, deliveredLines(storm, pinned), width, cursorSeconds, read);
  places.work.draw(workView, storm.byStrategy, storm.config.strategy, width, read);
  places.strategyTable.draw(StrategyTable, storm.byStrategy, storm.config.strategy);
  // The storms arrive after the inputs that asked for them: the cells see the inputs these storms ran with.
  explore.show(() => tablesOf(storm.byStrategy), storm.config);
}

type ExportedRead = ReturnType<typeof ExportedRun>["read"];

// Compared, the pinned storm is drawn above the current one on the same scales.
const loadPanels = remembered((lesson: ChosenStorm, pinned: ChosenStorm | null): LoadPanel[] =>
  pinned === null
    ? [{name: STRATEGY_LABELS[lesson.config.strategy], summary: lesson.run}]
    : [
        {name: `Pinned run (${STRATEGY_LABELS[pinned.config.strategy]})`, summary: pinned.run},
        {name: `Current run (${STRATEGY_LABELS[lesson.config.strategy]})`, summary: lesson.run}
      ]
);

const strategyPanels = remembered((storm: StormResults): LoadPanel[] =>
  STORM_STRATEGIES.filter((strategy) => storm.byStrategy[strategy]).map((strategy) => ({
    name: `${STRATEGY_LABELS[strategy]}${strategy === storm.config.strategy ? " (chosen)" : ""}`,
    summary: storm.byStrategy[strategy]!
  }))
);

const deliveredLines = remembered((storm: StormResults, pinned: ChosenStorm | null): DeliveredLine[] => [
  ...STORM_STRATEGIES.filter((strategy) => storm.byStrategy[strategy]).map((strategy) => ({
    summary: storm.byStrategy[strategy]!,
    role: strategy === storm.config.strategy ? ("chosen" as const) : ("other" as const)
  })),
  ...(pinned ? [{summary: pinned.run, role: "pinned" as const}] : [])
]);

// On a slide the panels share the height there is, less the legend, the axis and each panel's name.
const panelHeightAt = (size: ChartSize, count: number) =>
  heightToAsk(Math.max(2 * size.type.line, (size.height - 6 * size.type.line) / count - size.type.line), size.type);

const loadChartView = (
  panels: readonly LoadPanel[],
  {cursorSeconds, cursorPanel}: {cursorSeconds: number | null; cursorPanel: number},
  width: number,
  run: ExportedRead
) => {
  const panelHeight = panels.length > 1 ? 140 : 200;
  return ExportableChart(LoadChart(panels, {width, panelHeight, cursorSeconds, cursorPanel}), {
    lesson: "retry storms",
    name: "receiver load",
    title: "Requests per second reaching the receiver",
    run,
    whole: () => LoadChart(panels, {width, panelHeight}),
    drawAt: (size, whole) =>
      LoadChart(panels, {
        width: size.width,
        type: size.type,
        panelHeight: panelHeightAt(size, panels.length),
        ...(whole ? {} : {cursorSeconds, cursorPanel})
      })
  });
};

const multiplesView = (panels: readonly LoadPanel[], width: number, run: ExportedRead) =>
  ExportableChart(LoadChart(panels, {width, panelHeight: width < 560 ? 90 : 110}), {
    lesson: "retry storms",
    name: "every strategy",
    title: "The same storm under every retry strategy",
    run,
    drawAt: (size) =>
      LoadChart(panels, {width: size.width, type: size.type, panelHeight: panelHeightAt(size, panels.length)})
  });

const deliveredView = (
  lines: readonly DeliveredLine[],
  width: number,
  cursorSeconds: number | null,
  run: ExportedRead
) =>
  ExportableChart(DeliveredChart(lines, {width, cursorSeconds}), {
    lesson: "retry storms",
    name: "delivered over time",
    title: "Share of updates acknowledged over time",
    run,
    whole: () => DeliveredChart(lines, {width}),
    // The slide's height less the legend's lines.
    drawAt: (size, whole) =>
      DeliveredChart(lines, {
        width: size.width,
        type: size.type,
        height: heightToAsk(size.height - 3 * size.type.line, size.type),
        ...(whole ? {} : {cursorSeconds})
      })
  });

const completionOf = remembered(
  (width: number) => (one: StormSummary, other: StormSummary | null, _followed: boolean, size?: ChartSize) =>
    size
      ? CompletionChart(one, {
          width: size.width,
          type: size.type,
          alongside: other,
          height: heightToAsk(size.height - 2 * size.type.line, size.type)
        })
      : CompletionChart(one, {width, alongside: other})
);

const workView = (
  byStrategy: StormResults["byStrategy"],
  chosen: StormResults["config"]["strategy"],
  width: number,
  run: ExportedRead
) =>
  ExportableChart(WorkChart(byStrategy, chosen, {width}), {
    lesson: "retry storms",
    name: "work per strategy",
    title: "Requests sent for the same storm, by retry strategy",
    run,
    drawAt: (size) => WorkChart(byStrategy, chosen, {width: size.width, type: size.type})
  });
