// The live lab: the connection to the reader's receiver and the views of what it recorded.
export type {ConnectionState} from "./receiver-connection.js";
export {
  LiveAttemptTable,
  LiveChecks,
  LiveDeliveryDetails,
  LiveDeliveryLab,
  LiveDifferences,
  LiveProblems
} from "./live-views.js";
export {DeliveryLiveLab, WebhookLiveChecks} from "./live-labs.js";
