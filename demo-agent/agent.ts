/**
 * The demo agent: a real A2A agent on @a2a-js/sdk 1.3.0, served over JSON-RPC on 127.0.0.1, whose
 * one skill is lesson 1's task: four status updates at 2, 12, 22 and 32 s (lib's baselineUpdates),
 * each carrying the lesson's teaching metadata (event id, sequence). The SDK's own request handler
 * stores the push config and hands every event to the SDK's own DefaultPushNotificationSender
 * (DefaultRequestHandler._sendPushNotificationIfNeeded, dist/server/index.js), which POSTs it.
 *
 * The agent is also its own first client, over HTTP like any other: SendMessage (returnImmediately),
 * then CreateTaskPushNotificationConfig for the task, so the task's first event (the Task itself,
 * before any config exists) is not pushed and the receiver sees exactly the lesson's four updates.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import type {AddressInfo} from "node:net";
import {TaskState} from "@a2a-js/sdk";
import {baselineUpdates, buildPushPayload, v1TaskStates} from "../lib/delivery/index.js";

type Sdk = typeof import("@a2a-js/sdk/server");

export interface DemoAgentOptions {
  /** The push notification URL (the live receiver's /hook). */
  receiverUrl: string;
  /** Registered as authentication {scheme: "Bearer", credentials}: the SDK then sends Authorization. */
  credentials?: string;
  /** Registered as the config's token: the SDK sends it in X-A2A-Notification-Token when no authentication is set. */
  token?: string;
  /** Real milliseconds per lesson second (1000; tests run faster). The SDK's 5 s timeout is scaled with it. */
  msPerSecond?: number;
  /** 0 for a free port. */
  port?: number;
}

/** What the agent's log said of one push: the SDK reports only by console.info / console.error. */
export interface PushReport {
  outcome: "sent" | "failed";
  line: string;
}

