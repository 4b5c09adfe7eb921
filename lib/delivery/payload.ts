import type {CredentialFixture} from "./config.js";
import {terminalTaskStates, type A2aTaskState} from "./task-state.js";
import type {TaskUpdate} from "./updates.js";

/** The task the receiver expects notifications for. */
export const expectedTaskId = "task-lesson-1";
/** The task id a payload carries when `payloadNamesExpectedTask` is off. */
export const unexpectedTaskId = "task-not-yours-9";
export const lessonContextId = "context-lesson-1";

/**
 * Metadata key holding the lesson's teaching fields. `metadata` is the A2A
 * event's extension slot, so the payload stays a valid TaskStatusUpdateEvent
 * while marking eventId and sequence as application-defined.
 */
export const teachingMetadataKey = "a2a-workbench/teaching";

export interface TeachingFields {
  eventId: string;
  sequence: number;
  note: string;
}

/**
 * The POST body of one update: shaped like the A2A v0.3.0
 * TaskStatusUpdateEvent (kind, taskId, contextId, status.state, final).
 * Every attempt of an update carries the same body.
 */
export interface PushPayload {
  kind: "status-update";
  taskId: string;
  contextId: string;
  status: {state: A2aTaskState};
  final: boolean;
  metadata: {[teachingMetadataKey]: TeachingFields};
}

const teachingNote = "Application-defined teaching fields, not part of the A2A wire schema.";

export function buildPushPayload(update: TaskUpdate, payloadNamesExpectedTask: boolean): PushPayload {
  return {
    kind: "status-update",
    taskId: payloadNamesExpectedTask ? expectedTaskId : unexpectedTaskId,
    contextId: lessonContextId,
    status: {state: update.taskState},
    // A terminal state is the last event for the task.
    final: terminalTaskStates.has(update.taskState),
    metadata: {[teachingMetadataKey]: {eventId: update.eventId, sequence: update.sequence, note: teachingNote}}
  };
}

/** Describes each credential fixture in the header; no real token exists. */
const authorizationByCredential: Record<CredentialFixture, string | null> = {
  matched: "Bearer <fixture: the token the receiver issued>",
  wrong: "Bearer <fixture: a token the receiver did not issue>",
  missing: null
};

/** Request headers of every attempt (they do not change between attempts). */
export function buildPushHeaders(credential: CredentialFixture): Readonly<Record<string, string>> {
  const authorization = authorizationByCredential[credential];
  const headers: Record<string, string> = {"Content-Type": "application/json"};
  if (authorization !== null) headers["Authorization"] = authorization;
  return Object.freeze(headers);
}
