/**
 * Bounds on accepted delivery configs. They keep every accepted config small
 * enough to simulate quickly: no input can make the simulator run for long or
 * allocate without limit. The field table (fields.ts) shows them to readers.
 */

/** Durations (delay, timeout, backoff), in seconds. */
export const maxDurationSeconds = 600;
/** Settings that are points in modeled time (end of outage, config deletion), in seconds. */
export const maxSettingTimeSeconds = 3_600;
/** Emission time of an update, in seconds (large, so 100,000 updates can be spread out). */
export const maxUpdateAtSeconds = 10_000_000;
export const minAttemptsPerUpdate = 1;
export const maxAttemptsPerUpdateLimit = 20;
export const maxUpdateCount = 100_000;
/** Upper bound on updates x maxAttemptsPerUpdate, the most attempts a run can send. */
export const maxAttemptBudget = 200_000;
export const maxCallbackUrlLength = 2_048;
export const maxEventIdLength = 200;
export const maxSequence = 1_000_000_000;
