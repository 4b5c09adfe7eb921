/**
 * The senders lesson 1 can run: its own teaching sender, four released A2A SDKs and two webhook
 * platforms that retry. Each is a record read from its source (file and version below); the
 * simulator asks the chosen one for its policy (sender-policy.ts), so every sender runs through
 * the same event loop and receiver.
 *
 * What the sources say, beyond the record fields:
 * - A2A 1.0 §4.3.3 (a2aproject/A2A docs/specification.md, v1.0.1): agents MUST attempt delivery at
 *   least once, MAY retry with exponential backoff, SHOULD use a timeout of 10-30 s. None of the
 *   four SDKs retries.
 * - The issue that asked for these presets said @a2a-js/sdk sends configs registered over v0.3 the
 *   v0.3 object. In 1.3.0 the stock DefaultPushNotificationSender registers only the 1.0 serializer
 *   and falls back to it (with a console.warn); only createLegacyAwarePushNotificationSender from
 *   @a2a-js/sdk/compat/v0_3/server sends v0.3 bodies. The record follows the source.
 */

export const senderIds = ["teaching", "a2a-js", "a2a-python", "a2a-go", "a2a-java", "svix", "convoy"] as const;
export type SenderId = (typeof senderIds)[number];

/** Waits between attempts, after a failure is observed. */
export type SenderRetrySchedule =
  /** One attempt; a failure is logged and the update dropped. */
  | {kind: "none"}
  /** The lesson's sliders: attempts per update, and a first wait that doubles for each further retry. */
  | {kind: "doubling"}
  /** A fixed table: the wait after failure k is waitsSeconds[k - 1]; attempts = table length + 1. */
  | {kind: "table"; waitsSeconds: readonly number[]}
  /**
   * Convoy's exponential strategy: after failure k, min(cap, interval x 2^(k-1)) plus a jitter
   * drawn from [0, jitterBelowSeconds) (added after the cap); at most maxAttempts in all.
   */
  | {kind: "exponential"; intervalSeconds: number; capSeconds: number; jitterBelowSeconds: number; maxAttempts: number};

/**
 * What the sender counts as delivered: a 2xx, or (a2a-java) any status but 401 and 403, so a 503
 * or a 404 is "delivered" and dropped without a word.
 */
export type SuccessRule = "2xx" | "not-401-or-403";

/**
 * The notifications of one task: sent as each is produced (`concurrent`), or one at a time, the
 * next waiting until the previous one has its answer or its timeout (`one-at-a-time`).
 */
export type TaskOrdering = "concurrent" | "one-at-a-time";

export interface SenderPreset {
  id: SenderId;
  name: string;
  /** A few words for tables and sentences: the package or platform and its version. */
  shortName: string;
  version: string;
  /** Where the behaviour was read. */
  source: string;
  /** Seconds the sender waits for a response; null: it never gives up waiting; "slider": the lesson's input. */
  timeoutSeconds: number | null | "slider";
  retry: SenderRetrySchedule;
  success: SuccessRule;
  /** Statuses it never retries (the teaching sender's permanent refusals); the others retry any failure they retry at all. */
  permanentRefusals: readonly number[];
  ordering: TaskOrdering;
  /**
   * When it reads the task's push configs: as each update is produced (@a2a-js/sdk loads them
   * before joining its chain, so an update held behind a slow one is sent even if the config
   * was deleted meanwhile), or as each request is sent.
   */
  readsConfigsWhen: "produced" | "sent";
  /** How ordering and concurrency look in the sender's own code. */
  orderingNote: string;
  contentType: string;
  /** The header that carries the push config's token; null: none (the teaching sender sends `Authorization: Bearer`, the platforms sign instead). */
  tokenHeader: string | null;
  /**
   * Whether the config's authentication wins over its token: when the registered config's
   * authentication has a scheme and credentials, the sender sends `Authorization: <scheme>
   * <credentials>` and no token header; otherwise the token in tokenHeader. false: the token in
   * tokenHeader whatever authentication says. wire-request.ts credentialHeaders applies the rule.
   */
  authenticationFirst: boolean;
  /** Other headers it adds (values are placeholders: signatures and ids). */
  otherHeaders: Readonly<Record<string, string>>;
  /**
   * The POST body: the A2A v0.3.0 TaskStatusUpdateEvent (kind, final), the A2A 1.0 StreamResponse
   * ({"statusUpdate": …}, TASK_STATE_* names; a2a.proto v1.0.1 StreamResponse), or whatever
   * JSON the application hands a webhook platform (shown as the v0.3 event).
   */
  body: "a2a-v0.3" | "a2a-v1.0" | "application";
}

