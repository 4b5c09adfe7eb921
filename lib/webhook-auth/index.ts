/**
 * Webhook authentication for A2A push notifications, receiver side made real:
 * Standard Webhooks signatures (v1 HMAC, v1a Ed25519), the A2A push JWT
 * profile over a JWKS, the ordered receiver pipeline, the dedup store and the
 * models the lesson plays back (race, retry horizon, reconciliation,
 * signature debugger, tampering). Sans-I/O: time, randomness and fetching are
 * always supplied by the caller. This is at-least-once delivery handled
 * idempotently, never exactly-once delivery.
 */
export * from "./standard-webhooks/standard-webhooks.js";
export * from "./standard-webhooks/standard-webhooks-v1a.js";
export * from "./jwt/jwks-cache.js";
export * from "./rotation/key-rotation.js";
export * from "./jwt/jwt-profile.js";
export * from "./jwt/jwt-lab.js";
export * from "./pipeline/a2a-payload.js";
export * from "./standard-webhooks/signed-body.js";
export * from "./pipeline/receiver-pipeline.js";
export * from "./pipeline/dedup-store.js";
export * from "./pipeline/race.js";
export * from "./rotation/retry-presets.js";
export * from "./rotation/retry-horizon.js";
export * from "./pipeline/reconcile.js";
export * from "./standard-webhooks/signature-debugger.js";
export * from "./standard-webhooks/tampering.js";
export * from "./pipeline/event-id.js";
export * from "./fixtures.js";
export * from "./jwt/demo-keys.js";
export {constantTimeEqual} from "./constant-time.js";
export {readHeader, type HeaderBag} from "./http-headers.js";
export {toBytes, utf8, type Bytes} from "./bytes.js";
export * from "./lesson.js";
export * from "./experiments.js";
export * from "./standard-webhooks/v1a-demo.js";
export * from "./pasted/received-request.js";
export * from "./pasted/received-profile.js";
export * from "./pasted/received-comparison.js";
export {
  checkReceivedSignature,
  type SignatureCheckInput,
  type SignatureCheckResult
} from "./pasted/received-signature.js";
export * from "./pasted/received-webhook.js";
export * from "./pasted/received-webhook-example.js";
export {webhookRunTables} from "./run-tables.js";
export {webhookRunScript} from "./run-script.js";
