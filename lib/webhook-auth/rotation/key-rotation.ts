/**
 * A signing-key rotation seen from the receiver's cached JWKS (issue #26): the sender signs a
 * fresh JWT per push delivery with its current key (header `kid`); the receiver verifies it
 * against its cached copy of the sender's JWKS. No crypto here: a key is its kid.
 *
 * The sender's side:
 * - the old key is published in the JWKS over [0, rotate + overlap), the new key over
 *   [rotate − lead, horizon) (both cut to [0, horizon));
 * - a token signed before `rotateAtSeconds` names the old key, from it on the new key;
 * - a delivery is signed every `deliveryIntervalSeconds` from time 0 and arrives
 *   `deliveryDelaySeconds` later (queued, retried); those arriving before the horizon are modelled.
 *
 * The receiver fetched the JWKS at time 0 ("start"). At each arrival, in time order:
 * 1. its copy is `cacheMaxAgeSeconds` old or older (and not fetched this instant) → it refetches ("max age"), as jose's
 *    createRemoteJWKSet does: stale when `now >= fetchedAt + cacheMaxAge`
 *    (node_modules/jose/dist/webapi/jwks/remote.js, isFreshFor; options and defaults in
 *    node_modules/jose/dist/types/jwks/remote.d.ts: cacheMaxAge 600 000 ms, cooldownDuration 30 000 ms);
 * 2. the token's kid is in the copy → "verified";
 * 3. else, when `refetchOnUnknownKid` and the last fetch (of any reason) is at least
 *    `refetchCooldownSeconds` ago → it refetches ("unknown kid") and looks again: "verified after
 *    refetch", or "unknown kid: not published" (jose's rule, and jwks-cache.ts's
 *    DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS);
 * 4. else it fails: "unknown kid: not published" when the copy was fetched at this very arrival
 *    (a set fetched this instant is what the sender publishes now, so no refetch could help and
 *    none is made, even with a zero cooldown), "unknown kid: refetch in cooldown" when refetching
 *    is on, "unknown kid: no refetch" when it is off.
 *
 * A kid in the cached copy verifies even if the sender has since withdrawn it: the receiver
 * cannot know until its next fetch.
 *
 * Sans-I/O and deterministic; the input is checked by range (keyRotationInputProblems) and
 * keyRotationTimeline never throws on in-range input.
 */
