/**
 * Reference push receivers for the receiver check: a correct one, written as the lessons teach it,
 * and deliberately flawed variants, each with one flaw a check is named for. A test runs the check
 * against each (test/check-receiver/), and docs/check-receiver.md uses them as worked examples.
 * Plain node:http, about what a reader writes in Express or Fastify, with the effects contract
 * (`GET /effects?taskId=ID` → `{"applied": n, "state": TaskState | null}`).
 */
import {createHash} from "node:crypto";
import {createServer, type IncomingMessage, type ServerResponse} from "node:http";
import type {AddressInfo} from "node:net";
import {decodeJwt, decodeProtectedHeader} from "jose";
import {readPushPayload} from "../lib/webhook-auth/pipeline/a2a-payload.js";
import {createJwksCache, type JwksCache} from "../lib/webhook-auth/jwt/jwks-cache.js";
import {
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  readBearer,
  verifyA2aPushJwt,
  type JwtCheckId
} from "../lib/webhook-auth/jwt/jwt-profile.js";
import {verifyStandardWebhook} from "../lib/webhook-auth/standard-webhooks/standard-webhooks.js";

export type ReferenceFlaw =
  /** Answers a duplicate 409 Conflict: a retrying sender tries again. */
  | "conflict-on-duplicate"
  /** Keeps no record of what it applied. */
  | "no-dedup"
  /** Checks the record, awaits (a database round trip), then inserts: concurrent copies all pass. */
  | "check-then-insert"
  /** Accepts an update about any task. */
  | "any-task"
  /** Applies the effect before it authenticates (and then answers 401). */
  | "effect-before-auth"
  /** Applies whatever arrives last, older or not. */
  | "older-after-newer"
  /** Verifies the signature but not the timestamp's age. */
  | "stale-timestamps"
  /** JWT: keys updates by the token's jti, so a retry (a new token) is applied again. */
  | "jti-as-update-key"
  /** JWT: keeps no record of used jtis, so a replayed token is taken. */
  | "no-jti-record"
  /** JWT: fetches the key set once and never again, so a rotated key is refused. */
  | "no-kid-refetch"
  /** JWT: does not check aud. */
  | "any-audience"
  /** JWT: does not check exp or iat. */
  | "expired-accepted"
  /** JWT: takes an unsigned token (alg none) at its word. */
  | "alg-none-accepted";

/** The flaws any profile can have; the JWT profile's own follow. */
export const REFERENCE_FLAWS: readonly ReferenceFlaw[] = [
  "conflict-on-duplicate",
  "no-dedup",
  "check-then-insert",
  "any-task",
  "effect-before-auth",
  "older-after-newer",
  "stale-timestamps"
];
export const REFERENCE_JWT_FLAWS: readonly ReferenceFlaw[] = [
  "jti-as-update-key",
  "no-jti-record",
  "no-kid-refetch",
  "any-audience",
  "expired-accepted",
  "alg-none-accepted"
];

export type ReferenceAuth =
  | {kind: "bearer"; credentials: string}
  | {kind: "standard-webhooks"; secret: string}
  /** The A2A push JWT profile, its keys fetched from the sender's JWKS (refetched at most once per cooldown). */
  | {kind: "jwt"; issuer: string; audience: string; jwksUrl: string; cooldownSeconds: number};

export interface ReferenceReceiver {
  /** Where it takes pushes, and its effects contract. */
  url: string;
  effectsUrl: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const TOLERANCE_SECONDS = 300;

export async function startReferenceReceiver(options: {
  auth: ReferenceAuth;
  taskId: string;
  flaw?: ReferenceFlaw;
}): Promise<ReferenceReceiver> {
  const {auth, taskId, flaw} = options;
  const seen = new Set<string>();
  const effects = {applied: 0, state: null as string | null, newest: -Infinity};
  const apply = (state: string | null, at: number) => {
    effects.applied += 1;
    effects.state = state;
    // An update without a readable status.timestamp is applied but orders nothing (Math.max with NaN would end all ordering).
    if (Number.isFinite(at)) effects.newest = Math.max(effects.newest, at);
  };
  const jwt: JwtState = {jwks: createJwksCache(), usedJtis: new Map()};
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => answer(response, 500));
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://receiver");
    if (request.method === "GET" && url.pathname === "/effects") {
      const body =
        url.searchParams.get("taskId") === taskId
          ? {applied: effects.applied, state: effects.state}
          : {applied: 0, state: null};
      response.writeHead(200, {"content-type": "application/json"}).end(JSON.stringify(body));
      return;
    }
    if (request.method !== "POST" || url.pathname !== "/hook") return answer(response, 404);
    const body = await readBody(request);
    if (body === null) return answer(response, 413, true);
    const payload = readPushPayload(body);
    const at = payload.ok && payload.statusTimestamp ? Date.parse(payload.statusTimestamp) : NaN;
    if (flaw === "effect-before-auth" && payload.ok) apply(payload.state ?? null, at);
    const authentication = await authenticate(auth, request, body, flaw, jwt);
    if (!authentication.ok) return answer(response, 401);
    if (!payload.ok) return answer(response, 400);
    if (payload.taskId !== taskId && flaw !== "any-task") return answer(response, 404);
    // The update's key: the webhook-id the sender offers, else the exact bytes. Not a JWT's jti: each retry carries a new token.
    const key =
      auth.kind === "standard-webhooks"
        ? String(request.headers["webhook-id"])
        : flaw === "jti-as-update-key" && authentication.jti
          ? authentication.jti
          : createHash("sha256").update(body).digest("hex");
    if (flaw === "check-then-insert") {
      if (seen.has(key)) return answer(response, 200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.add(key);
    } else if (flaw !== "no-dedup") {
      // Insert-if-absent, in one step before any await: a concurrent copy finds the key.
      if (seen.has(key)) return answer(response, flaw === "conflict-on-duplicate" ? 409 : 200);
      seen.add(key);
    }
    // Ordering by status.timestamp: a strictly older update is acknowledged and ignored (an equal one is a duplicate: dedup decides).
    if (flaw !== "older-after-newer" && at < effects.newest) return answer(response, 200);
    if (flaw !== "effect-before-auth") apply(payload.state ?? null, at);
    answer(response, 200);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    effectsUrl: `http://127.0.0.1:${port}/effects`,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  };
}

