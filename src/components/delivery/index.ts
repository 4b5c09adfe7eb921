// The push delivery lesson's charts, tables and figures.
export {AttemptSwimlane} from "./attempt-swimlane.js";
export {ReceiverDecisions, ReceiverState} from "./receiver-charts.js";
export {SenderComparisonTable} from "./sender-comparison-table.js";
export {DeliveryLessonPage, deliveryRunOf} from "./lesson-page.js";
