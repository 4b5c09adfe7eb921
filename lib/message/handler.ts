/**
 * Stage 6, the handler: a local, in-memory message/send (SendMessage) handler. It records a
 * receipt and returns an A2A Message as the result. Under v0.3.0 (section 7.1: the response is
 * a Task or a Message; #/definitions/Message requires kind, messageId, parts and role) the
 * result is the Message itself; under 1.0 it is a SendMessageResponse, the oneof written
 * {"message": …} (specification section 9.4.1), in 1.0's shape: role ROLE_AGENT, parts without
 * kind, and a contextId, which a server's message must carry (a2a.proto, lf.a2a.v1.Message).
 * It runs for notifications too: JSON-RPC 2.0 section 4.1 only forbids the reply.
 */
import {memberOf} from "./json-source.js";
import type {JsonObjectNode} from "../shared/json-nodes.js";
import {partKindName, type DecodedPart} from "./parts.js";
import type {RequestId} from "./request-id.js";
import type {MessageVersion} from "../shared/message-version.js";

/** Prefix of the messageId the handler gives its replies ("lab-reply-1", ...). */
export const REPLY_MESSAGE_ID_PREFIX = "lab-reply-";
/** Prefix of the contextId a 1.0 reply carries when the request named none ("lab-context-1", ...). */
export const REPLY_CONTEXT_ID_PREFIX = "lab-context-";
/** Longest stretch of the sender's messageId quoted in the reply text. */
export const QUOTED_ID_LENGTH = 64;

export interface Receipt {
  /** 1, 2, ... in the order the receiver handled the requests. */
  receiptNumber: number;
  requestIndex: number | null;
  /** The request id exactly as sent, or null for a notification. */
  requestId: RequestId | null;
  notification: boolean;
  /** What the handler stored: a message (message/send, SendMessage) or a push config (push-config.ts). */
  stored: "message" | "push-config";
  messageId: string;
  role: string;
  contextId: string | null;
  taskId: string | null;
  partKinds: string[];
  /** Total decoded bytes of file parts sent inline. */
  inlineFileBytes: number;
  /** For a push config: where notifications go, and the config's id (given, or the agent's). */
  callbackUrl?: string | null;
  configId?: string;
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

export function handleMessageSend(
  params: JsonObjectNode,
  parts: readonly DecodedPart[],
  receiptNumber: number,
  requestIndex: number | null,
  requestId: RequestId | null,
  version: MessageVersion = "0.3"
): HandlerOutput {
  const message = memberOf(params, "message")!.value as JsonObjectNode;
  const messageId = stringOf(message, "messageId") ?? stringOf(message, "message_id") ?? "";
  const partKinds = parts.map((p) => partKindName(p, version));
  const inlineFileBytes = parts.reduce(
    (sum, p) => sum + (p.kind === "file" && p.source === "bytes" ? (p.byteLength ?? 0) : 0),
    0
  );
  const receipt: Receipt = {
    receiptNumber,
    requestIndex,
    requestId,
    notification: requestId === null,
    stored: "message",
    messageId,
    role: roleOf(message),
    contextId: stringOf(message, "contextId") ?? stringOf(message, "context_id"),
    taskId: stringOf(message, "taskId") ?? stringOf(message, "task_id"),
    partKinds,
    inlineFileBytes
  };
  const quoted = shorten(messageId, QUOTED_ID_LENGTH);
  const described = parts.map((p) => describePart(p, version));
  const text = `Receipt ${receiptNumber}: stored message ${JSON.stringify(quoted)} with ${parts.length} part${parts.length === 1 ? "" : "s"}: ${described.join(", ")}.`;
  const messageIdOut = `${REPLY_MESSAGE_ID_PREFIX}${receiptNumber}`;
  const result =
    // An empty contextId is proto3's "not set": the agent gives one.
    version === "1.0"
      ? {
          message: {
            messageId: messageIdOut,
            contextId: receipt.contextId || `${REPLY_CONTEXT_ID_PREFIX}${receiptNumber}`,
            role: "ROLE_AGENT",
            parts: [{text}]
          }
        }
      : {kind: "message", messageId: messageIdOut, role: "agent", parts: [{kind: "text", text}]};
  return {receipt, resultText: JSON.stringify(result)};
}

function describePart(part: DecodedPart, version: MessageVersion): string {
  if (part.kind !== "file") return part.kind;
  if (version === "1.0") return part.source === "bytes" ? `raw (${part.byteLength} bytes)` : "url (not fetched)";
  return part.source === "bytes" ? `file (${part.byteLength} bytes)` : "file (by URI, not fetched)";
}

/** The role as written: a name ("user", "ROLE_USER"), or a 1.0 enum number shown as its digits. */
function roleOf(message: JsonObjectNode): string {
  const value = memberOf(message, "role")?.value;
  if (value?.type === "string") return value.value;
  return value?.type === "number" ? value.lexeme : "";
}
