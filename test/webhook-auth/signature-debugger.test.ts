import {createHmac} from "node:crypto";
import {describe, expect, it} from "vitest";
import {
  DEMO_BODY,
  DEMO_EVENT_ID,
  DEMO_NOW_SECONDS,
  DEMO_OTHER_ENDPOINT_SECRET,
  STANDARD_WEBHOOKS_TEST_SECRET,
  debugStandardWebhook,
  type SignatureDebugInput,
  type SignatureDebugReport
} from "../../lib/webhook-auth/index.js";

const base: SignatureDebugInput = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  msgId: DEMO_EVENT_ID,
  timestamp: DEMO_NOW_SECONDS,
  body: DEMO_BODY,
  nowSeconds: DEMO_NOW_SECONDS + 3
};

function hmac(key: Buffer | string, content: string): string {
  return createHmac("sha256", key).update(content, "utf8").digest("base64");
}
const KEY = Buffer.from(STANDARD_WEBHOOKS_TEST_SECRET.slice(6), "base64");

async function report(input: Partial<SignatureDebugInput> = {}): Promise<SignatureDebugReport> {
  const result = await debugStandardWebhook({...base, ...input});
  if (!result.ok) throw new Error(result.issues.join("; "));
  return result;
}

describe("signature debugger", () => {
  it("shows the exact signed string and matching signatures when nothing is wrong", async () => {
    const r = await report();
    const content = `${DEMO_EVENT_ID}.${DEMO_NOW_SECONDS}.${DEMO_BODY}`;
    expect(r.sender.signedContent).toBe(content);
    expect(r.receiver.signedContent).toBe(content);
    expect(r.receiver.expectedSignature).toBe(`v1,${hmac(KEY, content)}`);
    expect(r.receiver.receivedSignatures).toEqual([hmac(KEY, content)]);
    expect(r.verdict.ok).toBe(true);
    expect(r.correctReceiver.ok).toBe(true);
    expect(r.contentDifference).toBeUndefined();
    expect(r.mistakes.every((m) => !m.enabled)).toBe(true);
  });

  it("re-serialized body: different signed content, no match, with the first differing byte", async () => {
    const r = await report({mistakes: {reserializedBody: true}});
    expect(r.verdict).toMatchObject({ok: false, code: "no-matching-signature"});
    expect(r.correctReceiver.ok).toBe(true); // the request is fine; the receiver is wrong
    const prefix = `${DEMO_EVENT_ID}.${DEMO_NOW_SECONDS}.`.length;
    expect(r.contentDifference?.index).toBe(prefix + DEMO_BODY.indexOf(": ") + 1); // the first space JSON.stringify removes
    expect(r.receiver.expectedSignature).toBe(
      `v1,${hmac(KEY, `${DEMO_EVENT_ID}.${DEMO_NOW_SECONDS}.${JSON.stringify(JSON.parse(DEMO_BODY))}`)}`
    );
  });

  it("re-serialization is harmless for an already-compact body and reorders integer-like keys otherwise", async () => {
    const compact = await report({body: '{"a":1,"b":[true,null]}'});
    expect(compact.mistakes.find((m) => m.id === "reserializedBody")?.breaksThisRequestAlone).toBe(false);
    const reordered = await report({body: '{"b":1,"2":0}', mistakes: {reserializedBody: true}});
    expect(reordered.verdict.ok).toBe(false);
    expect(reordered.receiver.signedContent.endsWith('{"2":0,"b":1}')).toBe(true);
    const notJson = await report({body: "plain text", mistakes: {reserializedBody: true}});
    expect(notJson.verdict.code).toBe("receiver-crash");
  });

  it("secret not base64-decoded: the key is the text of the secret", async () => {
    const r = await report({mistakes: {secretNotBase64Decoded: true}});
    expect(r.verdict.ok).toBe(false);
    expect(r.receiver.keyBytes).toBe(STANDARD_WEBHOOKS_TEST_SECRET.length);
    expect(r.receiver.expectedSignature).toBe(`v1,${hmac(STANDARD_WEBHOOKS_TEST_SECRET, r.sender.signedContent)}`);
  });

  it("wrong secret: same signed content, other signature", async () => {
    const r = await report({mistakes: {wrongSecret: true}});
    expect(r.verdict.ok).toBe(false);
    expect(r.contentDifference).toBeUndefined();
    expect(r.receiver.expectedSignature).toBe(
      `v1,${hmac(Buffer.from(DEMO_OTHER_ENDPOINT_SECRET.slice(6), "base64"), r.sender.signedContent)}`
    );
    expect(r.correctReceiver.ok).toBe(false);
  });

  it("clock skew: valid signature, refused once the skew exceeds the tolerance in either direction", async () => {
    expect((await report({mistakes: {clockSkewSeconds: 200}})).verdict.ok).toBe(true);
    expect((await report({mistakes: {clockSkewSeconds: 400}})).verdict.code).toBe("timestamp-too-old");
    expect((await report({mistakes: {clockSkewSeconds: -400}})).verdict.code).toBe("timestamp-too-new");
  });

  it("splitting the list on ',' works with one signature and breaks during a rotation", async () => {
    const single = await report({mistakes: {signatureHeaderSplitOnComma: true}});
    expect(single.verdict.ok).toBe(true);
    expect(single.mistakes.find((m) => m.id === "signatureHeaderSplitOnComma")?.breaksThisRequestAlone).toBe(false);
    const rotating = await report({duringRotation: true, mistakes: {signatureHeaderSplitOnComma: true}});
    expect(rotating.verdict.ok).toBe(false);
    expect(rotating.receiver.receivedSignatures[0]).toMatch(/ v1$/);
    expect(rotating.correctReceiver.ok).toBe(true);
  });

  it("missing v1 prefix and rotation without overlap break the request itself", async () => {
    const unprefixed = await report({mistakes: {missingVersionPrefix: true}});
    expect(unprefixed.verdict.ok).toBe(false);
    expect(unprefixed.correctReceiver.ok).toBe(false);
    expect(unprefixed.sender.headers["webhook-signature"]).not.toMatch(/^v1,/);
    const noOverlap = await report({mistakes: {rotatedWithoutOverlap: true}});
    expect(noOverlap.verdict.ok).toBe(false);
    expect(noOverlap.sender.signedWith).toEqual(["new secret only"]);
    const overlap = await report({duringRotation: true});
    expect(overlap.verdict.ok).toBe(true);
    expect(overlap.sender.headers["webhook-signature"].split(" ")).toHaveLength(2);
  });

  it("reports for each mistake whether it alone breaks this request", async () => {
    const r = await report({mistakes: {clockSkewSeconds: 1000}});
    const alone = Object.fromEntries(r.mistakes.map((m) => [m.id, m.breaksThisRequestAlone]));
    expect(alone).toEqual({
      reserializedBody: true,
      secretNotBase64Decoded: true,
      wrongSecret: true,
      clockSkew: true,
      signatureHeaderSplitOnComma: false,
      missingVersionPrefix: true,
      rotatedWithoutOverlap: true
    });
    expect(r.mistakes.find((m) => m.id === "clockSkew")?.enabled).toBe(true);
  });

  it("validates user input", async () => {
    for (const bad of [{msgId: "a.b"}, {timestamp: "12:00"}, {secret: ""}, {secret: "whsec_%%%"}, {timestamp: -1}]) {
      const result = await debugStandardWebhook({...base, ...bad} as SignatureDebugInput);
      expect(result.ok, JSON.stringify(bad)).toBe(false);
    }
    expect((await debugStandardWebhook({...base, timestamp: String(DEMO_NOW_SECONDS)})).ok).toBe(true);
  });
});
