// The message transaction lesson's editor, inspectors and chart.
export {RequestEditor} from "./request-editor.js";
export {StageGates, RequestPicker, gateCursor} from "./stages.js";
export {StageGrid} from "./stage-grid.js";
export {FindingList} from "./findings.js";
export {PartInspector} from "./parts.js";
export {ReceiptsAndClient, ResponseView, TransactionSummary} from "./exchange.js";
export {SpecNoteList} from "./spec-notes.js";
export {GateTrace} from "./gate-trace.js";
export {MessageLessonPage, pinnedMessageRun} from "./lesson-page.js";
