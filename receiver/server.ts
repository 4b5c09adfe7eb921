/**
 * The live receiver's I/O shell: a node:http server on 127.0.0.1 that hands each push to lib's
 * LiveReceiver (lib/live) and carries out its answer, records every settled attempt (bounded, in
 * lib's AttemptLog), streams them to the page (server-sent events, or GET /attempts for polling)
 * and takes faults from the page (POST /faults). Nothing here decides what a push means.
 *
 *   POST /hook       the push notification URL to register
 *   GET  /events     server-sent events: hello, then every attempt of the current run, then each new one
 *   GET  /attempts   the same as JSON, for polling
 *   POST /faults     {"outageSeconds", "lostAck", "slowResponseSeconds", "refuseWith"}: new faults, new run
 *   POST /reset      a new run with the same faults
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import type {AddressInfo, Socket} from "node:net";
import type {Duplex} from "node:stream";
import {
  LIVE_FEED_KEEP,
  LiveReceiver,
  parseLiveFaults,
  type LiveAttempt,
  type LiveClock,
  type LiveReceiverSettings
} from "../lib/live/index.js";
import {readBodyWithin} from "./body.js";
import {corsHeaders, doorRefusal} from "./door.js";
import {EventStream} from "./event-stream.js";

export interface ReceiverLimits {
  /** Largest body accepted (a push is a few KB). */
  maxBodyBytes: number;
  /** Requests handled at once; beyond, 503 with Retry-After. */
  maxInFlight: number;
  /** A sender that has not sent its whole body by then is answered 408 (real milliseconds). */
  bodyTimeoutMs: number;
  /** A held answer (a lost 2xx) is given up after this long if the sender never closes (real milliseconds). */
  holdLimitMs: number;
}

export const DEFAULT_LIMITS: ReceiverLimits = {
  maxBodyBytes: 1024 * 1024,
  maxInFlight: 256,
  bodyTimeoutMs: 10_000,
  holdLimitMs: 120_000
};

export interface ReceiverOptions {
  /** 0 for a free port. */
  port: number;
  settings: LiveReceiverSettings;
  /** The course's origins: only they get CORS headers and may change faults. */
  origins: readonly string[];
  /** Real milliseconds per second of the run's clock (1000; the tests run faster). */
  msPerSecond?: number;
  limits?: Partial<ReceiverLimits>;
  /** What the page is told about authentication (never a secret). */
  authSummary: string;
  /** Called with every settled attempt (the terminal's line, the JSON Lines file). */
  onAttempt?: (attempt: LiveAttempt) => void;
}

export interface RunningReceiver {
  url: string;
  hookUrl: string;
  port: number;
  receiver: LiveReceiver;
  /** Stops listening, ends the pages' streams and closes every connection. */
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const limits = {...DEFAULT_LIMITS, ...options.limits};
  const msPerSecond = options.msPerSecond ?? 1000;
  const receiver = new LiveReceiver(options.settings);
  const origins = new Set(options.origins);
  const sockets = new Set<Socket>();
  let port = 0;
  let inFlight = 0;
  const clock = (): LiveClock => ({monotonicSeconds: performance.now() / msPerSecond, unixSeconds: Date.now() / 1000});
  const hello = () => ({
    receiver: "A2A Workbench live receiver",
    hookUrl: `http://127.0.0.1:${port}/hook`,
    auth: options.authSummary,
    faults: receiver.faults,
    msPerSecond,
    status: receiver.status()
  });
  const events = new EventStream();
  const settle = (attempt: LiveAttempt, monotonicSeconds: number) => {
    const settled = receiver.settle(attempt, monotonicSeconds);
    events.send("attempt", {attempt: settled, status: receiver.status()});
    options.onAttempt?.(settled);
  };
  const context: Context = {receiver, origins, limits, msPerSecond, clock, settle, events, hello, port: () => port};

