import {createPrivateKey, createPublicKey, verify as nodeVerify} from "node:crypto";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import vectors from "../../data/webhook-auth/standard-webhooks-vectors.json";
import {
  deriveStandardWebhookPublicKey,
  detectEd25519Support,
  signStandardWebhook,
  signStandardWebhookV1a,
  verifyStandardWebhookV1a
} from "../../lib/webhook-auth/index.js";

const vector = vectors.asymmetric[0]!;
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** Independent derivation of the public key with node:crypto. */
function nodePublicKey(seedBase64: string): string {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, Buffer.from(seedBase64, "base64")]),
    format: "der",
    type: "pkcs8"
  });
  const x = key.export({format: "jwk"}).x!;
  return "whpk_" + Buffer.from(x, "base64url").toString("base64");
}

function nodeVerifies(publicKey: string, content: string | Uint8Array, signatureEntry: string): boolean {
  const raw = Buffer.from(publicKey.replace(/^whpk_/, ""), "base64");
  const key = createPublicKey({key: {kty: "OKP", crv: "Ed25519", x: raw.toString("base64url")}, format: "jwk"});
  return nodeVerify(
    null,
    typeof content === "string" ? Buffer.from(content) : content,
    key,
    Buffer.from(signatureEntry.replace(/^v1a,/, ""), "base64")
  );
}

function notSupportedSubtle(): SubtleCrypto {
  const refuse = () => Promise.reject(new DOMException("Unrecognized algorithm name", "NotSupportedError"));
  return {importKey: refuse, sign: refuse, verify: refuse, exportKey: refuse} as unknown as SubtleCrypto;
}

describe("Ed25519 support", () => {
  it("is detected in this Node runtime", async () => {
    expect(await detectEd25519Support()).toMatchObject({supported: true});
  });

  it("is reported, not thrown, where Web Crypto lacks it", async () => {
    const subtle = notSupportedSubtle();
    expect(await detectEd25519Support(subtle)).toMatchObject({supported: false});
    const signed = await signStandardWebhookV1a({
      secretKey: "whsk_" + vector.secretKey,
      msgId: "m",
      timestamp: 1,
      payload: "x",
      subtle
    });
    expect(signed).toMatchObject({ok: false, code: "unsupported"});
    const headers = {
      "webhook-id": vector.msgId,
      "webhook-timestamp": String(vector.timestamp),
      "webhook-signature": vector.signature
    };
    const verified = await verifyStandardWebhookV1a({
      publicKey: vector.publicKeyDerived,
      headers,
      payload: vector.payload,
      nowSeconds: vector.timestamp,
      subtle
    });
    expect(verified).toMatchObject({ok: false, code: "unsupported"});
    expect(verified.ok ? "" : verified.reason).toMatch(/137/);
  });
});

