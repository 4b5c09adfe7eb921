/** Builders for request texts used across the message tests. */

export interface PartInput {
  [key: string]: unknown;
}

export function textPart(text = "Hello."): PartInput {
  return {kind: "text", text};
}

export function message(
  parts: PartInput[] = [textPart()],
  extra: Record<string, unknown> = {}
): Record<string, unknown> {
  return {kind: "message", messageId: "m-1", role: "user", parts, ...extra};
}

/** A message/send request object; pass id undefined for a notification. */
export function sendRequest(id: unknown, params: unknown = {message: message()}): Record<string, unknown> {
  const request: Record<string, unknown> = {jsonrpc: "2.0"};
  if (id !== undefined) request["id"] = id;
  request["method"] = "message/send";
  request["params"] = params;
  return request;
}

export function sendText(id: unknown, params?: unknown): string {
  return JSON.stringify(sendRequest(id, params));
}

/** A request whose single part is `part`. */
export function withPart(part: PartInput, id: unknown = 1): string {
  return sendText(id, {message: message([part])});
}