export interface DemoAgentRun {
  agentUrl: string;
  taskId: string;
  reports: PushReport[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the agent, runs the lesson's task once with its pushes going to the receiver, and stops when every push has settled. */
export async function runDemoAgent(
  options: DemoAgentOptions,
  onReport: (report: PushReport) => void = () => {}
): Promise<DemoAgentRun> {
  const sdk = await import("@a2a-js/sdk/server");
  const msPerSecond = options.msPerSecond ?? 1000;
  const pushes: Promise<void>[] = [];
  const sender = new TrackedSender(sdk, msPerSecond, pushes);
  const handler = new sdk.JsonRpcTransportHandler(
    new sdk.DefaultRequestHandler(
      agentCard() as never,
      new sdk.InMemoryTaskStore(),
      lessonTask(sdk, msPerSecond) as never,
      undefined,
      sender.store,
      sender.sender
    )
  );
  const server = await serve(sdk, handler, options.port ?? 0);
  const agentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const reports: PushReport[] = [];
  const restore = captureSdkLog((report) => (reports.push(report), onReport(report)));
  try {
    const task = (await call(agentUrl, "SendMessage", {
      message: {messageId: `demo-${Date.now()}`, role: "ROLE_USER", parts: [{text: "Run lesson 1's task."}]},
      configuration: {returnImmediately: true}
    })) as {task?: {id: string}};
    const taskId = task.task?.id ?? fail(`SendMessage returned no task: ${JSON.stringify(task).slice(0, 200)}`);
    await call(agentUrl, "CreateTaskPushNotificationConfig", {
      taskId,
      url: options.receiverUrl,
      ...(options.token ? {token: options.token} : {}),
      ...(options.credentials ? {authentication: {scheme: "Bearer", credentials: options.credentials}} : {})
    });
    // The task asks for input (update 3); the client answers half a second later, and the task completes.
    const asked = baselineUpdates.find((update) => update.taskState === "input-required")!;
    await sleep((asked.atSeconds + 0.5) * msPerSecond);
    await call(agentUrl, "SendMessage", {
      message: {
        messageId: `demo-reply-${Date.now()}`,
        role: "ROLE_USER",
        taskId,
        parts: [{text: "Here is the input."}]
      },
      configuration: {returnImmediately: true}
    });
    await sleep((baselineUpdates.at(-1)!.atSeconds - asked.atSeconds) * msPerSecond);
    // Every update handed to the SDK's sender (a late timer may publish the last a little after its time), within a bound.
    const givenUpBy = performance.now() + 10 * msPerSecond;
    while (sender.sends < baselineUpdates.length && performance.now() < givenUpBy) await sleep(10);
    // The SDK sends one task's pushes one after another; the last may still wait on its answer.
    while (pushes.length > 0) await Promise.allSettled(pushes.splice(0));
    return {agentUrl, taskId, reports};
  } finally {
    restore();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The SDK's own sender, with each send kept, so the agent can wait for the last push before it stops. */
class TrackedSender {
  /** Events handed to the SDK's sender so far. */
  sends = 0;
  readonly store: InstanceType<Sdk["InMemoryPushNotificationStore"]>;
  readonly sender: InstanceType<Sdk["DefaultPushNotificationSender"]>;

  constructor(sdk: Sdk, msPerSecond: number, pushes: Promise<void>[]) {
    this.store = new sdk.InMemoryPushNotificationStore();
    // The SDK's default timeout is 5 s (options.timeout ?? 5e3); scaled only when the run is.
    const sender = new sdk.DefaultPushNotificationSender(
      this.store,
      msPerSecond === 1000 ? {} : {timeout: 5 * msPerSecond}
    );
    const send = sender.send.bind(sender);
    sender.send = (...args: Parameters<typeof send>) => {
      this.sends++;
      const sent = send(...args);
      pushes.push(sent.catch(() => undefined));
      return sent;
    };
    this.sender = sender;
  }
}

function agentCard() {
  return {
    name: "A2A Workbench demo agent",
    description: "Runs lesson 1's task: four status updates, 10 s apart, pushed to your receiver.",
    version: "1.0.0",
    supportedInterfaces: [],
    capabilities: {pushNotifications: true, streaming: false},
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: []
  };
}

/**
 * The executor: the task, then the lesson's updates at their times (lesson seconds from the task's
 * start). The SDK ends an execution at INPUT_REQUIRED (ExecutionEventQueue.events stops on it,
 * dist/server/index.js), as A2A intends: the task waits for the client. So the updates after it
 * come from the execution the client's reply starts, still timed from the task's start.
 */
function lessonTask(sdk: Sdk, msPerSecond: number) {
  const startedAt = new Map<string, number>();
  return {
    async execute(
      context: {taskId: string; contextId: string},
      bus: {publish(event: unknown): void; finished(): void}
    ) {
      const resumed = startedAt.has(context.taskId);
      if (!resumed) startedAt.set(context.taskId, performance.now());
      const start = startedAt.get(context.taskId)!;
      if (!resumed)
        bus.publish(
          sdk.AgentEvent.task({
            id: context.taskId,
            contextId: context.contextId,
            status: {state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined},
            history: [],
            artifacts: [],
            metadata: undefined
          } as never)
        );
      const interruption = baselineUpdates.findIndex((update) => update.taskState === "input-required");
      const updates = resumed ? baselineUpdates.slice(interruption + 1) : baselineUpdates.slice(0, interruption + 1);
      for (const update of updates) {
        await sleep(Math.max(0, start + update.atSeconds * msPerSecond - performance.now()));
        bus.publish(
          sdk.AgentEvent.statusUpdate({
            taskId: context.taskId,
            contextId: context.contextId,
            status: {
              state: TaskState[v1TaskStates[update.taskState] as keyof typeof TaskState],
              message: undefined,
              timestamp: undefined
            },
            metadata: buildPushPayload(update, true).metadata
          } as never)
        );
      }
      bus.finished();
    },
    cancelTask: async () => {}
  };
}

/** JSON-RPC over node:http on 127.0.0.1: POST / with a request; the card at /.well-known/agent-card.json. */
async function serve(sdk: Sdk, handler: InstanceType<Sdk["JsonRpcTransportHandler"]>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    answer(sdk, handler, request, response).catch((error: unknown) => {
      // A client that went away, or the SDK throwing: answered if still possible, never a crashed agent.
      if (!response.headersSent)
        response
          .writeHead(500, {"Content-Type": "text/plain; charset=utf-8"})
          .end(`demo agent error: ${error instanceof Error ? error.message : String(error)}`);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

async function answer(
  sdk: Sdk,
  handler: InstanceType<Sdk["JsonRpcTransportHandler"]>,
  request: IncomingMessage,
  response: ServerResponse
): Promise<void> {
  if (request.method === "GET" && request.url === "/.well-known/agent-card.json")
    return void response.writeHead(200, {"Content-Type": "application/json"}).end(JSON.stringify(agentCard()));
  let text = "";
  for await (const chunk of request) if ((text += chunk).length > 64 * 1024) return void response.writeHead(413).end();
  const result = await handler.handle(text, new sdk.ServerCallContext({requestedVersion: "1.0"}));
  const body =
    Symbol.asyncIterator in Object(result)
      ? {jsonrpc: "2.0", id: null, error: {code: -32004, message: "streaming is not served by the demo agent"}}
      : result;
  response.writeHead(200, {"Content-Type": "application/json"}).end(JSON.stringify(body));
}

async function call(agentUrl: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(agentUrl, {
    method: "POST",
    headers: {"Content-Type": "application/json", "A2A-Version": "1.0"},
    body: JSON.stringify({jsonrpc: "2.0", id: 1, method, params})
  });
  const reply = (await response.json()) as {result?: unknown; error?: {message?: string}};
  return reply.result ?? fail(`${method} failed: ${JSON.stringify(reply.error ?? reply).slice(0, 300)}`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** The SDK reports a push only in its log: "Push notification sent…" (info), "Error sending push notification…" (error). */
function captureSdkLog(report: (report: PushReport) => void): () => void {
  const original = {info: console.info, error: console.error};
  console.info = (...args: unknown[]) =>
    String(args[0]).startsWith("Push notification sent")
      ? report({outcome: "sent", line: String(args[0])})
      : original.info(...args);
  console.error = (...args: unknown[]) =>
    String(args[0]).startsWith("Error sending push notification")
      ? report({outcome: "failed", line: `${String(args[0])} ${String(args[1] ?? "")}`.trim()})
      : original.error(...args);
  return () => Object.assign(console, original);
}
