/**
 * A2A task states, copied from the `TaskState` enum of the A2A v0.3.0 JSON
 * schema (data/message/spec/a2a-v0.3.0.json, definitions.TaskState; its provenance is in
 * data/message/spec/PROVENANCE.md).
 */
export const a2aTaskStates = [
  "submitted",
  "working",
  "input-required",
  "completed",
  "canceled",
  "failed",
  "rejected",
  "auth-required",
  "unknown"
] as const;

export type A2aTaskState = (typeof a2aTaskStates)[number];

/**
 * States after which the task does no more work, so the status event is the
 * last one for the task (`final: true`). Interrupted states (input-required,
 * auth-required) are not terminal: the task resumes after the client answers.
 */
export const terminalTaskStates: ReadonlySet<A2aTaskState> = new Set<A2aTaskState>([
  "completed",
  "canceled",
  "failed",
  "rejected"
]);
