/**
 * The public API of the A2A Workbench simulator core. Everything here is pure and
 * deterministic: inputs in, trace and summary out. No DOM, no clock, no I/O.
 */
export type {Decision} from "./playback/decision.js";
export * from "./playback/clock.js";
export * from "./lesson-inputs/fields.js";
export * from "./lesson-inputs/permalink.js";
export * from "./delivery/index.js";
export * from "./message/index.js";
export * from "./selection/index.js";
