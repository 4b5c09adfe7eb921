/**
 * How the message lesson names things, the same way in every table, chart and
 * sentence.
 */
import type {ClientVerdict as MessageClientVerdict} from "../../../lib/message/client.js";
import type {RequestId as MessageRequestId} from "../../../lib/message/request-id.js";
import type {RequestOutcome as MessageRequestOutcome} from "../../../lib/message/request.js";

const SHOWN_ID_LENGTH = 40;

/** An id as written, cut if long: `"1"`, `1`, `null`. */
export function idText(id: MessageRequestId | null): string {
  if (id === null) return "none";
  return id.lexeme.length > SHOWN_ID_LENGTH ? `${id.lexeme.slice(0, SHOWN_ID_LENGTH)}…` : id.lexeme;
}

/** "the request", "request 2 (id 10)", "request 1 (notification)". */
export function describeRequest(outcome: MessageRequestOutcome): string {
  const name = outcome.requestIndex === null ? "the request" : `request ${outcome.requestIndex}`;
  if (outcome.notification) return `${name} (notification)`;
  if (outcome.id !== null) return `${name} (id ${idText(outcome.id)})`;
  return name;
}

/** A phrase starting with a capital letter, to open a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The client's verdict in a few words. */
export const CLIENT_VERDICT_WORDS: Readonly<Record<MessageClientVerdict, string>> = {
  "confirmed-result": "confirmed a result",
  "confirmed-error": "knows it failed",
  "unconfirmed-notification": "cannot confirm",
  unmatched: "no matching response",
  ambiguous: "ambiguous id",
  "no-usable-id": "no usable id"
};

/** Verdicts the client can act on. */
export function clientKnows(verdict: MessageClientVerdict): boolean {
  return verdict === "confirmed-result" || verdict === "confirmed-error";
}
