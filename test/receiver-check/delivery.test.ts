/**
 * The receiver check's pushes: bodies that lib's own reader takes as A2A 0.3 and 1.0 status updates,
 * credentials by profile (a wrong one never right), a tampered body one byte off and still JSON, and
 * the report's exit code.
 */
import {describe, expect, it} from "vitest";
import {decodeJwt, decodeProtectedHeader} from "jose";
import {
  buildDelivery,
  normalTaskState,
  publishedKeySet,
  reportExitCode,
  reportLines,
  updateBody,
  type CheckSigningKey,
  type CheckTarget,
  type UpdateSpec
} from "../../lib/receiver-check/index.js";
import {createJwksCache} from "../../lib/webhook-auth/jwt/jwks-cache.js";
import {verifyA2aPushJwt, type JwtCheckId} from "../../lib/webhook-auth/jwt/jwt-profile.js";
import {generateSigningKey} from "../../lib/webhook-auth/jwt/demo-keys.js";
import {readPushPayload} from "../../lib/webhook-auth/pipeline/a2a-payload.js";
import {verifyStandardWebhook} from "../../lib/webhook-auth/standard-webhooks/standard-webhooks.js";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const NOW = 1_780_000_000;
const spec: UpdateSpec = {
  eventId: "msg_check_1",
  state: "input-required",
  statusAtSeconds: NOW - 5,
  sentAtSeconds: NOW
};
const target = (auth: CheckTarget["auth"], version: CheckTarget["version"] = "0.3"): CheckTarget => ({
  auth,
  taskId: "task-9",
  version
});

describe("the receiver check's pushes", () => {
  it.each(["0.3", "1.0"] as const)(
    "an A2A %s status update that lib's reader takes, with its task, state and timestamp",
    (version) => {
      const read = readPushPayload(updateBody(target({kind: "token", token: "t"}, version), spec));
      expect(read).toMatchObject({
        ok: true,
        taskId: "task-9",
        statusTimestamp: new Date((NOW - 5) * 1000).toISOString()
      });
      expect(read.ok && read.shape).toBe(version === "1.0" ? "v1.0 StreamResponse.statusUpdate" : "v0.3 status-update");
      expect(read.ok && normalTaskState(read.state)).toBe("input-required");
    }
  );

  it("signs under Standard Webhooks, and a wrong secret or a tampered body does not verify", async () => {
    const sw = target({kind: "standard-webhooks", secret: SECRET});
    const verify = async (changes: Partial<UpdateSpec>) => {
      const delivery = await buildDelivery(sw, {...spec, ...changes});
      return (
        await verifyStandardWebhook({
          secret: SECRET,
          headers: delivery.headers,
          payload: delivery.body,
          nowSeconds: NOW
        })
      ).ok;
    };
    expect(await verify({})).toBe(true);
    expect(await verify({credential: "wrong"})).toBe(false);
    expect(await verify({tamperAfterSigning: true})).toBe(false);
    expect(await verify({sentAtSeconds: NOW - 600})).toBe(false);
    const tampered = await buildDelivery(sw, {...spec, tamperAfterSigning: true});
    expect(readPushPayload(tampered.body).ok).toBe(true);
    expect([...tampered.body].filter((char, index) => char !== updateBody(sw, spec)[index])).toHaveLength(1);
  });

  it("puts the bearer credential or the token where each profile says, a wrong one never right, a missing one absent", async () => {
    expect((await buildDelivery(target({kind: "bearer", credentials: "abc"}), spec)).headers.Authorization).toBe(
      "Bearer abc"
    );
    expect(
      (await buildDelivery(target({kind: "bearer", credentials: "abc"}), {...spec, credential: "wrong"})).headers
        .Authorization
    ).not.toBe("Bearer abc");
    expect(
      (await buildDelivery(target({kind: "bearer", credentials: "abc"}), {...spec, credential: "missing"})).headers
        .Authorization
    ).toBeUndefined();
    expect((await buildDelivery(target({kind: "token", token: "tok"}), spec)).headers["X-A2A-Notification-Token"]).toBe(
      "tok"
    );
  });

  it("a report exits 1 only when a check failed", () => {
    const check = {id: "x", title: "X", detail: "d", lesson: "l", attempts: []};
    expect(
      reportExitCode({
        target: "t",
        checks: [
          {...check, verdict: "pass"},
          {...check, verdict: "not-observable"}
        ]
      })
    ).toBe(0);
    const failed = {target: "t", checks: [{...check, verdict: "fail" as const}]};
    expect(reportExitCode(failed)).toBe(1);
    expect(reportLines(failed).at(-1)).toBe(
      "0 passed, 1 failed, 0 not observable (give --effects-url to see effects)."
    );
  });

  it("under the JWT profile, signs a token lib's verifier accepts, each fault fails the claim it is named for, and each attempt has its own jti over the same bytes", async () => {
    const key = async (kid: string): Promise<CheckSigningKey> => ({
      kid,
      alg: "ES256",
      ...(await generateSigningKey({kid}))
    });
    const keys = {current: await key("k1"), next: await key("k2"), foreign: await key("k3")};
    const jwt = target({kind: "jwt", issuer: "https://agent.example", audience: "https://receiver.example/hook", keys});
    const verify = async (changes: Partial<UpdateSpec>, rotated = false) => {
      const delivery = await buildDelivery(jwt, {...spec, ...changes});
      const verification = await verifyA2aPushJwt({
        authorization: delivery.headers.Authorization,
        body: delivery.body,
        jwks: createJwksCache(publishedKeySet(keys, rotated)),
        nowSeconds: NOW,
        expected: {issuer: "https://agent.example", audience: "https://receiver.example/hook", taskId: "task-9"}
      });
      return verification.code ?? "ok";
    };
    expect(await verify({})).toBe("ok");
    expect(await verify({token: "wrong-audience"})).toBe("audience" satisfies JwtCheckId);
    expect(await verify({token: "expired"})).toBe("issued-at" satisfies JwtCheckId);
    expect(await verify({token: "alg-none"})).toBe("signature" satisfies JwtCheckId);
    expect(await verify({credential: "wrong"})).toBe("signature" satisfies JwtCheckId);
    expect(await verify({token: "next-key"})).toBe("signature" satisfies JwtCheckId);
    expect(await verify({token: "next-key"}, true)).toBe("ok");
    const token = async (changes: Partial<UpdateSpec>) =>
      (await buildDelivery(jwt, {...spec, ...changes})).headers.Authorization!.slice("Bearer ".length);
    expect(decodeProtectedHeader(await token({token: "alg-none"}))).toEqual({alg: "none"});
    const [first, second] = [decodeJwt(await token({attempt: 1})), decodeJwt(await token({attempt: 2}))];
    expect(first.jti).not.toBe(second.jti);
    expect(first.request_body_sha256).toBe(second.request_body_sha256);
  });
});
