/**
 * The JWT lab's views: the verdict names the check that refused, every check is listed in order
 * with the values it compared, and the receiver's hashed bytes are counted.
 * Node's environment with a jsdom document of its own, as webhook-auth-views.test.ts explains.
 */
import {webcrypto} from "node:crypto";
import {describe, expect, it} from "vitest";
import {
  JWT_CHECK_ORDER,
  runWebhookLesson,
  webhookLessonDefaults,
  type WebhookLessonInputs
} from "../../lib/webhook-auth/index.js";
import {JwtChecks, JwtDelivery, JwtVerdict, generateDemoKeyMaterial} from "../../src/components/webhook-auth/index.js";

const {JSDOM} = (await import("jsdom" as string)) as {
  JSDOM: new (html: string) => {window: Window & typeof globalThis};
};
const {window} = new JSDOM("<!doctype html><body></body>");
Object.assign(globalThis, {document: window.document, Node: window.Node, Element: window.Element});

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const keys = generateDemoKeyMaterial();
const jwtOf = async (overrides: Partial<WebhookLessonInputs>) =>
  (await runWebhookLesson({...webhookLessonDefaults, ...overrides}, keys, subtle)).jwt;

describe("JWT lab views", () => {
  it("list every check in order with the values compared, and name the refusing check", async () => {
    const report = await jwtOf({jwtMistake: "wrongAudience"});
    const checks = JwtChecks(report);
    expect(checks.querySelectorAll("li")).toHaveLength(JWT_CHECK_ORDER.length);
    const failed = checks.querySelector(".check-fail")!;
    expect(failed.querySelector(".check-label")!.textContent).toBe("Audience (aud) is this webhook");
    expect(failed.querySelector(".check-compared")!.textContent).toContain("push-other");
    const verdict = JwtVerdict(report);
    expect(verdict.textContent).toContain("✗ refuses at “Audience (aud) is this webhook”");
    expect(verdict.textContent).toContain("Caught by the check that should catch it");
    expect(JwtDelivery(report).textContent).toContain("Symptom:");
  });

  it("say the reason of skipped checks once, and accept a correct delivery", async () => {
    const forged = JwtChecks(await jwtOf({jwtMistake: "algNone"}));
    const skipped = [...forged.querySelectorAll(".check-skipped .check-reason")].map((node) => node.textContent);
    expect(skipped.filter((text) => text !== "")).toHaveLength(1);
    expect(JwtVerdict(await jwtOf({})).textContent).toContain("✓ accepts");
  });

  it("count the bytes the receiver hashes, and say why nothing runs without Web Crypto", async () => {
    // The reader's body is never shown here (only its byte count): the lab's own values are.
    expect(JwtDelivery(await jwtOf({body: '{"x": "é"}'})).textContent).toContain("Body bytes it hashes: 11.");
    expect(JwtChecks(null).textContent).toContain("needs Web Crypto");
    expect(JwtVerdict(null).textContent).toContain("cannot run");
  });
});
