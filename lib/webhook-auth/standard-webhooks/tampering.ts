/**
 * Tampering and replay experiments against one receiver (Standard Webhooks
 * signatures + dedup store), run in sequence so the receiver's memory carries
 * over from one experiment to the next:
 *
 * 1. the original delivery;
 * 2. one byte of the body changed;
 * 3. the captured request replayed inside the tolerance window (signature and
 *    window pass; the event id is already recorded: 2xx, no effect);
 * 4. the captured request replayed after the window (refused: too old);
 * 5. the captured request with a fresh webhook-timestamp but the old signature
 *    (the timestamp is signed: refused);
 * 6. the sender's own retry, re-signed with a fresh timestamp and the same id
 *    (accepted as authentic and fresh, then deduplicated).
 */
import type {Decision} from "../../playback/decision.js";
import {toBytes} from "../bytes.js";
import {createDedupStore, DEFAULT_DEDUP_RETENTION_SECONDS} from "../pipeline/dedup-store.js";
import {DEMO_BODY, DEMO_EVENT_ID, DEMO_NOW_SECONDS, STANDARD_WEBHOOKS_TEST_SECRET} from "../fixtures.js";
import type {HeaderBag} from "../http-headers.js";
import {readPushPayload} from "../pipeline/a2a-payload.js";
import {
  pipelineDecisions,
  receivePushNotification,
  type PipelineResult,
  type ReceiverConfig,
  type ReceiverState
} from "../pipeline/receiver-pipeline.js";
import {
  DEFAULT_TOLERANCE_SECONDS,
  WEBHOOK_TIMESTAMP_HEADER,
  signStandardWebhook,
  verifyStandardWebhook,
  type StandardWebhookVerification,
  type WebhookSecret
} from "./standard-webhooks.js";

export const DEFAULT_REPLAY_INSIDE_DELAY_SECONDS = 60;
/** The sender's re-signed retry comes 10 minutes later: well past a 5-minute window. */
export const DEFAULT_RESIGNED_RETRY_DELAY_SECONDS = 600;

export interface TamperingInput {
  secret?: WebhookSecret;
  msgId?: string;
  sentAtSeconds?: number;
  body?: string | Uint8Array;
  toleranceSeconds?: number;
  retentionSeconds?: number;
  /** Which body byte to change (default: the middle byte). */
  byteIndex?: number;
  replayInsideDelaySeconds?: number;
  /** Default: tolerance + 60 s. */
  replayAfterDelaySeconds?: number;
  resignedRetryDelaySeconds?: number;
}

export type TamperingId =
  | "original"
  | "byte-changed"
  | "replay-inside-window"
  | "replay-after-window"
  | "timestamp-rewritten"
  | "resigned-retry";

export interface TamperingExperiment {
  id: TamperingId;
  title: string;
  atSeconds: number;
  request: {headers: Record<string, string>; body: Uint8Array};
  /** verifyStandardWebhook alone (signature + window), without the rest of the pipeline. */
  verification: StandardWebhookVerification;
  result: PipelineResult;
  expected: string;
  /** Whether the receiver answered as `expected` describes. */
  asExpected: boolean;
}

export interface TamperingReport {
  experiments: TamperingExperiment[];
  effects: number;
  trace: Decision[];
}

/** One request of the sequence: when it is sent, what it carries, and what the receiver should answer. */
interface PlannedRequest {
  id: TamperingId;
  title: string;
  at: number;
  headers: Record<string, string>;
  body: Uint8Array;
  expected: string;
  accept: (r: PipelineResult) => boolean;
}

/** The inputs with their defaults filled in. */
interface TamperingSetting {
  secret: WebhookSecret;
  msgId: string;
  t0: number;
  body: Uint8Array;
  tolerance: number;
}

