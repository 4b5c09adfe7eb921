/**
 * Both Standard Webhooks verifiers (v1, v1a) are called from plain JavaScript
 * too: whatever they are given, they answer {ok: false, code, reason} naming
 * the argument and what it accepts, and never reject. That includes the
 * `subtle` a v1a caller passes, whose methods may reject or answer junk.
 */
import {createHmac} from "node:crypto";
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import vectors from "../../data/webhook-auth/standard-webhooks-vectors.json";
import {verifyStandardWebhook, verifyStandardWebhookV1a} from "../../lib/webhook-auth/index.js";

const symmetric = vectors.symmetric[0]!;
const asymmetric = vectors.asymmetric[0]!;

function v1Headers(): Record<string, string> {
  return {
    "webhook-id": symmetric.msgId,
    "webhook-timestamp": String(symmetric.timestamp),
    "webhook-signature": symmetric.signature
  };
}

function v1aHeaders(): Record<string, string> {
  return {
    "webhook-id": asymmetric.msgId,
    "webhook-timestamp": String(asymmetric.timestamp),
    "webhook-signature": asymmetric.signature
  };
}

/** Valid arguments for each verifier: the published vectors, checked at their own timestamps. */
const validV1 = (): Record<string, unknown> => ({
  secret: symmetric.secret,
  headers: v1Headers(),
  payload: symmetric.payload,
  nowSeconds: symmetric.timestamp
});
const validV1a = (): Record<string, unknown> => ({
  publicKey: asymmetric.publicKeyDerived,
  headers: v1aHeaders(),
  payload: asymmetric.payload,
  nowSeconds: asymmetric.timestamp
});

const verifyV1 = (input: unknown) => verifyStandardWebhook(input as Parameters<typeof verifyStandardWebhook>[0]);
const verifyV1a = (input: unknown) => verifyStandardWebhookV1a(input as Parameters<typeof verifyStandardWebhookV1a>[0]);

type Case = [string, (input: Record<string, unknown>) => void, RegExp];

/** Arguments both verifiers take: one wrong value each, and what the reason must say. */
const commonCases: Case[] = [
  ["nowSeconds NaN", (i) => (i.nowSeconds = NaN), /^nowSeconds must be a finite number of Unix seconds.*; got NaN$/],
  [
    "nowSeconds Infinity",
    (i) => (i.nowSeconds = Infinity),
    /^nowSeconds must be a finite number.*; got the number Infinity$/
  ],
  ["nowSeconds as a string", (i) => (i.nowSeconds = "1700000000"), /^nowSeconds must be .*; got a string$/],
  ["nowSeconds missing", (i) => delete i.nowSeconds, /^nowSeconds must be .*; got undefined$/],
  [
    "toleranceSeconds NaN",
    (i) => (i.toleranceSeconds = NaN),
    /^toleranceSeconds must be a number of seconds >= 0, Infinity \(no window\), or absent \(300 s\); got NaN$/
  ],
  ["toleranceSeconds negative", (i) => (i.toleranceSeconds = -1), /^toleranceSeconds must be .*; got the number -1$/],
  ["toleranceSeconds as a string", (i) => (i.toleranceSeconds = "300"), /^toleranceSeconds must be .*; got a string$/],
  [
    "a number as the signature header",
    (i) => ((i.headers as Record<string, unknown>)["webhook-signature"] = 42),
    /^headers\["webhook-signature"\] must be a string \(the header's value\) or absent; got the number 42$/
  ],
  [
    "a list as the signature header",
    (i) => ((i.headers as Record<string, unknown>)["webhook-signature"] = ["v1,x"]),
    /^headers\["webhook-signature"\] must be a string.*; got an array$/
  ],
  [
    "null as the id header",
    (i) => ((i.headers as Record<string, unknown>)["webhook-id"] = null),
    /^headers\["webhook-id"\] must be a string.*; got null$/
  ],
  [
    "a number as the timestamp header, in another case",
    (i) => (i.headers = {...(i.headers as object), "webhook-timestamp": undefined, "Webhook-Timestamp": 1700000000}),
    /^headers\["webhook-timestamp"\] must be a string.*; got the number 1700000000$/
  ],
  ["headers null", (i) => (i.headers = null), /^headers must be an object of header names to string values; got null$/],
  ["headers as an array", (i) => (i.headers = []), /^headers must be an object.*; got an array$/],
  [
    "payload null",
    (i) => (i.payload = null),
    /^payload must be the raw body: a string \(signed as UTF-8\) or a Uint8Array; got null$/
  ],
  ["payload as an object", (i) => (i.payload = {test: 1}), /^payload must be the raw body.*; got an object$/],
  ["payload as a negative number", (i) => (i.payload = -1), /^payload must be the raw body.*; got the number -1$/]
];

const v1Cases: Case[] = [
  ...commonCases,
  [
    "secret null",
    (i) => (i.secret = null),
    /^secret must be a "whsec_" base64 string or the raw key bytes \(a Uint8Array\), or a list of those; got null$/
  ],
  ["secret undefined", (i) => delete i.secret, /^secret must be .*; got undefined$/],
  ["secret as a number", (i) => (i.secret = 42), /^secret must be .*; got the number 42$/],
  ["secret as an object", (i) => (i.secret = {}), /^secret must be .*; got an object$/],
  [
    "a list with a null secret",
    (i) => (i.secret = [symmetric.secret, null]),
    /^secret\[1\] must be a "whsec_" base64 string or the raw key bytes \(a Uint8Array\); got null$/
  ]
];

const v1aCases: Case[] = [
  ...commonCases,
  [
    "publicKey null",
    (i) => (i.publicKey = null),
    /^publicKey must be a "whpk_" base64 string, or a list of those; got null$/
  ],
  ["publicKey undefined", (i) => delete i.publicKey, /^publicKey must be .*; got undefined$/],
  ["publicKey as bytes", (i) => (i.publicKey = new Uint8Array(32)), /^publicKey must be .*; got a Uint8Array$/],
  [
    "a list with a number as public key",
    (i) => (i.publicKey = [asymmetric.publicKeyDerived, 7]),
    /^publicKey\[1\] must be a "whpk_" base64 string; got the number 7$/
  ],
  [
    "subtle as a number",
    (i) => (i.subtle = 5),
    /^subtle must be a SubtleCrypto \(with importKey and verify\), or absent for crypto.subtle; got the number 5$/
  ],
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
    expect(await verify(input)).toMatchObject({
      ok: false,
      code: "invalid-argument",
      reason: expect.stringMatching(/^the input must be an object \{/)
    });
  });

  it("a wrong type comes before the header checks, a malformed but typed value keeps its own code", async () => {
    const noHeaders = {...valid(), headers: {}};
    expect(await verify({...noHeaders, nowSeconds: NaN})).toMatchObject({code: "invalid-argument"});
    expect(await verify(noHeaders)).toMatchObject({code: "missing-headers"});
    expect(
      await verify({...valid(), toleranceSeconds: 0, nowSeconds: (valid().nowSeconds as number) + 1})
    ).toMatchObject({code: "timestamp-too-old"});
  });
});

