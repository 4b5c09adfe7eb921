/**
 * Both Standard Webhooks verifiers (v1, v1a) are called from plain JavaScript
 * too: whatever they are given, they answer {ok: false, code, reason} naming
 * the argument and what it accepts, and never reject.
 */
import {createHmac} from "node:crypto";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import vectors from "../../data/webhook-auth/standard-webhooks-vectors.json";
import {verifyStandardWebhook, verifyStandardWebhookV1a} from "../../lib/webhook-auth/index.js";

const symmetric = vectors.symmetric[0]!;
const asymmetric = vectors.asymmetric[0]!;

function v1Headers(): Record<string, string> {
  return {"webhook-id": symmetric.msgId, "webhook-timestamp": String(symmetric.timestamp), "webhook-signature": symmetric.signature};
}

function v1aHeaders(): Record<string, string> {
  return {"webhook-id": asymmetric.msgId, "webhook-timestamp": String(asymmetric.timestamp), "webhook-signature": asymmetric.signature};
}

/** Valid arguments for each verifier: the published vectors, checked at their own timestamps. */
const validV1 = (): Record<string, unknown> => ({secret: symmetric.secret, headers: v1Headers(), payload: symmetric.payload, nowSeconds: symmetric.timestamp});
const validV1a = (): Record<string, unknown> => ({publicKey: asymmetric.publicKeyDerived, headers: v1aHeaders(), payload: asymmetric.payload, nowSeconds: asymmetric.timestamp});

const verifyV1 = (input: unknown) => verifyStandardWebhook(input as Parameters<typeof verifyStandardWebhook>[0]);
const verifyV1a = (input: unknown) => verifyStandardWebhookV1a(input as Parameters<typeof verifyStandardWebhookV1a>[0]);

type Case = [string, (input: Record<string, unknown>) => void, RegExp];

