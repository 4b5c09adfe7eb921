// The webhook authentication lesson's charts, tables and key material.
export {generateDemoKeyMaterial, maskSecret} from "./demo-secrets.js";
export {MistakeTable, SignatureDebugger} from "./signature-debugger.js";
export {TamperingResults} from "./tampering-results.js";
export {TimestampWindowChart} from "./timestamp-window.js";
export {HorizonSummary} from "./horizon-summary.js";
export {RaceChart} from "./race-chart.js";
export {RaceCountsTable, RaceSelectionSummary} from "./race-steps.js";
export {ReconcileLanes} from "./reconcile-lanes.js";
export {V1aDemoView} from "./v1a-demo.js";
export {JwtChecks, JwtDelivery, JwtVerdict} from "./jwt-lab.js";
// The retry horizon and key rotation charts come with the later module (later.ts); these load when the reader comes near them (when-near.ts).
export {ReceivedWebhookVerifierWhenNear, ReceiverCheckLoaderWhenNear, WebhookLiveChecksWhenNear} from "./when-near.js";
export {pinnedWebhookRun, WebhookLessonPage} from "./lesson-page.js";