  // Node checks headersTimeout only every connectionsCheckingInterval (30 s by default): checked each second, or sooner for a shorter limit.
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: 0,
      headersTimeout: limits.bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.bodyTimeoutMs)
    },
    (request, response) => {
      inFlight++;
      response.on("close", () => inFlight--);
      void route(context, request, response, inFlight > limits.maxInFlight).catch((error: unknown) => {
        if (!response.headersSent)
          response
            .writeHead(500, {"Content-Type": "text/plain; charset=utf-8"})
            .end(`receiver error: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  );
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Headers too large or too slow never reach the handler: answered and recorded here.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => clientError(context, error, socket));
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hookUrl: `http://127.0.0.1:${port}/hook`,
    port,
    receiver,
    close: () => closeServer(server, sockets, events)
  };
}

interface Context {
  receiver: LiveReceiver;
  origins: ReadonlySet<string>;
  limits: ReceiverLimits;
  msPerSecond: number;
  clock: () => LiveClock;
  /** Records an attempt that is over, at that moment on the receiver's clock. */
  settle: (attempt: LiveAttempt, monotonicSeconds: number) => void;
  events: EventStream;
  hello: () => unknown;
  port: () => number;
}

async function route(
  context: Context,
  request: IncomingMessage,
  response: ServerResponse,
  busy: boolean
): Promise<void> {
  const path = (request.url ?? "/").split("?")[0]!;
  const cors = corsHeaders(request, context.origins);
  const refusal = doorRefusal(request, context.port(), context.origins);
  if (refusal) return refuse(context, request, response, refusal.decision, refusal.status, refusal.reason);
  if (busy)
    return refuse(context, request, response, "busy", 503, `more than ${context.limits.maxInFlight} requests at once`, {
      "Retry-After": "1"
    });
  if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
  if (request.method === "GET" && path === "/events")
    return context.events.open(request, response, cors, context.hello(), currentRun(context.receiver));
  if (request.method === "GET" && path === "/attempts")
    return json(response, 200, {...(context.hello() as object), attempts: context.receiver.log.attempts()}, cors);
  if (request.method === "POST" && path === "/faults") return setFaults(context, request, response, cors);
  if (request.method === "POST" && path === "/reset") {
    context.receiver.newRun();
    context.events.send("run", context.hello());
    return json(response, 200, context.hello(), cors);
  }
  if (request.method === "POST" && path === "/hook") return hook(context, request, response);
  if (request.method === "GET" && path === "/")
    return void response
      .writeHead(200, {"Content-Type": "text/plain; charset=utf-8", ...cors})
      .end(
        "A2A Workbench live receiver: register http://127.0.0.1:" +
          context.port() +
          "/hook as the push notification URL.\n"
      );
  return refuse(
    context,
    request,
    response,
    "not-a-hook",
    404,
    `${request.method} ${path.slice(0, 80)} is not the hook: push notifications are POSTed to /hook`
  );
}

/** The attempts of the current run a page is sent when it connects: as many as a page keeps, the newest. */
function currentRun(receiver: LiveReceiver): LiveAttempt[] {
  const run = receiver.status().run;
  return receiver.log
    .attempts()
    .filter((attempt) => attempt.run === run)
    .slice(-LIVE_FEED_KEEP);
}

async function hook(context: Context, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const {receiver, limits, msPerSecond} = context;
  const arrival = receiver.arrive(context.clock().monotonicSeconds);
  const exchange = watchExchange(context, response);
  const read = await readBodyWithin(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
  if (!read.ok) return refuseBody(context, request, response, read.problem, read.bytes);
  const slow = receiver.faults.slowResponseSeconds;
  if (slow > 0) await new Promise((resolve) => setTimeout(resolve, slow * msPerSecond));
  const attempt = await receiver.decide(
    {method: "POST", path: "/hook", headers: headersOf(request), body: read.body},
    arrival,
    context.clock
  );
  carryOut(context, request, response, attempt, exchange);
}

/** When the sender closed the connection (giving up, or after the answer), on the receiver's clock; the answer's own end counts too. */
function watchExchange(context: Context, response: ServerResponse): {closedAt: () => number | null} {
  let closedAt: number | null = null;
  response.once("close", () => (closedAt = context.clock().monotonicSeconds));
  return {closedAt: () => closedAt};
}

/**
 * Carries out the planned answer and records the attempt once, when the exchange is over: the answer
 * sent, a held answer the sender gave up on, a reset, or no answer because the sender left first.
 */
function carryOut(
  context: Context,
  request: IncomingMessage,
  response: ServerResponse,
  attempt: LiveAttempt,
  exchange: {closedAt: () => number | null},
  headers: Record<string, string> = {}
): void {
  const settleAt = (final: LiveAttempt, at: number | null) =>
    context.settle(final, at ?? context.clock().monotonicSeconds);
  if (attempt.answer === "reset") {
    request.socket.destroy();
    return settleAt(attempt, null);
  }
  const gone = exchange.closedAt();
  if (gone !== null)
    return settleAt(
      {...attempt, answer: "none", reason: `${attempt.reason}; the sender had closed the connection before the answer`},
      gone
    );
  if (attempt.answer === "held") {
    // The 2xx is never sent: settled when the sender gives up and closes, or after the hold limit.
    const limit = setTimeout(() => response.destroy(), context.limits.holdLimitMs);
    return void response.once("close", () => {
      clearTimeout(limit);
      settleAt(attempt, exchange.closedAt());
    });
  }
  response.once("close", () =>
    settleAt(
      response.writableFinished
        ? attempt
        : {...attempt, answer: "none", reason: `${attempt.reason}; the connection closed before the answer was sent`},
      exchange.closedAt()
    )
  );
  // A refused body is not read: closing the connection once the answer is out stops the rest of it.
  if (headers.Connection === "close") response.once("finish", () => request.socket.destroy());
  json(response, attempt.httpStatus, {decision: attempt.decision, reason: attempt.reason}, headers);
}

function refuseBody(
  context: Context,
  request: IncomingMessage,
  response: ServerResponse,
  problem: "too-large" | "timed-out" | "aborted",
  bytes: number
): void {
  if (problem === "too-large")
    return refuse(
      context,
      request,
      response,
      "too-large",
      413,
      `the body is over ${context.limits.maxBodyBytes} bytes (${bytes} seen or declared); a push notification is a few KB`,
      {Connection: "close"},
      bytes
    );
  if (problem === "timed-out")
    return refuse(
      context,
      request,
      response,
      "timed-out",
      408,
      `the body did not arrive within ${context.limits.bodyTimeoutMs / 1000} s (${bytes} bytes came)`,
      {Connection: "close"},
      bytes
    );
  context.settle(
    context.receiver.refuseAtDoor(
      {method: "POST", path: "/hook", headers: headersOf(request), bodyBytes: bytes},
      "timed-out",
      400,
      `the sender closed the connection after ${bytes} bytes`,
      context.clock().monotonicSeconds
    ),
    context.clock().monotonicSeconds
  );
}

/** A refusal before lib decides anything: recorded like any attempt, with CORS for a course page (so it can read why). */
function refuse(
  context: Context,
  request: IncomingMessage,
  response: ServerResponse,
  decision: LiveAttempt["decision"],
  status: number,
  reason: string,
  extra: Record<string, string> = {},
  bodyBytes = 0
): void {
  const exchange = watchExchange(context, response);
  const attempt = context.receiver.refuseAtDoor(
    {method: request.method ?? "?", path: (request.url ?? "/").split("?")[0]!, headers: headersOf(request), bodyBytes},
    decision,
    status,
    reason,
    context.clock().monotonicSeconds
  );
  carryOut(context, request, response, attempt, exchange, {...corsHeaders(request, context.origins), ...extra});
}

async function setFaults(
  context: Context,
  request: IncomingMessage,
  response: ServerResponse,
  cors: Record<string, string>
): Promise<void> {
  const read = await readBodyWithin(request, 4096, context.limits.bodyTimeoutMs);
  if (!read.ok) return json(response, 400, {problems: [`faults: the request body was ${read.problem}`]}, cors);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(read.body));
  } catch {
    return json(response, 400, {problems: ["faults: the body is not JSON"]}, cors);
  }
  const parsed = parseLiveFaults(value);
  if (!parsed.ok) return json(response, 400, {problems: parsed.problems}, cors);
  context.receiver.setFaults(parsed.faults);
  context.events.send("run", context.hello());
  json(response, 200, context.hello(), cors);
}

/** Errors of a connection that is just going away (a sender that gave up): no request to record; a request on it is recorded by its handler. */
const CONNECTION_GONE = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/** Connections already answered for an error: the sender closing one afterwards (HPE_INVALID_EOF_STATE) is the same request, not another. */
const answeredForError = new WeakSet<Duplex>();

function clientError(context: Context, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (CONNECTION_GONE.has(error.code ?? "") || answeredForError.has(socket)) return void socket.destroy();
  answeredForError.add(socket);
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const [decision, status, reason] = tooLarge
    ? (["too-large", 431, "the request's headers are over 16 KB"] as const)
    : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? (["timed-out", 408, "the request's headers did not arrive in time"] as const)
      : (["bad-request", 400, `unreadable HTTP (${error.code ?? "parse error"})`] as const);
  // Recorded whether or not the sender is still there to read the answer.
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`
    );
  else socket.destroy();
  const now = context.clock().monotonicSeconds;
  context.settle(
    context.receiver.refuseAtDoor({method: "?", path: "?", headers: {}}, decision, status, reason, now),
    now
  );
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  response
    .writeHead(status, {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      ...headers
    })
    .end(text);
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

async function closeServer(server: Server, sockets: Set<Socket>, events: EventStream): Promise<void> {
  events.closeAll();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await closed;
}
