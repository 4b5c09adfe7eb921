/**
 * The JSON-RPC method names of A2A v0.3.0 and their A2A 1.0 names. The v0.3.0 names are read
 * from the schema's A2ARequest union (spec.ts), the 1.0 names from the proto's service
 * (proto-spec.ts); the pairing is the one a2aproject/A2A tag v1.0.1 docs/whats-new-v1.md
 * gives, as @a2a-js/sdk 1.3.0 implements it (src/compat/v0_3/constants.ts, LEGACY_JSONRPC_TO_V1).
 * whats-new-v1.md also lists `tasks/list` -> ListTasks, but the v0.3.0 schema has no tasks/list:
 * ListTasks is new in 1.0.
 */
import {A2A_REQUEST_METHODS} from "./spec.js";
import {A2A_V1_METHODS} from "./proto-spec.js";

const V03_TO_V1: Readonly<Record<string, string>> = {
  "message/send": "SendMessage",
  "message/stream": "SendStreamingMessage",
  "tasks/get": "GetTask",
  "tasks/cancel": "CancelTask",
  "tasks/resubscribe": "SubscribeToTask",
  "tasks/pushNotificationConfig/set": "CreateTaskPushNotificationConfig",
  "tasks/pushNotificationConfig/get": "GetTaskPushNotificationConfig",
  "tasks/pushNotificationConfig/list": "ListTaskPushNotificationConfigs",
  "tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
  "agent/getAuthenticatedExtendedCard": "GetExtendedAgentCard"
};

/** Every v0.3.0 method with its 1.0 name. Checked when the module loads: both sides must be real methods. */
export const METHOD_PAIRS: readonly {v03: string; v1: string}[] = A2A_REQUEST_METHODS.map(({method}) => {
  const v1 = V03_TO_V1[method];
  if (v1 === undefined || !A2A_V1_METHODS.includes(v1))
    throw new Error(`method-names: no A2A 1.0 method for ${method}`);
  return {v03: method, v1};
});

/** The 1.0 name of a v0.3.0 method, or undefined. */
export function v1MethodFor(v03: string): string | undefined {
  return METHOD_PAIRS.find((pair) => pair.v03 === v03)?.v1;
}

/** The v0.3.0 name of a 1.0 method, or undefined (ListTasks has none). */
export function v03MethodFor(v1: string): string | undefined {
  return METHOD_PAIRS.find((pair) => pair.v1 === v1)?.v03;
}
