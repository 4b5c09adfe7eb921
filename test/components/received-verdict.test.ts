// @vitest-environment jsdom
/**
 * The paste verifier's verdict quotes what was pasted (a credential, a header value, a signature):
 * bidi and control characters in it are shown as ⟨U+XXXX⟩, so they cannot reorder or hide a line.
 */
import {describe, expect, it} from "vitest";
import {verifyReceivedWebhook} from "../../lib/webhook-auth/index.js";
import {ReceivedWebhookVerdictView} from "../../src/components/webhook-auth/received-webhook-verifier.js";

const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u0000-\u0008]/;

describe("the received-webhook verdict", () => {
  it.each([
    ["a bearer credential", "Authorization: Bearer ab\u202Ecd\u0000", {authorization: "Bearer abcd"}],
    [
      "a Standard Webhooks signature",
      "webhook-id: msg\u202E1\nwebhook-timestamp: 1800000000\nwebhook-signature: v1,\u2067AAAA\u2069",
      {secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}
    ]
  ])("quotes %s with its bidi and control characters visible", async (_what, headers, receiver) => {
    const verdict = await verifyReceivedWebhook({
      headers,
      body: "{}",
      bodyEncoding: "utf-8",
      receiver,
      nowSeconds: 1_800_000_000,
      profile: "auto"
    });
    const text = ReceivedWebhookVerdictView(verdict).textContent ?? "";
    expect(text).toMatch(/⟨U\+(202E|2067)⟩/);
    expect(text).not.toMatch(HIDDEN);
  });
});