/** Arguments both verifiers take: one wrong value each, and what the reason must say. */
const commonCases: Case[] = [
  ["nowSeconds NaN", (i) => (i.nowSeconds = NaN), /^nowSeconds must be a finite number of Unix seconds.*; got NaN$/],
  ["nowSeconds Infinity", (i) => (i.nowSeconds = Infinity), /^nowSeconds must be a finite number.*; got the number Infinity$/],
  ["nowSeconds as a string", (i) => (i.nowSeconds = "1700000000"), /^nowSeconds must be .*; got a string$/],
  ["nowSeconds missing", (i) => delete i.nowSeconds, /^nowSeconds must be .*; got undefined$/],
  ["toleranceSeconds NaN", (i) => (i.toleranceSeconds = NaN), /^toleranceSeconds must be a number of seconds >= 0, Infinity \(no window\), or absent \(300 s\); got NaN$/],
  ["toleranceSeconds negative", (i) => (i.toleranceSeconds = -1), /^toleranceSeconds must be .*; got the number -1$/],
  ["toleranceSeconds as a string", (i) => (i.toleranceSeconds = "300"), /^toleranceSeconds must be .*; got a string$/],
  ["a number as the signature header", (i) => ((i.headers as Record<string, unknown>)["webhook-signature"] = 42), /^headers\["webhook-signature"\] must be a string \(the header's value\) or absent; got the number 42$/],
  ["a list as the signature header", (i) => ((i.headers as Record<string, unknown>)["webhook-signature"] = ["v1,x"]), /^headers\["webhook-signature"\] must be a string.*; got an array$/],
  ["null as the id header", (i) => ((i.headers as Record<string, unknown>)["webhook-id"] = null), /^headers\["webhook-id"\] must be a string.*; got null$/],
  ["a number as the timestamp header, in another case", (i) => (i.headers = {...(i.headers as object), "webhook-timestamp": undefined, "Webhook-Timestamp": 1700000000}), /^headers\["webhook-timestamp"\] must be a string.*; got the number 1700000000$/],
  ["headers null", (i) => (i.headers = null), /^headers must be an object of header names to string values; got null$/],
  ["headers as an array", (i) => (i.headers = []), /^headers must be an object.*; got an array$/],
  ["payload null", (i) => (i.payload = null), /^payload must be the raw body: a string \(signed as UTF-8\) or a Uint8Array; got null$/],
  ["payload as an object", (i) => (i.payload = {test: 1}), /^payload must be the raw body.*; got an object$/],
  ["payload as a negative number", (i) => (i.payload = -1), /^payload must be the raw body.*; got the number -1$/]
];

const v1Cases: Case[] = [
  ...commonCases,
  ["secret null", (i) => (i.secret = null), /^secret must be a "whsec_" base64 string or the raw key bytes \(a Uint8Array\), or a list of those; got null$/],
  ["secret undefined", (i) => delete i.secret, /^secret must be .*; got undefined$/],
  ["secret as a number", (i) => (i.secret = 42), /^secret must be .*; got the number 42$/],
  ["secret as an object", (i) => (i.secret = {}), /^secret must be .*; got an object$/],
  ["a list with a null secret", (i) => (i.secret = [symmetric.secret, null]), /^secret\[1\] must be a "whsec_" base64 string or the raw key bytes \(a Uint8Array\); got null$/]
];

const v1aCases: Case[] = [
  ...commonCases,
  ["publicKey null", (i) => (i.publicKey = null), /^publicKey must be a "whpk_" base64 string, or a list of those; got null$/],
  ["publicKey undefined", (i) => delete i.publicKey, /^publicKey must be .*; got undefined$/],
  ["publicKey as bytes", (i) => (i.publicKey = new Uint8Array(32)), /^publicKey must be .*; got a Uint8Array$/],
  ["a list with a number as public key", (i) => (i.publicKey = [asymmetric.publicKeyDerived, 7]), /^publicKey\[1\] must be a "whpk_" base64 string; got the number 7$/],
  ["subtle as a number", (i) => (i.subtle = 5), /^subtle must be a SubtleCrypto \(with importKey and verify\), or absent for crypto.subtle; got the number 5$/],
  ["subtle without methods", (i) => (i.subtle = {}), /^subtle must be a SubtleCrypto.*; got an object$/]
];

describe.each([
  ["verifyStandardWebhook (v1)", verifyV1, validV1, v1Cases],
  ["verifyStandardWebhookV1a (v1a)", verifyV1a, validV1a, v1aCases]
] as const)("%s answers a wrong argument instead of throwing", (_, verify, valid, cases) => {
  it("accepts the valid arguments these cases start from", async () => {
    expect(await verify(valid())).toMatchObject({ok: true});
  });

  it.each(cases)("%s", async (_name, spoil, reason) => {
    const input = valid();
    spoil(input);
    const result = await verify(input);
    expect(result).toEqual({ok: false, code: "invalid-argument", reason: expect.stringMatching(reason)});
  });

  it.each([null, undefined, 42, "headers"])("input %j", async (input) => {
    expect(await verify(input)).toMatchObject({ok: false, code: "invalid-argument", reason: expect.stringMatching(/^the input must be an object \{/)});
  });

  it("a wrong type comes before the header checks, a malformed but typed value keeps its own code", async () => {
    const noHeaders = {...valid(), headers: {}};
    expect(await verify({...noHeaders, nowSeconds: NaN})).toMatchObject({code: "invalid-argument"});
    expect(await verify(noHeaders)).toMatchObject({code: "missing-headers"});
    expect(await verify({...valid(), toleranceSeconds: 0, nowSeconds: (valid().nowSeconds as number) + 1})).toMatchObject({code: "timestamp-too-old"});
  });
});

/** Each argument either valid or anything at all (fc.anything: nested objects, arrays, NaN, -0, strings ...). */
function eachArgument(valid: () => Record<string, unknown>, extra: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const names = [...Object.keys(valid()), "toleranceSeconds", ...extra];
  const choices = Object.fromEntries(names.map((name) => [name, fc.oneof(fc.constant("valid" as const), fc.constant("absent" as const), fc.anything())]));
  return fc.record(choices).map((picked) => {
    const input = valid();
    for (const [name, choice] of Object.entries(picked)) {
      if (choice === "absent") delete input[name];
      else if (choice !== "valid") input[name] = choice;
    }
    return input;
  });
}

describe.each([
  ["verifyStandardWebhook (v1)", verifyV1, validV1, [] as string[]],
  ["verifyStandardWebhookV1a (v1a)", verifyV1a, validV1a, ["subtle"]]
] as const)("%s with anything in any argument", (_, verify, valid, extra) => {
  it("resolves (never rejects) to {ok: boolean, reason: string}", async () => {
    await fc.assert(
      fc.asyncProperty(eachArgument(valid, extra), async (input) => {
        const result = await verify(input);
        expect(typeof result.ok).toBe("boolean");
        expect(typeof result.reason).toBe("string");
      }),
      {numRuns: 300}
    );
  });

  it("also when the input itself is anything", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        const result = await verify(input);
        expect(result).toMatchObject({ok: false, reason: expect.any(String)});
      }),
      {numRuns: 200}
    );
  });

  it("anything inside the headers object", async () => {
    const headerName = fc.constantFrom("webhook-id", "webhook-timestamp", "webhook-signature", "Webhook-Signature", "content-type");
    await fc.assert(
      fc.asyncProperty(fc.dictionary(headerName, fc.anything(), {maxKeys: 4}), async (changes) => {
        const input = valid();
        input.headers = {...(input.headers as object), ...changes};
        const result = await verify(input);
        expect(typeof result.ok).toBe("boolean");
        expect(typeof result.reason).toBe("string");
      }),
      {numRuns: 300}
    );
  });
});

describe("a v1 signature computed here still verifies with every valid argument form", () => {
  it("raw key bytes, a list of secrets, a Uint8Array body, toleranceSeconds Infinity", async () => {
    const key = Buffer.from(symmetric.secret.replace(/^whsec_/, ""), "base64");
    const body = new TextEncoder().encode(symmetric.payload);
    const signature = `v1,${createHmac("sha256", key).update(`${symmetric.msgId}.${symmetric.timestamp}.`).update(body).digest("base64")}`;
    const input = {secret: ["whsec_AAAA", new Uint8Array(key)], headers: {...v1Headers(), "webhook-signature": signature}, payload: body, nowSeconds: symmetric.timestamp + 10 ** 9, toleranceSeconds: Infinity};
    expect(await verifyStandardWebhook(input)).toMatchObject({ok: true, matched: {keyIndex: 1}});
  });
});
