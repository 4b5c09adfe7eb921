/**
 * One request as the live receiver recorded it. The receiver (a Node shell) writes these, the
 * terminal prints them, a JSON Lines file keeps them, and the page draws them; the page reads
 * them from the network, so it checks each with `LiveAttemptSchema` and treats every string as
 * text. Headers and body are bounded copies with credentials masked (redact.ts).
 */
import * as z from "zod/mini";

/**
 * What the receiver did with one request. The first six are lesson 1's decisions (receiver.ts);
 * the rest are refusals at the door, before any check of the pipeline runs.
 */
export const liveDecisions = [
  "applied",
  "duplicate",
  "stale",
  "unavailable",
  "unauthorized",
  "unknown-task",
  "bad-request",
  "effect-failed",
  "too-large",
  "wrong-host",
  "wrong-origin",
  "not-a-hook",
  "timed-out",
  "busy"
] as const;
export type LiveDecision = (typeof liveDecisions)[number];

/** Where the key that recognises a resend came from: offered by the sender, or derived by the receiver. */
export const eventKeySources = ["teaching-metadata", "webhook-id", "derived", "none"] as const;
export type EventKeySource = (typeof eventKeySources)[number];

/** How the answer left: sent, held until the sender gave up (a lost 2xx), or the connection reset (also a lost 2xx). */
export const answerKinds = ["sent", "held", "reset", "none"] as const;

const text = (max: number) => z.string().check(z.maxLength(max));
/**
 * A run's clock in seconds: a receiver's run lasts minutes, so a year bounds it. Every number the
 * page draws is bounded here, where the receiver's data enters: a hostile receiver's 1e306 is a
 * named, skipped message, never a NaN path in a chart.
 */
const MAX_RUN_SECONDS = 365 * 24 * 3600;
const seconds = z.number().check(z.gte(0), z.lte(MAX_RUN_SECONDS));
const count = z.int().check(z.gte(1), z.lte(1e9));

export const LiveCheckSchema = z.strictObject({
  id: text(40),
  label: text(80),
  status: z.enum(["pass", "fail", "skipped"]),
  reason: text(2_000)
});

export const LiveAttemptSchema = z.strictObject({
  /** The run it belongs to: a run starts with the first request after the receiver starts or is reset. */
  run: count,
  /** 1-based, over the receiver's whole life (dropped attempts keep their numbers). */
  number: count,
  /** When the request came in, and when it was decided (later by a slow response), on the run's clock. */
  atSeconds: seconds,
  decidedAtSeconds: seconds,
  /** When the answer went out, or when the sender closed a held connection (null: still open). */
  settledAtSeconds: z.nullable(seconds),
  method: text(16),
  path: text(256),
  headers: z.record(text(64), text(512)),
  /** The body's first bytes as text (the rest counted in bodyBytes). */
  body: text(4_096),
  bodyBytes: z.int().check(z.gte(0), z.lte(1e12)),
  taskId: z.nullable(text(256)),
  taskState: z.nullable(text(64)),
  /** What groups a sender's resends of one update (see event-key.ts). */
  updateKey: z.nullable(text(400)),
  keySource: z.enum(eventKeySources),
  /** The key the receiver recorded the update by (absent when nothing was recorded). */
  recordKey: z.optional(z.nullable(text(600))),
  /** The value ordering protection compared, and what it is. */
  order: z.nullable(
    z.union([
      z.strictObject({
        by: z.literal("sequence"),
        value: z.int().check(z.gte(-Number.MAX_SAFE_INTEGER), z.lte(Number.MAX_SAFE_INTEGER))
      }),
      z.strictObject({by: z.literal("status timestamp"), value: text(64)})
    ])
  ),
  decision: z.enum(liveDecisions),
  httpStatus: z.int().check(z.gte(100), z.lte(599)),
  answer: z.enum(answerKinds),
  reason: text(2_000),
  checks: z.array(LiveCheckSchema).check(z.maxLength(12))
});
export type LiveAttempt = z.infer<typeof LiveAttemptSchema>;
export type LiveCheck = z.infer<typeof LiveCheckSchema>;

/** Lesson 1's word for a decision a lesson-1 receiver can make; the door's refusals have none. */
export function lessonDecision(
  decision: LiveDecision
): "applied" | "duplicate" | "stale" | "unavailable" | "unauthorized" | "unknown-task" | null {
  switch (decision) {
    case "applied":
    case "duplicate":
    case "stale":
    case "unavailable":
    case "unauthorized":
    case "unknown-task":
      return decision;
    case "busy":
      return "unavailable";
    default:
      return null;
  }
}
