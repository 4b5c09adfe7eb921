/**
 * Webhook authentication for A2A push notifications, receiver side made real:
 * Standard Webhooks signatures (v1 HMAC, v1a Ed25519), the A2A push JWT
 * profile over a JWKS, the ordered receiver pipeline, the dedup store and the
 * models the lesson plays back (race, retry horizon, reconciliation,
 * signature debugger, tampering). Sans-I/O: time, randomness and fetching are
 * always supplied by the caller. This is at-least-once delivery handled
 * idempotently, never exactly-once delivery.
 */
export * from "./standard-webhooks.js";
export * from "./standard-webhooks-v1a.js";
export * from "./jwks-cache.js";
export * from "./key-rotation.js";
export * from "./jwt-profile.js";
export * from "./jwt-lab.js";
export * from "./a2a-payload.js";
export * from "./signed-body.js";
export * from "./receiver-pipeline.js";
export * from "./dedup-store.js";
export * from "./race.js";
export * from "./retry-presets.js";
export * from "./retry-horizon.js";
export * from "./reconcile.js";
export * from "./signature-debugger.js";
export * from "./tampering.js";
export * from "./event-id.js";
export * from "./fixtures.js";
export {constantTimeEqual} from "./constant-time.js";
export {readHeader, type HeaderBag} from "./http-headers.js";
export {toBytes, utf8, type Bytes} from "./bytes.js";
export * from "./lesson.js";
export * from "./experiments.js";
export * from "./v1a-demo.js";
export * from "./received-request.js";
export * from "./received-profile.js";
export * from "./received-comparison.js";
export {checkReceivedSignature, type SignatureCheckInput, type SignatureCheckResult} from "./received-signature.js";
export * from "./received-webhook.js";
export * from "./received-webhook-example.js";
