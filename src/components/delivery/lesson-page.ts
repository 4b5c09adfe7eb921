/**
 * Lesson 1's page wiring: the controls and places it builds once, and what each cell of the page
 * asks of it (a run from the inputs, the run the playback follows, the views drawn for them).
 * The page's cells only name these; every view is drawn through a ViewSlot, whose arguments are
 * what it reads (runtime/view-slot.ts), so a view an input did not change is not drawn again.
 */
import {
  compareSenders,
  deliveryConfigFromInputs,
  deliveryRunScript,
  deliveryRunTables,
  deliveryExperiments,
  deliveryInputDefaults,
  deliveryInputFields,
  deliveryLessonGroups,
  deliveryRunLabel,
  pushConfigRequest,
  senderPreset,
  simulateResolvedDelivery,
  type DeliveryConfig,
  type DeliveryExperiment,
  type DeliveryRun
} from "../../../lib/delivery/index.js";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import type {FieldValues} from "../../../lib/lesson-inputs/fields.js";
import {remembered} from "../../../lib/shared/remembered.js";
import {compareRuns, type Comparison} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {ControlPanel, type ControlPanelElement} from "../controls/control-panel.js";
import {PlaybackControl, type PlaybackValue} from "../controls/playback-control.js";
import {followedRun, ReadRunChoice, type ReadRun} from "../controls/read-run-choice.js";
import {DecisionTrace, TraceView} from "../decision-trace.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab} from "../lab.js";
import {CopyAsScript} from "../notebook/copy-as-script.js";
import {ExploreThisRun, type LessonPageFiles} from "../notebook/explore-run.js";
import {carryVersionInLinks} from "../links/course-links.js";
import {scrollToTopOfScreen} from "../runtime/scroll-into-view.js";
import {ViewSlot, type ViewSlotElement} from "../runtime/view-slot.js";
import {PanelExperimentList} from "../tour/experiment-list.js";
import {GuidedTour, panelTourOptions} from "../tour/guided-tour.js";
import {AttemptSwimlane} from "./attempt-swimlane.js";
import {PushConfigRegistration} from "./push-config-registration.js";
import {ReceiverDecisions, ReceiverState} from "./receiver-charts.js";
import {registrationCheckIfRequested, registrationRequested, requestRegistrationCheck} from "./registration-check.js";
import {SenderComparisonTable} from "./sender-comparison-table.js";
import {SenderFacts} from "./sender-facts.js";
import {deliveryStarterCells} from "./starter-cells.js";
import {DeliverySummaryFigures} from "./summary-figures.js";
import {AttemptInspector, UpdateTable} from "./update-table.js";

type Inputs = FieldValues;

/** The current run, what its inputs did not use, and the pinned run of a comparison. */
export interface DeliveryRuns {
  run: DeliveryRun;
  problems: readonly RefusedInput[];
  pinnedRun: DeliveryRun | null;
  comparison: Comparison;
}

/** The run the playback, the trace and the inspector follow, and where its playback stands. */
export interface FollowedDelivery {
  readRun: DeliveryRun;
  readsPinned: boolean;
  playback: PlaybackValue<DeliveryRun["decisions"][number]>;
}

/** A run from the panel's values: validated once (deliveryConfigFromInputs), then simulated as it is. */
export function deliveryRunOf(inputs: Readonly<Record<string, unknown>>): {run: DeliveryRun; problems: RefusedInput[]} {
  const {config, problems} = deliveryConfigFromInputs(inputs);
  return {run: simulateResolvedDelivery(config), problems};
}

