/**
 * What a push notification body says about its task. Data from the network,
 * so it is parsed with zod.
 *
 * - A2A v1.0 (docs/specification.md §4.3.3): the body is a StreamResponse with
 *   exactly one of `task` (Task.id), `message` (Message.taskId, optional),
 *   `statusUpdate` / `artifactUpdate` (taskId); proto messages in
 *   data/spec/a2a-v1.0/a2a.proto (provenance in its PROVENANCE.md).
 * - A2A v0.3.0 (a2a.json): the official JS SDK POSTs the Task itself
 *   (`kind: "task"`, `id`); events carry `kind` and `taskId`.
 *
 * The task id found here is the *expected task* check's input. It is never a
 * delivery id: several deliveries (and their retries) share one task id.
 */
import * as z from "zod/mini";
import {fromUtf8Strict, toBytes} from "../bytes.js";

const Status = z.optional(z.looseObject({state: z.optional(z.string()), timestamp: z.optional(z.string())}));
const WithTaskId = z.looseObject({taskId: z.string(), status: Status});
const V1Task = z.looseObject({id: z.string(), status: Status});
const V1Message = z.looseObject({taskId: z.optional(z.string())});

const V1StreamResponse = z.looseObject({
  task: z.optional(V1Task),
  message: z.optional(V1Message),
  statusUpdate: z.optional(WithTaskId),
  artifactUpdate: z.optional(WithTaskId)
});
const V03Body = z.looseObject({
  kind: z.string(),
  id: z.optional(z.string()),
  taskId: z.optional(z.string()),
  status: Status
});

export type PushPayloadShape =
  | "v1.0 StreamResponse.task"
  | "v1.0 StreamResponse.message"
  | "v1.0 StreamResponse.statusUpdate"
  | "v1.0 StreamResponse.artifactUpdate"
  | "v0.3 Task"
  | "v0.3 status-update"
  | "v0.3 artifact-update"
  | "v0.3 message";

export type PushPayloadRead =
  | {ok: true; taskId: string; shape: PushPayloadShape; state?: string; statusTimestamp?: string; json: unknown}
  | {ok: false; reason: string};

const V1_KEYS = ["task", "message", "statusUpdate", "artifactUpdate"] as const;

export function readPushPayload(body: string | Uint8Array): PushPayloadRead {
  const text = fromUtf8Strict(toBytes(body));
  if (text === undefined) return {ok: false, reason: "the body is not valid UTF-8"};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {ok: false, reason: "the body is not JSON"};
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return {ok: false, reason: "the body is not a JSON object"};

  const present = V1_KEYS.filter((key) => key in json);
  if (present.length > 0) {
    if (present.length > 1)
      return {ok: false, reason: `a StreamResponse holds exactly one payload, found ${present.join(" + ")}`};
    const parsed = z.safeParse(V1StreamResponse, json);
    if (!parsed.success)
      return {
        ok: false,
        reason: `the ${present[0]} payload is malformed (${parsed.error.issues[0]?.path.join(".") ?? "?"})`
      };
    const {task, message, statusUpdate, artifactUpdate} = parsed.data;
    if (task) return withStatus({ok: true, taskId: task.id, shape: "v1.0 StreamResponse.task", json}, task.status);
    if (statusUpdate)
      return withStatus(
        {ok: true, taskId: statusUpdate.taskId, shape: "v1.0 StreamResponse.statusUpdate", json},
        statusUpdate.status
      );
    if (artifactUpdate)
      return {ok: true, taskId: artifactUpdate.taskId, shape: "v1.0 StreamResponse.artifactUpdate", json};
    if (message?.taskId) return {ok: true, taskId: message.taskId, shape: "v1.0 StreamResponse.message", json};
    return {ok: false, reason: "the message payload names no taskId"};
  }

  const parsed = z.safeParse(V03Body, json);
  if (!parsed.success)
    return {
      ok: false,
      reason:
        "neither a v1.0 StreamResponse nor a v0.3 Task/event (no task, statusUpdate, artifactUpdate, message or kind)"
    };
  const data = parsed.data;
  if (data.kind === "task" && data.id)
    return withStatus({ok: true, taskId: data.id, shape: "v0.3 Task", json}, data.status);
  if (data.kind === "status-update" && data.taskId)
    return withStatus({ok: true, taskId: data.taskId, shape: "v0.3 status-update", json}, data.status);
  if (data.kind === "artifact-update" && data.taskId)
    return {ok: true, taskId: data.taskId, shape: "v0.3 artifact-update", json};
  if (data.kind === "message" && data.taskId) return {ok: true, taskId: data.taskId, shape: "v0.3 message", json};
  return {ok: false, reason: `a "${data.kind}" body without a task id`};
}

function withStatus(
  read: {ok: true; taskId: string; shape: PushPayloadShape; json: unknown},
  status: {state?: string | undefined; timestamp?: string | undefined} | undefined
): PushPayloadRead {
  return {
    ...read,
    ...(status?.state !== undefined ? {state: status.state} : {}),
    ...(status?.timestamp !== undefined ? {statusTimestamp: status.timestamp} : {})
  };
}
