/**
 * A request to paste into "Verify a webhook you received" that passes, so a reader sees every
 * check pass before editing one value: signed with the page's own secret (drawn in the reader's
 * tab), timestamped at the reader's "now", naming the task the receiver expects.
 */
import type {ReceiverKnowledge} from "./received-webhook.js";
import {signStandardWebhook} from "../standard-webhooks/standard-webhooks.js";
import type {JWK} from "jose";
import {NOTIFICATION_TOKEN_HEADER, signA2aPushJwt} from "../jwt/jwt-profile.js";

export const RECEIVED_EXAMPLE_TASK_ID = "task-received-1";
const EXAMPLE_REQUEST_LINE = "POST /a2a/push HTTP/1.1";
const EXAMPLE_HOST = "Host: receiver.example";
export const RECEIVED_EXAMPLE_ISSUER = "https://agent.example";
export const RECEIVED_EXAMPLE_AUDIENCE = "https://receiver.example/a2a/push";

export interface ReceivedWebhookExample {
  headers: string;
  body: string;
  receiver: ReceiverKnowledge;
}

/** An A2A 1.0 StreamResponse: the task completed. */
export function exampleStatusUpdateBody(taskId: string = RECEIVED_EXAMPLE_TASK_ID): string {
  return JSON.stringify({
    statusUpdate: {taskId, contextId: "context-received-1", status: {state: "TASK_STATE_COMPLETED"}}
  });
}

/** Standard Webhooks v1: the three headers over the body, signed with `secret` at `nowSeconds`. */
export async function standardWebhooksExample(input: {
  secret: string;
  msgId: string;
  nowSeconds: number;
  taskId?: string;
}): Promise<ReceivedWebhookExample> {
  const taskId = input.taskId ?? RECEIVED_EXAMPLE_TASK_ID;
  const body = exampleStatusUpdateBody(taskId);
  const signed = await signStandardWebhook({
    secret: input.secret,
    msgId: input.msgId,
    timestamp: Math.floor(input.nowSeconds),
    payload: body
  });
  const headers = [
    EXAMPLE_REQUEST_LINE,
    EXAMPLE_HOST,
    "Content-Type: application/json",
    `webhook-id: ${signed.msgId}`,
    `webhook-timestamp: ${signed.timestamp}`,
    `webhook-signature: ${signed.signature}`
  ].join("\n");
  return {headers, body, receiver: {secret: input.secret, taskId}};
}

/** A2A credentials as @a2a-js/sdk sends a config with a token and no authentication: X-A2A-Notification-Token. */
export function a2aTokenExample(input: {token: string; taskId?: string}): ReceivedWebhookExample {
  const taskId = input.taskId ?? RECEIVED_EXAMPLE_TASK_ID;
  const headers = [
    EXAMPLE_REQUEST_LINE,
    EXAMPLE_HOST,
    "Content-Type: application/json",
    `${NOTIFICATION_TOKEN_HEADER}: ${input.token}`
  ].join("\n");
  return {headers, body: exampleStatusUpdateBody(taskId), receiver: {token: input.token, taskId}};
}

/**
 * The A2A push JWT profile: `Authorization: Bearer <JWT>` signed with a key the caller made (the page
 * draws a fresh ES256 pair in the tab), and the JWKS holding its public half.
 */
export async function jwtProfileExample(input: {
  privateKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
  jti: string;
  nowSeconds: number;
  taskId?: string;
}): Promise<ReceivedWebhookExample> {
  const taskId = input.taskId ?? RECEIVED_EXAMPLE_TASK_ID;
  const body = exampleStatusUpdateBody(taskId);
  const alg = input.publicJwk.alg === "EdDSA" ? "EdDSA" : "ES256";
  const jwt = await signA2aPushJwt({
    privateKey: input.privateKey,
    kid: input.kid,
    alg,
    issuer: RECEIVED_EXAMPLE_ISSUER,
    audience: RECEIVED_EXAMPLE_AUDIENCE,
    taskId,
    jti: input.jti,
    body,
    nowSeconds: Math.floor(input.nowSeconds)
  });
  const headers = [
    EXAMPLE_REQUEST_LINE,
    EXAMPLE_HOST,
    "Content-Type: application/json",
    `Authorization: Bearer ${jwt}`
  ].join("\n");
  return {
    headers,
    body,
    receiver: {
      jwks: JSON.stringify({keys: [input.publicJwk]}, null, 2),
      issuer: RECEIVED_EXAMPLE_ISSUER,
      audience: RECEIVED_EXAMPLE_AUDIENCE,
      taskId
    }
  };
}
