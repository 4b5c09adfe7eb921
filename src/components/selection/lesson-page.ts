/**
 * Lesson 3's page wiring: the panel, the lab and the places it builds once, and what each cell
 * of the page asks of it. The page's cells only name these; every view is drawn through a
 * ViewSlot, whose arguments are what it reads (runtime/view-slot.ts).
 */
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import type {FieldValues} from "../../../lib/lesson-inputs/fields.js";
import {
  defaultRegistry,
  gateTable,
  policyFromInputs,
  rememberingSelectAgent,
  selectAgent,
  selectionExperiments,
  selectionInputDefaults,
  selectionInputFields,
  selectionRunLabel,
  selectionRunScript,
  selectionRunTables,
  type Policy,
  type SelectionExperiment,
  type SelectionResult,
  type SelectionStageDecision
} from "../../../lib/selection/index.js";
import {remembered} from "../../../lib/shared/remembered.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {compareRuns, type Comparison} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import {ControlPanel, type ControlPanelElement} from "../controls/control-panel.js";
import {PlaybackControl, type PlaybackValue} from "../controls/playback-control.js";
import {followedRun, ReadRunChoice, type ReadRun} from "../controls/read-run-choice.js";
import {DecisionTrace, TraceView} from "../decision-trace.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab} from "../lab.js";
import {carryVersionInLinks} from "../links/course-links.js";
import {CopyAsScript} from "../notebook/copy-as-script.js";
import {ExploreThisRun, type LessonPageFiles} from "../notebook/explore-run.js";
import {expectNear} from "../runtime/offscreen-redraws.js";
import {ViewSlot} from "../runtime/view-slot.js";
import {PanelExperimentList} from "../tour/experiment-list.js";
import {GuidedTour, panelTourOptions} from "../tour/guided-tour.js";
import {AgentInspector, AgentPicker, GateMatrix} from "./agent-inspector.js";
import {CandidatesByStage} from "./candidates-chart.js";
import {SelectionHeadline, SelectionOutcome} from "./outcome.js";
import {RankingBreakdown} from "./ranking-chart.js";
import {RemovalTable} from "./removal-table.js";
import {ScoreFormula, ScoreTable} from "./score-table.js";
import {selectionStarterCells} from "./starter-cells.js";

/** The current selection, what its inputs did not use, the pinned one, and their names. */
export interface SelectionRuns {
  result: SelectionResult;
  problems: readonly RefusedInput[];
  pinnedResult: SelectionResult | null;
  comparison: Comparison;
}

/** The pinned policy's selection (null when none). */
export function pinnedSelection(pinned: FieldValues | null): SelectionResult | null {
  return pinned === null ? null : selectAgent(defaultRegistry, policyFromInputs(pinned).policy);
}

/** What the page builds once: its panel, controls, places and lab. */
function selectionPageParts(files: LessonPageFiles) {
  const panel: ControlPanelElement<FieldValues> = ControlPanel(selectionInputFields, {
    defaults: selectionInputDefaults,
    permalink: true,
    restoreLabel: "Restore defaults",
    label: "Agent selection policy",
    pinnable: true
  });
  const places = {
    headline: ViewSlot(),
    rankingChart: ViewSlot(),
    outcome: ViewSlot(),
    candidatesChart: ViewSlot(),
    removalTable: ViewSlot(),
    scoreFormula: ViewSlot(),
    scoreTable: ViewSlot(),
    inspector: ViewSlot(),
    gateMatrix: ViewSlot()
  };
  const playbackControl = PlaybackControl<SelectionStageDecision>([], {
    label: "the six selection stages",
    clock: "stage",
    step: {name: "stage", plural: "stages"}
  });
  const trace = TraceView();
  const readRunChoice = ReadRunChoice();
  const picker = AgentPicker(defaultRegistry, {selected: "northwind-swift"});
  const tour = GuidedTour<SelectionResult, FieldValues, SelectionExperiment>(selectionExperiments, {
    lesson: "agent selection",
    ...panelTourOptions(panel, selectionRunLabel),
    labFor: () => lab
  });
  const explore = ExploreThisRun({
    lesson: "agent selection",
    frameScript: files.cellFrame,
    starters: selectionStarterCells
  });
  // The script reproduces the panel's policy as it is now.
  const copyAsScript = CopyAsScript(() => selectionRunScript(panel.value), "agent selection");
  const lab = Lab({
    label: "Agent selection lab",
    figures: places.headline,
    stage: [places.rankingChart, places.outcome, places.candidatesChart, readRunChoice, playbackControl, trace],
    controls: [tour, panel.pinBar, copyAsScript, panel]
  });
  const experimentList = PanelExperimentList(selectionExperiments, panel, lab);
  // Selects as selectAgent does, handing back what an input did not change (rememberingSelectAgent),
  // and the very same result for the same policy: pinning a run keeps the current one and its playback.
  const selector = rememberingSelectAgent();
  const select = remembered((policy: Policy) => selector(defaultRegistry, policy));
  // What exports say they show: told once per run, read when the reader exports.
  const exportedRun = ExportedRun();
  return {
    panel,
    places,
    playbackControl,
    trace,
    readRunChoice,
    picker,
    tour,
    lab,
    experimentList,
    select,
    exportedRun,
    explore,
    copyAsScript,
    tablesOf: remembered(selectionRunTables)
  };
}

