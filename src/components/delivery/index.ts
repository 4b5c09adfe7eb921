// The push delivery lesson's charts, tables and figures.
export {AttemptSwimlane} from "./attempt-swimlane.js";
export {ReceiverDecisions, ReceiverState} from "./receiver-charts.js";
export {AttemptInspector, UpdateTable} from "./update-table.js";
export {DeliverySummaryFigures} from "./summary-figures.js";
export {describeRetries, describeTimeout, SenderFacts} from "./sender-facts.js";
export {PushConfigRegistration} from "./push-config-registration.js";
export {registrationCheckIfRequested, registrationRequested, requestRegistrationCheck} from "./registration-check.js";
export {SenderComparisonTable} from "./sender-comparison-table.js";
