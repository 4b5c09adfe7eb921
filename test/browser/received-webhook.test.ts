/**
 * Lesson 4's "Verify a webhook you received" as a reader uses it: the example passes and one
 * changed byte fails at the signature; hostile pastes (past the 64 KB limit, control characters
 * and lone surrogates, U+202E, markup) are named in a notice and shown as text, never run; and
 * nothing pasted reaches the link, the history or the browser's storage, and a reload clears the
 * boxes. Page and console errors fail every test here (useBuiltSite).
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {
  loadEveryPartWhenNear,
  seriousAccessibilityViolations,
  useBuiltSite,
  waitForPage,
  waitUntilSettled
} from "./browser.js";

const LESSON = "webhook-authentication";
const site = useBuiltSite();

const verifier = (page: Page) => page.locator(".received-verifier");
const outcome = (page: Page) => verifier(page).locator(".received-outcome").textContent();
const box = (page: Page, label: string) => verifier(page).getByLabel(label, {exact: true});

/** Sets a box's value at once and tells the verifier, as a paste does (one input event). */
async function paste(page: Page, label: string, text: string): Promise<void> {
  await box(page, label).evaluate((element: HTMLTextAreaElement | HTMLInputElement, value) => {
    element.value = value;
    element.dispatchEvent(new Event("input", {bubbles: true}));
  }, text);
}

/** What the tab keeps that could outlive it: the address, the history's length, both storages. */
async function whatTheTabKeeps(page: Page): Promise<{href: string; historyLength: number; storage: string}> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Array.from({length: storage.length}, (_, k) => `${storage.key(k)}=${storage.getItem(storage.key(k)!)}`).join(
        "\n"
      );
    return {
      href: location.href,
      historyLength: history.length,
      storage: `${dump(localStorage)}\n${dump(sessionStorage)}`
    };
  });
}

