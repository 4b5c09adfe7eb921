/**
 * Lesson 4's "Check your own receiver" as a reader uses it: the example report is drawn with its
 * failed check open as a swimlane; a report the reader loads replaces it (its text shown as text,
 * bidi characters visible); a file that is not JSON, not a report or too large is named in a notice
 * with what is accepted, and the report shown stays. Page and console errors fail every test here.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {seriousAccessibilityViolations, useBuiltSite, waitUntilSettled} from "./browser.js";

const LESSON = "webhook-authentication";
const site = useBuiltSite();

const loader = (page: Page) => page.locator(".check-report-loader");
const summary = (page: Page) => loader(page).locator(".check-report-summary").textContent();
const load = (page: Page, name: string, text: string | Buffer) =>
  loader(page)
    .locator(".check-report-file")
    .setInputFiles({name, mimeType: "application/json", buffer: typeof text === "string" ? Buffer.from(text) : text});

const report = {
  target: "http://127.0.0.1:9000/\u202Ehook",
  checks: [
    {
      id: "jwt-replayed-jti",
      title: "The same token sent again is refused",
      verdict: "fail",
      detail: "answered HTTP 200, then HTTP 200 <b>bold</b>",
      lesson: "Lesson 4",
      attempts: [
        {label: "working", atMs: 0, status: 200, ms: 2},
        {label: "working", atMs: 3, status: 200, ms: 2}
      ]
    },
    {
      id: "task-unknown",
      title: "Unknown task",
      verdict: "pass",
      detail: "404",
      lesson: "Lesson 1",
      attempts: [{label: "working, another task", atMs: 0, status: 404, ms: 1}]
    }
  ]
};

describe("check your own receiver: a report drawn", () => {
  it("draws the example: totals, its one failed check open, five steps of eight copies as a swimlane", async () => {
    const {page} = await site.open(LESSON);
    await expect
      .poll(() => summary(page))
      .toMatch(/^Example: .* 13 passed, 1 failed, 0 not observable \(failed: duplicate-concurrent\)\.$/);
    const open = loader(page).locator("details.check-report-item[open]");
    expect(await open.count()).toBe(1);
    expect(await open.locator("summary").textContent()).toMatch(/^✗ fail duplicate-concurrent /);
    expect(await open.locator(".swimlane-step").count()).toBe(5);
    expect(await open.locator(".swimlane-step").first().textContent()).toMatch(/8 copies at onceHTTP 200 ×8/);
  });

  it("a report the reader loads replaces the example, its text as text; the example comes back on request", async () => {
    const {page} = await site.open(LESSON);
    await load(page, "mine.json", JSON.stringify(report));
    await expect
      .poll(() => summary(page))
      .toBe(
        "Your report (mine.json): http://127.0.0.1:9000/⟨U+202E⟩hook. 1 passed, 1 failed, 0 not observable (failed: jwt-replayed-jti)."
      );
    const failed = loader(page).locator("details.check-fail");
    expect(await failed.locator(".check-report-detail").textContent()).toBe(
      "answered HTTP 200, then HTTP 200 <b>bold</b>"
    );
    expect(await failed.locator("b").count()).toBe(0);
    expect(await failed.locator(".swimlane-step").count()).toBe(2);
    await loader(page).getByRole("button", {name: "Show the example again"}).click();
    await expect.poll(() => summary(page)).toMatch(/^Example: /);
  });

  it.each([
    ["not JSON", "notes.json", "{oops", /it is not JSON/],
    [
      "not a report",
      "<b>x</b>.json",
      JSON.stringify({target: "t", checks: [{...report.checks[0], verdict: "maybe"}]}),
      /checks\.0\.verdict: /
    ],
    ["too large", "huge.json", Buffer.alloc(1_200_000, 32), /1\.2 MB, more than 1 MB/]
  ])("a file that is %s is named with what is accepted; the report shown stays", async (_what, name, text, problem) => {
    const {page} = await site.open(LESSON);
    await load(page, "mine.json", JSON.stringify(report));
    await expect.poll(() => summary(page)).toMatch(/^Your report \(mine\.json\)/);
    await load(page, name, text);
    const notice = loader(page).locator(".input-notices");
    await expect.poll(() => notice.textContent()).toMatch(problem);
    expect(await notice.textContent()).toContain(`Report file ${name}`);
    expect(await notice.textContent()).toContain("npm run check-receiver -- --json FILE");
    expect(await notice.locator("b").count()).toBe(0);
    expect(await summary(page)).toMatch(/^Your report \(mine\.json\)/);
  });

  it.each(["light", "dark"] as const)(
    "the drawn report, a check opened, passes axe in the %s theme",
    async (colorScheme) => {
      const {page} = await site.open(LESSON, {colorScheme});
      await loader(page).locator("details.check-pass summary").first().click();
      await waitUntilSettled(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
  );
});
