// The push delivery lesson's charts, tables and figures.
export {AttemptSwimlane} from "./attempt-swimlane.js";
export {ReceiverDecisions, ReceiverState} from "./receiver-charts.js";
export {AttemptInspector, UpdateTable} from "./update-table.js";
export {DeliverySummaryFigures} from "./summary-figures.js";
