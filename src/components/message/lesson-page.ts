/**
 * Lesson 2's page wiring: the editor, the lab and the places it builds once, and what each cell
 * of the page asks of it. The page's cells only name these; every view is drawn through a
 * ViewSlot, whose arguments are what it reads (runtime/view-slot.ts).
 */
import {hasMessageStepRequest, messageTour, type MessageTourStep} from "../../../lib/message/tour.js";
import {MESSAGE_EXAMPLES, messageRunLabel} from "../../../lib/message/examples.js";
import {SPEC_NOTES as MESSAGE_SPEC_NOTES} from "../../../lib/message/spec-notes.js";
import {messageRunScript} from "../../../lib/message/run-script.js";
import {messageRunTables} from "../../../lib/message/run-tables.js";
import {runMessageTransaction, type MessageTransaction} from "../../../lib/message/transaction.js";
import type {MessageLinkState} from "../../../lib/message/permalink.js";
import type {StageDecision as MessageStageDecision} from "../../../lib/message/trace.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";
import {remembered} from "../../../lib/shared/remembered.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {compareRuns, type Comparison} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import {PlaybackControl, type PlaybackValue} from "../controls/playback-control.js";
import {followedRun, ReadRunChoice, type ReadRun} from "../controls/read-run-choice.js";
import {TraceView} from "../decision-trace.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab} from "../lab.js";
import {carryVersionInLinks} from "../links/course-links.js";
import {CopyAsScript} from "../notebook/copy-as-script.js";
import {ExploreThisRun, type LessonPageFiles} from "../notebook/explore-run.js";
import {ViewSlot} from "../runtime/view-slot.js";
import {GuidedTour} from "../tour/guided-tour.js";
import {ReceiptsAndClient, ResponseView, TransactionSummary} from "./exchange.js";
import {FindingList} from "./findings.js";
import {GateTrace} from "./gate-trace.js";
import {PartInspector} from "./parts.js";
import {PrintedRequest} from "./printed-request.js";
import {RequestEditor} from "./request-editor.js";
import {SpecNoteList} from "./spec-notes.js";
import {StageGrid} from "./stage-grid.js";
import {gateCursor, RequestPicker, StageGates, type GateCursor} from "./stages.js";
import {messageStarterCells} from "./starter-cells.js";

/** The current transaction, the pinned one of a comparison, and what the chart's exports say they show. */
export interface MessageRuns {
  transaction: MessageTransaction;
  pinnedTransaction: MessageTransaction | null;
  comparison: Comparison;
}

/** The pinned request of a comparison, run (null when none). */
export function pinnedMessageRun(pinned: MessageLinkState | null): MessageTransaction | null {
  return pinned === null ? null : runMessageTransaction(pinned.requestText, {version: pinned.version});
}

/**
 * The page's own files (FileAttachments, whose URLs Framework resolves on the page): its cells'
 * frame script and the translation worker.
 */
export interface MessageLessonPageFiles extends LessonPageFiles {
  translateWorker: string;
}

/** What the page builds once: its editor, controls, places and lab. */
function messagePageParts(files: MessageLessonPageFiles) {
  const editor = RequestEditor(MESSAGE_EXAMPLES, {
    permalink: true,
    pinnable: true,
    translateWorkerUrl: files.translateWorker
  });
  const places = {
    printedRequest: ViewSlot(),
    summary: ViewSlot(),
    stageChart: ViewSlot(),
    stageGates: ViewSlot(),
    findingList: ViewSlot(),
    partInspector: ViewSlot(),
    responseView: ViewSlot(),
    receiptsAndClient: ViewSlot(),
    touchedNotes: ViewSlot(),
    allNotes: ViewSlot()
  };
  const playbackControl = PlaybackControl<MessageStageDecision>([], {
    label: "the six gates",
    clock: "stage",
    step: {name: "gate", plural: "gate decisions"}
  });
  const gateTrace = TraceView();
  const readRunChoice = ReadRunChoice();
  // Kept across edits: the reader's choice stays while the request exists.
  const requestPicker = RequestPicker();
  const tour = GuidedTour<MessageTransaction, string, MessageTourStep>(messageTour, {
    lesson: "message transaction",
    setUp: (step) => editor.chooseExample(step.exampleId),
    isSetUp: hasMessageStepRequest,
    describeSetUp: (step) => `the example request “${step.title}”`,
    labFor: () => lab
  });
  // What exports say they show: told once per run, read when the reader exports.
  const exportedRun = ExportedRun();
  const explore = ExploreThisRun({
    lesson: "message transaction",
    frameScript: files.cellFrame,
    starters: messageStarterCells
  });
  // The script reproduces the editor's request as it is now (its text and version are the run's inputs).
  const copyAsScript = CopyAsScript(
    () => messageRunScript(editor.value, editor.versionInput.value),
    "message transaction"
  );
  const lab = Lab({
    label: "Message transaction lab",
    figures: places.summary,
    stage: [places.stageChart, readRunChoice, playbackControl, gateTrace],
    controls: [tour, editor.pinBar, copyAsScript, editor],
    balance: "even"
  });
  // The current transaction, remembered by the text and version: pinning one keeps it and its playback.
  const currentRun = remembered((requestText: string, version: MessageVersion) =>
    runMessageTransaction(requestText, {version})
  );
  return {
    editor,
    places,
    playbackControl,
    gateTrace,
    readRunChoice,
    requestPicker,
    tour,
    exportedRun,
    lab,
    currentRun,
    explore,
    copyAsScript,
    tablesOf: remembered(messageRunTables)
  };
}