/** What the page builds once: its controls, places and lab. */
function deliveryPageParts(files: LessonPageFiles) {
  const panel: ControlPanelElement<Inputs> = ControlPanel(deliveryInputFields, {
    defaults: deliveryInputDefaults as unknown as Inputs,
    permalink: true,
    restoreLabel: "Common baseline settings",
    label: "Push delivery inputs",
    pinnable: true
  });
  const places = {
    summaryFigures: ViewSlot(),
    swimlane: ViewSlot(),
    senderFacts: ViewSlot(),
    registration: ViewSlot(),
    receiverDecisions: ViewSlot(),
    receiverState: ViewSlot(),
    inspector: ViewSlot(),
    senderComparison: ViewSlot()
  };
  const trace = TraceView();
  const playbackControl = PlaybackControl<DeliveryRun["decisions"][number]>([], {label: "the delivery trace"});
  const readRunChoice = ReadRunChoice();
  const tour = GuidedTour<DeliveryRun, Inputs, DeliveryExperiment>(deliveryExperiments, {
    lesson: "push delivery",
    ...panelTourOptions(panel, deliveryRunLabel),
    labFor: () => lab
  });
  // The request that registers the push config, shown under the setup controls that shape it.
  panel.showInGroup(deliveryLessonGroups.setup, places.registration);
  const explore = ExploreThisRun({
    lesson: "push delivery",
    frameScript: files.cellFrame,
    starters: deliveryStarterCells
  });
  const copyAsScript = CopyAsScript(() => deliveryRunScript(panel.value), "push delivery");
  const lab = Lab({
    label: "Push delivery lab",
    figures: places.summaryFigures,
    stage: [places.swimlane, readRunChoice, playbackControl, trace],
    controls: [tour, panel.pinBar, copyAsScript, places.senderFacts, panel]
  });
  const experimentList = PanelExperimentList(deliveryExperiments, panel, lab);
  // What exports say they show: told once per run, read when the reader exports.
  const exportedRun = ExportedRun();
  // The current run, remembered by the inputs: pinning a run (which calls runs again) keeps it and its playback.
  const currentRun = remembered(deliveryRunOf);
  return {
    explore,
    copyAsScript,
    tablesOf: remembered(deliveryRunTables),
    currentRun,
    panel,
    places,
    trace,
    playbackControl,
    readRunChoice,
    updateTable: UpdateTable(),
    tour,
    lab,
    experimentList,
    exportedRun
  };
}

type DeliveryPageParts = ReturnType<typeof deliveryPageParts>;

export function DeliveryLessonPage(files: LessonPageFiles) {
  const page = deliveryPageParts(files);
  // A lane click chooses the update and brings its inspector into view (the lab's lane stays outlined).
  const inspectUpdate = (index: number) => {
    page.updateTable.select(index);
    scrollToTopOfScreen(page.places.inspector);
  };
  return {
    ...page,
    runs: (inputs: Inputs, pinnedRun: DeliveryRun | null, pinned: Inputs | null) =>
      runsOf(page, inputs, pinnedRun, pinned),
    follow: (runs: DeliveryRuns, reading: ReadRun) => follow(page, runs, reading),
    draw: (runs: DeliveryRuns, followed: FollowedDelivery, selectedUpdate: number, widths: DeliveryWidths) =>
      draw(page, runs, followed, {selectedUpdate, onSelectUpdate: inspectUpdate}, widths)
  };
}

/** The current run and the pinned one (computed again only when the pin changes, as a cell reads it). */
function runsOf(
  page: DeliveryPageParts,
  inputs: Inputs,
  pinnedRun: DeliveryRun | null,
  pinned: Inputs | null
): DeliveryRuns {
  const {run, problems} = page.currentRun(inputs);
  // The A2A version goes along to the other lessons.
  carryVersionInLinks(run.config.version);
  page.readRunChoice.offer(pinnedRun !== null);
  page.experimentList.update(run);
  page.tour.update(run, inputs);
  const comparison = compareRuns(deliveryRunLabel(inputs), pinned === null ? null : deliveryRunLabel(pinned));
  page.exportedRun.update(comparison.run);
  page.explore.show(() => page.tablesOf(run), inputs);
  return {run, problems, pinnedRun, comparison};
}

/** The run the reader follows; a new one starts its playback from the beginning. */
function follow(page: DeliveryPageParts, runs: DeliveryRuns, reading: ReadRun): Omit<FollowedDelivery, "playback"> {
  const {run: readRun, readsPinned} = followedRun(reading, runs.run, runs.pinnedRun);
  page.playbackControl.reset(readRun.decisions);
  page.updateTable.update(readRun);
  return {readRun, readsPinned};
}

/** The widths the lab's stage and the page's column give the charts. */
interface DeliveryWidths {
  stageWidth: number;
  width: number;
}

