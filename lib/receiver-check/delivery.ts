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
import {UnsecuredJWT, type JWK} from "jose";
import {v1TaskStates} from "../delivery/wire-request.js";
import type {A2aTaskState} from "../delivery/task-state.js";
import {
  BODY_HASH_CLAIM,
  bodySha256Hex,
  DEFAULT_JWT_TTL_SECONDS,
  NOTIFICATION_TOKEN_HEADER,
  signA2aPushJwt,
  TASK_ID_CLAIM,
  type A2aPushJwtAlgorithm
} from "../webhook-auth/jwt/jwt-profile.js";
import {signStandardWebhook} from "../webhook-auth/standard-webhooks/standard-webhooks.js";

export type CheckAuth =
  /** TaskPushNotificationConfig.authentication: `Authorization: Bearer <credentials>`. */
  | {kind: "bearer"; credentials: string}
  /** TaskPushNotificationConfig.token in X-A2A-Notification-Token only (a2a-python's sender). */
  | {kind: "token"; token: string}
  /** Standard Webhooks v1: an HMAC over `webhook-id.webhook-timestamp.body` with the `whsec_` secret. */
  | {kind: "standard-webhooks"; secret: string}
  /**
   * The A2A push JWT profile (A2A docs/topics/streaming-and-async.md, v1.0.1, "Example Asymmetric
   * Key Flow (JWT + JWKS)"): a short-lived JWT per delivery in `Authorization: Bearer`, its key
   * published in the sender's JWKS, which the shell serves.
   */
  | {kind: "jwt"; issuer: string; audience: string; keys: CheckSigningKeys; refetchCooldownSeconds?: number};

