// The message transaction lesson's editor, inspectors and chart.
export {RequestEditor, type RequestEditorElement} from "./request-editor.js";
export {highlightSegments, MIRROR_CHARACTER_LIMIT} from "./highlight.js";
export {StageGates, RequestPicker, gateCursor, type RequestPickerElement} from "./stages.js";
export {StageGrid} from "./stage-grid.js";
export {FindingList} from "./findings.js";
export {PartInspector} from "./parts.js";
export {ReceiptsAndClient, ResponseView, TransactionSummary} from "./exchange.js";
export {SpecNoteList} from "./spec-notes.js";
export {GateTrace} from "./gate-trace.js";
export {PrintedRequest, type PrintedRequestText} from "./printed-request.js";