type SelectionPageParts = ReturnType<typeof selectionPageParts>;

export function SelectionLessonPage(files: LessonPageFiles) {
  const page = selectionPageParts(files);
  // Choosing an agent in the table: the inspector under the picker is redrawn for it in this frame, wherever it was.
  const inspectAgent = (agentId: string) => {
    expectNear(page.places.inspector);
    page.picker.select(agentId);
    page.picker.scrollIntoView({block: "nearest"});
  };
  const gateMatrixView = (result: SelectionResult) => GateMatrix(gateTable(defaultRegistry, result), inspectAgent);
  return {
    ...page,
    runs: (inputs: FieldValues, pinnedResult: SelectionResult | null) => runsOf(page, inputs, pinnedResult),
    follow: (runs: SelectionRuns, reading: ReadRun) => follow(page, runs, reading),
    draw: (
      runs: SelectionRuns,
      followed: Followed,
      playback: PlaybackValue<SelectionStageDecision>,
      inspectedId: string,
      stageWidth: number
    ) => {
      draw(page, runs, followed, playback, stageWidth);
      page.places.inspector.draw(AgentInspector, defaultRegistry, followed.run, inspectedId);
      page.places.gateMatrix.draw(gateMatrixView, followed.run);
    }
  };
}

type Followed = {run: SelectionResult; readsPinned: boolean};

/** The selection for the panel's policy, and the pinned one beside it. */
function runsOf(page: SelectionPageParts, inputs: FieldValues, pinnedResult: SelectionResult | null): SelectionRuns {
  const checked = policyFromInputs(inputs);
  // The A2A version goes along to the other lessons.
  carryVersionInLinks(checked.policy.version);
  const result = page.select(checked.policy);
  page.readRunChoice.offer(pinnedResult !== null);
  page.experimentList.update(result);
  page.tour.update(result, inputs);
  page.explore.show(() => page.tablesOf(result, defaultRegistry), inputs);
  const comparison = compareRuns(
    selectionRunLabel(result.policy),
    pinnedResult && selectionRunLabel(pinnedResult.policy)
  );
  page.exportedRun.update(comparison.run);
  return {result, problems: checked.problems, pinnedResult, comparison};
}

/** The result the playback, the trace and the inspector follow; a new one starts its playback again. */
function follow(page: SelectionPageParts, runs: SelectionRuns, reading: ReadRun): Followed {
  const followed = followedRun(reading, runs.result, runs.pinnedResult);
  page.playbackControl.reset(followed.run.trace);
  return followed;
}

/** The lab's views and the tables below it, for the runs, the followed result and its playback. */
function draw(
  {places, trace, exportedRun}: SelectionPageParts,
  {result, problems, pinnedResult, comparison}: SelectionRuns,
  {run: read, readsPinned}: Followed,
  playback: PlaybackValue<SelectionStageDecision>,
  stageWidth: number
) {
  const revealedStages = playback.revealed.length ? playback.revealed.length : null;
  const exported = (name: string, title: string) => ({lesson: "agent selection", name, title, run: exportedRun.read});
  places.headline.draw(SelectionHeadline, result, problems, pinnedResult);
  places.outcome.draw(SelectionOutcome, result, [], {summary: false});
  places.candidatesChart.draw(
    ComparedExportable,
    candidatesOf(stageWidth, revealedStages),
    result,
    pinnedResult,
    comparison.names,
    {
      ...exported("candidates by stage", "Candidates remaining after each stage"),
      readsPinned
    }
  );
  places.rankingChart.draw(ComparedExportable, rankingOf(stageWidth), result, pinnedResult, comparison.names, {
    ...exported("ranking breakdown", "Score of each eligible agent, by weighted term")
  });
  places.removalTable.draw(RemovalTable, read, {revealedStages});
  trace.draw(DecisionTrace, playback.revealed, read.trace.length, {clock: "stage", step: "stage"});
  places.scoreFormula.draw(ScoreFormula, result);
  places.scoreTable.draw(ScoreTable, result);
}

// The result read carries the playback's revealed stages.
const candidatesOf = remembered(
  (stageWidth: number, revealedStages: number | null) =>
    (one: SelectionResult, _other: SelectionResult | null, followed: boolean, size?: ChartSize) =>
      CandidatesByStage(one, {
        width: size?.width ?? stageWidth,
        ...(size ? {type: size.type} : {}),
        revealedStages: followed ? revealedStages : null
      })
);

// Compared, each ranking is drawn on the scale both share (alongside).
const rankingOf = remembered(
  (stageWidth: number) => (one: SelectionResult, other: SelectionResult | null, _followed: boolean, size?: ChartSize) =>
    RankingBreakdown(one, {width: size?.width ?? stageWidth, ...(size ? {type: size.type} : {}), alongside: other})
);
