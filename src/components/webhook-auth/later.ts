/**
 * What lesson 4 loads after its first load, in one module (why one: ../later/shared.ts): the
 * later sections' charts, the pasted-webhook verifier, the receiver check's report and the live
 * receiver checks.
 */
export {KeyRotationChart} from "./key-rotation-chart.js";
export {RetryHorizonChart} from "./retry-horizon-chart.js";
export {ReceivedWebhookVerifier} from "./received-webhook-verifier.js";
export {ReceiverCheckLoader} from "./receiver-check-loader.js";
export {EXAMPLE_RECEIVER_CHECK_REPORT} from "../../../lib/receiver-check/example-report.js";
export {WebhookLiveChecks} from "../live-lab/live-labs.js";
