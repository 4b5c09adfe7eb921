/**
 * The faults the live receiver injects on request, the same four lesson 1 models: an outage (503
 * for a window from the start of the run), a lost acknowledgement (the update is applied, then the
 * first 2xx of each update never reaches the sender: held until the sender gives up, or the
 * connection reset), a slow response, and a refusal rule (every request answered 401 or 404).
 * They come from the command line or from the page, so they are checked with zod where they enter.
 */
import * as z from "zod/mini";

/** How a lost acknowledgement is lost: the answer never comes (the sender times out), or the connection is reset. */
export const lostAckModes = ["off", "hold", "reset"] as const;
export type LostAckMode = (typeof lostAckModes)[number];

/** Longer windows would only keep a reader waiting; the lesson's runs last 40 s. */
export const MAX_FAULT_SECONDS = 600;

export const LiveFaultsSchema = z.strictObject(
  {
    /** 503 for every request while the run's clock is below this (0: no outage). */
    outageSeconds: z
      .number({error: `a number of seconds from 0 to ${MAX_FAULT_SECONDS}`})
      .check(
        z.gte(0, `from 0 to ${MAX_FAULT_SECONDS} s`),
        z.lte(MAX_FAULT_SECONDS, `from 0 to ${MAX_FAULT_SECONDS} s`)
      ),
    lostAck: z.enum(lostAckModes, {error: `one of ${lostAckModes.join(", ")}`}),
    /** How long each request takes before it is decided and answered. */
    slowResponseSeconds: z
      .number({error: "a number of seconds from 0 to 60"})
      .check(z.gte(0, "from 0 to 60 s"), z.lte(60, "from 0 to 60 s")),
    /** Every request refused with this status (null: no rule). */
    refuseWith: z.nullable(z.union([z.literal(401), z.literal(404)], {error: "401, 404 or null"}))
  },
  {error: "an object with outageSeconds, lostAck, slowResponseSeconds and refuseWith"}
);
export type LiveFaults = z.infer<typeof LiveFaultsSchema>;

export const noFaults: LiveFaults = Object.freeze({
  outageSeconds: 0,
  lostAck: "off",
  slowResponseSeconds: 0,
  refuseWith: null
});

export type ParsedFaults = {ok: true; faults: LiveFaults} | {ok: false; problems: string[]};

/** Faults from untrusted JSON (the page's request, a file): every problem named with its field and what is accepted. */
export function parseLiveFaults(value: unknown): ParsedFaults {
  const parsed = LiveFaultsSchema.safeParse(value);
  if (parsed.success) return {ok: true, faults: parsed.data};
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")}: not a fault this receiver knows`
        : `${issue.path.join(".") || "faults"}: ${issue.message}`
    )
  };
}

/** The faults in words, for the terminal's banner and the page's caption. */
export function describeFaults(faults: LiveFaults): string {
  const parts = [
    faults.outageSeconds > 0 ? `503 for the first ${faults.outageSeconds} s of a run` : "",
    faults.lostAck === "hold" ? "the first 2xx of each update held until the sender gives up" : "",
    faults.lostAck === "reset" ? "the first 2xx of each update lost (connection reset)" : "",
    faults.slowResponseSeconds > 0 ? `each answer ${faults.slowResponseSeconds} s slow` : "",
    faults.refuseWith !== null ? `every request refused with ${faults.refuseWith}` : ""
  ].filter(Boolean);
  return parts.length === 0 ? "no faults" : parts.join("; ");
}
