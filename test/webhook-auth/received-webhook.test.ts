/**
 * "Verify a webhook you received": a pasted request against the published Standard Webhooks
 * known answers, each profile's checks in order, the values they compare, the detection and its
 * override, the stated limits.
 *
 * Published vectors (data/webhook-auth/standard-webhooks-vectors.json, copied from):
 * - standard-webhooks/standard-webhooks libraries/javascript/src/webhook.test.ts
 *   @ 10d3e46d720c4e5861a792bec25792a04ad4e2b3 ("sign function works", and the cases below
 *   named after its tests: "multi sig payload is valid", "invalid signature throws error",
 *   "partial signature throws error", "missing id raises error", "invalid timestamp throws
 *   error", "old timestamp fails", "new timestamp fails", "verification works with and without
 *   signature prefix");
 * - libraries/go/webhook_symmetric_test.go @ 3ac24afe352b5989ddf44d4b4cd4f08bdfa2c2e4
 *   (TestSymmetricWebhookSign);
 * - libraries/go/webhook_asymmetric_test.go @ 5fb2ce9369bd9533ed635c0c84f8d7b0dac3a5bf
 *   (TestAsymmetricWebhookSign).
 */
import {describe, expect, it} from "vitest";
import vectors from "../../data/webhook-auth/standard-webhooks-vectors.json";
import {encodeBase64} from "../../lib/shared/base64.js";
import {
  DEMO_AUDIENCE,
  DEMO_BODY,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  DEMO_SIGNING_KEY_1,
  DEMO_TASK_ID,
  RECEIVED_BOX_LIMIT_BYTES,
  a2aTokenExample,
  demoJwks,
  generateSigningKey,
  jwtProfileExample,
  detectReceivedProfile,
  importDemoPrivateKey,
  parseReceivedHeaders,
  signA2aPushJwt,
  signStandardWebhook,
  standardWebhooksExample,
  verifyReceivedWebhook,
  type ReceivedCheck,
  type ReceivedWebhookInput,
  type ReceivedWebhookVerdict
} from "../../lib/webhook-auth/index.js";

const symmetric = vectors.symmetric[0]!;
const asymmetric = vectors.asymmetric[0]!;

function swHeaders(
  signature: string,
  {id = symmetric.msgId, timestamp = String(symmetric.timestamp)}: {id?: string | null; timestamp?: string | null} = {}
): string {
  return [
    "POST /webhooks HTTP/1.1",
    ...(id === null ? [] : [`webhook-id: ${id}`]),
    ...(timestamp === null ? [] : [`webhook-timestamp: ${timestamp}`]),
    `webhook-signature: ${signature}`
  ].join("\r\n");
}

function verify(partial: Partial<ReceivedWebhookInput> & {headers: string}): Promise<ReceivedWebhookVerdict> {
  return verifyReceivedWebhook({
    body: symmetric.payload,
    receiver: {secret: symmetric.secret},
    nowSeconds: symmetric.timestamp,
    ...partial
  });
}

const byId = (verdict: ReceivedWebhookVerdict, id: ReceivedCheck["id"]) =>
  verdict.checks.find((check) => check.id === id);