/** Every view of the lesson's first part, for the runs, the followed run and its playback. */
function draw(
  {places, trace, exportedRun}: DeliveryPageParts,
  runs: DeliveryRuns,
  {readRun, readsPinned, playback}: FollowedDelivery,
  chosen: Omit<LaneFollowing, "cursorSeconds">,
  {stageWidth, width}: DeliveryWidths
) {
  const {run, pinnedRun, comparison} = runs;
  const cursorSeconds = playback.revealed.length ? playback.modeledSeconds : null;
  const exported = (name: string, title: string) => ({
    lesson: "push delivery",
    name,
    title,
    run: exportedRun.read,
    readsPinned
  });
  const compared = [run, pinnedRun, comparison.names] as const;
  places.summaryFigures.draw(DeliverySummaryFigures, run, runs.problems, pinnedRun);
  places.senderFacts.draw(SenderFacts, senderPreset(run.config.sender), run.config.senderTimeoutSeconds);
  const {callbackUrl, credential, version} = run.config;
  places.registration.draw(
    registrationView,
    places.registration,
    callbackUrl,
    credential,
    version,
    registrationRequested()
  );
  const lane = {cursorSeconds, ...chosen};
  places.swimlane.draw(
    ComparedExportable,
    swimlaneOf(stageWidth, lane),
    ...compared,
    exported("attempt swimlane", "Webhook attempts per update")
  );
  const decisions = decisionsOf(width, cursorSeconds);
  places.receiverDecisions.draw(
    ComparedExportable,
    decisions,
    ...compared,
    exported("receiver decisions", "Receiver decisions over time")
  );
  const state = stateOf(width, cursorSeconds);
  places.receiverState.draw(
    ComparedExportable,
    state,
    ...compared,
    exported("receiver state", "What the receiver shows over time")
  );
  places.inspector.draw(AttemptInspector, readRun, chosen.selectedUpdate);
  trace.draw(DecisionTrace, playback.revealed, readRun.decisions.length);
  places.senderComparison.draw(senderComparisonView, run.config);
}

// Checked by lesson 2's six gates once the reader asks (lesson 2's checker loads then; see registration-check.ts).
function registrationView(
  place: ViewSlotElement,
  callbackUrl: string,
  credential: DeliveryConfig["credential"],
  version: DeliveryConfig["version"],
  asked: boolean
): Element {
  const request = pushConfigRequest({callbackUrl, credential}, version);
  const lesson2 = asked ? registrationCheckIfRequested() : null;
  const checked =
    lesson2 === null ? null : lesson2.runMessageTransaction(request.text, {version, operation: "set-push-config"});
  // Asked for: drawn again at once, so the view waits for the checker ("Checking…") and draws the verdict when it is here.
  return PushConfigRegistration(request, checked, () => {
    void requestRegistrationCheck();
    place.draw(registrationView, place, callbackUrl, credential, version, true);
  });
}

/** What the swimlane draws for a lane that follows the playback (the cursor, the chosen update). */
interface LaneFollowing {
  cursorSeconds: number | null;
  selectedUpdate: number;
  onSelectUpdate: (index: number) => void;
}

// Compared, the pinned run is drawn above the current one, on one time axis; the run read carries the cursor.
// Memoised by its reads: a new function only when the width or what the lane follows changes.
const swimlaneOf = remembered(
  (stageWidth: number, lane: LaneFollowing) =>
    (one: DeliveryRun, other: DeliveryRun | null, followed: boolean, size?: ChartSize) =>
      AttemptSwimlane(one, {
        width: size?.width ?? stageWidth,
        ...(size ? {type: size.type} : {}),
        alongside: other,
        ...(followed ? lane : {})
      })
);

/** A receiver chart of one run at the page's width, or a slide's size; the run followed carries the cursor. */
const receiverChartOf = (chart: typeof ReceiverDecisions) =>
  // One remembered factory per chart: a factory shared by two charts would make a new view at each call.
  remembered(
    (width: number, cursorSeconds: number | null) =>
      (one: DeliveryRun, other: DeliveryRun | null, followed: boolean, size?: ChartSize) =>
        chart(one, {
          width: size?.width ?? width,
          ...(size ? {type: size.type} : {}),
          alongside: other,
          cursorSeconds: followed ? cursorSeconds : null
        })
  );
const decisionsOf = receiverChartOf(ReceiverDecisions);
const stateOf = receiverChartOf(ReceiverState);

// Every sender under the lesson's inputs: computed in the view, so only when the config changed.
const senderComparisonView = (config: DeliveryConfig) =>
  SenderComparisonTable(compareSenders(config), {version: config.version});
