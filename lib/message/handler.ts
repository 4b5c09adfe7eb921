/**
 * Stage 6, the handler: a local, in-memory message/send handler. It records a
 * receipt and returns an A2A Message as the result (A2A v0.3.0 section 7.1:
 * the response is a Task or a Message; #/definitions/Message requires kind,
 * messageId, parts and role). It runs for notifications too: JSON-RPC 2.0
 * section 4.1 only forbids the reply.
 */
import {memberOf, type JsonObjectNode} from "./json-source.js";
import type {DecodedPart} from "./parts.js";
import type {RequestId} from "./request-id.js";

/** Prefix of the messageId the handler gives its replies ("lab-reply-1", ...). */
export const REPLY_MESSAGE_ID_PREFIX = "lab-reply-";
/** Longest stretch of the sender's messageId quoted in the reply text. */
export const QUOTED_ID_LENGTH = 64;

export interface Receipt {
  /** 1, 2, ... in the order the receiver handled the requests. */
  receiptNumber: number;
  requestIndex: number | null;
  /** The request id exactly as sent, or null for a notification. */
  requestId: RequestId | null;
  notification: boolean;
  messageId: string;
  role: string;
  contextId: string | null;
  taskId: string | null;
  partKinds: string[];
  /** Total decoded bytes of file parts sent inline. */
  inlineFileBytes: number;
}

export interface HandlerOutput {
  receipt: Receipt;
  /** The A2A Message returned as the JSON-RPC result, as JSON text. */
  resultText: string;
}

/** Cuts a long string without splitting a surrogate pair. */
function shorten(value: string, length: number): string {
  if (value.length <= length) return value;
  const high = value.charCodeAt(length - 1);
  const cut = high >= 0xd800 && high <= 0xdbff ? length - 1 : length;
  return `${value.slice(0, cut)}…`;
}

function stringOf(node: JsonObjectNode, name: string): string | null {
  const value = memberOf(node, name)?.value;
  return value?.type === "string" ? value.value : null;
}

export function handleMessageSend(params: JsonObjectNode, parts: readonly DecodedPart[], receiptNumber: number, requestIndex: number | null, requestId: RequestId | null): HandlerOutput {
  const message = memberOf(params, "message")!.value as JsonObjectNode;
  const messageId = stringOf(message, "messageId") ?? "";
  const partKinds = parts.map((p) => p.kind);
  const inlineFileBytes = parts.reduce((sum, p) => sum + (p.kind === "file" && p.source === "bytes" ? (p.byteLength ?? 0) : 0), 0);
  const receipt: Receipt = {
    receiptNumber,
    requestIndex,
    requestId,
    notification: requestId === null,
    messageId,
    role: stringOf(message, "role") ?? "",
    contextId: stringOf(message, "contextId"),
    taskId: stringOf(message, "taskId"),
    partKinds,
    inlineFileBytes
  };
  const quoted = shorten(messageId, QUOTED_ID_LENGTH);
  const described = parts.map((p) => (p.kind === "file" && p.source === "bytes" ? `file (${p.byteLength} bytes)` : p.kind === "file" ? "file (by URI, not fetched)" : p.kind));
  const text = `Receipt ${receiptNumber}: stored message ${JSON.stringify(quoted)} with ${parts.length} part${parts.length === 1 ? "" : "s"}: ${described.join(", ")}.`;
  const result = {kind: "message", messageId: `${REPLY_MESSAGE_ID_PREFIX}${receiptNumber}`, role: "agent", parts: [{kind: "text", text}]};
  return {receipt, resultText: JSON.stringify(result)};
}