import {DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "../jwt/jwks-defaults.js";

/** The two keys' kids. */
export const ROTATION_KIDS = {old: "k1", new: "k2"} as const;
export type RotationKid = (typeof ROTATION_KIDS)[keyof typeof ROTATION_KIDS];

export interface KeyRotationInput {
  /** When the sender switches to the new key (s). */
  rotateAtSeconds?: number;
  /** How long before the switch the new key is published in the JWKS (0: at the switch). */
  publishLeadSeconds?: number;
  /** How long after the switch the old key stays published. */
  overlapSeconds?: number;
  /** The receiver refetches the JWKS on the first delivery after its copy is this old (Infinity: never). */
  cacheMaxAgeSeconds?: number;
  /** On a kid not in its copy, the receiver refetches once (outside the cooldown). */
  refetchOnUnknownKid?: boolean;
  /** Least time since the last fetch before an unknown kid may trigger another (jose's cooldownDuration). */
  refetchCooldownSeconds?: number;
  deliveryIntervalSeconds?: number;
  /** A token signed at send time arrives this much later (queued, retried). */
  deliveryDelaySeconds?: number;
  horizonSeconds?: number;
}

export type ResolvedKeyRotationInput = Required<KeyRotationInput>;

export const DEFAULT_KEY_ROTATION_INPUT: ResolvedKeyRotationInput = {
  rotateAtSeconds: 3600,
  publishLeadSeconds: 0,
  overlapSeconds: 300,
  // jose's createRemoteJWKSet default cacheMaxAge (10 minutes).
  cacheMaxAgeSeconds: 600,
  refetchOnUnknownKid: true,
  refetchCooldownSeconds: DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS,
  deliveryIntervalSeconds: 300,
  deliveryDelaySeconds: 0,
  horizonSeconds: 3 * 3600
};

type NumericField = Exclude<keyof KeyRotationInput, "refetchOnUnknownKid">;

/** Accepted values of each number (bounds included); the interval's least value keeps a run under about 8 700 deliveries. */
export const KEY_ROTATION_RANGES: Readonly<Record<NumericField, {min: number; max: number}>> = {
  rotateAtSeconds: {min: 0, max: 86400},
  publishLeadSeconds: {min: 0, max: 86400},
  overlapSeconds: {min: 0, max: 86400},
  cacheMaxAgeSeconds: {min: 0, max: Infinity},
  refetchCooldownSeconds: {min: 0, max: 86400},
  deliveryIntervalSeconds: {min: 10, max: 86400},
  deliveryDelaySeconds: {min: 0, max: 240},
  horizonSeconds: {min: 60, max: 86400}
};

/** What is wrong with an input, one sentence per field naming it, its rule and what is accepted; empty when it is in range. */
export function keyRotationInputProblems(input: KeyRotationInput): string[] {
  const problems: string[] = [];
  for (const [field, {min, max}] of Object.entries(KEY_ROTATION_RANGES) as [
    NumericField,
    {min: number; max: number}
  ][]) {
    const value: unknown = input[field];
    if (value === undefined) continue;
    const finiteOrAllowedInfinity =
      typeof value === "number" && (Number.isFinite(value) || (value === Infinity && max === Infinity));
    if (!finiteOrAllowedInfinity || value < min || value > max) {
      problems.push(
        `/${field}: must be a number from ${min} to ${max === Infinity ? "Infinity" : max} (seconds), got ${String(value)}`
      );
    }
  }
  if (input.refetchOnUnknownKid !== undefined && typeof input.refetchOnUnknownKid !== "boolean") {
    problems.push(`/refetchOnUnknownKid: must be true or false, got ${String(input.refetchOnUnknownKid)}`);
  }
  return problems;
}

export interface KeySpan {
  kid: RotationKid;
  fromSeconds: number;
  /** Exclusive. */
  untilSeconds: number;
}

export type JwksFetchReason = "start" | "max age" | "unknown kid";

export interface JwksFetch {
  atSeconds: number;
  reason: JwksFetchReason;
  /** The kids published at that moment, old first. */
  kids: RotationKid[];
}

/** What the receiver's cached copy held, from one fetch to the next (or the horizon). */
export interface CacheSpan {
  fromSeconds: number;
  untilSeconds: number;
  kids: RotationKid[];
  /** Index into `fetches` of the fetch that made it. */
  fetch: number;
}

export const KEY_ROTATION_VERDICTS = [
  "verified",
  "verified after refetch",
  "unknown kid: refetch in cooldown",
  "unknown kid: no refetch",
  "unknown kid: not published"
] as const;
export type KeyRotationVerdict = (typeof KEY_ROTATION_VERDICTS)[number];

export const isFailedVerdict = (verdict: KeyRotationVerdict): boolean => verdict.startsWith("unknown kid");

export interface RotationDelivery {
  /** 1-based, in sending order (which is also arrival order: the delay is the same for all). */
  delivery: number;
  signedAtSeconds: number;
  arrivesAtSeconds: number;
  kid: RotationKid;
  verdict: KeyRotationVerdict;
}

export interface KeyRotationSummary {
  deliveries: number;
  byVerdict: Record<KeyRotationVerdict, number>;
  failures: number;
  fetches: number;
  fetchesByReason: Record<JwksFetchReason, number>;
  /** Arrival time of the first failed delivery; null when none failed. */
  firstFailureAtSeconds: number | null;
}

export interface KeyRotationTimeline {
  input: ResolvedKeyRotationInput;
  /** When each key is in the sender's JWKS (a key never published in [0, horizon) is left out). */
  published: KeySpan[];
  /** Which key the sender signs with, over time. */
  signing: KeySpan[];
  fetches: JwksFetch[];
  cache: CacheSpan[];
  deliveries: RotationDelivery[];
  summary: KeyRotationSummary;
}

/** The kids the sender's JWKS holds at `atSeconds`, old first. */
export function publishedKids(input: ResolvedKeyRotationInput, atSeconds: number): RotationKid[] {
  const kids: RotationKid[] = [];
  if (atSeconds < input.rotateAtSeconds + input.overlapSeconds) kids.push(ROTATION_KIDS.old);
  if (atSeconds >= input.rotateAtSeconds - input.publishLeadSeconds) kids.push(ROTATION_KIDS.new);
  return kids;
}

export function signingKid(input: ResolvedKeyRotationInput, signedAtSeconds: number): RotationKid {
  return signedAtSeconds < input.rotateAtSeconds ? ROTATION_KIDS.old : ROTATION_KIDS.new;
}

function span(kid: RotationKid, from: number, until: number, horizon: number): KeySpan[] {
  const [fromSeconds, untilSeconds] = [Math.min(Math.max(0, from), horizon), Math.min(Math.max(0, until), horizon)];
  return untilSeconds > fromSeconds ? [{kid, fromSeconds, untilSeconds}] : [];
}

export function keyRotationTimeline(given: KeyRotationInput = {}): KeyRotationTimeline {
  const problems = keyRotationInputProblems(given);
  if (problems.length > 0) throw new RangeError(`key rotation input out of range: ${problems.join("; ")}`);
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const input: ResolvedKeyRotationInput = {...DEFAULT_KEY_ROTATION_INPUT, ...defined};
  const {rotateAtSeconds: rotate, publishLeadSeconds: lead, overlapSeconds: overlap, horizonSeconds: horizon} = input;

  const fetches: JwksFetch[] = [{atSeconds: 0, reason: "start", kids: publishedKids(input, 0)}];
  const fetch = (atSeconds: number, reason: JwksFetchReason): JwksFetch => {
    const made = {atSeconds, reason, kids: publishedKids(input, atSeconds)};
    fetches.push(made);
    return made;
  };
  const deliveries: RotationDelivery[] = [];
  for (let index = 0; ; index++) {
    const signedAtSeconds = index * input.deliveryIntervalSeconds;
    const arrivesAtSeconds = signedAtSeconds + input.deliveryDelaySeconds;
    if (arrivesAtSeconds >= horizon) break;
    const kid = signingKid(input, signedAtSeconds);
    deliveries.push({
      delivery: index + 1,
      signedAtSeconds,
      arrivesAtSeconds,
      kid,
      verdict: receive(arrivesAtSeconds, kid)
    });
  }

  function receive(now: number, kid: RotationKid): KeyRotationVerdict {
    let copy = fetches[fetches.length - 1]!;
    if (now > copy.atSeconds && now - copy.atSeconds >= input.cacheMaxAgeSeconds) copy = fetch(now, "max age");
    if (copy.kids.includes(kid)) return "verified";
    if (copy.atSeconds === now) return "unknown kid: not published";
    if (!input.refetchOnUnknownKid) return "unknown kid: no refetch";
    if (now - copy.atSeconds < input.refetchCooldownSeconds) return "unknown kid: refetch in cooldown";
    return fetch(now, "unknown kid").kids.includes(kid) ? "verified after refetch" : "unknown kid: not published";
  }

  const cache: CacheSpan[] = fetches.map((made, index) => ({
    fromSeconds: made.atSeconds,
    untilSeconds: fetches[index + 1]?.atSeconds ?? horizon,
    kids: made.kids,
    fetch: index
  }));
  return {
    input,
    published: [
      ...span(ROTATION_KIDS.old, 0, rotate + overlap, horizon),
      ...span(ROTATION_KIDS.new, rotate - lead, horizon, horizon)
    ],
    signing: [...span(ROTATION_KIDS.old, 0, rotate, horizon), ...span(ROTATION_KIDS.new, rotate, horizon, horizon)],
    fetches,
    cache,
    deliveries,
    summary: summarise(deliveries, fetches)
  };
}

function summarise(deliveries: readonly RotationDelivery[], fetches: readonly JwksFetch[]): KeyRotationSummary {
  const byVerdict = Object.fromEntries(KEY_ROTATION_VERDICTS.map((verdict) => [verdict, 0])) as Record<
    KeyRotationVerdict,
    number
  >;
  for (const {verdict} of deliveries) byVerdict[verdict]++;
  const fetchesByReason: Record<JwksFetchReason, number> = {start: 0, "max age": 0, "unknown kid": 0};
  for (const {reason} of fetches) fetchesByReason[reason]++;
  const failed = deliveries.filter((delivery) => isFailedVerdict(delivery.verdict));
  return {
    deliveries: deliveries.length,
    byVerdict,
    failures: failed.length,
    fetches: fetches.length,
    fetchesByReason,
    firstFailureAtSeconds: failed[0]?.arrivesAtSeconds ?? null
  };
}
