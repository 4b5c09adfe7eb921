/**
 * The JWT lab's verdicts, each mistake alone, checked against jose's jwtVerify as an
 * independent verifier of the standard parts (signature, algorithm allowlist, iss, aud, iat,
 * exp, lifetime). jose knows nothing of the profile's own claims (taskId, the body hash, the
 * single-use jti, the configured token): for those mistakes jose must accept the token and the
 * lab must refuse it at exactly the profile check.
 */
import {createLocalJWKSet, jwtVerify, type JWTVerifyOptions} from "jose";
import {describe, expect, it} from "vitest";
import {
  DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
  DEFAULT_JWT_MAX_AGE_SECONDS,
  DEMO_AUDIENCE,
  DEMO_BODY,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  JWT_MISTAKES,
  demoJwks,
  DEMO_SIGNING_KEY_1,
  DEMO_SIGNING_KEY_2,
  runJwtLab,
  type JwtLabReport,
  type JwtMistakeId
} from "../../lib/webhook-auth/index.js";

const lab = (
  mistake: JwtMistakeId | "none",
  extra: {jwksFetchedSecondsAgo?: number; algorithm?: "ES256" | "EdDSA"} = {}
) =>
  runJwtLab({
    algorithm: extra.algorithm ?? "ES256",
    mistake,
    body: DEMO_BODY,
    jwksFetchedSecondsAgo: extra.jwksFetchedSecondsAgo ?? 3600
  });

/** What jose concludes about the token the lab's receiver got: the error code, or "ok". */
async function joseVerdict(
  report: JwtLabReport,
  keys = demoJwks([DEMO_SIGNING_KEY_1, DEMO_SIGNING_KEY_2])
): Promise<string> {
  const options: JWTVerifyOptions = {
    algorithms: ["ES256", "EdDSA"],
    issuer: DEMO_ISSUER,
    audience: DEMO_AUDIENCE,
    maxTokenAge: DEFAULT_JWT_MAX_AGE_SECONDS,
    clockTolerance: DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS,
    currentDate: new Date(report.receiver.nowSeconds * 1000),
    requiredClaims: ["iat", "exp", "jti"]
  };
  try {
    await jwtVerify(report.sender.token, createLocalJWKSet(keys), options);
    return "ok";
  } catch (error) {
    const {code, claim} = error as {code?: string; claim?: string};
    return claim ? `${code}:${claim}` : String(code);
  }
}

const firstFailure = (report: JwtLabReport) => report.verification.checks.find((check) => check.status === "fail")?.id;

describe("runJwtLab", () => {
  it("accepts the delivery with no mistake, every check passing, and says how long to keep its jti", async () => {
    const report = await lab("none");
    expect(report.verification.ok).toBe(true);
    expect(report.verification.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(report.jtiRecord).toEqual({
      jti: report.sender.claims.jti,
      keptUntilSeconds: (report.sender.claims.exp as number) + DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS
    });
    expect(await joseVerdict(report)).toBe("ok");
  });

  it.each(JWT_MISTAKES.map((mistake) => [mistake.id, mistake.caughtBy] as const))(
    "%s alone is refused first by the %s check",
    async (id, caughtBy) => {
      // The key set was fetched 10 s ago: a rotated key's refetch is within the cooldown, so it is refused too.
      const report = await lab(id, {jwksFetchedSecondsAgo: 10});
      expect(report.verification.ok).toBe(false);
      expect(firstFailure(report)).toBe(caughtBy);
      expect(report.mistake?.id).toBe(id);
    }
  );

  // jose's verdict on each token: the standard checks refuse exactly where the lab's do.
  const joseExpects: Record<JwtMistakeId, string> = {
    wrongAudience: "ERR_JWT_CLAIM_VALIDATION_FAILED:aud",
    expired: "ERR_JWT_EXPIRED:exp",
    futureIssuedAt: "ERR_JWT_CLAIM_VALIDATION_FAILED:iat",
    // jose's maxTokenAge bounds now − iat, not exp − iat: it accepts the long-lived token the profile refuses.
    longLifetime: "ok",
    replayedJti: "ok",
    reserializedBody: "ok",
    wrongTaskId: "ok",
    rotatedKey: "ok",
    algNone: "ERR_JOSE_ALG_NOT_ALLOWED",
    hs256WithPublicKey: "ERR_JOSE_ALG_NOT_ALLOWED",
    wrongHeader: "ok"
  };
  it.each(Object.entries(joseExpects))("jose's verdict on the %s token is %s", async (id, expected) => {
    expect(await joseVerdict(await lab(id as JwtMistakeId))).toBe(expected);
  });

  it("the forged tokens fail at the allowlist, before any key is tried", async () => {
    for (const id of ["algNone", "hs256WithPublicKey"] as const) {
      const report = await lab(id);
      expect(report.verification.checks[1]).toMatchObject({id: "signature", status: "fail", cause: "alg-not-allowed"});
      expect(report.receiver.kidsAfter).toEqual(report.receiver.kidsBefore);
    }
  });

  it("an unknown kid refetches the key set once and verifies, but not within the cooldown", async () => {
    const refetched = await lab("rotatedKey", {jwksFetchedSecondsAgo: 31});
    expect(refetched.verification.ok).toBe(true);
    expect(refetched.verification.refreshed).toBe(true);
    expect(refetched.verification.jwks.refreshes).toBe(1);
    expect(refetched.receiver.kidsAfter).toEqual([DEMO_SIGNING_KEY_1.kid, DEMO_SIGNING_KEY_2.kid]);
    const limited = await lab("rotatedKey", {jwksFetchedSecondsAgo: 29});
    expect(limited.verification.ok).toBe(false);
    expect(limited.verification.checks[1]).toMatchObject({status: "fail", cause: "unknown-kid"});
    expect(limited.verification.jwks.refreshes).toBe(0);
  });

  it("each check names the values it compared", async () => {
    const report = await lab("wrongAudience");
    const audience = report.verification.checks.find((check) => check.id === "audience")!;
    expect(audience.compared).toEqual({
      expected: `contains "${DEMO_AUDIENCE}"`,
      received: JSON.stringify("https://client.example/a2a/push-other")
    });
    const hash = (await lab("reserializedBody")).verification.checks.find((check) => check.id === "body-hash")!;
    expect(hash.compared?.received).toContain(`${JSON.stringify(JSON.parse(DEMO_BODY)).length} body bytes`);
  });

  it("a replayed jti is refused while its record lives, and the record outlives the token", async () => {
    const report = await lab("replayedJti");
    const record = report.receiver.usedJtis[0]!;
    expect(record.keptUntilSeconds).toBeGreaterThan(DEMO_NOW_SECONDS);
    expect(report.verification.checks.find((check) => check.id === "jwt-id")?.status).toBe("fail");
  });

  it("EdDSA signs where Ed25519 is there, and a rotated EdDSA key verifies after a refetch", async () => {
    const report = await lab("none", {algorithm: "EdDSA"});
    expect(report.algorithm).toBe("EdDSA");
    expect(report.verification.ok).toBe(true);
    expect(report.sender.protectedHeader.alg).toBe("EdDSA");
    expect((await lab("rotatedKey", {algorithm: "EdDSA"})).verification.ok).toBe(true);
  });
});
