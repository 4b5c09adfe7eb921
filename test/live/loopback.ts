/**
 * Lesson 1 on real sockets: a webhook receiver on 127.0.0.1 that decides each POST in lesson 1's
 * order (lib's receiver.ts), with the faults injected that the lesson models (an outage, a slow
 * answer, a lost acknowledgement), and two real senders POSTing to it:
 * - the real @a2a-js/sdk DefaultPushNotificationSender, over its own fetch;
 * - a plain HTTP sender following the teaching policy (deadlines, 503/timeout retries with
 *   doubling waits, 401/404 refusals), written here from the lesson's rules, not from lib's code.
 * Modeled time is scaled (one modeled second = `scaleMs` real milliseconds); what each side saw
 * is read back in modeled seconds, to set beside simulateDelivery's run of the same config.
 *
 * A lost acknowledgement is a response that never comes: the receiver applies the update and
 * holds the answer until the sender gives up (the model's sender notices at its deadline). A
 * closed connection would be noticed sooner; that is not what the lesson models.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import type {AddressInfo} from "node:net";
import {
  acceptRequest,
  baselineDeliveryConfig,
  buildPushPayload,
  checkDispatchGate,
  decideArrival,
  emptyReceiverMemory,
  expectedTaskId,
  fixtureTokens,
  lessonContextId,
  receiverHttpStatus,
  resolveDeliveryConfig,
  teachingMetadataKey,
  unexpectedTaskId,
  v1TaskStates,
  type CredentialFixture,
  type DeliveryConfig
} from "../../lib/delivery/index.js";
import {registerLessonPushConfig} from "./sdk-registration.js";

/** One POST as the receiver saw it, in modeled seconds since the run began. */
export interface ObservedRequest {
  atSeconds: number;
  eventId: string;
  headers: Record<string, string>;
  body: unknown;
  httpStatus: number | null;
}

/** What a sender reported for one update: sent and answered, or given up, and when. */
export interface ObservedOutcome {
  eventId: string;
  outcome: "acknowledged" | "gave-up" | "not-sent";
  atSeconds: number;
}

export interface LoopbackRun {
  requests: ObservedRequest[];
  outcomes: ObservedOutcome[];
  /** Event ids in the order the receiver applied them. */
  effects: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Opens the connection pool and runs fetch's POST path once (JSON body and all) before the run's clock starts. */
async function warmUp(hookUrl: string): Promise<void> {
  for (let k = 0; k < 2; k++)
    await fetch(new URL("/warm-up", hookUrl), {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({warmUp: k})
    });
}

/** The receiver, deciding in lesson 1's order from what it is sent: the credential it finds and the task the body names. */
class LoopbackReceiver {
  readonly requests: ObservedRequest[] = [];
  readonly effects: string[] = [];
  private readonly memory = emptyReceiverMemory();
  private readonly ackLost = new Set<string>();
  private readonly held: ServerResponse[] = [];
  private readonly handling = new Set<Promise<void>>();
  private server: Server | null = null;
  private startedAt = 0;

  /** `tokenOf` finds the credential in a request's headers (lower-case names), where the lesson's receiver looks for it. */
  constructor(
    private readonly config: DeliveryConfig,
    private readonly scaleMs: number,
    private readonly tokenOf: (headers: Record<string, string>) => string | undefined
  ) {}

