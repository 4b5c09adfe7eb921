/** Lesson 5: retry storms and jitter at scale. */
export * from "./strategy.js";
export * from "./fields.js";
export * from "./simulate.js";
export * from "./summary.js";
export * from "./lesson.js";
export * from "./experiments.js";
export * from "./worker-protocol.js";
export * from "./aws-experiment.js";
export * from "./run-tables.js";
export * from "./run-script.js";