/** Each argument either valid or anything at all (fc.anything: nested objects, arrays, NaN, -0, strings ...). */
function eachArgument(
  valid: () => Record<string, unknown>,
  extra: readonly string[]
): fc.Arbitrary<Record<string, unknown>> {
  const names = [...Object.keys(valid()), "toleranceSeconds", ...extra];
  const choices = Object.fromEntries(
    names.map((name) => [name, fc.oneof(fc.constant("valid" as const), fc.constant("absent" as const), fc.anything())])
  );
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
    const headerName = fc.constantFrom(
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
      "Webhook-Signature",
      "content-type"
    );
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
    const input = {
      secret: ["whsec_AAAA", new Uint8Array(key)],
      headers: {...v1Headers(), "webhook-signature": signature},
      payload: body,
      nowSeconds: symmetric.timestamp + 10 ** 9,
      toleranceSeconds: Infinity
    };
    expect(await verifyStandardWebhook(input)).toMatchObject({ok: true, matched: {keyIndex: 1}});
  });
});

/** Web Crypto with importKey and verify replaced where given (the rest is Node's own). */
function standIn(methods: {
  importKey?: (...args: unknown[]) => unknown;
  verify?: (...args: unknown[]) => unknown;
}): SubtleCrypto {
  const real = globalThis.crypto.subtle;
  return {
    importKey: methods.importKey ?? ((...args: Parameters<SubtleCrypto["importKey"]>) => real.importKey(...args)),
    verify: methods.verify ?? ((...args: Parameters<SubtleCrypto["verify"]>) => real.verify(...args))
  } as unknown as SubtleCrypto;
}

/** A rejection's value that String() cannot turn into text. */
const unprintable = () => Object.create(null) as object;

