// The live lab: the connection to the reader's receiver and the views of what it recorded.
export {
  ApplyFaults,
  ReceiverConnection,
  type ConnectionPhase,
  type ConnectionState,
  type ReceiverConnectionElement
} from "./receiver-connection.js";
export {
  LIVE_TABLE_ROWS,
  LiveAttemptTable,
  LiveChecks,
  LiveDeliveryDetails,
  LiveDeliveryLab,
  LiveReceiverLine,
  LiveDifferences,
  LiveProblems,
  LiveReceiverStatus,
  liveNames
} from "./live-views.js";