export const senderPresets: readonly SenderPreset[] = Object.freeze<SenderPreset[]>([
  {
    id: "teaching",
    name: "Teaching sender",
    shortName: "Teaching sender",
    version: "this course",
    source: "lib/delivery/retry.ts",
    timeoutSeconds: "slider",
    retry: {kind: "doubling"},
    success: "2xx",
    permanentRefusals: [401, 404],
    ordering: "concurrent",
    readsConfigsWhen: "sent",
    orderingNote: "Each update is sent when it is produced; retries of different updates overlap.",
    contentType: "application/json",
    tokenHeader: null,
    authenticationFirst: false,
    otherHeaders: {},
    body: "a2a-v0.3"
  },
  {
    id: "a2a-js",
    name: "@a2a-js/sdk DefaultPushNotificationSender",
    shortName: "@a2a-js/sdk 1.3.0",
    version: "1.3.0",
    source:
      "npm @a2a-js/sdk@1.3.0 dist/server/index.js (src/server/push_notification/default_push_notification_sender.ts)",
    timeoutSeconds: 5,
    retry: {kind: "none"},
    success: "2xx",
    permanentRefusals: [],
    ordering: "one-at-a-time",
    readsConfigsWhen: "produced",
    orderingNote:
      "A chain per task: each notification waits for the previous one's answer or 5 s abort; the request handler does not wait (fire and forget).",
    contentType: "application/a2a+json",
    // DefaultPushNotificationSender._buildAuthHeaders (dist/server/index.js, 1.3.0): authentication
    // with scheme and credentials → `Authorization: <scheme> <credentials>`; else token →
    // options.tokenHeaderName (default X-A2A-Notification-Token). The lesson registers both, so it
    // sends `Authorization: Bearer <token>`.
    tokenHeader: "X-A2A-Notification-Token",
    authenticationFirst: true,
    otherHeaders: {},
    body: "a2a-v1.0"
  },
  {
    id: "a2a-python",
    name: "a2a-python BasePushNotificationSender",
    shortName: "a2a-python 1.1.0",
    version: "1.1.0",
    source: "a2aproject/a2a-python v1.1.0 src/a2a/server/tasks/base_push_notification_sender.py",
    timeoutSeconds: 5,
    retry: {kind: "none"},
    success: "2xx",
    permanentRefusals: [],
    ordering: "one-at-a-time",
    readsConfigsWhen: "sent",
    orderingNote:
      "Awaited inline while the task's state is updated (active_task.py), before subscribers hear of it: a slow webhook holds back the task itself. The 5 s is httpx's default, per network phase.",
    contentType: "application/json",
    tokenHeader: "X-A2A-Notification-Token",
    authenticationFirst: false,
    otherHeaders: {},
    body: "a2a-v1.0"
  },
  {
    id: "a2a-go",
    name: "a2a-go push sender",
    shortName: "a2a-go 2.3.1",
    version: "2.3.1",
    source: "a2aproject/a2a-go v2.3.1 a2asrv/push/sender.go",
    timeoutSeconds: 30,
    retry: {kind: "none"},
    success: "2xx",
    permanentRefusals: [],
    ordering: "one-at-a-time",
    readsConfigsWhen: "sent",
    orderingNote:
      "Sent inline while the event is processed, configs one after another: a slow webhook (up to 30 s per config) holds back the next event.",
    contentType: "application/json",
    tokenHeader: "A2a-Notification-Token",
    authenticationFirst: false,
    otherHeaders: {},
    body: "a2a-v1.0"
  },
  {
    id: "a2a-java",
    name: "a2a-java BasePushNotificationSender",
    shortName: "a2a-java 1.2.0.Final",
    version: "1.2.0.Final",
    source:
      "a2aproject/a2a-java 1.2.0.Final server-common/src/main/java/org/a2aproject/sdk/server/tasks/BasePushNotificationSender.java",
    timeoutSeconds: null,
    retry: {kind: "none"},
    success: "not-401-or-403",
    permanentRefusals: [],
    ordering: "concurrent",
    readsConfigsWhen: "sent",
    orderingNote:
      "Each event is sent asynchronously (CompletableFuture.runAsync), with no ordering between events; the JDK HttpClient has no request timeout.",
    contentType: "application/json",
    tokenHeader: "X-A2A-Notification-Token",
    authenticationFirst: false,
    otherHeaders: {},
    body: "a2a-v1.0"
  },
  {
    id: "svix",
    name: "Svix",
    shortName: "Svix",
    version: "hosted service",
    source: "https://docs.svix.com/retries",
    timeoutSeconds: 15,
    // "Immediately, 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 10 hours", each after the previous failure.
    retry: {kind: "table", waitsSeconds: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]},
    success: "2xx",
    permanentRefusals: [],
    ordering: "concurrent",
    readsConfigsWhen: "sent",
    orderingNote: "Each message is delivered on its own schedule; no ordering between messages.",
    contentType: "application/json",
    tokenHeader: null,
    authenticationFirst: false,
    otherHeaders: {
      "webhook-id": "<message id>",
      "webhook-timestamp": "<unix seconds>",
      "webhook-signature": "v1,<HMAC-SHA256 of id.timestamp.body>"
    },
    body: "application"
  },
  {
    id: "convoy",
    name: "Convoy, exponential strategy",
    shortName: "Convoy",
    version: "v26.7.3",
    source:
      "frain-dev/convoy v26.7.3 retrystrategies/exponentialBackoff.go; project defaults in datastore/models.go, timeout in const.go",
    timeoutSeconds: 10,
    // Project defaults: interval 100 s and 10 attempts (retry_count counts the first); cap 7,200 s when unset.
    retry: {kind: "exponential", intervalSeconds: 100, capSeconds: 7_200, jitterBelowSeconds: 5, maxAttempts: 10},
    success: "2xx",
    permanentRefusals: [],
    ordering: "concurrent",
    readsConfigsWhen: "sent",
    orderingNote: "Each event delivery is its own job in the queue; no ordering between events.",
    contentType: "application/json",
    tokenHeader: null,
    authenticationFirst: false,
    otherHeaders: {"X-Convoy-Signature": "<HMAC-SHA256 of the body>"},
    body: "application"
  }
]);

export function senderPreset(id: SenderId): SenderPreset {
  return senderPresets.find((preset) => preset.id === id)!;
}