  async listen(): Promise<string> {
    this.server = createServer((request, response) => {
      // A warm-up request opens the sender's connection pool before the run's clock starts.
      if (request.url === "/warm-up") return void request.resume().on("end", () => response.writeHead(204).end());
      const handled = this.handle(request, response);
      this.handling.add(handled);
      void handled.finally(() => this.handling.delete(handled));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  begin(): void {
    this.startedAt = performance.now();
  }

  now(): number {
    return (performance.now() - this.startedAt) / this.scaleMs;
  }

  /** Waits for requests still on their way (a late one is still decided and applied), then closes. */
  async close(): Promise<void> {
    await Promise.all([...this.handling]);
    for (const response of this.held) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const atSeconds = this.now();
    const text = await readBody(request);
    const body = JSON.parse(text) as Record<string, unknown>;
    const event = statusEvent(body);
    const observed: ObservedRequest = {
      atSeconds,
      eventId: event.eventId,
      headers: headersOf(request),
      body,
      httpStatus: null
    };
    this.requests.push(observed);
    // The request travels for responseDelaySeconds: the receiver decides when it arrives.
    await sleep(this.config.responseDelaySeconds * this.scaleMs);
    const policy = {
      unavailableUntilSeconds: this.config.receiverUnavailableUntilSeconds,
      credential: credentialSeen(this.tokenOf(observed.headers)),
      payloadNamesExpectedTask: event.taskId === expectedTaskId,
      ignoreSeenEventIds: this.config.ignoreSeenEventIds,
      ignoreOlderSequence: this.config.ignoreOlderSequence
    };
    const decision = decideArrival(policy, this.memory, this.now(), event.eventId, event.sequence);
    acceptRequest(this.memory, decision, event.eventId, event.sequence, "working");
    if (decision === "applied") this.effects.push(event.eventId);
    const status = receiverHttpStatus[decision];
    observed.httpStatus = status;
    if (status >= 200 && status < 300 && this.config.loseFirstSuccessfulAck && !this.ackLost.has(event.eventId)) {
      // The update's first 2xx is lost: hold it until the sender gives up and closes the connection.
      this.ackLost.add(event.eventId);
      this.held.push(response);
      return;
    }
    response.writeHead(status).end();
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
  return headers;
}

/**
 * The credential as the lesson's receiver reads it: `Authorization: Bearer <token>`. Both senders
 * put it there for the config the lesson registers (token and Bearer authentication): the teaching
 * sender always, @a2a-js/sdk because authentication wins over its token header
 * (DefaultPushNotificationSender._buildAuthHeaders). A sender that put it elsewhere would be refused.
 */
const bearerToken = (headers: Record<string, string>) => headers.authorization?.replace(/^Bearer /, "");

function credentialSeen(token: string | undefined): CredentialFixture {
  if (token === undefined) return "missing";
  return token === fixtureTokens.matched ? "matched" : "wrong";
}

/** The status update in either body shape: the v0.3 event, or the 1.0 StreamResponse's statusUpdate. */
function statusEvent(body: Record<string, unknown>): {taskId: string; eventId: string; sequence: number} {
  const event = (body.statusUpdate ?? body) as {
    taskId: string;
    metadata: Record<string, {eventId: string; sequence: number}>;
  };
  const teaching = event.metadata[teachingMetadataKey]!;
  return {taskId: event.taskId, eventId: teaching.eventId, sequence: teaching.sequence};
}

/** The task the payloads name: the expected one, or another when the experiment says so. */
const taskIdOf = (config: DeliveryConfig) => (config.payloadNamesExpectedTask ? expectedTaskId : unexpectedTaskId);

/**
 * Runs `partial` (over the lesson's baseline) with the real @a2a-js/sdk sender: the lesson's own
 * registration request stored by the SDK's own handler (sdk-registration.ts), each update handed to
 * `send()` as it is produced (as the SDK's request handler does, without waiting), the config
 * deleted when the run says so.
 */
export async function runA2aJsOnLoopback(partial: Partial<DeliveryConfig>, scaleMs: number): Promise<LoopbackRun> {
  const sdk = await import("@a2a-js/sdk/server");
  const {DefaultPushNotificationSender, InMemoryPushNotificationStore, ServerCallContext} = sdk;
  const config = resolveDeliveryConfig({...baselineDeliveryConfig, ...partial, sender: "a2a-js"});
  const receiver = new LoopbackReceiver(config, scaleMs, bearerToken);
  const url = await receiver.listen();
  const store = new InMemoryPushNotificationStore();
  const context = new ServerCallContext({requestedVersion: "1.0"});
  const taskId = taskIdOf(config);
  // The SDK's own 5 s, in the run's scale (a test checks the SDK's default is the preset's 5 s).
  const sender = new DefaultPushNotificationSender(store, {timeout: 5 * scaleMs});
  // The SDK reports each dispatch only in its log: console.info when sent, console.error when it gave up.
  const reports: {outcome: "acknowledged" | "gave-up"; atSeconds: number}[] = [];
  const original = {error: console.error, info: console.info};
  console.error = (...args: unknown[]) =>
    void (String(args[0]).startsWith("Error sending push notification")
      ? reports.push({outcome: "gave-up", atSeconds: receiver.now()})
      : original.error(...args));
  console.info = (...args: unknown[]) =>
    void (String(args[0]).startsWith("Push notification sent")
      ? reports.push({outcome: "acknowledged", atSeconds: receiver.now()})
      : original.info(...args));
  try {
    const configId = await registerLessonPushConfig({sdk, store, context, url, credential: config.credential, taskId});
    await warmUp(url);
    receiver.begin();
    const sends: Promise<void>[] = [];
    const timers = config.updates.map((update) =>
      sleep(update.atSeconds * scaleMs).then(() => {
        const sent = sender.send(
          {
            payload: {
              $case: "statusUpdate",
              value: {
                taskId,
                contextId: lessonContextId,
                status: {state: v1StateNumber(update.taskState), message: undefined, timestamp: undefined},
                // The lesson's own payload metadata, so the body is the one wireRequest predicts.
                metadata: buildPushPayload(update, config.payloadNamesExpectedTask).metadata
              }
            }
          } as never,
          context
        );
        sends.push(sent);
      })
    );
    if (config.deleteConfigAtSeconds !== null) {
      timers.push(sleep(config.deleteConfigAtSeconds * scaleMs).then(() => store.delete(taskId, context, configId)));
    }
    await Promise.all(timers);
    await Promise.all(sends);
  } finally {
    console.error = original.error;
    console.info = original.info;
    await receiver.close();
  }
  // One task's dispatches run one after another, so the k-th report is the k-th update sent.
  const sentInOrder = [
    ...new Set([...receiver.requests].sort((a, b) => a.atSeconds - b.atSeconds).map((request) => request.eventId))
  ];
  const outcomes: ObservedOutcome[] = config.updates.map((update) => {
    const report = reports[sentInOrder.indexOf(update.eventId)];
    return report === undefined
      ? {eventId: update.eventId, outcome: "not-sent", atSeconds: 0}
      : {eventId: update.eventId, ...report};
  });
  return {requests: receiver.requests, outcomes, effects: receiver.effects};
}

/**
 * Runs `partial` with a real HTTP sender that follows the teaching policy: each attempt a
 * fetch with its own deadline; a 503 or a timeout is retried after initialBackoff x 2^(k-1),
 * up to maxAttemptsPerUpdate; 401 and 404 refuse; a deleted push config stops further attempts.
 */
export async function runTeachingSenderOnLoopback(
  partial: Partial<DeliveryConfig>,
  scaleMs: number
): Promise<LoopbackRun> {
  const config = resolveDeliveryConfig({...baselineDeliveryConfig, ...partial, sender: "teaching"});
  const receiver = new LoopbackReceiver(config, scaleMs, bearerToken);
  const url = await receiver.listen();
  const outcomes: ObservedOutcome[] = [];
  const token = fixtureTokens[config.credential];
  const deletedBy = (seconds: number) =>
    config.deleteConfigAtSeconds !== null && seconds >= config.deleteConfigAtSeconds;
  const gateOpen = checkDispatchGate(config).blockedReason === null;
  try {
    await warmUp(url);
    receiver.begin();
    await Promise.all(
      config.updates.map(async (update) => {
        await sleep(update.atSeconds * scaleMs);
        if (!gateOpen) return outcomes.push({eventId: update.eventId, outcome: "not-sent", atSeconds: receiver.now()});
        const body = JSON.stringify({
          kind: "status-update",
          taskId: taskIdOf(config),
          contextId: lessonContextId,
          status: {state: update.taskState},
          final: update.taskState === "completed",
          metadata: {[teachingMetadataKey]: {eventId: update.eventId, sequence: update.sequence}}
        });
        for (let attempt = 1; ; attempt++) {
          // The attempt is due now; a deletion at or before this moment suppresses it.
          if (deletedBy(receiver.now()))
            return outcomes.push({eventId: update.eventId, outcome: "not-sent", atSeconds: receiver.now()});
          const status = await post(url, body, token, config.senderTimeoutSeconds * scaleMs);
          const failedAt = receiver.now();
          if (status !== null && status >= 200 && status < 300)
            return outcomes.push({eventId: update.eventId, outcome: "acknowledged", atSeconds: failedAt});
          if (status === 401 || status === 404 || attempt >= config.maxAttemptsPerUpdate)
            return outcomes.push({eventId: update.eventId, outcome: "gave-up", atSeconds: failedAt});
          await sleep(config.initialBackoffSeconds * 2 ** (attempt - 1) * scaleMs);
        }
      })
    );
  } finally {
    await receiver.close();
  }
  return {requests: receiver.requests, outcomes: byEmission(outcomes, config), effects: receiver.effects};
}

/** One POST with a deadline: the status, or null when no answer came in time. */
export async function post(url: string, body: string, token: string | null, timeoutMs: number): Promise<number | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const headers: Record<string, string> = {"Content-Type": "application/json"};
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(url, {method: "POST", headers, body, signal: abort.signal});
    return response.status;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function byEmission(outcomes: ObservedOutcome[], config: DeliveryConfig): ObservedOutcome[] {
  const order = config.updates.map((update) => update.eventId);
  return [...outcomes].sort((a, b) => order.indexOf(a.eventId) - order.indexOf(b.eventId));
}

/** The SDK's numeric TaskState for a lesson state (its enum follows a2a.proto's numbering). */
function v1StateNumber(state: DeliveryConfig["updates"][number]["taskState"]): number {
  const names = [
    "TASK_STATE_UNSPECIFIED",
    "TASK_STATE_SUBMITTED",
    "TASK_STATE_WORKING",
    "TASK_STATE_COMPLETED",
    "TASK_STATE_FAILED",
    "TASK_STATE_CANCELED",
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_REJECTED",
    "TASK_STATE_AUTH_REQUIRED"
  ];
  return names.indexOf(v1TaskStates[state]);
}
