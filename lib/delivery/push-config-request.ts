/**
 * The request lesson 1's client sends to register where notifications go, before any can
 * arrive, written for either A2A version from the lesson's config (its callback URL and the
 * credential fixture the receiver issued):
 * - A2A v0.3.0: `tasks/pushNotificationConfig/set`, params TaskPushNotificationConfig
 *   {taskId, pushNotificationConfig: {url, token, authentication: {schemes: ["Bearer"], credentials}}}
 *   (schema #/definitions/SetTaskPushNotificationConfigRequest);
 * - A2A 1.0: `CreateTaskPushNotificationConfig`, params the flat TaskPushNotificationConfig
 *   {taskId, url, token, authentication: {scheme: "Bearer", credentials}} (a2a.proto v1.0.1).
 * Token and credentials are the same fixture (registeredPushConfig in wire-request.ts: what the
 * agent stores). Which a sender sends is its preset's rule (credentialHeaders): @a2a-js/sdk
 * 1.3.0 sends `Authorization: Bearer <credentials>` for this config, since authentication wins
 * over the token; a2a-python, a2a-go and a2a-java send the token in their token header; the
 * teaching sender sends its Authorization header. With the "missing" fixture the config has
 * neither. lib/message checks the text with lesson 2's stages (runMessageTransaction with
 * operation "set-push-config").
 */
import {expectedTaskId} from "./payload.js";
import {registeredPushConfig} from "./wire-request.js";
import type {DeliveryConfig} from "./config.js";
import type {MessageVersion} from "../shared/message-version.js";

export interface PushConfigRequest {
  version: MessageVersion;
  method: "tasks/pushNotificationConfig/set" | "CreateTaskPushNotificationConfig";
  /** The JSON-RPC request, as the client sends it. */
  text: string;
}

/** The JSON-RPC id the lesson's registration uses. */
export const PUSH_CONFIG_REQUEST_ID = "register-push-1";

export function pushConfigRequest(
  config: Pick<DeliveryConfig, "callbackUrl" | "credential">,
  version: MessageVersion
): PushConfigRequest {
  const {token, authentication} = registeredPushConfig(config.credential);
  const secret = token === null ? {} : {token};
  if (version === "1.0") {
    const params = {
      taskId: expectedTaskId,
      url: config.callbackUrl,
      ...secret,
      ...(authentication === null ? {} : {authentication})
    };
    return {
      version,
      method: "CreateTaskPushNotificationConfig",
      text: JSON.stringify(
        {jsonrpc: "2.0", id: PUSH_CONFIG_REQUEST_ID, method: "CreateTaskPushNotificationConfig", params},
        null,
        2
      )
    };
  }
  const pushNotificationConfig = {
    url: config.callbackUrl,
    ...secret,
    ...(authentication === null
      ? {}
      : {authentication: {schemes: [authentication.scheme], credentials: authentication.credentials}})
  };
  return {
    version,
    method: "tasks/pushNotificationConfig/set",
    text: JSON.stringify(
      {
        jsonrpc: "2.0",
        id: PUSH_CONFIG_REQUEST_ID,
        method: "tasks/pushNotificationConfig/set",
        params: {taskId: expectedTaskId, pushNotificationConfig}
      },
      null,
      2
    )
  };
}
