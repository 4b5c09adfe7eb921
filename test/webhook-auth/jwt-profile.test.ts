import {createHash, createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify} from "node:crypto";
import {describe, expect, it} from "vitest";
import {
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEMO_ATTACKER_KEY,
  DEMO_AUDIENCE,
  DEMO_BODY,
  DEMO_ED25519_SIGNING_KEY,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  DEMO_SIGNING_KEY_1,
  DEMO_SIGNING_KEY_2,
  DEMO_TASK_ID,
  createJwksCache,
  demoJwks,
  importDemoPrivateKey,
  publicJwks,
  publicJwkOf,
  signA2aPushJwt,
  verifyA2aPushJwt,
  type DemoSigningKey,
  type JwksCache
} from "../../lib/webhook-auth/index.js";

const now = DEMO_NOW_SECONDS;
const expected = {issuer: DEMO_ISSUER, audience: DEMO_AUDIENCE, taskId: DEMO_TASK_ID};

async function token(
  key: DemoSigningKey = DEMO_SIGNING_KEY_1,
  overrides: Partial<Parameters<typeof signA2aPushJwt>[0]> = {}
): Promise<string> {
  return signA2aPushJwt({
    privateKey: await importDemoPrivateKey(key),
    kid: key.kid,
    alg: key.alg,
    issuer: DEMO_ISSUER,
    audience: DEMO_AUDIENCE,
    taskId: DEMO_TASK_ID,
    jti: "evt_0001",
    body: DEMO_BODY,
    nowSeconds: now,
    ...overrides
  });
}

function verify(jwt: string, extra: Partial<Parameters<typeof verifyA2aPushJwt>[0]> = {}) {
  return verifyA2aPushJwt({
    authorization: `Bearer ${jwt}`,
    body: DEMO_BODY,
    jwks: createJwksCache(demoJwks()),
    nowSeconds: now,
    expected,
    ...extra
  });
}

function statusOf(result: Awaited<ReturnType<typeof verify>>, id: string) {
  return result.checks.find((check) => check.id === id)?.status;
}

