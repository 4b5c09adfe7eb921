/**
 * The request lesson 1's client sends to register where notifications go, before any can
 * arrive, written for either A2A version from the lesson's config (its callback URL and the
 * credential fixture the receiver issued):
 * - A2A v0.3.0: `tasks/pushNotificationConfig/set`, params TaskPushNotificationConfig
 *   {taskId, pushNotificationConfig: {url, token, authentication: {schemes: ["Bearer"], credentials}}}
 *   (schema #/definitions/SetTaskPushNotificationConfigRequest);
 * - A2A 1.0: `CreateTaskPushNotificationConfig`, params the flat TaskPushNotificationConfig
 *   {taskId, url, token, authentication: {scheme: "Bearer", credentials}} (a2a.proto v1.0.1).
 * The token is the fixture a sender echoes back (@a2a-js/sdk in X-A2A-Notification-Token); the
 * credentials are what the teaching sender puts in its Authorization header. With the
 * "missing" fixture the config has neither. lib/message checks the text with lesson 2's stages
 * (runMessageTransaction with operation "set-push-config").
 */
import {expectedTaskId} from "./payload.js";
import {fixtureTokens} from "./wire-request.js";
import type {DeliveryConfig} from "./config.js";
import type {MessageVersion} from "../message/version.js";

export interface PushConfigRequest {
  version: MessageVersion;
  method: "tasks/pushNotificationConfig/set" | "CreateTaskPushNotificationConfig";
  /** The JSON-RPC request, as the client sends it. */
  text: string;
}

/** The JSON-RPC id the lesson's registration uses. */
export const PUSH_CONFIG_REQUEST_ID = "register-push-1";

export function pushConfigRequest(config: Pick<DeliveryConfig, "callbackUrl" | "credential">, version: MessageVersion): PushConfigRequest {
  const token = fixtureTokens[config.credential];
  const secret = token === null ? {} : {token};
  if (version === "1.0") {
    const params = {taskId: expectedTaskId, url: config.callbackUrl, ...secret, ...(token === null ? {} : {authentication: {scheme: "Bearer", credentials: token}})};
    return {version, method: "CreateTaskPushNotificationConfig", text: JSON.stringify({jsonrpc: "2.0", id: PUSH_CONFIG_REQUEST_ID, method: "CreateTaskPushNotificationConfig", params}, null, 2)};
  }
  const pushNotificationConfig = {url: config.callbackUrl, ...secret, ...(token === null ? {} : {authentication: {schemes: ["Bearer"], credentials: token}})};
  return {version, method: "tasks/pushNotificationConfig/set", text: JSON.stringify({jsonrpc: "2.0", id: PUSH_CONFIG_REQUEST_ID, method: "tasks/pushNotificationConfig/set", params: {taskId: expectedTaskId, pushNotificationConfig}}, null, 2)};
}
