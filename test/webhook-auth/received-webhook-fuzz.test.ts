/**
 * Pasted text is untrusted: any characters (lone surrogates, controls, bidi overrides, markup),
 * any header lines, any size up to the stated limit and past it. The verifier never throws,
 * always finishes, and answers with a well-formed verdict whose first failure is the first
 * failed check.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  RECEIVED_BOX_LIMIT_BYTES,
  RECEIVED_PROFILES,
  parseReceivedHeaders,
  verifyReceivedWebhook,
  type ReceivedWebhookInput,
  type ReceivedWebhookVerdict
} from "../../lib/webhook-auth/index.js";

const OUTCOMES = ["pass", "fail", "incomplete", "not-checked"];
const STATUSES = ["pass", "fail", "skipped"];

/** Any UTF-16 code units, lone surrogates included: what a text box can hand over. */
const anyUnits = (maxLength: number) =>
  fc.array(fc.integer({min: 0, max: 0xffff}), {maxLength}).map((units) => String.fromCharCode(...units));
const anyText = (maxLength: number) =>
  fc.oneof(anyUnits(maxLength), fc.string({unit: "binary", maxLength}), fc.string({maxLength}));

const HEADER_NAMES = [
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
  "Authorization",
  "X-A2A-Notification-Token",
  "Content-Type",
  "Host"
];
const headerValue = fc.oneof(
  anyText(60),
  fc.constantFrom(
    "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    "v1a,AAAA",
    "Bearer a.b.c",
    "Bearer eyJhbGciOiJFUzI1NiJ9.e30.",
    "1614265330",
    "-1",
    "1e308",
    "<script>alert(1)</script>",
    "\u202Eevil"
  )
);
const headerLine = fc.oneof(
  fc
    .tuple(fc.oneof(fc.constantFrom(...HEADER_NAMES), anyText(20)), headerValue)
    .map(([name, value]) => `${name}: ${value}`),
  anyText(80),
  fc.constant("POST /hook HTTP/1.1"),
  fc.constant("")
);
const headerBlock = fc
  .tuple(fc.array(headerLine, {maxLength: 30}), fc.constantFrom("\n", "\r\n", "\r"))
  .map(([lines, end]) => lines.join(end));

const receiver = fc.record(
  {
    secret: fc.oneof(anyText(40), fc.constant("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")),
    publicKey: fc.oneof(anyText(40), fc.constant("whpk_ZlN4eg7dSSqi0moX9hQUk3orrOouK3QVQSlJa248c/g=")),
    jwks: fc.oneof(
      anyText(80),
      fc.constantFrom(
        '{"keys":[]}',
        '{"keys":[{"kty":"EC"}]}',
        '{"keys":[{"kty":"oct","k":"AA"}]}',
        "[]",
        "null",
        '{"keys":{}}'
      )
    ),
    issuer: anyText(20),
    audience: anyText(20),
    token: anyText(20),
    authorization: anyText(30),
    taskId: anyText(20)
  },
  {requiredKeys: []}
);

const input: fc.Arbitrary<ReceivedWebhookInput> = fc.record({
  headers: headerBlock,
  body: fc.oneof(
    anyText(200),
    fc.constantFrom('{"statusUpdate":{"taskId":"t"}}', '{"kind":"task","id":"t"}', "AAAA", "")
  ),
  bodyEncoding: fc.constantFrom("utf-8" as const, "base64" as const),
  receiver,
  nowSeconds: fc.oneof(fc.integer({min: 0, max: 4_102_444_800}), fc.double({noNaN: true, noDefaultInfinity: true})),
  profile: fc.constantFrom("auto" as const, ...RECEIVED_PROFILES)
});

function expectWellFormed(verdict: ReceivedWebhookVerdict): void {
  expect(OUTCOMES).toContain(verdict.outcome);
  // The verifier's last guard must never be what answered: that would be an exception below it.
  expect(verdict.summary).not.toMatch(/unexpected error/);
  for (const check of verdict.checks) {
    expect(STATUSES).toContain(check.status);
    expect(typeof check.reason).toBe("string");
  }
  const firstFailed = verdict.checks.find((check) => check.status === "fail");
  expect(verdict.firstFailure).toBe(firstFailed);
  expect(verdict.outcome === "fail").toBe(firstFailed !== undefined);
}

describe("pasted text fuzz", () => {
  it("any header block, body and receiver knowledge: a well-formed verdict, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(input, async (pasted) => {
        expectWellFormed(await verifyReceivedWebhook(pasted));
      }),
      {numRuns: 300}
    );
  });

  it("the header parser reads any text without throwing, and every line is either a header, the request line, blank or reported", () => {
    fc.assert(
      fc.property(headerBlock, (text) => {
        const block = parseReceivedHeaders(text);
        const lines = text.split(/\r?\n/);
        const accounted =
          block.headers.length +
          (block.requestLine ? 1 : 0) +
          block.unreadable.length +
          block.unreadableNotListed +
          lines.filter((line) => line === "").length;
        expect(accounted).toBe(lines.length);
      }),
      {numRuns: 500}
    );
  });

  it("large pastes up to the limit finish, and past it are refused by name", async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({min: RECEIVED_BOX_LIMIT_BYTES - 64, max: RECEIVED_BOX_LIMIT_BYTES + 64}),
        fc.constantFrom("a", "é", "\u0000", ": x\n", "webhook-id: m\n"),
        async (size, unit) => {
          const text = unit.repeat(Math.ceil(size / new TextEncoder().encode(unit).length)).slice(0, size);
          const bytes = new TextEncoder().encode(text).length;
          const verdict = await verifyReceivedWebhook({
            headers: text,
            body: text,
            receiver: {secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", jwks: text},
            nowSeconds: 0
          });
          expectWellFormed(verdict);
          if (bytes > RECEIVED_BOX_LIMIT_BYTES)
            expect(verdict.problems.map((problem) => problem.box)).toEqual(["Headers", "Body", "Key set (JWKS)"]);
          else expect(verdict.problems).toEqual([]);
        }
      ),
      {numRuns: 40}
    );
    // Not a benchmark: a generous bound that a hang or a quadratic parse would break.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it("a 64 KB header block of 8000 lines that cannot be read lists 20 and counts the rest", async () => {
    const text = "x\n".repeat(RECEIVED_BOX_LIMIT_BYTES / 2 - 1);
    const verdict = await verifyReceivedWebhook({headers: text, body: "", receiver: {}, nowSeconds: 0});
    expect(verdict.headerBlock!.unreadable).toHaveLength(20);
    expect(verdict.headerBlock!.unreadableNotListed).toBe(RECEIVED_BOX_LIMIT_BYTES / 2 - 1 - 20);
    expect(verdict.firstFailure?.id).toBe("profile");
  });

  it("a 64 KB body nested 30,000 deep is read without an exception", async () => {
    const body = `${"[".repeat(30_000)}${"]".repeat(30_000)}`;
    const verdict = await verifyReceivedWebhook({
      headers: "webhook-id: m\nwebhook-timestamp: 1\nwebhook-signature: v1,AAAA",
      body,
      receiver: {secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", taskId: "t"},
      nowSeconds: 1
    });
    expectWellFormed(verdict);
    expect(verdict.firstFailure?.id).toBe("sw-signature");
  });
});