describe("verify a webhook you received", () => {
  it("the example passes every check; a changed body byte fails at the signature, naming the entry compared", async () => {
    const {page} = await site.open(LESSON);
    await verifier(page).getByRole("button", {name: "Fill with an example (Standard Webhooks v1)"}).click();
    await expect.poll(() => outcome(page)).toMatch(/^✓ Accepted/);
    expect(await box(page, "Headers").inputValue()).toMatch(/^POST \/a2a\/push HTTP\/1\.1\nHost: receiver\.example\n/);
    expect(await box(page, "Secret (whsec_)").inputValue()).toMatch(/^whsec_/);
    expect(await verifier(page).locator('[data-check="sw-signature"] .check-status').textContent()).toBe("✓ pass");

    const body = await box(page, "Body").inputValue();
    await box(page, "Body").fill(body.replace("COMPLETED", "COMPLETEd"));
    await expect.poll(() => outcome(page)).toMatch(/^✗ Refused at “Signature”/);
    const failed = verifier(page).locator(".received-first-failure");
    expect(await failed.getAttribute("data-check")).toBe("sw-signature");
    expect(await failed.locator(".received-difference").first().textContent()).toMatch(
      /^first difference at byte \d+ /
    );
  });

  it("the token example passes; a wrong expected token fails, naming X-A2A-Notification-Token", async () => {
    const {page} = await site.open(LESSON);
    await verifier(page).getByRole("button", {name: "Fill with an @a2a-js/sdk token example"}).click();
    await expect.poll(() => outcome(page)).toMatch(/^✓ Accepted/);
    await box(page, "Expected token").fill("not-the-token");
    await expect
      .poll(() => outcome(page))
      .toMatch(/^✗ Refused at “Configured token”: X-A2A-Notification-Token does not match/);
  });

  it("the JWT profile example, signed with a key made in the tab, passes; another audience fails at aud", async () => {
    const {page} = await site.open(LESSON);
    await verifier(page).getByRole("button", {name: "Fill with a JWT profile example"}).click();
    await expect.poll(() => outcome(page)).toMatch(/^✓ Accepted/);
    expect(await box(page, "Headers").inputValue()).toMatch(/\nAuthorization: Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await box(page, "Expected audience (aud)").fill("https://someone-else.example");
    await expect.poll(() => outcome(page)).toMatch(/^✗ Refused at “Audience \(aud\)”/);
  });

  it("hostile pastes are named in a notice and shown as text; nothing in them runs", async () => {
    const {page} = await site.open(LESSON);
    await page.evaluate(() => ((window as unknown as {pwned: number}).pwned = 0));

    await paste(page, "Body", "x".repeat(200 * 1024));
    await expect
      .poll(() => verifier(page).locator(".received-problems").textContent())
      .toBe("Body holds more than 65,536 bytes. Accepted: up to 65,536 bytes (64 KB) of text; nothing was checked.");

    const markup = "<script>window.pwned = 1</script>";
    const hostile = [
      `X-Markup: ${markup}<img src=x onerror="window.pwned=2">`,
      "X-Bidi: \u202Eevil\u202C",
      `${markup}: not a name`,
      "X-Binary: a\u0000b\u0007c\uD800",
      "\uFFFE\u0001\u0002"
    ].join("\n");
    await paste(page, "Body", '{"a":1}\u0000\uDC00');
    await paste(page, "Headers", hostile);
    await expect.poll(() => outcome(page)).toMatch(/^✗ Refused at “Profile”: no header of any profile/);
    const leftOut = verifier(page).locator(".received-unreadable li");
    expect(await leftOut.count()).toBe(3);
    expect(await leftOut.nth(0).textContent()).toMatch(
      /^line 3: <script>window\.pwned = 1<\/script>: not a name — the name holds/
    );
    expect(await leftOut.nth(1).textContent()).toMatch(
      /^line 4: X-Binary: a⟨U\+0000⟩b⟨U\+0007⟩c⟨U\+D800⟩ — the value holds the control character ⟨U\+0000⟩/
    );
    expect(await verifier(page).locator(".received-notices").textContent()).toMatch(/lone surrogate at character 9/);
    // Markup is text: no element was made from it, and nothing ran.
    expect(await verifier(page).locator(".received-result script, .received-result img").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {pwned: number}).pwned)).toBe(0);
  });

  it("a huge header block of unreadable lines finishes, lists 20 and counts the rest", async () => {
    const {page} = await site.open(LESSON);
    await paste(page, "Headers", "\u202E<b>x</b>\n".repeat(5000));
    await expect
      .poll(() => verifier(page).locator(".received-unreadable summary").textContent())
      .toBe("Header lines left out (5000)");
    expect(await verifier(page).locator(".received-unreadable li").count()).toBe(20);
    expect(await verifier(page).locator(".received-unreadable li").first().textContent()).toMatch(
      /^line 1: ⟨U\+202E⟩<b>x<\/b> — no ":"/
    );
  });

  it("nothing pasted reaches the link, the history or storage, and a reload clears the boxes", async () => {
    const {page} = await site.open(LESSON);
    await waitUntilSettled(page);
    const before = await whatTheTabKeeps(page);
    const secret = "whsec_U0VDUkVULU1BUktFUi1kby1ub3Qta2VlcA==";
    const marker = "PASTED-MARKER-7d1e";
    await verifier(page).getByRole("button", {name: "Fill with an example (Standard Webhooks v1)"}).click();
    await expect.poll(() => outcome(page)).toMatch(/^✓ Accepted/);
    const exampleSecret = await box(page, "Secret (whsec_)").inputValue();
    await box(page, "Secret (whsec_)").fill(secret);
    await box(page, "Expected token").fill(marker);
    await box(page, "Body").fill(`{"note": "${marker}"}`);
    await expect.poll(() => outcome(page)).toMatch(/^✗ Refused/);
    await waitUntilSettled(page);

    const after = await whatTheTabKeeps(page);
    expect(after.href).toBe(before.href);
    expect(after.historyLength).toBe(before.historyLength);
    for (const kept of [after.href, after.storage]) {
      for (const pasted of [secret, marker, exampleSecret]) expect(kept).not.toContain(pasted);
    }

    await page.reload();
    await waitForPage(page);
    await loadEveryPartWhenNear(page);
    await page.waitForFunction(() => document.querySelector(".received-verifier") !== null);
    for (const label of ["Headers", "Body", "Secret (whsec_)", "Expected token"])
      expect(await box(page, label).inputValue(), label).toBe("");
  });

  it.each(["light", "dark"] as const)(
    "a refused verdict, every value compared shown, passes axe in the %s theme",
    async (colorScheme) => {
      const {page} = await site.open(LESSON, {colorScheme});
      await verifier(page).getByRole("button", {name: "Fill with an example (Standard Webhooks v1)"}).click();
      await expect.poll(() => outcome(page)).toMatch(/^✓ Accepted/);
      await box(page, "Body").fill(`${await box(page, "Body").inputValue()}\n`);
      await expect.poll(() => outcome(page)).toMatch(/ends with a line break the sender did not sign/);
      expect(await verifier(page).locator(".received-compared dd").count()).toBeGreaterThan(4);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
  );
});