/** The JWT profile's receiver state: its copy of the sender's key set, and each used jti with when its record may go. */
interface JwtState {
  jwks: JwksCache;
  usedJtis: Map<string, number>;
}

/** Whether the request is authentic, and (JWT) its token's jti. */
async function authenticate(
  auth: ReferenceAuth,
  request: IncomingMessage,
  body: Buffer,
  flaw: ReferenceFlaw | undefined,
  jwt: JwtState
): Promise<{ok: boolean; jti?: string}> {
  if (auth.kind === "bearer") return {ok: request.headers.authorization === `Bearer ${auth.credentials}`};
  if (auth.kind === "jwt") return authenticateJwt(auth, request.headers.authorization, body, flaw, jwt);
  const verification = await verifyStandardWebhook({
    secret: auth.secret,
    headers: request.headers as Record<string, string>,
    payload: new Uint8Array(body),
    nowSeconds: Date.now() / 1000,
    toleranceSeconds: flaw === "stale-timestamps" ? Infinity : TOLERANCE_SECONDS
  });
  return {ok: verification.ok};
}

/** The claim checks each JWT flaw skips. */
const SKIPPED_BY: Partial<Record<ReferenceFlaw, readonly JwtCheckId[]>> = {
  "any-audience": ["audience"],
  "expired-accepted": ["issued-at", "expiry"]
};

async function authenticateJwt(
  auth: Extract<ReferenceAuth, {kind: "jwt"}>,
  authorization: string | undefined,
  body: Buffer,
  flaw: ReferenceFlaw | undefined,
  jwt: JwtState
): Promise<{ok: boolean; jti?: string}> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (flaw === "alg-none-accepted") {
    const token = readBearer(authorization);
    if (token.ok && unverifiedAlg(token.token) === "none") return {ok: true, jti: String(decodeJwt(token.token).jti)};
  }
  const canFetch = flaw !== "no-kid-refetch" || jwt.jwks.fetchedAtSeconds === undefined;
  const verification = await verifyA2aPushJwt({
    authorization,
    body: new Uint8Array(body),
    jwks: jwt.jwks,
    nowSeconds,
    ...(canFetch ? {fetchJwks: () => fetch(auth.jwksUrl).then((response) => response.json())} : {}),
    refreshCooldownSeconds: auth.cooldownSeconds,
    expected: {issuer: auth.issuer, audience: auth.audience},
    ...(flaw === "no-jti-record" ? {} : {usedJtis: jwt.usedJtis})
  });
  jwt.jwks = verification.jwks;
  const skipped = SKIPPED_BY[flaw ?? "no-dedup"] ?? [];
  const ok = verification.checks.every((check) => check.status !== "fail" || skipped.includes(check.id));
  const {jti, exp} = verification.claims ?? {};
  if (!ok || typeof jti !== "string") return {ok, ...(typeof jti === "string" ? {jti} : {})};
  if (flaw === "no-jti-record") return {ok, jti};
  // Checked again and recorded with no await between: two copies of one token verified at once cannot both pass.
  if (jwt.usedJtis.has(jti)) return {ok: false, jti};
  // A jti is kept until its token could no longer verify anyway: exp plus the clock tolerance.
  jwt.usedJtis.set(jti, (typeof exp === "number" ? exp : nowSeconds) + DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS);
  return {ok, jti};
}

function unverifiedAlg(token: string): unknown {
  try {
    return decodeProtectedHeader(token).alg;
  } catch {
    return undefined;
  }
}

/** The body, or null past the limit (the rest is not read: the answer closes the connection). */
function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners("data");
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function answer(response: ServerResponse, status: number, close = false): void {
  if (response.headersSent) return;
  response.writeHead(status, close ? {connection: "close"} : {}).end();
}