/** An ES256 JWT built with node:crypto only (independent of jose and of the lib). */
function nodeJwt(header: object, claims: object, key: DemoSigningKey): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${b64(header)}.${b64(claims)}`;
  const privateKey = createPrivateKey({key: key.privateJwk as never, format: "jwk"});
  return `${input}.${nodeSign("sha256", Buffer.from(input), {key: privateKey, dsaEncoding: "ieee-p1363"}).toString("base64url")}`;
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
}

describe("signA2aPushJwt", () => {
  it("produces an ES256 JWT that node:crypto verifies, with every profile claim", async () => {
    const jwt = await token();
    const [h, p, s] = jwt.split(".") as [string, string, string];
    const publicKey = createPublicKey({key: publicJwkOf(DEMO_SIGNING_KEY_1) as never, format: "jwk"});
    expect(
      nodeVerify(
        "sha256",
        Buffer.from(`${h}.${p}`),
        {key: publicKey, dsaEncoding: "ieee-p1363"},
        Buffer.from(s, "base64url")
      )
    ).toBe(true);
    expect(JSON.parse(Buffer.from(h, "base64url").toString())).toEqual({
      alg: "ES256",
      kid: DEMO_SIGNING_KEY_1.kid,
      typ: "JWT"
    });
    expect(JSON.parse(Buffer.from(p, "base64url").toString())).toEqual({
      iss: DEMO_ISSUER,
      aud: DEMO_AUDIENCE,
      iat: now,
      exp: now + 60,
      jti: "evt_0001",
      taskId: DEMO_TASK_ID,
      request_body_sha256: sha256Hex(DEMO_BODY)
    });
  });
});

describe("verifyA2aPushJwt", () => {
  it("accepts a valid token and passes every check", async () => {
    const result = await verify(await token());
    expect(result.ok).toBe(true);
    // Every check passes but the configured token's, which is skipped: this push config set none.
    expect(result.checks.map((c) => c.status)).toEqual([...Array(10).fill("pass"), "skipped"]);
    expect(result.kid).toBe(DEMO_SIGNING_KEY_1.kid);
    expect(result.jwks.refreshes).toBe(0);
  });

  it("accepts a token built independently with node:crypto", async () => {
    const claims = {
      iss: DEMO_ISSUER,
      aud: [DEMO_AUDIENCE, "other"],
      iat: now - 10,
      exp: now + 50,
      jti: "n1",
      taskId: DEMO_TASK_ID,
      request_body_sha256: sha256Hex(DEMO_BODY)
    };
    const result = await verify(nodeJwt({alg: "ES256", kid: DEMO_SIGNING_KEY_1.kid}, claims, DEMO_SIGNING_KEY_1));
    expect(result).toMatchObject({ok: true});
  });

  it("refuses a body that differs from the signed hash by one byte", async () => {
    const result = await verify(await token(), {body: DEMO_BODY.replace("COMPLETED", "COMPLETEd")});
    expect(result).toMatchObject({ok: false, code: "body-hash"});
    expect(statusOf(result, "signature")).toBe("pass");
  });

  it("refuses a body re-serialized by the receiver (hash covers the raw bytes)", async () => {
    const result = await verify(await token(), {body: JSON.stringify(JSON.parse(DEMO_BODY))});
    expect(result).toMatchObject({ok: false, code: "body-hash"});
  });

  it("checks iss, aud and taskId", async () => {
    expect(await verify(await token(undefined, {issuer: "https://evil.example"}))).toMatchObject({
      ok: false,
      code: "issuer"
    });
    expect(await verify(await token(undefined, {audience: "https://someone-else.example/hook"}))).toMatchObject({
      ok: false,
      code: "audience"
    });
    expect(await verify(await token(undefined, {taskId: "task-other"}))).toMatchObject({ok: false, code: "task-id"});
    const noTaskExpectation = await verify(await token(undefined, {taskId: "task-other"}), {
      expected: {issuer: DEMO_ISSUER, audience: DEMO_AUDIENCE}
    });
    expect(noTaskExpectation.ok).toBe(true);
  });

  it("checks time bounds with the clock tolerance", async () => {
    const jwt = await token(); // iat = now, exp = now + 60
    const tol = DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS;
    expect((await verify(jwt, {nowSeconds: now + 60 + tol - 1})).ok).toBe(true);
    expect(await verify(jwt, {nowSeconds: now + 60 + tol})).toMatchObject({ok: false, code: "expiry"});
    expect((await verify(jwt, {nowSeconds: now - tol})).ok).toBe(true);
    expect(await verify(jwt, {nowSeconds: now - tol - 1})).toMatchObject({ok: false, code: "issued-at"});
    // A long-lived token is refused even while unexpired.
    const longLived = await token(undefined, {ttlSeconds: 3600});
    const result = await verify(longLived);
    expect(result).toMatchObject({ok: false, code: "expiry"});
    expect(result.reason).toMatch(/lifetime/);
    // An old iat is refused even if exp was set far ahead.
    const stale = await verify(longLived, {nowSeconds: now + DEFAULT_JWT_MAX_AGE_SECONDS + tol + 1});
    expect(statusOf(stale, "issued-at")).toBe("fail");
  });

  it("requires jti, taskId, iat, exp and the body hash", async () => {
    for (const missing of ["jti", "taskId", "iat", "exp", "request_body_sha256"]) {
      const claims: Record<string, unknown> = {
        iss: DEMO_ISSUER,
        aud: DEMO_AUDIENCE,
        iat: now,
        exp: now + 60,
        jti: "n2",
        taskId: DEMO_TASK_ID,
        request_body_sha256: sha256Hex(DEMO_BODY)
      };
      delete claims[missing];
      const result = await verify(nodeJwt({alg: "ES256", kid: DEMO_SIGNING_KEY_1.kid}, claims, DEMO_SIGNING_KEY_1));
      expect(result.ok, missing).toBe(false);
    }
  });

  it("refuses alg none, HS256, a missing kid, a forged signature and a missing bearer", async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = {
      iss: DEMO_ISSUER,
      aud: DEMO_AUDIENCE,
      iat: now,
      exp: now + 60,
      jti: "n3",
      taskId: DEMO_TASK_ID,
      request_body_sha256: sha256Hex(DEMO_BODY)
    };
    const none = `${b64({alg: "none", kid: DEMO_SIGNING_KEY_1.kid})}.${b64(claims)}.`;
    expect((await verify(none)).checks[1]).toMatchObject({id: "signature", status: "fail", cause: "alg-not-allowed"});
    // alg none as forgers send it, with no kid: refused for its algorithm, not for the missing kid.
    const noneWithoutKid = `${b64({alg: "none"})}.${b64(claims)}.`;
    expect((await verify(noneWithoutKid)).checks[1]).toMatchObject({
      status: "fail",
      cause: "alg-not-allowed",
      reason: expect.stringContaining('alg "none" is not allowed')
    });
    const hs = `${b64({alg: "HS256", kid: DEMO_SIGNING_KEY_1.kid})}.${b64(claims)}.c2lnbmF0dXJl`;
    expect((await verify(hs)).checks[1]).toMatchObject({status: "fail", cause: "alg-not-allowed"});
    const noKid = nodeJwt({alg: "ES256"}, claims, DEMO_SIGNING_KEY_1);
    expect((await verify(noKid)).checks[1]).toMatchObject({status: "fail", cause: "missing-kid"});
    const forged = await token(DEMO_ATTACKER_KEY); // same kid as key 1, different private key
    const result = await verify(forged);
    expect(result.checks[1]).toMatchObject({status: "fail", cause: "bad-signature"});
    expect(result.checks.slice(2).every((c) => c.status === "skipped")).toBe(true);
    expect(
      await verifyA2aPushJwt({
        authorization: undefined,
        body: DEMO_BODY,
        jwks: createJwksCache(demoJwks()),
        nowSeconds: now,
        expected
      })
    ).toMatchObject({
      ok: false,
      code: "bearer"
    });
    expect(
      await verifyA2aPushJwt({
        authorization: "Basic abc",
        body: DEMO_BODY,
        jwks: createJwksCache(demoJwks()),
        nowSeconds: now,
        expected
      })
    ).toMatchObject({
      ok: false,
      code: "bearer"
    });
    expect(
      (
        await verifyA2aPushJwt({
          authorization: `bearer ${await token()}`,
          body: DEMO_BODY,
          jwks: createJwksCache(demoJwks()),
          nowSeconds: now,
          expected
        })
      ).ok
    ).toBe(true);
  });

  it("verifies EdDSA tokens where Ed25519 is available", async () => {
    const jwt = await token(DEMO_ED25519_SIGNING_KEY);
    const result = await verify(jwt, {jwks: createJwksCache(demoJwks([DEMO_SIGNING_KEY_1, DEMO_ED25519_SIGNING_KEY]))});
    expect(result.ok).toBe(true);
  });
});

describe("JWKS rotation", () => {
  it("refreshes once on an unknown kid and counts the refresh", async () => {
    let fetches = 0;
    const fetchJwks = async () => {
      fetches++;
      return demoJwks([DEMO_SIGNING_KEY_1, DEMO_SIGNING_KEY_2]);
    };
    const cache: JwksCache = createJwksCache(demoJwks([DEMO_SIGNING_KEY_1]));
    const first = await verify(await token(DEMO_SIGNING_KEY_2), {jwks: cache, fetchJwks});
    expect(first.ok).toBe(true);
    expect(first.refreshed).toBe(true);
    expect(first.jwks.refreshes).toBe(1);
    expect(first.jwks.fetchedAtSeconds).toBe(now);
    expect(fetches).toBe(1);
    // The refreshed set now knows key 2: no further fetch.
    const second = await verify(await token(DEMO_SIGNING_KEY_2, {jti: "evt_0002", nowSeconds: now + 100}), {
      jwks: first.jwks,
      fetchJwks,
      nowSeconds: now + 100
    });
    expect(second.ok).toBe(true);
    expect(second.jwks.refreshes).toBe(1);
    expect(fetches).toBe(1);
    // The input cache value was not mutated.
    expect(cache.refreshes).toBe(0);
  });

  it("refuses a kid that is still unknown after one refresh", async () => {
    let fetches = 0;
    const fetchJwks = async () => {
      fetches++;
      return demoJwks([DEMO_SIGNING_KEY_1]);
    };
    const result = await verify(await token(DEMO_SIGNING_KEY_2), {fetchJwks});
    expect(result.checks[1]).toMatchObject({status: "fail", cause: "unknown-kid"});
    expect(result.reason).toMatch(/even after one refresh/);
    expect(fetches).toBe(1);
    expect(result.jwks.refreshes).toBe(1);
  });

  it("does not refresh within the cooldown after a fetch", async () => {
    let fetches = 0;
    const fetchJwks = async () => {
      fetches++;
      return demoJwks([DEMO_SIGNING_KEY_1, DEMO_SIGNING_KEY_2]);
    };
    const recentlyFetched = createJwksCache(demoJwks([DEMO_SIGNING_KEY_1]), now - 10);
    const skipped = await verify(await token(DEMO_SIGNING_KEY_2), {jwks: recentlyFetched, fetchJwks});
    expect(skipped.checks[1]).toMatchObject({cause: "unknown-kid"});
    expect(skipped.reason).toMatch(/cooldown/);
    expect(fetches).toBe(0);
    const later = await verify(await token(DEMO_SIGNING_KEY_2), {
      jwks: recentlyFetched,
      fetchJwks,
      nowSeconds: now + 20
    });
    expect(later.ok).toBe(true);
    expect(fetches).toBe(1);
  });

  it("reports a failing or malformed refresh, and a missing fetchJwks", async () => {
    const jwt = await token(DEMO_SIGNING_KEY_2);
    expect((await verify(jwt, {fetchJwks: async () => Promise.reject(new Error("503"))})).checks[1]).toMatchObject({
      cause: "jwks-fetch-failed"
    });
    expect((await verify(jwt, {fetchJwks: async () => ({keys: "nope"})})).checks[1]).toMatchObject({
      cause: "jwks-invalid"
    });
    expect((await verify(jwt)).checks[1]).toMatchObject({cause: "unknown-kid"});
  });

  it("publishes only public key members", () => {
    const published = publicJwks({keys: [{...DEMO_SIGNING_KEY_1.privateJwk, kid: "k"}]});
    expect(published.keys[0]).not.toHaveProperty("d");
    expect(published.keys[0]).toMatchObject({kid: "k", x: DEMO_SIGNING_KEY_1.privateJwk.x});
  });
});
