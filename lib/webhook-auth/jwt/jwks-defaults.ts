/** The JWKS refetch cooldown's default, apart from the cache (jwks-cache.ts, which brings jose): jose's createRemoteJWKSet default, `cooldownDuration`. */
export const DEFAULT_JWKS_REFRESH_COOLDOWN_SECONDS = 30;
