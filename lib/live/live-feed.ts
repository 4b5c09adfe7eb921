/**
 * What the page reads from the live receiver's event stream (receiver/server.ts, GET /events):
 * `hello` when it connects, `run` when faults or a reset start a new run (the same shape), and
 * `attempt` for each settled request. All of it comes over the network from a process the page
 * does not control, so every message is checked here (JSON, then zod) before anything is drawn;
 * a message that fails is named and skipped. Sans-I/O: the page's connection hands the text in.
 */
import * as z from "zod/mini";
import {LiveAttemptSchema, type LiveAttempt} from "./attempt.js";
import {LiveFaultsSchema} from "./faults.js";

const text = (max: number) => z.string().check(z.maxLength(max));
const count = z.int().check(z.gte(0));

/** The receiver's memory (LiveReceiver.status()): extra fields a newer receiver adds are ignored. */
export const LiveStatusSchema = z.object({
  run: z.int().check(z.gte(1)),
  kept: count,
  dropped: count,
  total: count,
  evictedReplayRecords: count,
  replayRecords: count,
  expectedTask: z.nullable(text(1_000))
});
export type LiveStatus = z.infer<typeof LiveStatusSchema>;

/** `hello` and `run`: who the receiver is, where its hook is, what it checks, its faults and its clock. */
export const LiveHelloSchema = z.object({
  receiver: text(200),
  hookUrl: text(300),
  auth: text(1_000),
  faults: LiveFaultsSchema,
  msPerSecond: z.number().check(z.gt(0)),
  status: LiveStatusSchema
});
export type LiveHello = z.infer<typeof LiveHelloSchema>;

/** `attempt`: a settled attempt, with the receiver's status (a replayed attempt at connection carries none). */
export const LiveAttemptEventSchema = z.object({
  attempt: LiveAttemptSchema,
  status: z.optional(LiveStatusSchema)
});

export const liveEventNames = ["hello", "run", "attempt"] as const;
export type LiveEventName = (typeof liveEventNames)[number];

export type LiveMessage =
  | {kind: "hello" | "run"; hello: LiveHello}
  | {kind: "attempt"; attempt: LiveAttempt; status: LiveStatus | null};

export type ReadLiveMessage = {ok: true; message: LiveMessage} | {ok: false; problem: string};

/** The most problems a message's notice lists (a hostile message could fail every field). */
const MAX_PROBLEMS_NAMED = 4;
/** A notice quotes at most this much of what was wrong. */
const MAX_PROBLEM_CHARACTERS = 300;

/** One event's data (its text, as EventSource hands it over), checked. */
export function readLiveMessage(event: LiveEventName, data: string): ReadLiveMessage {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return {ok: false, problem: `a "${event}" message that is not JSON (${data.length} characters)`};
  }
  if (event === "attempt") {
    const parsed = LiveAttemptEventSchema.safeParse(value);
    if (!parsed.success)
      return {ok: false, problem: `an "attempt" message the page does not accept: ${issues(parsed.error.issues)}`};
    return {ok: true, message: {kind: "attempt", attempt: parsed.data.attempt, status: parsed.data.status ?? null}};
  }
  const parsed = LiveHelloSchema.safeParse(value);
  if (!parsed.success)
    return {ok: false, problem: `a "${event}" message the page does not accept: ${issues(parsed.error.issues)}`};
  return {ok: true, message: {kind: event, hello: parsed.data}};
}

function issues(list: readonly {path: readonly PropertyKey[]; message: string}[]): string {
  const named = list
    .slice(0, MAX_PROBLEMS_NAMED)
    .map((issue) => `${issue.path.map(String).join(".") || "the message"}: ${issue.message}`);
  const more = list.length > MAX_PROBLEMS_NAMED ? `; and ${list.length - MAX_PROBLEMS_NAMED} more` : "";
  const whole = named.join("; ") + more;
  return whole.length <= MAX_PROBLEM_CHARACTERS ? whole : `${whole.slice(0, MAX_PROBLEM_CHARACTERS - 1)}…`;
}

/** What the page knows of the receiver: its hello, the current run's attempts (oldest first) and its status. */
export interface LiveFeed {
  hello: LiveHello | null;
  /** The run the attempts belong to (null before the first attempt of a run). */
  run: number | null;
  attempts: readonly LiveAttempt[];
  status: LiveStatus | null;
  /** The messages skipped, newest last, bounded. */
  problems: readonly string[];
}

/** The page keeps as many attempts of a run as the receiver does (LIVE_KEEP). */
export const LIVE_FEED_KEEP = 1_000;
export const LIVE_FEED_PROBLEMS_KEPT = 5;

export const emptyLiveFeed: LiveFeed = Object.freeze({
  hello: null,
  run: null,
  attempts: [],
  status: null,
  problems: []
});

/**
 * The feed after one message. A `hello` or `run` starts the run over (a new run's first request
 * numbers it); an attempt of a newer run replaces the attempts shown, one of an older run (a held
 * answer that settled after new faults) is not drawn with the current one.
 */
export function liveFeedWith(feed: LiveFeed, message: LiveMessage): LiveFeed {
  // The hello names the current run: attempts of an older one (a held answer settling after a reset) are not drawn with it.
  if (message.kind !== "attempt")
    return {...feed, hello: message.hello, status: message.hello.status, run: message.hello.status.run, attempts: []};
  const {attempt} = message;
  const status = message.status ?? feed.status;
  if (feed.run !== null && attempt.run < feed.run) return {...feed, status};
  const earlier = feed.run === attempt.run ? feed.attempts : [];
  const attempts =
    earlier.length >= LIVE_FEED_KEEP
      ? [...earlier.slice(earlier.length - LIVE_FEED_KEEP + 1), attempt]
      : [...earlier, attempt];
  return {...feed, run: attempt.run, attempts, status};
}

/** The feed with a skipped message named. */
export function liveFeedProblem(feed: LiveFeed, problem: string): LiveFeed {
  return {...feed, problems: [...feed.problems, problem].slice(-LIVE_FEED_PROBLEMS_KEPT)};
}

const FaultProblemsSchema = z.object({problems: z.array(text(500)).check(z.maxLength(20))});

/** The receiver's answer to POST /faults: 200, or 400 with the problems it names (text, bounded). */
export function readFaultsAnswer(status: number, body: string): {ok: true} | {ok: false; problems: string[]} {
  if (status === 200) return {ok: true};
  let value: unknown = null;
  try {
    value = JSON.parse(body);
  } catch {
    // Not JSON: said below with the status.
  }
  const parsed = FaultProblemsSchema.safeParse(value);
  if (parsed.success && parsed.data.problems.length > 0) return {ok: false, problems: parsed.data.problems};
  return {ok: false, problems: [`the receiver answered ${status} without a list of problems`]};
}
