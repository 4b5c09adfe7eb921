/**
 * The pushes the receiver check sends: an A2A status update for the target's task, in the wire
 * shape of the chosen version, with the credential of the chosen profile. Only what A2A and the
 * profile define is used, so a receiver that never heard of the course can be judged: the update's
 * identity is its `webhook-id` (Standard Webhooks) or its exact bytes, and its order is
 * `status.timestamp`.
 *
 * - A2A v0.3.0 (spec/a2a/v0.3.0/a2a.json, TaskStatusUpdateEvent): `kind: "status-update"`, `taskId`,
 *   `contextId`, `status: {state, timestamp}`, `final`.
 * - A2A 1.0 (spec/a2a/v1.0/a2a.proto, StreamResponse.status_update, TaskStatusUpdateEvent): the same
 *   fields under `statusUpdate`, the state as `TASK_STATE_*`.
 */
import {v1TaskStates} from "../delivery/wire-request.js";
import type {A2aTaskState} from "../delivery/task-state.js";
import {NOTIFICATION_TOKEN_HEADER} from "../webhook-auth/jwt-profile.js";
import {signStandardWebhook} from "../webhook-auth/standard-webhooks.js";

export type CheckAuth =
  /** TaskPushNotificationConfig.authentication: `Authorization: Bearer <credentials>`. */
  | {kind: "bearer"; credentials: string}
  /** TaskPushNotificationConfig.token in X-A2A-Notification-Token only (a2a-python's sender). */
  | {kind: "token"; token: string}
  /** Standard Webhooks v1: an HMAC over `webhook-id.webhook-timestamp.body` with the `whsec_` secret. */
  | {kind: "standard-webhooks"; secret: string};

export type A2aVersion = "0.3" | "1.0";

export interface CheckTarget {
  auth: CheckAuth;
  /** The task the receiver expects (it registered the push config for it). */
  taskId: string;
  /** The body version the receiver reads (its push config's): every push is written in it. */
  version: A2aVersion;
  /** Whether the receiver reads the other version's body too (`--a2a both`): its body check runs then. */
  bothVersions?: boolean;
}

/** One HTTP POST: the headers and the exact body bytes (as text). */
export interface Delivery {
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface UpdateSpec {
  /** The delivery's identity: its webhook-id under Standard Webhooks; otherwise its bytes say it. */
  eventId: string;
  state: A2aTaskState;
  /** `status.timestamp`, seconds since the epoch: the update's order. */
  statusAtSeconds: number;
  /** When the sender signs it (Standard Webhooks' `webhook-timestamp`), seconds since the epoch. */
  sentAtSeconds: number;
  /** Another task than the target's. */
  taskId?: string;
  /** What is wrong with the credential, if anything. */
  credential?: "wrong" | "missing";
  /** The body's version, when not the target's. */
  version?: A2aVersion;
  /** Padding carried in the update's metadata, to make a body of a given size. */
  paddingBytes?: number;
  /** The body changed after signing (one byte). */
  tamperAfterSigning?: boolean;
}

/** The credential a wrong one is made from: the right one, changed, so it is never accidentally right. */
const wrong = (value: string) => `${value}-not-this-one`;
const WRONG_SECRET = `whsec_${btoa("a secret this receiver never configured!")}`;

/** The update's body, in the target's (or the spec's) version. */
export function updateBody(target: CheckTarget, spec: UpdateSpec): string {
  const taskId = spec.taskId ?? target.taskId;
  const status = {state: spec.state, timestamp: new Date(spec.statusAtSeconds * 1000).toISOString()};
  const metadata = spec.paddingBytes ? {padding: "x".repeat(spec.paddingBytes)} : undefined;
  const event = (spec.version ?? target.version) === "1.0"
    ? {statusUpdate: {taskId, contextId: `ctx-${taskId}`, status: {...status, state: v1TaskStates[spec.state]}, ...(metadata ? {metadata} : {})}}
    : {kind: "status-update", taskId, contextId: `ctx-${taskId}`, status, final: spec.state === "completed", ...(metadata ? {metadata} : {})};
  return JSON.stringify(event);
}

/** The POST for an update: its body and the profile's headers (signed where the profile signs). */
export async function buildDelivery(target: CheckTarget, spec: UpdateSpec): Promise<Delivery> {
  const body = updateBody(target, spec);
  const headers: Record<string, string> = {"Content-Type": "application/json"};
  const {auth} = target;
  if (auth.kind === "bearer" && spec.credential !== "missing") headers.Authorization = `Bearer ${spec.credential === "wrong" ? wrong(auth.credentials) : auth.credentials}`;
  if (auth.kind === "token" && spec.credential !== "missing") headers[NOTIFICATION_TOKEN_HEADER] = spec.credential === "wrong" ? wrong(auth.token) : auth.token;
  if (auth.kind === "standard-webhooks" && spec.credential !== "missing") {
    const signed = await signStandardWebhook({secret: spec.credential === "wrong" ? WRONG_SECRET : auth.secret, msgId: spec.eventId, timestamp: Math.floor(spec.sentAtSeconds), payload: body});
    Object.assign(headers, signed.headers);
  }
  return {headers, body: spec.tamperAfterSigning ? tamper(body) : body};
}

/** The body with one byte changed where it still parses: the state's first letter upper-cased. */
function tamper(body: string): string {
  const at = body.indexOf("\"state\":\"") + "\"state\":\"".length;
  const letter = body.charAt(at);
  return body.slice(0, at) + (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) + body.slice(at + 1);
}

/** A TaskState as a receiver may report it (`TASK_STATE_COMPLETED`, `completed`), in v0.3's words. */
export function normalTaskState(state: string | null | undefined): string | null {
  if (state === null || state === undefined) return null;
  return state.toLowerCase().replace(/^task_state_/, "").replaceAll("_", "-");
}