type MessagePageParts = ReturnType<typeof messagePageParts>;

export function MessageLessonPage(files: MessageLessonPageFiles) {
  const page = messagePageParts(files);
  return {
    ...page,
    runs: (
      requestText: string,
      version: MessageVersion,
      pinned: MessageLinkState | null,
      pinnedTransaction: MessageTransaction | null
    ) => runsOf(page, requestText, version, pinned, pinnedTransaction),
    follow: (runs: MessageRuns, reading: ReadRun) => follow(page, runs, reading),
    draw: (
      runs: MessageRuns,
      followed: Followed,
      playback: PlaybackValue<MessageStageDecision>,
      picked: number,
      stageWidth: number
    ) => draw(page, runs, followed, playback, picked, stageWidth)
  };
}

type Followed = {run: MessageTransaction; readsPinned: boolean};

/** The request run through the six gates, its findings marked in the editor, and the pinned one beside it. */
function runsOf(
  {editor, tour, readRunChoice, exportedRun, places, currentRun, explore, tablesOf}: MessagePageParts,
  requestText: string,
  version: MessageVersion,
  pinned: MessageLinkState | null,
  pinnedTransaction: MessageTransaction | null
): MessageRuns {
  // The A2A version goes along to the other lessons.
  carryVersionInLinks(version);
  const transaction = currentRun(requestText, version);
  editor.mark(requestText, transaction.findings);
  tour.update(transaction, requestText);
  explore.show(() => tablesOf(transaction), {requestText, version});
  readRunChoice.offer(pinnedTransaction !== null);
  const comparison = compareRuns(
    messageRunLabel(editor.exampleId, requestText, version),
    pinned === null ? null : messageRunLabel(pinned.exampleId, pinned.requestText, pinned.version)
  );
  exportedRun.update(comparison.run);
  places.printedRequest.draw(
    PrintedRequest,
    {text: requestText, version},
    pinned && {text: pinned.requestText, version: pinned.version}
  );
  return {transaction, pinnedTransaction, comparison};
}

/** The transaction the playback, the gate trace and the inspectors follow; a new one starts its playback again. */
function follow({playbackControl, requestPicker}: MessagePageParts, runs: MessageRuns, reading: ReadRun): Followed {
  const followed = followedRun(reading, runs.transaction, runs.pinnedTransaction);
  playbackControl.reset(followed.run.trace);
  requestPicker.update(followed.run);
  return followed;
}

/** Every view, for the runs, the followed transaction, its playback and the picked request. */
function draw(
  {places, gateTrace, editor, exportedRun}: MessagePageParts,
  {transaction, pinnedTransaction, comparison}: MessageRuns,
  {run: read, readsPinned}: Followed,
  playback: PlaybackValue<MessageStageDecision>,
  picked: number,
  stageWidth: number
) {
  const cursor = cursorOf(playback.revealed);
  const outcome = read.requests[picked] ?? read.requests[0]!;
  places.summary.draw(TransactionSummary, transaction, pinnedTransaction);
  places.stageChart.draw(
    ComparedExportable,
    stagesOf(stageWidth, cursor),
    transaction,
    pinnedTransaction,
    comparison.names,
    {
      lesson: "message transaction",
      name: "stages per request",
      title: "Where each request stopped, and what the client concluded",
      run: exportedRun.read,
      readsPinned
    }
  );
  places.stageGates.draw(StageGates, read, outcome, cursor);
  gateTrace.draw(GateTrace, playback.revealed, read.trace.length);
  places.findingList.draw(FindingList, transaction.findings, {onLocate: editor.reveal});
  places.partInspector.draw(PartInspector, outcome, read.version.version ?? "1.0");
  places.responseView.draw(ResponseView, transaction);
  places.receiptsAndClient.draw(ReceiptsAndClient, transaction);
  places.touchedNotes.draw(SpecNoteList, transaction.specNotes);
  places.allNotes.draw(allNotesView, transaction.specNotes);
}

const cursorOf = remembered(gateCursor);

// Compared, the pinned request's stages are drawn whole above the current one's.
const stagesOf = remembered(
  (stageWidth: number, cursor: GateCursor | null) =>
    (one: MessageTransaction, other: MessageTransaction | null, followed: boolean, size?: ChartSize) =>
      StageGrid(one, {
        width: size?.width ?? stageWidth,
        ...(size ? {type: size.type} : {}),
        cursor: followed ? cursor : null
      })
);

// Every note, those the request touched marked: drawn again only when the touched ones change.
const allNotesView = (touched: MessageTransaction["specNotes"]) =>
  SpecNoteList(Object.values(MESSAGE_SPEC_NOTES), {touched: new Set(touched.map((note) => note.id))});
