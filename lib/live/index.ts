/**
 * The live lab's receiver core: what a real push receiver on the reader's machine decides for
 * each request (lib's receiver pipeline, with lesson 1's faults), what it records, and how what
 * really arrived compares with the model. Sans-I/O: the Node shell in receiver/ owns the sockets
 * and the clock, the page owns the drawing.
 */
export * from "./attempt.js";
export * from "./attempt-log.js";
export * from "./event-key.js";
export * from "./faults.js";
export * from "./live-receiver.js";
export * from "./model-vs-real.js";
export * from "./observed-run.js";
export * from "./redact.js";
export * from "./live-feed.js";
export * from "./live-lab-inputs.js";
export * from "./request-copy.js";
