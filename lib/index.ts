/**
 * The public API of the A2A Workbench simulator core. Everything here is pure and
 * deterministic: inputs in, trace and summary out. No DOM, no clock, no I/O.
 * Every lesson's lib/<lesson>/index.ts is re-exported flat (their names do not clash), and so
 * are the concepts of lib/shared/ a page reads: the course-wide A2A version, base64 and the run tables.
 * test/lib-index.test.ts fails when one is missing.
 */
export type {Decision} from "./playback/decision.js";
export * from "./playback/clock.js";
export * from "./random/index.js";
export * from "./shared/message-version.js";
export * from "./shared/base64.js";
export * from "./shared/run-table.js";
export * from "./lesson-inputs/fields.js";
export * from "./lesson-inputs/permalink.js";
export * from "./lesson-inputs/run-label.js";
export * from "./lesson-inputs/pinned-run.js";
export * from "./lesson-inputs/following-defaults.js";
export * from "./delivery/index.js";
export * from "./message/index.js";
export * from "./selection/index.js";
export * from "./webhook-auth/index.js";
export * from "./storm/index.js";
export * from "./live/index.js";
export * from "./receiver-check/index.js";
export * from "./tour/index.js";
export * from "./notebook/index.js";
// The course's answer key imports every lesson, so lib/tour/index.ts (which lessons reach) leaves it out.
export * from "./tour/answer-key.js";