export async function runTamperingExperiments(input: TamperingInput = {}): Promise<TamperingReport> {
  const setting: TamperingSetting = {
    secret: input.secret ?? STANDARD_WEBHOOKS_TEST_SECRET,
    msgId: input.msgId ?? DEMO_EVENT_ID,
    t0: input.sentAtSeconds ?? DEMO_NOW_SECONDS,
    body: toBytes(input.body ?? DEMO_BODY),
    tolerance: input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  };
  const {secret, body, tolerance} = setting;
  const payload = readPushPayload(body);
  const config: ReceiverConfig = {
    auth: {scheme: "standard-webhooks", secrets: [secret], toleranceSeconds: tolerance},
    expectedTaskIds: payload.ok ? [payload.taskId] : []
  };
  let state: ReceiverState = {dedup: createDedupStore(input.retentionSeconds ?? DEFAULT_DEDUP_RETENTION_SECONDS)};
  let effects = 0;
  const experiments: TamperingExperiment[] = [];
  const trace: Decision[] = [];

  for (const step of await tamperingPlan(input, setting)) {
    const headers: HeaderBag = step.headers;
    const verification = await verifyStandardWebhook({
      secret,
      headers,
      payload: step.body,
      nowSeconds: step.at,
      toleranceSeconds: tolerance
    });
    const result = await receivePushNotification({
      request: {headers, body: step.body},
      config,
      state,
      nowSeconds: step.at,
      applyEffect: () => {
        effects++;
        return {ok: true, detail: `effect #${effects}`};
      }
    });
    state = result.state;
    experiments.push({
      id: step.id,
      title: step.title,
      atSeconds: step.at,
      request: {headers: step.headers, body: step.body},
      verification,
      result,
      expected: step.expected,
      asExpected: step.accept(result)
    });
    trace.push(
      {atSeconds: step.at, title: step.title, detail: `Expected: ${step.expected}.`, kind: "experiment"},
      ...pipelineDecisions(result, step.at)
    );
  }
  return {experiments, effects, trace};
}

/** The six requests, in the order they are sent (the list at the top of this file). */
async function tamperingPlan(
  input: TamperingInput,
  {secret, msgId, t0, body, tolerance}: TamperingSetting
): Promise<PlannedRequest[]> {
  const original = await signStandardWebhook({secret, msgId, timestamp: t0, payload: body});
  const byteIndex = Math.min(Math.max(0, input.byteIndex ?? Math.floor(body.length / 2)), Math.max(0, body.length - 1));
  const changed = new Uint8Array(body);
  if (changed.length > 0) changed[byteIndex] = changed[byteIndex]! ^ 0x01;
  const resignedAt = t0 + (input.resignedRetryDelaySeconds ?? DEFAULT_RESIGNED_RETRY_DELAY_SECONDS);
  const resigned = await signStandardWebhook({secret, msgId, timestamp: resignedAt, payload: body});
  const afterWindow = t0 + (input.replayAfterDelaySeconds ?? tolerance + 60);

  return [
    {
      id: "original",
      title: "Original delivery",
      at: t0,
      headers: {...original.headers},
      body,
      expected: "200, effect applied",
      accept: (r) => r.outcome === "applied"
    },
    {
      id: "byte-changed",
      title: `Body byte ${byteIndex} changed (0x${body[byteIndex]?.toString(16).padStart(2, "0") ?? "--"} → 0x${changed[byteIndex]?.toString(16).padStart(2, "0") ?? "--"})`,
      at: t0 + 1,
      headers: {...original.headers},
      body: changed,
      expected: "401 at authenticity: no matching signature",
      accept: (r) => r.status === 401 && r.checks[0]?.status === "fail"
    },
    {
      id: "replay-inside-window",
      title: "Captured request replayed inside the window",
      at: t0 + (input.replayInsideDelaySeconds ?? DEFAULT_REPLAY_INSIDE_DELAY_SECONDS),
      headers: {...original.headers},
      body,
      expected: "200 without effect: the event id is already recorded",
      accept: (r) => r.outcome === "duplicate"
    },
    {
      id: "replay-after-window",
      title: "Captured request replayed after the window",
      at: afterWindow,
      headers: {...original.headers},
      body,
      expected: "401 at time bounds: timestamp too old",
      accept: (r) => r.status === 401 && r.checks.find((c) => c.id === "time-bounds")?.status === "fail"
    },
    {
      id: "timestamp-rewritten",
      title: "Timestamp rewritten to now, old signature kept",
      at: afterWindow,
      headers: {...original.headers, [WEBHOOK_TIMESTAMP_HEADER]: String(afterWindow)},
      body,
      expected: "401 at authenticity: the timestamp is part of the signed content",
      accept: (r) => r.status === 401 && r.checks[0]?.status === "fail"
    },
    {
      id: "resigned-retry",
      title: "Sender retry: fresh timestamp, same id",
      at: resignedAt,
      headers: {...resigned.headers},
      body,
      expected: "200 without effect: authentic and fresh, deduplicated by webhook-id",
      accept: (r) => r.outcome === "duplicate"
    }
  ];
}