/** A key the check signs with: its private half, and the public JWK a JWKS publishes. */
export interface CheckSigningKey {
  kid: string;
  alg: A2aPushJwtAlgorithm;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface CheckSigningKeys {
  /** Published from the start. */
  current: CheckSigningKey;
  /** Published when the check rotates keys: the receiver must fetch the set again to know it. */
  next: CheckSigningKey;
  /** Never published: a token it signs (under the current kid) is a forgery. */
  foreign: CheckSigningKey;
}

/** The JWT profile's faults a check sends. */
export type TokenFault = "wrong-audience" | "expired" | "alg-none" | "next-key";

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

/** One HTTP POST: the headers and the exact body bytes (as text), and a few words saying what it is. */
export interface Delivery {
  headers: Readonly<Record<string, string>>;
  body: string;
  label: string;
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
  /** JWT profile: what is wrong with the token (or, for next-key, which key signs it). */
  token?: TokenFault;
  /**
   * Which delivery attempt of the update this is (1 when absent). A sender signs a fresh JWT, with
   * a fresh `jti`, for every attempt; the other profiles' attempts are byte for byte the same.
   */
  attempt?: number;
}

/** The credential a wrong one is made from: the right one, changed, so it is never accidentally right. */
const wrong = (value: string) => `${value}-not-this-one`;
const WRONG_SECRET = `whsec_${btoa("a secret this receiver never configured!")}`;

/** The update's body, in the target's (or the spec's) version. */
export function updateBody(target: CheckTarget, spec: UpdateSpec): string {
  const taskId = spec.taskId ?? target.taskId;
  const status = {state: spec.state, timestamp: new Date(spec.statusAtSeconds * 1000).toISOString()};
  const metadata = spec.paddingBytes ? {padding: "x".repeat(spec.paddingBytes)} : undefined;
  const event =
    (spec.version ?? target.version) === "1.0"
      ? {
          statusUpdate: {
            taskId,
            contextId: `ctx-${taskId}`,
            status: {...status, state: v1TaskStates[spec.state]},
            ...(metadata ? {metadata} : {})
          }
        }
      : {
          kind: "status-update",
          taskId,
          contextId: `ctx-${taskId}`,
          status,
          final: spec.state === "completed",
          ...(metadata ? {metadata} : {})
        };
  return JSON.stringify(event);
}

/** The POST for an update: its body and the profile's headers (signed where the profile signs). */
export async function buildDelivery(target: CheckTarget, spec: UpdateSpec): Promise<Delivery> {
  const body = updateBody(target, spec);
  const headers: Record<string, string> = {"Content-Type": "application/json"};
  const {auth} = target;
  if (auth.kind === "bearer" && spec.credential !== "missing")
    headers.Authorization = `Bearer ${spec.credential === "wrong" ? wrong(auth.credentials) : auth.credentials}`;
  if (auth.kind === "token" && spec.credential !== "missing")
    headers[NOTIFICATION_TOKEN_HEADER] = spec.credential === "wrong" ? wrong(auth.token) : auth.token;
  if (auth.kind === "standard-webhooks" && spec.credential !== "missing") {
    const signed = await signStandardWebhook({
      secret: spec.credential === "wrong" ? WRONG_SECRET : auth.secret,
      msgId: spec.eventId,
      timestamp: Math.floor(spec.sentAtSeconds),
      payload: body
    });
    Object.assign(headers, signed.headers);
  }
  if (auth.kind === "jwt" && spec.credential !== "missing")
    headers.Authorization = `Bearer ${await pushToken(auth, spec, body, target.taskId)}`;
  return {headers, body: spec.tamperAfterSigning ? tamper(body) : body, label: deliveryLabel(spec)};
}

/** A few words for a report's swimlane: the state, the attempt, and what is wrong with it. */
function deliveryLabel(spec: UpdateSpec): string {
  const faults = [
    spec.credential && `${spec.credential} credential`,
    spec.tamperAfterSigning && "tampered body",
    spec.token,
    spec.taskId && "another task",
    spec.version && `A2A ${spec.version}`,
    spec.paddingBytes && `${Math.round(spec.paddingBytes / 1048576)} MiB`
  ].filter(Boolean);
  return [spec.state, (spec.attempt ?? 1) > 1 ? `copy ${spec.attempt}` : "", ...faults].filter(Boolean).join(", ");
}

/** Seconds a token is back-dated by for the `expired` fault: issued 10 minutes ago, expired 9 minutes ago. */
const EXPIRED_BY_SECONDS = 600;
const OTHER_AUDIENCE = "https://another-receiver.example/a2a/push";

/**
 * The update's JWT: `jti` is the update's id and the attempt, so each attempt's token is new (a
 * jti is single-use: RFC 7519 §4.1.7 makes it unique per token), while the body, and so
 * `request_body_sha256`, stays the same across attempts.
 */
async function pushToken(
  auth: Extract<CheckAuth, {kind: "jwt"}>,
  spec: UpdateSpec,
  body: string,
  taskId: string
): Promise<string> {
  const key =
    spec.credential === "wrong"
      ? {...auth.keys.foreign, kid: auth.keys.current.kid}
      : spec.token === "next-key"
        ? auth.keys.next
        : auth.keys.current;
  const now = Math.floor(spec.sentAtSeconds) - (spec.token === "expired" ? EXPIRED_BY_SECONDS : 0);
  const claims = {
    issuer: auth.issuer,
    audience: spec.token === "wrong-audience" ? OTHER_AUDIENCE : auth.audience,
    taskId: spec.taskId ?? taskId,
    jti: `${spec.eventId}.${spec.attempt ?? 1}`,
    body,
    nowSeconds: now
  };
  if (spec.token === "alg-none") return unsignedToken(claims);
  return signA2aPushJwt({...claims, privateKey: key.privateKey, kid: key.kid, alg: key.alg});
}

/** The same claims with `alg: "none"` and no signature (RFC 7519 §6): what a forger sends. */
async function unsignedToken(claims: {
  issuer: string;
  audience: string;
  taskId: string;
  jti: string;
  body: string;
  nowSeconds: number;
}): Promise<string> {
  return new UnsecuredJWT({[TASK_ID_CLAIM]: claims.taskId, [BODY_HASH_CLAIM]: await bodySha256Hex(claims.body)})
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setIssuedAt(claims.nowSeconds)
    .setExpirationTime(claims.nowSeconds + DEFAULT_JWT_TTL_SECONDS)
    .setJti(claims.jti)
    .encode();
}

/** The JWKS the sender publishes: the current key, and the next one once it has rotated. */
export function publishedKeySet(keys: CheckSigningKeys, rotated: boolean): {keys: JWK[]} {
  return {keys: (rotated ? [keys.current, keys.next] : [keys.current]).map((key) => key.publicJwk)};
}

/** The body with one byte changed where it still parses: the state's first letter upper-cased. */
function tamper(body: string): string {
  const at = body.indexOf('"state":"') + '"state":"'.length;
  const letter = body.charAt(at);
  return (
    body.slice(0, at) +
    (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) +
    body.slice(at + 1)
  );
}

/** A TaskState as a receiver may report it (`TASK_STATE_COMPLETED`, `completed`), in v0.3's words. */
export function normalTaskState(state: string | null | undefined): string | null {
  if (state === null || state === undefined) return null;
  return state
    .toLowerCase()
    .replace(/^task_state_/, "")
    .replaceAll("_", "-");
}