describe("verifyStandardWebhookV1a answers when the subtle it is given fails", () => {
  const withSubtle = (subtle: SubtleCrypto) => verifyV1a({...validV1a(), subtle});
  const where = {msgId: asymmetric.msgId, timestamp: asymmetric.timestamp};

  it("a stand-in passing Web Crypto's answers through verifies the vector, and its false is no match", async () => {
    expect(await withSubtle(standIn({}))).toMatchObject({ok: true, matched: {keyIndex: 0}});
    expect(await withSubtle(standIn({verify: async () => false}))).toMatchObject({
      ok: false,
      code: "no-matching-signature"
    });
  });

  it.each<[string, () => unknown, RegExp]>([
    [
      "rejects with an Error",
      () => Promise.reject(new Error("key store offline")),
      /^public key 1 was refused by subtle\.importKey: Error: key store offline$/
    ],
    [
      "throws synchronously",
      () => {
        throw new RangeError("bad length");
      },
      /^public key 1 was refused by subtle\.importKey: RangeError: bad length$/
    ],
    [
      "rejects with a string",
      () => Promise.reject("nope"),
      /^public key 1 was refused by subtle\.importKey: Error: nope$/
    ],
    [
      "rejects with a value String() cannot show",
      () => Promise.reject(unprintable()),
      /^public key 1 was refused by subtle\.importKey: a value that cannot be shown as text$/
    ]
  ])("importKey %s: invalid-key, with what it said", async (_, importKey, reason) => {
    expect(await withSubtle(standIn({importKey}))).toEqual({
      ok: false,
      code: "invalid-key",
      reason: expect.stringMatching(reason),
      ...where
    });
  });

  it.each<[string, unknown, string]>([
    ["undefined", undefined, "undefined"],
    ["a string", "key", "a string"],
    ["null", null, "null"]
  ])("importKey resolving to %s: invalid-argument naming its result", async (_, junk, got) => {
    expect(await withSubtle(standIn({importKey: async () => junk}))).toEqual({
      ok: false,
      code: "invalid-argument",
      reason: `subtle.importKey's result for public key 1 must be a CryptoKey; got ${got}`,
      ...where
    });
  });

  it.each<[string, () => unknown, string]>([
    ["rejects with an Error", () => Promise.reject(new Error("hardware fault")), "Error: hardware fault"],
    [
      "throws synchronously",
      () => {
        throw new TypeError("not a CryptoKey");
      },
      "TypeError: not a CryptoKey"
    ],
    [
      "rejects with a value String() cannot show",
      () => Promise.reject(unprintable()),
      "a value that cannot be shown as text"
    ]
  ])("verify %s: invalid-argument, with what it said", async (_, verify, said) => {
    expect(await withSubtle(standIn({verify}))).toEqual({
      ok: false,
      code: "invalid-argument",
      reason: `subtle.verify rejected checking v1a entry 1 with public key 1 (${said}); subtle must be a SubtleCrypto whose verify resolves to true or false`,
      ...where
    });
  });

  it("verify rejecting with NotSupportedError: unsupported, as Web Crypto says it", async () => {
    const verify = () => Promise.reject(new DOMException("Unrecognized algorithm name", "NotSupportedError"));
    expect(await withSubtle(standIn({verify}))).toMatchObject({
      ok: false,
      code: "unsupported",
      reason: expect.stringMatching(
        /^this runtime's Web Crypto does not support Ed25519 \(NotSupportedError: Unrecognized algorithm name\)/
      )
    });
  });

  it.each<[string, unknown, string]>([
    ['the string "true"', "true", "a string"],
    ["1", 1, "the number 1"],
    ["an object", {}, "an object"],
    ["undefined", undefined, "undefined"],
    ["null", null, "null"]
  ])("verify resolving to %s: invalid-argument, never a match however truthy", async (_, junk, got) => {
    expect(await withSubtle(standIn({verify: async () => junk}))).toEqual({
      ok: false,
      code: "invalid-argument",
      reason: `subtle.verify's result for v1a entry 1 with public key 1 must be true or false; got ${got}`,
      ...where
    });
  });

  it("whatever importKey and verify do, it resolves, and verifies only on Web Crypto's own true", async () => {
    type Behaviour = {kind: "real"} | {kind: "resolve" | "reject" | "throw"; value: unknown};
    const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
      fc.constant({kind: "real"} as const),
      fc.record({
        kind: fc.constantFrom("resolve", "reject", "throw" as const),
        value: fc.oneof(fc.anything(), fc.constantFrom(true, false, "true", 1))
      })
    );
    const act =
      (b: Behaviour, real: (...args: never[]) => unknown) =>
      (...args: never[]) => {
        if (b.kind === "real") return real(...args);
        if (b.kind === "throw") throw b.value;
        return b.kind === "resolve" ? Promise.resolve(b.value) : Promise.reject(b.value);
      };
    const real = globalThis.crypto.subtle;
    await fc.assert(
      fc.asyncProperty(behaviour, behaviour, async (importKey, verify) => {
        const subtle = {
          importKey: act(importKey, real.importKey.bind(real) as never),
          verify: act(verify, real.verify.bind(real) as never)
        } as unknown as SubtleCrypto;
        const result = await withSubtle(subtle);
        expect(typeof result.reason).toBe("string");
        const importGaveAKey =
          importKey.kind === "real" ||
          (importKey.kind === "resolve" && typeof importKey.value === "object" && importKey.value !== null);
        const verifyGaveTrue =
          verify.kind === "real" ? importKey.kind === "real" : verify.kind === "resolve" && verify.value === true;
        expect(result.ok).toBe(importGaveAKey && verifyGaveTrue);
      }),
      {numRuns: 300}
    );
  });
});
