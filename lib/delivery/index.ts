/**
 * Public API of the push-notification delivery lesson: a deterministic
 * discrete-event simulator of A2A webhook delivery, its config (schema,
 * baseline, field table, permalink form), the callback URL gate, and the
 * lesson's named experiments.
 */
export {simulateDelivery, simulateResolvedDelivery} from "./simulate.js";
export {PUSH_CONFIG_REQUEST_ID, pushConfigRequest, type PushConfigRequest} from "./push-config-request.js";
export {
  baselineDeliveryConfig,
  credentialFixtures,
  deliveryConfigFieldNames,
  deliveryConfigSchema,
  type CredentialFixture,
  type DeliveryConfig,
  type DeliveryConfigField
} from "./config.js";
export {
  maxAttemptBudget,
  maxAttemptsPerUpdateLimit,
  maxCallbackUrlLength,
  maxDurationSeconds,
  maxEventIdLength,
  maxUpdateAtSeconds,
  maxSequence,
  maxSettingTimeSeconds,
  maxUpdateCount,
  minAttemptsPerUpdate
} from "./bounds.js";
export {
  DeliveryConfigError,
  parseDeliveryConfig,
  resolveDeliveryConfig,
  type DeliveryConfigParseResult,
  type DeliveryConfigProblem
} from "./parse-config.js";
export {
  deliveryConfigAccepted,
  deliveryInputDefaults,
  deliveryInputFields,
  deliveryInputFieldsByName,
  deliveryLessonGroups,
  deliveryRunLabel
} from "./fields.js";
export {allowedCallbackUrl, checkCallbackUrl, type CallbackUrlCategory, type CallbackUrlCheck} from "./callback-url.js";
export {checkDispatchGate, pushNotAdvertisedReason, type DispatchGate} from "./gate.js";
export {
  baselineUpdates,
  evenlySpacedUpdates,
  firstUpdateAtSeconds,
  taskUpdateSchema,
  updateSpacingSeconds,
  type TaskUpdate
} from "./updates.js";
export {a2aTaskStates, terminalTaskStates, type A2aTaskState} from "./task-state.js";
export {
  formatUpdateList,
  maxUpdateListLength,
  parseUpdateList,
  updateListSyntax,
  type UpdateListParseResult
} from "./update-list.js";
export {deliveryConfigFromInputs, type DeliveryConfigFromInputs} from "./inputs.js";
export {
  buildPushHeaders,
  buildPushPayload,
  expectedTaskId,
  lessonContextId,
  teachingMetadataKey,
  unexpectedTaskId,
  type PushPayload,
  type TeachingFields
} from "./payload.js";
export {
  acceptRequest,
  decideArrival,
  emptyReceiverMemory,
  receiverDecisionOrder,
  receiverHttpStatus,
  type ReceiverDecisionKind,
  type ReceiverPolicy
} from "./receiver.js";
export {isPermanentRefusal, isRetryableStatus, retryWaitSeconds} from "./retry.js";
export {
  senderIds,
  senderPreset,
  senderPresets,
  type SenderRetrySchedule,
  type SenderId,
  type SenderPreset,
  type SuccessRule,
  type TaskOrdering
} from "./sender-presets.js";
export {maxAttemptsOf, senderPolicy, type SenderPolicy} from "./sender-policy.js";
export {
  bodyShape,
  credentialHeaders,
  fixtureTokens,
  registeredPushConfig,
  v1TaskStates,
  wireBodyNames,
  wireHeaders,
  wireRequest,
  type RegisteredPushConfig,
  type WireRequest
} from "./wire-request.js";
export {
  compareSenders,
  type SdkLoss,
  type SenderComparison,
  type SenderComparisonRow,
  type UpdateFate
} from "./sender-comparison.js";
export {deliveryExperiments, findDeliveryExperiment, type DeliveryExperiment} from "./experiments.js";
export type {
  DeliveryAttempt,
  DeliveryDecision,
  DeliveryDecisionKind,
  DeliveryRun,
  DeliverySummary,
  ReceiverEffect,
  ReceiverStateSample,
  SenderAction,
  SenderObservation,
  SuppressedAttempt,
  UpdateOutcome,
  UpdateOutcomeKind
} from "./run.js";
export {deliveryRunTables} from "./run-tables.js";
export {deliveryRunScript} from "./run-script.js";