describe("v1a published vector (Go TestAsymmetricWebhookSign)", () => {
  it("the recorded public key is the one node:crypto derives from the seed", () => {
    expect(nodePublicKey(vector.secretKey)).toBe(vector.publicKeyDerived);
  });

  it("the published signature verifies with node:crypto", () => {
    expect(
      nodeVerifies(vector.publicKeyDerived, `${vector.msgId}.${vector.timestamp}.${vector.payload}`, vector.signature)
    ).toBe(true);
  });

  it("signs to exactly the published signature (Ed25519 is deterministic), with or without whsk_", async () => {
    for (const secretKey of [vector.secretKey, "whsk_" + vector.secretKey]) {
      const result = await signStandardWebhookV1a({
        secretKey,
        msgId: vector.msgId,
        timestamp: vector.timestamp,
        payload: vector.payload
      });
      expect(result.ok && result.signed.signature).toBe(vector.signature);
    }
  });

  it("derives the same public key as node:crypto", async () => {
    expect(await deriveStandardWebhookPublicKey("whsk_" + vector.secretKey)).toEqual({
      ok: true,
      publicKey: vector.publicKeyDerived
    });
  });

  it("verifies the published signature, and refuses a changed body or another key", async () => {
    const headers = {
      "webhook-id": vector.msgId,
      "webhook-timestamp": String(vector.timestamp),
      "webhook-signature": vector.signature
    };
    const ok = await verifyStandardWebhookV1a({
      publicKey: vector.publicKeyDerived,
      headers,
      payload: vector.payload,
      nowSeconds: vector.timestamp
    });
    expect(ok).toMatchObject({ok: true, matched: {version: "v1a"}});
    const tampered = await verifyStandardWebhookV1a({
      publicKey: vector.publicKeyDerived,
      headers,
      payload: vector.payload.replace("2", "3"),
      nowSeconds: vector.timestamp
    });
    expect(tampered).toMatchObject({ok: false, code: "no-matching-signature"});
    const otherKey =
      "whpk_" +
      Buffer.from(
        createPublicKey(
          createPrivateKey({key: Buffer.concat([PKCS8_PREFIX, Buffer.alloc(32, 1)]), format: "der", type: "pkcs8"})
        ).export({format: "jwk"}).x!,
        "base64url"
      ).toString("base64");
    expect(
      await verifyStandardWebhookV1a({
        publicKey: otherKey,
        headers,
        payload: vector.payload,
        nowSeconds: vector.timestamp
      })
    ).toMatchObject({ok: false});
    expect(
      await verifyStandardWebhookV1a({
        publicKey: [otherKey, vector.publicKeyDerived],
        headers,
        payload: vector.payload,
        nowSeconds: vector.timestamp
      })
    ).toMatchObject({
      ok: true,
      matched: {keyIndex: 1}
    });
  });

  it("applies the same window as v1 and ignores v1 entries", async () => {
    const headers = {
      "webhook-id": vector.msgId,
      "webhook-timestamp": String(vector.timestamp),
      "webhook-signature": vector.signature
    };
    expect(
      await verifyStandardWebhookV1a({
        publicKey: vector.publicKeyDerived,
        headers,
        payload: vector.payload,
        nowSeconds: vector.timestamp + 301
      })
    ).toMatchObject({
      ok: false,
      code: "timestamp-too-old"
    });
    const hmacOnly = await signStandardWebhook({
      secret: vectors.symmetric[0]!.secret,
      msgId: vector.msgId,
      timestamp: vector.timestamp,
      payload: vector.payload
    });
    expect(
      await verifyStandardWebhookV1a({
        publicKey: vector.publicKeyDerived,
        headers: hmacOnly.headers,
        payload: vector.payload,
        nowSeconds: vector.timestamp
      })
    ).toMatchObject({
      ok: false,
      code: "no-matching-signature"
    });
    const both = {...headers, "webhook-signature": `${hmacOnly.signature} ${vector.signature}`};
    expect(
      await verifyStandardWebhookV1a({
        publicKey: vector.publicKeyDerived,
        headers: both,
        payload: vector.payload,
        nowSeconds: vector.timestamp
      })
    ).toMatchObject({
      ok: true,
      matched: {entryIndex: 1}
    });
  });

  it("rejects keys of the wrong length", async () => {
    const result = await signStandardWebhookV1a({
      secretKey: "whsk_" + Buffer.alloc(16).toString("base64"),
      msgId: "m",
      timestamp: 1,
      payload: ""
    });
    expect(result).toMatchObject({ok: false, code: "invalid-key"});
  });

  it("produces signatures node:crypto accepts for random bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({minLength: 32, maxLength: 32}),
        fc.uint8Array({maxLength: 100}),
        async (seed, body) => {
          const secretKey = "whsk_" + Buffer.from(seed).toString("base64");
          const result = await signStandardWebhookV1a({secretKey, msgId: "msg_x", timestamp: 42, payload: body});
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const content = Buffer.concat([Buffer.from("msg_x.42."), body]);
          expect(
            nodeVerifies(nodePublicKey(Buffer.from(seed).toString("base64")), content, result.signed.signature)
          ).toBe(true);
        }
      ),
      {numRuns: 30}
    );
  });
});
