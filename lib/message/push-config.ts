/**
 * The second operation the lab runs: registering a push notification config, the request
 * lesson 1's client sends before any notification can arrive. A2A v0.3.0:
 * `tasks/pushNotificationConfig/set` with params #/definitions/TaskPushNotificationConfig
 * ({taskId, pushNotificationConfig: {url, id?, token?, authentication?: {schemes[], credentials?}}});
 * A2A 1.0: `CreateTaskPushNotificationConfig` with params lf.a2a.v1.TaskPushNotificationConfig
 * ({tenant?, id?, taskId, url, token?, authentication?: {scheme, credentials?}}; a2a.proto rpc
 * CreateTaskPushNotificationConfig). It goes through the same six stages as message/send: stage 5
 * has no parts to decode, and stage 6 stores the config and answers it, with the id the agent
 * gave it when the client set none.
 */
import type {RequestContext} from "./finding.js";
import {memberOf} from "./json-source.js";
import type {JsonObjectNode} from "../shared/json-nodes.js";
import type {HandlerOutput, Receipt} from "./handler.js";
import type {RequestId} from "./request-id.js";
import type {MessageVersion} from "../shared/message-version.js";

/** Prefix of the id the agent gives a stored config that came without one ("lab-config-1", ...). */
export const STORED_CONFIG_ID_PREFIX = "lab-config-";

function stringOf(node: JsonObjectNode | undefined, ...names: string[]): string | null {
  if (node === undefined) return null;
  for (const name of names) {
    const value = memberOf(node, name)?.value;
    if (value?.type === "string") return value.value;
  }
  return null;
}

/** The stored config: the params as written, with the agent's id added when the client set none. */
export function handlePushConfig(
  params: JsonObjectNode,
  context: RequestContext,
  receiptNumber: number,
  requestId: RequestId | null,
  version: MessageVersion
): HandlerOutput {
  const {text} = context;
  // v0.3.0 keeps url and id inside pushNotificationConfig; 1.0 has them on the config itself.
  const configValue = version === "1.0" ? params : memberOf(params, "pushNotificationConfig")?.value;
  const config = configValue?.type === "object" ? configValue : undefined;
  const givenId = stringOf(config, "id");
  const id = givenId ?? `${STORED_CONFIG_ID_PREFIX}${receiptNumber}`;
  const paramsText = text.slice(params.from, params.to);
  let resultText = paramsText;
  if (givenId === null && config !== undefined) {
    // Inserted right after the config object's "{", so every other byte stays as the client wrote it.
    const at = config.from + 1 - params.from;
    resultText = `${paramsText.slice(0, at)}"id":${JSON.stringify(id)}${config.members.length > 0 ? "," : ""}${paramsText.slice(at)}`;
  }
  const receipt: Receipt = {
    receiptNumber,
    requestIndex: context.requestIndex,
    requestId,
    notification: requestId === null,
    stored: "push-config",
    messageId: "",
    role: "",
    contextId: null,
    taskId: stringOf(params, "taskId", "task_id"),
    partKinds: [],
    inlineFileBytes: 0,
    callbackUrl: stringOf(config, "url"),
    configId: id
  };
  return {receipt, resultText};
}
