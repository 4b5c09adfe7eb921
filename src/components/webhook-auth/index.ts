// The webhook authentication lesson's charts, tables and key material.
export {generateDemoKeyMaterial, maskSecret, type DemoKeyMaterial} from "./demo-secrets.js";
export {formatDuration} from "../duration-format.js";
export {PipelineChecks} from "./pipeline-checks.js";
export {DebuggerVerdicts, MistakeTable, SignatureDebugger, SignatureSlide} from "./signature-debugger.js";
export {TamperingResults} from "./tampering-results.js";
export {TimestampWindowChart, timestampVerdict, type TimestampWindowInput} from "./timestamp-window.js";
export {RetryHorizonChart} from "./retry-horizon-chart.js";
export {KeyRotationChart} from "./key-rotation-chart.js";
export {HorizonSummary} from "./horizon-summary.js";
export {RaceChart} from "./race-chart.js";
export {RaceCountsTable, RaceSelectionSummary} from "./race-steps.js";
export {ReconcileLanes} from "./reconcile-lanes.js";
export {V1aDemoView} from "./v1a-demo.js";
export {SignedBodyView} from "./signed-body.js";
export {JwtChecks, JwtDelivery, JwtVerdict} from "./jwt-lab.js";
export {ReceivedWebhookVerdictView, ReceivedWebhookVerifier} from "./received-webhook-verifier.js";
export {RotationOutcome} from "./rotation-outcome.js";
