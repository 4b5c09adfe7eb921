/**
 * Lesson 1's push config, registered with the real @a2a-js/sdk 1.3.0 as an agent built on it would
 * store it: the lesson's own CreateTaskPushNotificationConfig request (pushConfigRequest, A2A 1.0;
 * token and Bearer authentication) handed to the SDK's JsonRpcTransportHandler over a
 * DefaultRequestHandler, which parses it (TaskPushNotificationConfig.fromJSON) and saves it in the
 * given store (createTaskPushNotificationConfig → pushNotificationStore.save). So the sender reads
 * exactly the config the lesson registers, not one written by hand.
 */
import {expectedTaskId, pushConfigRequest, type CredentialFixture} from "../../lib/delivery/index.js";

type Sdk = typeof import("@a2a-js/sdk/server");

export interface LessonRegistration {
  sdk: Sdk;
  store: InstanceType<Sdk["InMemoryPushNotificationStore"]>;
  context: InstanceType<Sdk["ServerCallContext"]>;
  /** The lesson's callback URL (here the loopback receiver's). */
  url: string;
  credential: CredentialFixture;
  /**
   * The task the config is registered for: the lesson's (expectedTaskId) unless a run needs the
   * agent to hold it for another task (its payloads name that task; the config is the same).
   */
  taskId?: string;
}

/** Registers the config through the SDK's handler; returns the id the SDK's store gave it. */
export async function registerLessonPushConfig({
  sdk,
  store,
  context,
  url,
  credential,
  taskId = expectedTaskId
}: LessonRegistration): Promise<string> {
  const {DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler} = sdk;
  const tasks = new InMemoryTaskStore();
  // The handler only checks the task exists before it stores a config for it.
  await tasks.save(
    {
      id: taskId,
      contextId: "lesson-1-context",
      status: {state: 2 /* TASK_STATE_WORKING */},
      history: [],
      artifacts: [],
      metadata: undefined
    } as never,
    context
  );
  const card = {name: "lesson-1 agent", capabilities: {pushNotifications: true}};
  const executor = {execute: async () => {}, cancelTask: async () => {}};
  const handler = new JsonRpcTransportHandler(
    new DefaultRequestHandler(card as never, tasks, executor as never, undefined, store)
  );
  const request = JSON.parse(pushConfigRequest({callbackUrl: url, credential}, "1.0").text) as {
    params: Record<string, unknown>;
  };
  request.params.taskId = taskId;
  const response = (await handler.handle(request, context)) as {result?: {id?: string}; error?: unknown};
  if (response.result?.id === undefined)
    throw new Error(`the SDK refused the lesson's registration: ${JSON.stringify(response.error ?? response)}`);
  return response.result.id;
}
