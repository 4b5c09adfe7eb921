/**
 * What the receiver keeps of a request: bounded, with credentials masked. Whatever the receiver
 * shows (terminal, JSON Lines, page) comes from this copy, so a secret is never repeated in full.
 */
import type {HeaderBag} from "../webhook-auth/http-headers.js";
import {GO_TOKEN_HEADER, NOTIFICATION_TOKEN_HEADER} from "../webhook-auth/jwt/jwt-profile.js";

/** Headers whose values are credentials (the A2A token under both names the SDKs use): only their first characters are kept. */
const SECRET_HEADERS = new Set([
  "authorization",
  NOTIFICATION_TOKEN_HEADER.toLowerCase(),
  GO_TOKEN_HEADER.toLowerCase(),
  "cookie",
  "proxy-authorization"
]);

/** Whether the receiver keeps a header's value masked (a credential). */
export const isMaskedHeader = (name: string) => SECRET_HEADERS.has(name.toLowerCase());
export const MAX_KEPT_HEADERS = 40;
export const MAX_HEADER_VALUE = 512;
export const MAX_KEPT_BODY = 4_096;

/** "Bearer abcd…(43 characters)": the scheme and four characters, enough to tell two tokens apart. */
export function maskCredential(value: string): string {
  const space = value.indexOf(" ");
  const [scheme, secret] = space > 0 && space < 20 ? [value.slice(0, space + 1), value.slice(space + 1)] : ["", value];
  if (secret.length <= 8) return `${scheme}…(${secret.length} characters)`;
  return `${scheme}${secret.slice(0, 4)}…(${secret.length} characters)`;
}

export function keptHeaders(headers: HeaderBag): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || count === MAX_KEPT_HEADERS) continue;
    const lower = name.toLowerCase().slice(0, 64);
    kept[lower] = SECRET_HEADERS.has(lower) ? maskCredential(value) : clip(value, MAX_HEADER_VALUE);
    count++;
  }
  return kept;
}

/** The body's first bytes as text (a lone surrogate or a broken UTF-8 sequence becomes U+FFFD). */
export function keptBody(body: Uint8Array): string {
  return clip(new TextDecoder().decode(body.subarray(0, MAX_KEPT_BODY)), MAX_KEPT_BODY);
}

function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
