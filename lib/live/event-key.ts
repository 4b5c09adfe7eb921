/**
 * Which requests are resends of one update, and which update is newer. A2A push bodies carry no
 * delivery id (A2A 1.0 §4.3.3 only asks receivers to "process notifications idempotently"), so
 * the receiver uses the key the sender offers when it offers one:
 * - the lesson's teaching metadata (`a2a-workbench/teaching`: eventId, sequence), which the demo
 *   agent puts in each event's metadata, as lesson 1's updates carry it;
 * - Standard Webhooks' `webhook-id` (the same on every retry of one message);
 * and otherwise derives one, scoped to the task: the SHA-256 of the exact body bytes. A resend of
 * the same bytes is then recognised; two different updates whose bodies are byte-identical would
 * be taken for one (the limit lesson 4 §5 answers with GetTask reconciliation).
 */
import {teachingMetadataKey} from "../delivery/payload.js";
import {sha256, toBytes, toHex} from "../webhook-auth/bytes.js";
import {readHeader, type HeaderBag} from "../webhook-auth/http-headers.js";
import {WEBHOOK_ID_HEADER} from "../webhook-auth/standard-webhooks/standard-webhooks.js";
import type {EventKeySource, LiveAttempt} from "./attempt.js";

/** What the receiver reads of a body before (and whatever) its checks decide. */
export interface BodyFacts {
  taskId: string | null;
  taskState: string | null;
  teaching: {eventId: string; sequence: number} | null;
  statusTimestamp: string | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const stringOr = (value: unknown, max = 256): string | null =>
  typeof value === "string" && value.length <= max ? value : null;

/** The event inside a body of either version: a 1.0 StreamResponse's statusUpdate (or task), or the v0.3 object itself. */
export function bodyFacts(json: unknown): BodyFacts {
  const body = record(json);
  const event =
    record(body?.statusUpdate) ?? record(body?.task) ?? record(body?.artifactUpdate) ?? record(body?.message) ?? body;
  const status = record(event?.status);
  const teaching = record(record(event?.metadata)?.[teachingMetadataKey]);
  const eventId = stringOr(teaching?.eventId, 128);
  const sequence = teaching?.sequence;
  return {
    taskId: stringOr(event?.taskId) ?? (body?.task !== undefined || body?.kind === "task" ? stringOr(event?.id) : null),
    taskState: stringOr(status?.state, 64),
    // A sequence is a whole number a record can hold (the page refuses any other): else the key is derived.
    teaching:
      eventId !== null && typeof sequence === "number" && Number.isSafeInteger(sequence) ? {eventId, sequence} : null,
    statusTimestamp: stringOr(status?.timestamp, 64)
  };
}

/** The task-scoped key derived from a body: the task and the SHA-256 of the exact bytes. */
export async function derivedEventKey(
  taskId: string,
  body: string | Uint8Array,
  subtle?: SubtleCrypto
): Promise<string> {
  return `task:${taskId}:body-sha256:${toHex(await sha256(toBytes(body), subtle))}`;
}

/** The key that groups one update's resends, and where it came from. */
export async function updateKeyOf(
  headers: HeaderBag,
  facts: BodyFacts,
  body: string | Uint8Array,
  subtle?: SubtleCrypto
): Promise<{updateKey: string | null; keySource: EventKeySource}> {
  if (facts.teaching) return {updateKey: `event:${facts.teaching.eventId}`, keySource: "teaching-metadata"};
  const webhookId = readHeader(headers, WEBHOOK_ID_HEADER);
  if (webhookId !== undefined && webhookId.length <= 256)
    return {updateKey: `webhook-id:${webhookId}`, keySource: "webhook-id"};
  if (facts.taskId === null) return {updateKey: null, keySource: "none"};
  return {updateKey: await derivedEventKey(facts.taskId, body, subtle), keySource: "derived"};
}

/** What ordering protection compares: the teaching sequence, else the status timestamp (ISO 8601, compared as instants). */
export function orderOf(facts: BodyFacts): LiveAttempt["order"] {
  if (facts.teaching) return {by: "sequence", value: facts.teaching.sequence};
  if (facts.statusTimestamp !== null && Number.isFinite(Date.parse(facts.statusTimestamp)))
    return {by: "status timestamp", value: facts.statusTimestamp};
  return null;
}

/** True when `order` is older than `newest` (same kind only: a sequence is never compared with a time). */
export function isOlder(order: LiveAttempt["order"], newest: LiveAttempt["order"]): boolean {
  if (order === null || newest === null || order.by !== newest.by) return false;
  if (order.by === "sequence") return (order.value as number) < (newest.value as number);
  return Date.parse(order.value as string) < Date.parse(newest.value as string);
}
