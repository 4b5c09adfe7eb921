/**
 * The receiver's door: what is refused before lib decides anything. The receiver listens on
 * 127.0.0.1 only, but a web page can still reach it through DNS rebinding (a name that resolves
 * to 127.0.0.1), so a request must name a loopback host; a request from a web page must come from
 * one of the course's origins, and only those get CORS headers.
 */
import type {IncomingMessage} from "node:http";

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The Host header names this machine's loopback (with or without the receiver's port). */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const match = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  return LOOPBACK_NAMES.has(match[1]!) && (match[2] === undefined || Number(match[2]) === port);
}

/** The origins the dev server and `npm run serve` use by default (port 3000). */
export const DEFAULT_COURSE_ORIGINS = ["http://127.0.0.1:3000", "http://localhost:3000"];

/** An origin as the browser sends it: scheme, host and port, nothing else. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/** The CORS headers for a request: only for a course origin, and only naming it. */
export function corsHeaders(request: IncomingMessage, origins: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined || !origins.has(origin)) return {};
  const headers: Record<string, string> = {"Access-Control-Allow-Origin": origin, Vary: "Origin"};
  if (request.method === "OPTIONS") {
    headers["Access-Control-Allow-Methods"] = "GET, POST";
    headers["Access-Control-Allow-Headers"] = "Content-Type";
    headers["Access-Control-Max-Age"] = "600";
    // Private Network Access's preflight (Chromium before Local Network Access replaced it): harmless to answer.
    if (request.headers["access-control-request-private-network"] === "true")
      headers["Access-Control-Allow-Private-Network"] = "true";
  }
  return headers;
}

/** Why a request is refused at the door, or null: a wrong Host, or a page of another origin. */
export function doorRefusal(
  request: IncomingMessage,
  port: number,
  origins: ReadonlySet<string>
): {decision: "wrong-host" | "wrong-origin"; status: number; reason: string} | null {
  const host = request.headers.host;
  if (!isLoopbackHost(host, port)) {
    return {
      decision: "wrong-host",
      status: 421,
      reason: `Host ${JSON.stringify((host ?? "(none)").slice(0, 80))} is not this machine's loopback (127.0.0.1, localhost or [::1] on port ${port}): refused against DNS rebinding`
    };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !origins.has(origin)) {
    return {
      decision: "wrong-origin",
      status: 403,
      reason: `Origin ${JSON.stringify(origin.slice(0, 80))} is not one of the course's origins (${[...origins].join(", ")}); start the receiver with --origin to add it`
    };
  }
  return null;
}
