/** Agent selection: hard gates, then ranking, then a contract or an explicit incompatibility. */
export {rememberingSelectAgent, selectAgent, type SelectionResult} from "./select.js";
export {rejectionReason, type RejectedAgent} from "./rejections.js";
export {defaultRegistry, registryNotice} from "./fixture.js";
export {
  defaultPolicy,
  parsePolicy,
  policyWith,
  policySchema,
  policyNumberLimits,
  type ParsePolicyResult,
  type Policy,
  type PolicyField,
  type PolicyNumberField
} from "./policy.js";
export {
  describePolicyFields,
  selectionInputDefaults,
  selectionInputFields,
  selectionLessonGroups,
  selectionRunLabel
} from "./fields.js";
export {policyFromInputs, type PolicyFromInputs} from "./inputs.js";
export {gateTable, type AgentGateRow} from "./table.js";
export {
  describeGate,
  explainGate,
  explainGates,
  failedGates,
  firstFailedGate,
  gateFailures,
  gateLabels,
  gateOrder,
  gateRejectionReason,
  gateRequirement,
  gateVerdicts,
  type GateFailureMask,
  type GateId,
  type GateResult,
  type GateVerdicts
} from "./gates.js";
export {
  exitStageIndex,
  rankingStageIndex,
  stageOfGate,
  selectionStages,
  type SelectionStage,
  type SelectionStageId
} from "./stages.js";
export {
  compareRanked,
  scoreDecimals,
  scoreFormulaDescription,
  type RankedAgent,
  type RankingScale,
  type ScoreTerm,
  type ScoreTermId
} from "./ranking.js";
export type {Contract, Incompatibility} from "./contract.js";
export {summarizeSelection, traceNamedAgentLimit, type SelectionStageDecision} from "./trace.js";
export {selectionExperimentPolicy, selectionExperiments, type SelectionExperiment} from "./experiments.js";
export {
  loadRegistry,
  offeredOutputModes,
  parseRegistry,
  registrySchema,
  type AgentCard,
  type AgentSkill,
  type ParseRegistryResult,
  type Registry,
  type RegistryEntry,
  type RegistryMetadata
} from "./registry.js";
export {generateRegistry} from "./generate.js";
export type {InputProblem} from "./problems.js";
export {selectionRunTables} from "./run-tables.js";
export {selectionRunScript} from "./run-script.js";