describe("the published Standard Webhooks vectors, pasted", () => {
  it("sign function works / TestSymmetricWebhookSign: the vector passes every check", async () => {
    const verdict = await verify({headers: swHeaders(symmetric.signature)});
    expect(verdict.outcome).toBe("pass");
    expect(verdict.profile).toBe("standard-webhooks");
    expect(verdict.checks.map((check) => [check.id, check.status])).toEqual([
      ["profile", "pass"],
      ["sw-headers", "pass"],
      ["sw-timestamp", "pass"],
      ["sw-signature", "pass"],
      ["token", "skipped"],
      ["expected-task", "skipped"]
    ]);
    const entry = byId(verdict, "sw-signature")!.compared.find((value) =>
      value.what.startsWith("webhook-signature entry 1")
    )!;
    expect(entry).toMatchObject({expected: symmetric.signature, received: symmetric.signature});
    expect(entry.difference).toBeUndefined();
  });

  it("verification works with and without signature prefix", async () => {
    for (const secret of [symmetric.secret, symmetric.secret.slice("whsec_".length)]) {
      expect((await verify({headers: swHeaders(symmetric.signature), receiver: {secret}})).outcome).toBe("pass");
    }
  });

  it("multi sig payload is valid: one valid entry among wrong v1 and v2 entries passes", async () => {
    const wrong = vectors.negative[0]!.signatureHeader;
    const header = [wrong, wrong.replace("v1,", "v2,"), symmetric.signature, wrong].join(" ");
    const verdict = await verify({headers: swHeaders(header)});
    expect(verdict.outcome).toBe("pass");
    expect(byId(verdict, "sw-signature")!.reason).toMatch(/entry 3/);
  });

  it("invalid signature throws error: fails at the signature, comparing the expected and received entry", async () => {
    const verdict = await verify({headers: swHeaders(vectors.negative[0]!.signatureHeader)});
    expect(verdict.outcome).toBe("fail");
    expect(verdict.firstFailure?.id).toBe("sw-signature");
    const entry = verdict.firstFailure!.compared.find((value) => value.what.startsWith("webhook-signature entry 1"))!;
    expect(entry.expected).toBe(symmetric.signature);
    expect(entry.received).toBe(vectors.negative[0]!.signatureHeader);
    // "v1,g0hM…" against "v1,Ceo5…": they part at byte 3.
    expect(entry.difference).toMatch(/^first difference at byte 3 .*expected 0x67, received 0x43/);
  });

  it('partial signature throws error: a cut entry and a bare "v1," both fail', async () => {
    for (const header of [symmetric.signature.slice(0, 8), "v1,"]) {
      const verdict = await verify({headers: swHeaders(header)});
      expect(verdict.firstFailure?.id, header).toBe("sw-signature");
    }
  });

  it("missing id raises error: the headers check names the expected header", async () => {
    const verdict = await verify({headers: swHeaders(symmetric.signature, {id: null})});
    expect(verdict.firstFailure?.id).toBe("sw-headers");
    expect(verdict.firstFailure?.reason).toBe("missing required header(s): webhook-id");
    expect(byId(verdict, "sw-signature")!.status).toBe("skipped");
  });

  it("invalid timestamp throws error", async () => {
    const verdict = await verify({headers: swHeaders(symmetric.signature, {timestamp: "hello"})});
    expect(verdict.firstFailure?.id).toBe("sw-headers");
    expect(verdict.firstFailure?.reason).toMatch(/"hello" is not integer Unix seconds/);
  });

  it("old timestamp fails / new timestamp fails: one second past the 5-minute window either way", async () => {
    for (const [offset, code] of [
      [301, /too old/],
      [-301, /too new/]
    ] as const) {
      const verdict = await verify({headers: swHeaders(symmetric.signature), nowSeconds: symmetric.timestamp + offset});
      expect(verdict.firstFailure?.id).toBe("sw-timestamp");
      expect(verdict.firstFailure?.reason).toMatch(code);
      expect(verdict.firstFailure!.compared[0]!.received).toMatch(new RegExp(`^${offset} s`));
      // The signature is still checked: every check of the profile is shown.
      expect(byId(verdict, "sw-signature")!.status).toBe("pass");
    }
    expect(
      (await verify({headers: swHeaders(symmetric.signature), nowSeconds: symmetric.timestamp + 300})).outcome
    ).toBe("pass");
  });

  it("TestAsymmetricWebhookSign: the v1a vector passes with the seed's public key", async () => {
    const verdict = await verify({
      headers: swHeaders(asymmetric.signature),
      receiver: {publicKey: asymmetric.publicKeyDerived}
    });
    expect(verdict.outcome).toBe("pass");
    expect(byId(verdict, "sw-signature")!.reason).toMatch(/v1a signature entry 1 verifies/);
    expect(verdict.detection?.schemes).toEqual(["v1a"]);
  });

  it("v1a with another body fails; v1a where Ed25519 is missing is skipped and says so", async () => {
    const changed = await verify({
      headers: swHeaders(asymmetric.signature),
      body: symmetric.payload.replace("2", "3"),
      receiver: {publicKey: asymmetric.publicKeyDerived}
    });
    expect(changed.firstFailure?.id).toBe("sw-signature");
    const notSupported = Object.assign(new Error("Unrecognized name"), {name: "NotSupportedError"});
    const subtle = {
      importKey: () => Promise.reject(notSupported),
      verify: () => Promise.reject(notSupported)
    } as unknown as SubtleCrypto;
    const missing = await verify({
      headers: swHeaders(asymmetric.signature),
      receiver: {publicKey: asymmetric.publicKeyDerived},
      subtle
    });
    expect(missing.outcome).toBe("incomplete");
    expect(byId(missing, "sw-signature")).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(/does not support Ed25519/)
    });
  });

  it("a v1 header with only a public key entered is skipped, naming the secret to enter", async () => {
    const verdict = await verify({
      headers: swHeaders(symmetric.signature),
      receiver: {publicKey: asymmetric.publicKeyDerived}
    });
    expect(byId(verdict, "sw-signature")).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(/whsec_ secret/)
    });
    expect(verdict.outcome).toBe("incomplete");
  });
});

