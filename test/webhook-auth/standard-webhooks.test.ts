import {createHmac} from "node:crypto";
import fc from "fast-check";
import {describe, expect, it, vi} from "vitest";
import vectors from "../../data/webhook-auth/standard-webhooks-vectors.json";
import {
  checkStandardWebhookTimestamp,
  DEFAULT_TOLERANCE_SECONDS,
  constantTimeEqual,
  decodeSymmetricSecret,
  parseSignatureHeader,
  signStandardWebhook,
  verifyStandardWebhook
} from "../../lib/webhook-auth/index.js";

const vector = vectors.symmetric[0]!;
const SECRET = vector.secret;
const BARE_SECRET = SECRET.slice("whsec_".length);

/** Independent implementation: Node's own HMAC over `id.timestamp.` + raw body bytes. */
function nodeSignature(secret: string, msgId: string, timestamp: number, payload: string | Uint8Array): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${msgId}.${timestamp}.`)
    .update(typeof payload === "string" ? Buffer.from(payload, "utf8") : payload);
  return `v1,${mac.digest("base64")}`;
}

describe("published Standard Webhooks vector", () => {
  it("is reproduced by node:crypto (the vector itself is consistent)", () => {
    expect(nodeSignature(SECRET, vector.msgId, vector.timestamp, vector.payload)).toBe(vector.signature);
  });

  it("signs to the published signature, with or without the whsec_ prefix, or from raw key bytes", async () => {
    for (const secret of [SECRET, BARE_SECRET, new Uint8Array(Buffer.from(BARE_SECRET, "base64"))]) {
      const signed = await signStandardWebhook({
        secret,
        msgId: vector.msgId,
        timestamp: vector.timestamp,
        payload: vector.payload
      });
      expect(signed.signature).toBe(vector.signature);
      expect(signed.signedContent).toBe(`${vector.msgId}.${vector.timestamp}.${vector.payload}`);
      expect(signed.headers).toEqual({
        "webhook-id": vector.msgId,
        "webhook-timestamp": String(vector.timestamp),
        "webhook-signature": vector.signature
      });
    }
  });

  it("verifies the published signature at its own timestamp", async () => {
    const headers = {
      "webhook-id": vector.msgId,
      "webhook-timestamp": String(vector.timestamp),
      "webhook-signature": vector.signature
    };
    const result = await verifyStandardWebhook({
      secret: SECRET,
      headers,
      payload: vector.payload,
      nowSeconds: vector.timestamp
    });
    expect(result.ok).toBe(true);
    const wrong = await verifyStandardWebhook({
      secret: SECRET,
      headers: {...headers, "webhook-signature": vectors.negative[0]!.signatureHeader},
      payload: vector.payload,
      nowSeconds: vector.timestamp
    });
    expect(wrong).toMatchObject({ok: false, code: "no-matching-signature"});
  });
});

describe("signStandardWebhook against node:crypto", () => {
  const msgIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
  const secretArb = fc
    .uint8Array({minLength: 1, maxLength: 64})
    .map((b) => "whsec_" + Buffer.from(b).toString("base64"));

  it("matches createHmac for random secrets, ids, timestamps and string bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        msgIdArb,
        fc.integer({min: 0, max: 2 ** 40}),
        fc.string({unit: "grapheme"}),
        async (secret, msgId, timestamp, payload) => {
          const signed = await signStandardWebhook({secret, msgId, timestamp, payload});
          expect(signed.signature).toBe(nodeSignature(secret, msgId, timestamp, payload));
        }
      ),
      {numRuns: 150}
    );
  });

  it("signs raw bytes exactly, including bytes that are not valid UTF-8", async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, fc.uint8Array({maxLength: 200}), async (secret, bytes) => {
        const signed = await signStandardWebhook({secret, msgId: "msg_raw", timestamp: 1_700_000_000, payload: bytes});
        expect(signed.signature).toBe(nodeSignature(secret, "msg_raw", 1_700_000_000, bytes));
      }),
      {numRuns: 100}
    );
  });

  it("gives a string and its UTF-8 bytes the same signature", async () => {
    const body = '{"name": "Zoë", "emoji": "🚀"}';
    const a = await signStandardWebhook({secret: SECRET, msgId: "msg_1", timestamp: 10, payload: body});
    const b = await signStandardWebhook({
      secret: SECRET,
      msgId: "msg_1",
      timestamp: 10,
      payload: new TextEncoder().encode(body)
    });
    expect(a.signature).toBe(b.signature);
  });

  it("refuses ids with '.', empty ids, fractional timestamps and unusable secrets", async () => {
    await expect(signStandardWebhook({secret: SECRET, msgId: "msg.1", timestamp: 1, payload: ""})).rejects.toThrow(
      /contains "\."/
    );
    await expect(signStandardWebhook({secret: SECRET, msgId: "", timestamp: 1, payload: ""})).rejects.toThrow(/empty/);
    await expect(signStandardWebhook({secret: SECRET, msgId: "m", timestamp: 1.5, payload: ""})).rejects.toThrow(
      /whole/
    );
    await expect(
      signStandardWebhook({secret: "whsec_not base64!", msgId: "m", timestamp: 1, payload: ""})
    ).rejects.toThrow(/base64/);
  });

  it("puts one v1 entry per secret in the header during a rotation", async () => {
    const other = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    const signed = await signStandardWebhook({secret: [SECRET, other], msgId: "msg_r", timestamp: 5, payload: "x"});
    expect(signed.signatures).toEqual([nodeSignature(SECRET, "msg_r", 5, "x"), nodeSignature(other, "msg_r", 5, "x")]);
    expect(signed.signature).toBe(signed.signatures.join(" "));
  });
});

describe("verifyStandardWebhook", () => {
  const msgId = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const payload = '{"test": 2432232314}';
  const t = 1_700_000_000;
  const headersAt = (timestamp: number, signature = nodeSignature(SECRET, msgId, timestamp, payload)) => ({
    "webhook-id": msgId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature
  });

  it("accepts a node:crypto signature (independent signer)", async () => {
    const result = await verifyStandardWebhook({secret: SECRET, headers: headersAt(t), payload, nowSeconds: t});
    expect(result).toMatchObject({ok: true, msgId, timestamp: t, matched: {entryIndex: 0, version: "v1", keyIndex: 0}});
  });

  it("rejects timestamps outside the tolerance in both directions, bounds inclusive", async () => {
    const at = (age: number) =>
      verifyStandardWebhook({secret: SECRET, headers: headersAt(t - age), payload, nowSeconds: t});
    expect((await at(DEFAULT_TOLERANCE_SECONDS)).ok).toBe(true);
    expect(await at(DEFAULT_TOLERANCE_SECONDS + 1)).toMatchObject({ok: false, code: "timestamp-too-old"});
    expect((await at(-DEFAULT_TOLERANCE_SECONDS)).ok).toBe(true);
    expect(await at(-DEFAULT_TOLERANCE_SECONDS - 1)).toMatchObject({ok: false, code: "timestamp-too-new"});
    expect(
      await verifyStandardWebhook({
        secret: SECRET,
        headers: headersAt(t - 11),
        payload,
        nowSeconds: t,
        toleranceSeconds: 10
      })
    ).toMatchObject({
      ok: false,
      code: "timestamp-too-old"
    });
  });

  it("with toleranceSeconds: Infinity ignores the window but still checks the signature", async () => {
    const old = t - 10 * 365 * 86400;
    expect(
      (
        await verifyStandardWebhook({
          secret: SECRET,
          headers: headersAt(old),
          payload,
          nowSeconds: t,
          toleranceSeconds: Infinity
        })
      ).ok
    ).toBe(true);
    // Like the Go test "invalid timestamp fails when ignoring tolerance": a changed timestamp breaks the signature.
    const changed = {...headersAt(t), "webhook-timestamp": String(946684800)};
    expect(
      await verifyStandardWebhook({
        secret: SECRET,
        headers: changed,
        payload,
        nowSeconds: t,
        toleranceSeconds: Infinity
      })
    ).toMatchObject({
      ok: false,
      code: "no-matching-signature"
    });
  });

  it("accepts any valid entry of a multi-signature header (reference test 'multi sig payload is valid')", async () => {
    const valid = nodeSignature(SECRET, msgId, t, payload);
    const sigs = [
      "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
      "v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
      valid,
      "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc="
    ];
    const result = await verifyStandardWebhook({
      secret: SECRET,
      headers: headersAt(t, sigs.join(" ")),
      payload,
      nowSeconds: t
    });
    expect(result).toMatchObject({ok: true, matched: {entryIndex: 2}});
  });

  it("supports rotation on the receiver side: any configured secret may match", async () => {
    const next = "whsec_" + Buffer.alloc(32, 9).toString("base64");
    const headers = headersAt(t, nodeSignature(next, msgId, t, payload));
    expect(await verifyStandardWebhook({secret: SECRET, headers, payload, nowSeconds: t})).toMatchObject({
      ok: false,
      code: "no-matching-signature"
    });
    expect(await verifyStandardWebhook({secret: [SECRET, next], headers, payload, nowSeconds: t})).toMatchObject({
      ok: true,
      matched: {keyIndex: 1}
    });
  });

  it("reports missing headers, a non-integer timestamp, partial and unprefixed signatures", async () => {
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"] as const) {
      const headers: Record<string, string> = {...headersAt(t)};
      delete headers[name];
      const result = await verifyStandardWebhook({secret: SECRET, headers, payload, nowSeconds: t});
      expect(result).toMatchObject({ok: false, code: "missing-headers"});
      expect(result.ok ? "" : result.reason).toContain(name);
    }
    for (const bad of ["hello", "12.5", "-5", "1e9", " 1700000000"]) {
      expect(
        await verifyStandardWebhook({
          secret: SECRET,
          headers: {...headersAt(t), "webhook-timestamp": bad},
          payload,
          nowSeconds: t
        })
      ).toMatchObject({
        ok: false,
        code: "invalid-timestamp"
      });
    }
    const valid = nodeSignature(SECRET, msgId, t, payload);
    for (const partial of [valid.slice(0, 8), "v1,", valid.slice(3)]) {
      expect(
        await verifyStandardWebhook({secret: SECRET, headers: headersAt(t, partial), payload, nowSeconds: t})
      ).toMatchObject({
        ok: false,
        code: "no-matching-signature"
      });
    }
  });

  it("reads header names case-insensitively", async () => {
    const h = headersAt(t);
    const headers = {
      "Webhook-Id": h["webhook-id"],
      "WEBHOOK-TIMESTAMP": h["webhook-timestamp"],
      "Webhook-Signature": h["webhook-signature"]
    };
    expect((await verifyStandardWebhook({secret: SECRET, headers, payload, nowSeconds: t})).ok).toBe(true);
  });

  it("answers 'unsupported' instead of throwing where crypto.subtle is missing (insecure browser context)", async () => {
    const headers = headersAt(t);
    vi.stubGlobal("crypto", {});
    try {
      expect(await verifyStandardWebhook({secret: SECRET, headers, payload, nowSeconds: t})).toMatchObject({
        ok: false,
        code: "unsupported"
      });
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await verifyStandardWebhook({secret: SECRET, headers, payload, nowSeconds: t})).ok).toBe(true);
  });

  it("reports an unusable configured secret", async () => {
    expect(
      await verifyStandardWebhook({secret: "whsec_***", headers: headersAt(t), payload, nowSeconds: t})
    ).toMatchObject({ok: false, code: "invalid-key"});
  });

  it("fails when any single byte of the body changes", async () => {
    const body = new TextEncoder().encode(payload);
    const headers = headersAt(t, nodeSignature(SECRET, msgId, t, body));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({min: 0, max: body.length - 1}),
        fc.integer({min: 1, max: 255}),
        async (index, mask) => {
          const tampered = new Uint8Array(body);
          tampered[index] = tampered[index]! ^ mask;
          const result = await verifyStandardWebhook({secret: SECRET, headers, payload: tampered, nowSeconds: t});
          expect(result).toMatchObject({ok: false, code: "no-matching-signature"});
        }
      ),
      {numRuns: 60}
    );
  });

  it("verifies what it signs, and nothing signed with another key (round trip)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({minLength: 24, maxLength: 40}),
        fc.uint8Array({minLength: 24, maxLength: 40}),
        fc.string(),
        async (k1, k2, body) => {
          fc.pre(Buffer.compare(Buffer.from(k1), Buffer.from(k2)) !== 0);
          const signed = await signStandardWebhook({secret: k1, msgId: "msg_rt", timestamp: t, payload: body});
          expect(
            (await verifyStandardWebhook({secret: k1, headers: signed.headers, payload: body, nowSeconds: t})).ok
          ).toBe(true);
          expect(
            (await verifyStandardWebhook({secret: k2, headers: signed.headers, payload: body, nowSeconds: t})).ok
          ).toBe(false);
        }
      ),
      {numRuns: 50}
    );
  });
});

describe("helpers", () => {
  it("decodes secrets strictly", () => {
    expect(decodeSymmetricSecret(SECRET)).toMatchObject({ok: true});
    expect(decodeSymmetricSecret(BARE_SECRET)).toMatchObject({ok: true});
    expect(decodeSymmetricSecret("whsec_")).toMatchObject({ok: false});
    expect(decodeSymmetricSecret("whsec_abc")).toMatchObject({ok: false}); // not a multiple of 4
    expect(decodeSymmetricSecret("whsec_ab-_")).toMatchObject({ok: false}); // URL alphabet
    const decoded = decodeSymmetricSecret(SECRET);
    expect(decoded.ok && Buffer.from(decoded.key).equals(Buffer.from(BARE_SECRET, "base64"))).toBe(true);
  });

  it("parses the space-separated signature list", () => {
    expect(parseSignatureHeader("v1,abc  v1a,de,f nocomma")).toEqual([
      {index: 0, version: "v1", signature: "abc", raw: "v1,abc"},
      {index: 2, version: "v1a", signature: "de,f", raw: "v1a,de,f"},
      {index: 3, version: "", signature: "nocomma", raw: "nocomma"}
    ]);
  });

  it("compares in constant time but correctly", () => {
    const a = new Uint8Array([1, 2, 3]);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 0]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([0]), new Uint8Array([]))).toBe(false);
  });
});

describe("a reason's seconds (D7)", () => {
  it("are said to a tenth when the clock has fractions, whole when it has none", () => {
    const old = checkStandardWebhookTimestamp(1000, 1360.5869998931885);
    expect(old.reason).toBe("message timestamp too old: signed 360.6 s before now, tolerance is 300 s");
    expect(checkStandardWebhookTimestamp(1000, 1000.25).reason).toBe("timestamp is 0.3 s from now, within ±300 s");
    expect(checkStandardWebhookTimestamp(1600, 1000).reason).toBe(
      "message timestamp too new: 600 s in the future, tolerance is 300 s"
    );
  });
});
