/**
 * Public API of the message lab: a JSON-RPC 2.0 request text followed end to
 * end through six stages (parse, envelope, method, params, parts, handler and
 * correlation), under JSON-RPC 2.0 and A2A v0.3.0 or 1.0.1 (the A2A-Version header). Names carry a
 * "Message" prefix so lib/index.ts can re-export them beside other lessons.
 */
export {runMessageTransaction, type MessageTransaction, type MessageTransactionOptions} from "./transaction.js";
export type {MessageOperation} from "./dialect.js";
export {readVersionHeader, type VersionReading as MessageVersionReading} from "./version-header.js";
export type {
  RequestOutcome as MessageRequestOutcome,
  StageVerdict as MessageStageVerdict,
  StageStatus as MessageStageStatus
} from "./request.js";
export {
  STAGE_NAMES as MESSAGE_STAGE_NAMES,
  type Finding as MessageFinding,
  type Severity as MessageFindingSeverity,
  type StageNumber as MessageStageNumber
} from "./finding.js";
export type {SourceSpan as MessageSourceSpan} from "./source-span.js";
export type {RequestId as MessageRequestId} from "./request-id.js";
export {
  MIME_LABEL_NOTE,
  type DecodedPart as MessageDecodedPart,
  type TextPartView as MessageTextPartView,
  type FileBytesPartView as MessageFileBytesPartView,
  type FileUriPartView as MessageFileUriPartView,
  type FileBothPartView as MessageFileBothPartView,
  type DataPartView as MessageDataPartView
} from "./parts.js";
export type {Receipt as MessageReceipt} from "./handler.js";
export type {
  ClientDecision as MessageClientDecision,
  ClientRequestDecision as MessageClientRequestDecision,
  ClientVerdict as MessageClientVerdict,
  ReceivedResponse as MessageReceivedResponse
} from "./client.js";
export type {StageDecision as MessageStageDecision, StageDecisionKind as MessageStageDecisionKind} from "./trace.js";
export type {RpcError as MessageRpcError} from "./response.js";
export {
  SPEC_NOTES as MESSAGE_SPEC_NOTES,
  type SpecNote as MessageSpecNote,
  type SpecNoteId as MessageSpecNoteId
} from "./spec-notes.js";
export {
  translateRequest,
  type Translation as MessageTranslation,
  type TranslationChange as MessageTranslationChange,
  type Untranslatable as MessageUntranslatable
} from "./translate.js";
export {
  MESSAGE_EXAMPLES,
  exampleVersion,
  messageExample,
  messageExamplesFor,
  messageRunLabel,
  type MessageExample
} from "./examples.js";
export {hasMessageStepRequest, messageTour, type MessageTourStep} from "./tour.js";
export {MAX_REQUEST_BYTES as MAX_MESSAGE_REQUEST_BYTES} from "./request-size.js";
export {MAX_NESTING_DEPTH as MAX_MESSAGE_NESTING_DEPTH} from "./json-source.js";
export {MAX_BATCH_REQUESTS as MAX_MESSAGE_BATCH_REQUESTS} from "./batch.js";
export {A2A_VERSION, A2A_REQUEST_METHODS} from "./spec.js";
export {validateMessageSendParams} from "./params.js";
export {
  MAX_LINKED_REQUEST_BYTES,
  MAX_LINKED_REQUEST_CHARACTERS,
  MESSAGE_LINK_DEFAULTS,
  MESSAGE_LINK_FIELDS,
  decodeLinkedRequest,
  encodeLinkedRequest,
  readMessageLink,
  readPinnedMessage,
  writeMessageLink,
  writePinnedMessage,
  type PinnedMessageReading,
  type PinnedMessageWriting,
  type MessageLinkReading,
  type MessageLinkState,
  type MessageLinkWriting
} from "./permalink.js";
export {messageRunTables} from "./run-tables.js";
export {messageRunScript} from "./run-script.js";