describe("why a signature does not match: the signed content's first differing byte", () => {
  const secret = symmetric.secret;
  const signed = (body: string) =>
    signStandardWebhook({secret, msgId: "msg_1", timestamp: DEMO_NOW_SECONDS, payload: body});
  const headersOf = async (body: string) =>
    swHeaders((await signed(body)).signature, {id: "msg_1", timestamp: String(DEMO_NOW_SECONDS)});

  it("a pasted trailing newline the sender did not sign", async () => {
    const verdict = await verify({
      headers: await headersOf(DEMO_BODY),
      body: `${DEMO_BODY}\n`,
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.reason).toMatch(/ends with a line break the sender did not sign/);
    const content = verdict.firstFailure!.compared[0]!;
    const prefix = `msg_1.${DEMO_NOW_SECONDS}.`.length;
    expect(content.difference).toMatch(
      new RegExp(`^first difference at byte ${prefix + DEMO_BODY.length} .*expected \\(end\\), received 0x0a`)
    );
  });

  it("CRLF turned into LF by a text box", async () => {
    const body = '{\r\n  "a": 1\r\n}';
    const verdict = await verify({
      headers: await headersOf(body),
      body: body.replace(/\r\n/g, "\n"),
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.reason).toMatch(/CRLF/);
    expect(verdict.firstFailure!.compared[0]!.difference).toMatch(/expected 0x0d, received 0x0a/);
  });

  it("CRLF kept by pasting the body as base64 passes", async () => {
    const body = '{\r\n  "a": 1\r\n}';
    const verdict = await verify({
      headers: await headersOf(body),
      body: encodeBase64(new TextEncoder().encode(body)),
      bodyEncoding: "base64",
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.outcome).toBe("pass");
    expect(verdict.bodyBytes).toBe(body.length);
  });

  it("a body re-serialized as JSON: signed compact, pasted as received with spaces", async () => {
    const verdict = await verify({
      headers: await headersOf('{"b":2,"a":1}'),
      body: '{"b": 2, "a": 1.0}',
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.reason).toMatch(/re-serialized/);
  });

  it("a secret used as text by the sender", async () => {
    const raw = await signStandardWebhook({
      secret: new TextEncoder().encode(secret),
      msgId: "msg_1",
      timestamp: DEMO_NOW_SECONDS,
      payload: DEMO_BODY
    });
    const verdict = await verify({
      headers: swHeaders(raw.signature, {id: "msg_1", timestamp: String(DEMO_NOW_SECONDS)}),
      body: DEMO_BODY,
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.reason).toMatch(/characters of the secret/);
  });

  it("an unexplained mismatch says so", async () => {
    const verdict = await verify({
      headers: await headersOf(DEMO_BODY),
      body: DEMO_BODY,
      receiver: {secret: "whsec_" + encodeBase64(new Uint8Array(32))},
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.reason).toMatch(/No classic body change explains it/);
  });
});

describe("the pasted header block", () => {
  it("reads a request line, CRLF or LF, and keeps names' case for display", () => {
    const block = parseReceivedHeaders(
      "POST /hook HTTP/1.1\r\nContent-Type: application/json\nWebhook-Id:  msg_1 \t\n"
    );
    expect(block.requestLine).toEqual({method: "POST", target: "/hook", version: "HTTP/1.1", line: 1});
    expect(block.headers).toEqual([
      {name: "Content-Type", value: "application/json", line: 2},
      {name: "Webhook-Id", value: "msg_1", line: 3}
    ]);
    expect(block.bag).toEqual({"content-type": "application/json", "webhook-id": "msg_1"});
  });

  it("names every line it cannot read, with its line number and the rule", () => {
    const block = parseReceivedHeaders(
      [
        "Host: a",
        "no colon here",
        " folded",
        "Bad Name: x",
        "X-Ctl: a\u0001b",
        ":method: POST",
        "X-Bidi: \u202Eevil"
      ].join("\n")
    );
    expect(block.unreadable.map((line) => [line.line, line.reason.slice(0, 24)])).toEqual([
      [2, 'no ":" (a header line is'],
      [3, "starts with a space or t"],
      [4, "the name holds ⟨U+0020⟩,"],
      [5, "the value holds the cont"],
      [6, "an HTTP/2 pseudo-header "]
    ]);
    expect(block.unreadable[3]!.shown).toBe("X-Ctl: a⟨U+0001⟩b");
    // A bidi override is a character a value may hold (RFC 9110 field-vchar includes obs-text): read, shown as a token elsewhere.
    expect(block.bag["x-bidi"]).toBe("\u202Eevil");
  });

  it("ends the block at the first blank line and reports what follows", () => {
    const block = parseReceivedHeaders('Host: a\n\n{"body": 1}');
    expect(block.unreadable).toEqual([
      {line: 3, shown: '{"body": 1}', reason: expect.stringMatching(/after the blank line/)}
    ]);
  });

  it("uses the first of a repeated header and says so", async () => {
    const verdict = await verify({headers: `${swHeaders(symmetric.signature)}\nwebhook-signature: v1,AAAA`});
    expect(verdict.outcome).toBe("pass");
    expect(verdict.notices).toContain("webhook-signature appears on lines 4, 5: the first (line 4) is used");
  });

  it("lists at most 20 unreadable lines and counts the rest", () => {
    const block = parseReceivedHeaders(Array.from({length: 30}, () => "nonsense").join("\n"));
    expect(block.unreadable).toHaveLength(20);
    expect(block.unreadableNotListed).toBe(10);
  });
});

describe("profile detection and its override", () => {
  it("detects each profile and names the headers that decided", () => {
    expect(detectReceivedProfile({"webhook-id": "m", "webhook-signature": "v1,x v1a,y"})).toMatchObject({
      profile: "standard-webhooks",
      decidedBy: ["webhook-id", "webhook-signature"],
      schemes: ["v1", "v1a"]
    });
    expect(detectReceivedProfile({authorization: "Bearer aaa.bbb.ccc"})).toMatchObject({
      profile: "a2a-jwt",
      decidedBy: ["Authorization"]
    });
    expect(detectReceivedProfile({authorization: "Bearer opaque-token"})).toMatchObject({
      profile: "a2a-credentials",
      decidedBy: ["Authorization"]
    });
    expect(detectReceivedProfile({"x-a2a-notification-token": "t"})).toMatchObject({
      profile: "a2a-credentials",
      decidedBy: ["X-A2A-Notification-Token"]
    });
    const none = detectReceivedProfile({"content-type": "application/json"});
    expect(none.profile).toBeUndefined();
    expect(none.decidedBy).toEqual([]);
  });

  it("no profile's header: the profile check fails naming the headers expected", async () => {
    const verdict = await verify({headers: "Content-Type: application/json"});
    expect(verdict.checks).toHaveLength(1);
    expect(verdict.firstFailure).toMatchObject({
      id: "profile",
      reason: expect.stringMatching(/expected webhook-id and webhook-signature/)
    });
  });

  it("the reader's choice overrides the detection", async () => {
    const verdict = await verify({
      headers: swHeaders(symmetric.signature),
      profile: "a2a-credentials",
      receiver: {token: "t"}
    });
    expect(verdict.overridden).toBe(true);
    expect(verdict.checks[0]!.reason).toMatch(/chosen by you; the headers say standard-webhooks/);
    expect(verdict.firstFailure).toMatchObject({
      id: "token",
      reason: expect.stringMatching(/^expected header X-A2A-Notification-Token/)
    });
  });
});

describe("A2A credentials: Authorization and the token", () => {
  const example = a2aTokenExample({token: "tok-abc", taskId: DEMO_TASK_ID});

  it("the token example passes, and a wrong expected token fails at its first differing byte", async () => {
    expect((await verifyReceivedWebhook({...example, nowSeconds: 0})).outcome).toBe("pass");
    const wrong = await verifyReceivedWebhook({
      ...example,
      receiver: {...example.receiver, token: "tok-abd"},
      nowSeconds: 0
    });
    expect(wrong.firstFailure).toMatchObject({
      id: "token",
      reason: "X-A2A-Notification-Token does not match the expected token"
    });
    expect(wrong.firstFailure!.compared[0]!.difference).toMatch(
      /^first difference at byte 6 .*expected 0x64, received 0x63/
    );
  });

  it("Authorization: scheme without case, credentials exactly; a missing header is named", async () => {
    const headers = "Authorization: bearer s3cret";
    const ok = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {authorization: "Bearer s3cret", taskId: DEMO_TASK_ID},
      nowSeconds: 0
    });
    expect(ok.outcome).toBe("pass");
    const wrong = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {authorization: "Bearer s3cret!"},
      nowSeconds: 0
    });
    expect(wrong.firstFailure!.compared[0]!.difference).toMatch(/byte 6 .*expected 0x21, received \(end\)/);
    const scheme = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {authorization: "Basic s3cret"},
      nowSeconds: 0
    });
    expect(scheme.firstFailure?.reason).toMatch(/scheme “bearer” is not the expected “Basic”/);
    const missing = await verifyReceivedWebhook({
      headers: "X-A2A-Notification-Token: t",
      body: DEMO_BODY,
      receiver: {authorization: "Bearer s3cret"},
      nowSeconds: 0
    });
    expect(missing.firstFailure?.reason).toBe("expected header Authorization, which the request does not carry");
  });

  it("the expected task: another task fails, an unreadable body fails, nothing entered is skipped", async () => {
    const other = await verifyReceivedWebhook({
      ...example,
      receiver: {...example.receiver, taskId: "task-other"},
      nowSeconds: 0
    });
    expect(other.firstFailure).toMatchObject({id: "expected-task"});
    const notJson = await verifyReceivedWebhook({...example, body: "not json", nowSeconds: 0});
    expect(notJson.firstFailure).toMatchObject({id: "expected-task", reason: "the body is not JSON"});
    const none = await verifyReceivedWebhook({...example, receiver: {token: "tok-abc"}, nowSeconds: 0});
    expect(byId(none, "expected-task")).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(/names task “task-3f9c2a”/)
    });
  });
});

