/**
 * The receiver's copy of the sender's JSON Web Key Set (RFC 7517 §5), and
 * JWS signature verification against it with key rotation: a token whose
 * `kid` is not in the cached set triggers one refresh of the set, then one
 * retry. Fetching is the caller's `fetchJwks()` (lib does no I/O); refreshes
 * are counted, and a cooldown keeps a stream of forged `kid`s from turning the
 * receiver into a JWKS-fetching amplifier (jose's createRemoteJWKSet uses the
 * same 30 s default, `cooldownDuration`).
 */
import {compactVerify, createLocalJWKSet, decodeProtectedHeader} from "jose";
import type {CompactJWSHeaderParameters, JSONWebKeySet} from "jose";
import * as z from "zod/mini";

export {DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "./jwks-defaults.js";
import {DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS} from "./jwks-defaults.js";

export interface JwksCache {
  readonly keys: JSONWebKeySet;
  /** When the set was last fetched (undefined: configured by hand, never fetched). */
  readonly fetchedAtSeconds: number | undefined;
  /** How many times the set was refreshed because of an unknown `kid`. */
  readonly refreshes: number;
}

/** The caller fetches the sender's JWKS document (e.g. from its `jwks_uri`) and returns the parsed JSON. */
export type FetchJwks = () => Promise<unknown>;

export type JwsFailureCode =
  | "malformed"
  | "missing-kid"
  | "alg-not-allowed"
  | "unknown-kid"
  | "bad-signature"
  | "unsupported"
  | "jwks-invalid"
  | "jwks-fetch-failed";

export type JwsVerification =
  | {
      ok: true;
      payload: Uint8Array;
      header: CompactJWSHeaderParameters;
      kid: string;
      reason: string;
      cache: JwksCache;
      refreshed: boolean;
    }
  | {ok: false; code: JwsFailureCode; reason: string; kid?: string; cache: JwksCache; refreshed: boolean};

// Data that enters from the network: a JWKS document must be {keys: [{kty: ...}, ...]}.
const JwksDocument = z.looseObject({keys: z.array(z.looseObject({kty: z.string()}))});

export function createJwksCache(keys: JSONWebKeySet = {keys: []}, fetchedAtSeconds?: number): JwksCache {
  return {keys, fetchedAtSeconds, refreshes: 0};
}

/** Public keys only: strips private members so a JWKS can be published. */
export function publicJwks(keys: JSONWebKeySet): JSONWebKeySet {
  return {
    keys: keys.keys.map((jwk) => {
      const {
        d: _d,
        p: _p,
        q: _q,
        dp: _dp,
        dq: _dq,
        qi: _qi,
        oth: _oth,
        k: _k,
        key_ops: _ops,
        ext: _ext,
        ...publicPart
      } = jwk;
      return publicPart;
    })
  };
}

const resolvers = new WeakMap<JSONWebKeySet, ReturnType<typeof createLocalJWKSet>>();

function resolverFor(keys: JSONWebKeySet): ReturnType<typeof createLocalJWKSet> {
  let resolver = resolvers.get(keys);
  if (!resolver) {
    resolver = createLocalJWKSet(keys);
    resolvers.set(keys, resolver);
  }
  return resolver;
}

function errorCode(error: unknown): string {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return error instanceof Error ? error.name : "unknown";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

type Attempt =
  | {ok: true; payload: Uint8Array; header: CompactJWSHeaderParameters}
  | {ok: false; code: JwsFailureCode | "no-key"; reason: string};

async function attempt(token: string, keys: JSONWebKeySet, algorithms: readonly string[]): Promise<Attempt> {
  try {
    const result = await compactVerify(token, resolverFor(keys), {algorithms: [...algorithms]});
    return {ok: true, payload: result.payload, header: result.protectedHeader};
  } catch (error) {
    switch (errorCode(error)) {
      case "ERR_JWKS_NO_MATCHING_KEY":
        return {ok: false, code: "no-key", reason: "no key in the set matches the token's kid and alg"};
      case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
        return {ok: false, code: "bad-signature", reason: "the signature does not verify with the key named by kid"};
      case "ERR_JOSE_ALG_NOT_ALLOWED":
        return {ok: false, code: "alg-not-allowed", reason: describe(error)};
      case "ERR_JWKS_INVALID":
      case "ERR_JWKS_MULTIPLE_MATCHING_KEYS":
        return {ok: false, code: "jwks-invalid", reason: `key set unusable: ${describe(error)}`};
      case "ERR_JOSE_NOT_SUPPORTED":
      case "NotSupportedError":
        return {ok: false, code: "unsupported", reason: `not supported by this runtime: ${describe(error)}`};
      default:
        return {ok: false, code: "malformed", reason: `not a valid compact JWS: ${describe(error)}`};
    }
  }
}

type VerifyWithJwksInput = {
  token: string;
  cache: JwksCache;
  fetchJwks?: FetchJwks;
  nowSeconds: number;
  algorithms: readonly string[];
  refreshCooldownSeconds?: number;
};

type JwsFailure = Extract<JwsVerification, {ok: false}>;

/**
 * Reads the protected header and checks that it names an allowed algorithm
 * and a key id, before any key is looked up.
 */
function readSigningHeader(
  token: string,
  algorithms: readonly string[],
  cache: JwksCache
): {ok: true; header: CompactJWSHeaderParameters; kid: string} | JwsFailure {
  let header: CompactJWSHeaderParameters;
  try {
    header = decodeProtectedHeader(token) as CompactJWSHeaderParameters;
  } catch (error) {
    return {
      ok: false,
      code: "malformed",
      reason: `cannot decode the JWS header: ${describe(error)}`,
      cache,
      refreshed: false
    };
  }
  const kid = typeof header.kid === "string" && header.kid !== "" ? header.kid : undefined;
  // The algorithm first: an unsigned token (alg none, usually without a kid) is refused for what it is, not for a missing kid.
  if (typeof header.alg !== "string" || !algorithms.includes(header.alg)) {
    return {
      ok: false,
      code: "alg-not-allowed",
      reason: `alg "${String(header.alg)}" is not allowed (expected one of ${algorithms.join(", ")})`,
      ...(kid ? {kid} : {}),
      cache,
      refreshed: false
    };
  }
  if (!kid)
    return {
      ok: false,
      code: "missing-kid",
      reason: "the JWS header has no kid, so the signing key cannot be chosen",
      cache,
      refreshed: false
    };
  return {ok: true, header, kid};
}

/**
 * Fetches a fresh key set for an unknown `kid`, unless the receiver has no
 * key-set URL or the cooldown since the last fetch has not passed (the
 * cooldown is what keeps forged `kid`s from amplifying into fetches).
 */
async function refreshForUnknownKid(
  input: VerifyWithJwksInput,
  cache: JwksCache,
  kid: string
): Promise<{ok: true; cache: JwksCache} | JwsFailure> {
  const cooldown = input.refreshCooldownSeconds ?? DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS;
  if (!input.fetchJwks) {
    return {
      ok: false,
      code: "unknown-kid",
      reason: `kid "${kid}" is not in the key set, and this receiver has no key-set URL to fetch it from (its keys are fixed)`,
      kid,
      cache,
      refreshed: false
    };
  }
  if (cache.fetchedAtSeconds !== undefined && input.nowSeconds - cache.fetchedAtSeconds < cooldown) {
    return {
      ok: false,
      code: "unknown-kid",
      reason: `kid "${kid}" is not in the key set; refresh skipped: last fetch ${input.nowSeconds - cache.fetchedAtSeconds} s ago, cooldown ${cooldown} s`,
      kid,
      cache,
      refreshed: false
    };
  }
  let document: unknown;
  try {
    document = await input.fetchJwks();
  } catch (error) {
    return {
      ok: false,
      code: "jwks-fetch-failed",
      reason: `refreshing the key set failed: ${describe(error)}`,
      kid,
      cache,
      refreshed: false
    };
  }
  const parsed = z.safeParse(JwksDocument, document);
  if (!parsed.success) {
    return {
      ok: false,
      code: "jwks-invalid",
      reason: "the refreshed key set is not a JWKS document ({keys: [...]})",
      kid,
      cache,
      refreshed: false
    };
  }
  return {
    ok: true,
    cache: {keys: parsed.data as JSONWebKeySet, fetchedAtSeconds: input.nowSeconds, refreshes: cache.refreshes + 1}
  };
}

/**
 * Verifies a compact JWS against the cached JWKS; an unknown `kid` refreshes
 * the set at most once per call (and not within the cooldown).
 */
export async function verifyWithJwks(input: VerifyWithJwksInput): Promise<JwsVerification> {
  let cache = input.cache;
  const signing = readSigningHeader(input.token, input.algorithms, cache);
  if (!signing.ok) return signing;
  const {header, kid} = signing;

  let result = await attempt(input.token, cache.keys, input.algorithms);
  let refreshed = false;
  if (!result.ok && result.code === "no-key") {
    const refresh = await refreshForUnknownKid(input, cache, kid);
    if (!refresh.ok) return refresh;
    cache = refresh.cache;
    refreshed = true;
    result = await attempt(input.token, cache.keys, input.algorithms);
    if (!result.ok && result.code === "no-key") {
      return {
        ok: false,
        code: "unknown-kid",
        reason: `kid "${kid}" is not in the key set, even after one refresh`,
        kid,
        cache,
        refreshed
      };
    }
  }
  if (!result.ok)
    return {
      ok: false,
      code: result.code === "no-key" ? "unknown-kid" : result.code,
      reason: result.reason,
      kid,
      cache,
      refreshed
    };
  return {
    ok: true,
    payload: result.payload,
    header: result.header,
    kid,
    reason: `signature verifies with key "${kid}" (${String(header.alg)})${refreshed ? " after one key-set refresh" : ""}`,
    cache,
    refreshed
  };
}
