/**
 * Lesson 4's JWT profile lab as a reader uses it: a guided experiment sets the mistake and the
 * link, every mistake chosen in the panel is refused by the check that names it, a bad link value
 * is reported and falls back, and EdDSA signs where this Chromium has Ed25519.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {JWT_MISTAKES} from "../../lib/webhook-auth/index.js";
import {useBuiltSite, waitUntilSettled} from "./browser.js";

const site = useBuiltSite();
const verdict = (page: Page) => page.locator(".jwt-verdict").textContent();
const search = (page: Page) => new URL(page.url()).searchParams;
const experiment = (page: Page, id: string) => page.locator(`[data-experiment="${id}"]`);

describe("the JWT profile lab", () => {
  it("a guided experiment sets the mistake and the link, and the verdict names the check", async () => {
    const {page, context} = await site.open("webhook-authentication");
    expect(await verdict(page)).toContain("✓ accepts");
    await experiment(page, "jwt-replay")
      .getByRole("button", {name: /^Try it/})
      .click();
    await expect.poll(() => search(page).get("jwtMistake")).toBe("replayedJti");
    await expect.poll(() => verdict(page)).toContain("refuses at “Single use (jti not seen before)”");
    await expect.poll(() => experiment(page, "jwt-replay").locator(".experiment-shown").count()).toBe(1);
    await context.close();
  });

  it("each mistake chosen in the panel is refused by the check the mistake names", async () => {
    const {page, context} = await site.open("webhook-authentication?jwksFetchedSecondsAgo=10");
    const select = page.getByLabel("Mistake (one at a time)");
    for (const mistake of JWT_MISTAKES) {
      await select.selectOption(mistake.id);
      await expect.poll(() => verdict(page), {message: mistake.id}).toContain(`Mistake: ${mistake.label}`);
      await waitUntilSettled(page);
      expect(await verdict(page), mistake.id).toContain("Caught by the check that should catch it");
      expect(await page.locator(".jwt-checks .check-fail").count(), mistake.id).toBe(1);
    }
    await context.close();
  });

  it("a bad link value is named, and the lab runs on the default", async () => {
    const {page, context} = await site.open("webhook-authentication?jwtMistake=%3Cscript%3E&jwksFetchedSecondsAgo=-5");
    const notice = page.locator(".permalink-notices");
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain("jwtMistake=<script>");
    expect(await notice.textContent()).toContain("jwksFetchedSecondsAgo=-5");
    expect(await verdict(page)).toContain("✓ accepts");
    await context.close();
  });

  it("signs with EdDSA where Web Crypto has Ed25519, and says so where it falls back", async () => {
    const {page, context} = await site.open("webhook-authentication?jwtAlgorithm=EdDSA&jwtMistake=rotatedKey");
    const hasEd25519 = await page.evaluate(() =>
      crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign"]).then(
        () => true,
        () => false
      )
    );
    const delivery = await page.locator(".jwt-delivery").textContent();
    if (hasEd25519) expect(delivery).toContain('"alg": "EdDSA"');
    else expect(delivery).toContain("no Ed25519");
    expect(await verdict(page)).toContain("after one refetch of the key set");
    await context.close();
  });
});