describe("the JWT profile", () => {
  async function jwtRequest(overrides: Partial<Parameters<typeof signA2aPushJwt>[0]> = {}): Promise<string> {
    const token = await signA2aPushJwt({
      privateKey: await importDemoPrivateKey(DEMO_SIGNING_KEY_1),
      kid: DEMO_SIGNING_KEY_1.kid,
      alg: DEMO_SIGNING_KEY_1.alg,
      issuer: DEMO_ISSUER,
      audience: DEMO_AUDIENCE,
      taskId: DEMO_TASK_ID,
      jti: "evt_1",
      body: DEMO_BODY,
      nowSeconds: DEMO_NOW_SECONDS,
      ...overrides
    });
    return `POST /push HTTP/1.1\nAuthorization: Bearer ${token}`;
  }
  const receiver = {
    jwks: JSON.stringify(demoJwks()),
    issuer: DEMO_ISSUER,
    audience: DEMO_AUDIENCE,
    taskId: DEMO_TASK_ID
  };

  it("passes with the sender's JWKS, every check in order", async () => {
    const verdict = await verifyReceivedWebhook({
      headers: await jwtRequest(),
      body: DEMO_BODY,
      receiver,
      nowSeconds: DEMO_NOW_SECONDS + 5
    });
    expect(verdict.profile).toBe("a2a-jwt");
    expect(verdict.outcome).toBe("pass");
    expect(verdict.checks.map((check) => check.id).slice(0, 5)).toEqual([
      "profile",
      "jwt-key-set",
      "jwt-bearer",
      "jwt-signature",
      "jwt-claims"
    ]);
  });

  it("a changed body fails at the body hash, comparing the two hashes", async () => {
    const verdict = await verifyReceivedWebhook({
      headers: await jwtRequest(),
      body: `${DEMO_BODY} `,
      receiver,
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.id).toBe("jwt-body-hash");
    expect(verdict.firstFailure!.compared[0]!.difference).toMatch(/^first difference at byte/);
  });

  it("a wrong audience, an expired token", async () => {
    const audience = await verifyReceivedWebhook({
      headers: await jwtRequest(),
      body: DEMO_BODY,
      receiver: {...receiver, audience: "https://other.example"},
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(audience.firstFailure?.id).toBe("jwt-audience");
    const expired = await verifyReceivedWebhook({
      headers: await jwtRequest(),
      body: DEMO_BODY,
      receiver,
      nowSeconds: DEMO_NOW_SECONDS + 3600
    });
    expect(expired.firstFailure?.id).toBe("jwt-issued-at");
  });

  it("a pasted key set that is not JSON, or not a JWKS, is named; none entered is skipped", async () => {
    const headers = await jwtRequest();
    const notJson = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {...receiver, jwks: "{keys: ["},
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(notJson.firstFailure).toMatchObject({
      id: "jwt-key-set",
      reason: expect.stringMatching(/^the key set is not JSON/)
    });
    const notJwks = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {...receiver, jwks: '{"keys": [{"kid": "k"}]}'},
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(notJwks.firstFailure).toMatchObject({
      id: "jwt-key-set",
      reason: expect.stringMatching(/^not a JWKS: .* at \/keys\/0\/kty/)
    });
    const none = await verifyReceivedWebhook({
      headers,
      body: DEMO_BODY,
      receiver: {issuer: DEMO_ISSUER},
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(none.outcome).toBe("incomplete");
    expect(byId(none, "jwt-signature")!.status).toBe("skipped");
  });

  it("a key set without the token's kid fails the signature", async () => {
    const verdict = await verifyReceivedWebhook({
      headers: await jwtRequest({kid: "unknown-kid"}),
      body: DEMO_BODY,
      receiver,
      nowSeconds: DEMO_NOW_SECONDS
    });
    expect(verdict.firstFailure?.id).toBe("jwt-signature");
  });
});

describe("stated limits and untrusted boxes", () => {
  it("a box over 64 KB is named with what it accepts, and nothing is checked", async () => {
    const verdict = await verify({
      headers: swHeaders(symmetric.signature),
      body: "x".repeat(RECEIVED_BOX_LIMIT_BYTES + 1)
    });
    expect(verdict.outcome).toBe("not-checked");
    expect(verdict.problems).toEqual([
      {
        box: "Body",
        problem: "holds more than 65,536 bytes",
        accepted: expect.stringMatching(/^up to 65,536 bytes \(64 KB\)/)
      }
    ]);
    // Multi-byte characters count as their UTF-8 bytes.
    const wide = await verify({headers: "é".repeat(RECEIVED_BOX_LIMIT_BYTES / 2 + 1)});
    expect(wide.problems[0]).toMatchObject({box: "Headers", problem: "holds 65,538 bytes"});
    const secret = await verify({headers: swHeaders(symmetric.signature), receiver: {secret: "s".repeat(5000)}});
    expect(secret.problems[0]!.box).toBe("Secret (whsec_)");
  });

  it("exactly 64 KB is read", async () => {
    const verdict = await verify({headers: swHeaders(symmetric.signature), body: "x".repeat(RECEIVED_BOX_LIMIT_BYTES)});
    expect(verdict.outcome).toBe("fail");
    expect(verdict.bodyBytes).toBe(RECEIVED_BOX_LIMIT_BYTES);
  });

  it("a body that is not base64 is named; a lone surrogate is a notice", async () => {
    const bad = await verify({headers: swHeaders(symmetric.signature), body: "not base64!", bodyEncoding: "base64"});
    expect(bad.problems[0]).toMatchObject({box: "Body", problem: expect.stringMatching(/^is not base64/)});
    const lone = await verify({headers: swHeaders(symmetric.signature), body: "a\uD800b"});
    expect(lone.notices.some((notice) => notice.includes("lone surrogate at character 2"))).toBe(true);
  });

  it("input of the wrong type is refused by name, not thrown", async () => {
    const verdict = await verifyReceivedWebhook({
      headers: 42,
      body: "",
      receiver: {},
      nowSeconds: 0
    } as unknown as ReceivedWebhookInput);
    expect(verdict).toMatchObject({outcome: "not-checked", summary: expect.stringMatching(/headers/)});
    const nan = await verifyReceivedWebhook({headers: "", body: "", receiver: {}, nowSeconds: Number.NaN});
    expect(nan.summary).toMatch(/nowSeconds/);
  });
});

describe("the page's example", () => {
  it("passes as filled, and fails once one byte of the body changes", async () => {
    const example = await standardWebhooksExample({
      secret: symmetric.secret,
      msgId: "msg_example",
      nowSeconds: DEMO_NOW_SECONDS
    });
    const verdict = await verifyReceivedWebhook({...example, nowSeconds: DEMO_NOW_SECONDS + 1});
    expect(verdict.outcome).toBe("pass");
    expect(byId(verdict, "expected-task")!.status).toBe("pass");
    const edited = await verifyReceivedWebhook({
      ...example,
      body: example.body.replace("COMPLETED", "FAILED"),
      nowSeconds: DEMO_NOW_SECONDS + 1
    });
    expect(edited.firstFailure?.id).toBe("sw-signature");
  });
});

describe("the page's JWT example", () => {
  it("passes as filled with a fresh key, and a key set without that key fails the signature", async () => {
    const {privateKey, publicJwk} = await generateSigningKey({kid: "example-1"});
    const example = await jwtProfileExample({
      privateKey,
      publicJwk,
      kid: "example-1",
      jti: "msg_1",
      nowSeconds: DEMO_NOW_SECONDS
    });
    const verdict = await verifyReceivedWebhook({...example, nowSeconds: DEMO_NOW_SECONDS + 2});
    expect(verdict.profile).toBe("a2a-jwt");
    expect(verdict.outcome).toBe("pass");
    const otherKeys = await verifyReceivedWebhook({
      ...example,
      receiver: {...example.receiver, jwks: JSON.stringify(demoJwks())},
      nowSeconds: DEMO_NOW_SECONDS + 2
    });
    expect(otherKeys.firstFailure?.id).toBe("jwt-signature");
  });
});
