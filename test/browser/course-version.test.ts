/**
 * The course-wide A2A version (issue #13): lesson 4 signs the chosen version's body and says
 * which it is, every lesson's link holds `version=`, and the links between lessons carry it, so
 * a reader who chose 1.0 in one lesson finds 1.0 in the next.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {DEMO_BODIES} from "../../lib/webhook-auth/index.js";
import {LESSON_SLUGS} from "../../src/lessons.js";
import {useBuiltSite} from "./browser.js";
import {requestEditorText} from "./request-editor.js";

const site = useBuiltSite();
const search = (page: Page) => new URL(page.url()).search;
/** The hrefs of the page's links to other lessons (sidebar, pager). */
/** A lesson link with version=1.0 in its query, before its fragment (lesson 1 links to a section of lesson 4). */
const withVersion = (href: string) => {
  const [path, fragment] = href.split("#");
  return `${path}?version=1.0${fragment === undefined ? "" : `#${fragment}`}`;
};
const lessonLinks = (page: Page) =>
  page.evaluate(
    (slugs) =>
      [...document.querySelectorAll("a[href]")]
        .map((anchor) => anchor.getAttribute("href")!)
        .filter(
          (href) =>
            slugs.some((slug) => href.startsWith(`./${slug}`)) &&
            !href.startsWith(`./${location.pathname.split("/").pop()}`)
        ),
    LESSON_SLUGS
  );

describe("lesson 4 signs the chosen version's body", () => {
  it("starts at 0.3, follows the version while the body is untouched, and keeps an edited body", async () => {
    const {page} = await site.open("webhook-authentication");
    const group = page.locator("fieldset", {has: page.locator("legend", {hasText: "Signed body"})});
    const body = group.getByLabel("Request body (raw)");
    const shape = page.locator(".signed-body-shape");
    expect(await body.inputValue()).toBe(DEMO_BODIES["0.3"]);
    await expect.poll(() => shape.textContent()).toContain("A2A v0.3.0 TaskStatusUpdateEvent");
    await group.getByLabel("A2A version").selectOption("1.0");
    await expect.poll(() => body.inputValue()).toBe(DEMO_BODIES["1.0"]);
    await expect.poll(() => shape.textContent()).toContain("A2A 1.0 StreamResponse holding a statusUpdate");
    await expect.poll(() => search(page)).toBe("?version=1.0");
    // The signed string is the 1.0 body's.
    await expect.poll(() => page.locator(".signed-string").first().textContent()).toContain('"TASK_STATE_COMPLETED"');
    // An edited body is the reader's: switching back leaves it, and the line names the mismatch.
    await body.fill(DEMO_BODIES["1.0"].replace("task-3f9c2a", "task-3f9c2b"));
    await body.press("Tab");
    await group.getByLabel("A2A version").selectOption("0.3");
    await expect.poll(() => shape.textContent()).toContain("though the chosen version is 0.3 (A2A v0.3.0)");
    expect(await body.inputValue()).toContain("task-3f9c2b");
    await expect.poll(() => search(page)).toMatch(/^\?body=/);
  });

  it("the tampering run signs the chosen version's body, and signs again when the version changes", async () => {
    const {page} = await site.open("webhook-authentication?version=1.0");
    const results = page.locator(".tampering-results");
    await results.scrollIntoViewIfNeeded();
    // The changed byte is the body's middle one, so it tells the two bodies apart.
    const byteChanged = async () => Number((await results.textContent())?.match(/Body byte (\d+) changed/)?.[1]);
    await expect.poll(byteChanged).toBe(Math.floor(DEMO_BODIES["1.0"].length / 2));
    await page.getByLabel("A2A version").selectOption("0.3");
    await expect.poll(byteChanged).toBe(Math.floor(DEMO_BODIES["0.3"].length / 2));
  });

  it("an experiment, the restore button and the baseline keep the reader's version", async () => {
    const {page} = await site.open("webhook-authentication?version=1.0");
    const body = page.getByLabel("Request body (raw)");
    await page
      .locator(".experiment", {hasText: "Verify a re-serialized body"})
      .getByRole("button", {name: "Try it"})
      .click();
    await expect.poll(() => search(page)).toBe("?version=1.0&reserializedBody=true");
    expect(await body.inputValue()).toBe(DEMO_BODIES["1.0"]);
    await page.getByRole("button", {name: "Lesson defaults"}).click();
    await expect.poll(() => search(page)).toBe("?version=1.0");
    await page.getByRole("button", {name: "Compare with the defaults"}).first().click();
    await expect.poll(() => search(page)).toBe("?version=1.0&vs.version=1.0");
  });
});

describe("the version travels between lessons", () => {
  it("every lesson's links to the others carry version=1.0 once it is chosen, and drop it at 0.3", async () => {
    const byLabel = (page: Page, version: string) => page.getByLabel("A2A version").selectOption(version);
    // Lesson 2 switches its A2A-Version header with radio buttons; the others have a select.
    const byRadio = (page: Page, version: string) =>
      page.getByLabel(version === "1.0" ? "1.0 (A2A 1.0.1)" : "0.3 (A2A v0.3.0)").check();
    for (const [lesson, choose] of LESSON_SLUGS.map(
      (slug) => [slug, slug === "message-transaction" ? byRadio : byLabel] as const
    )) {
      const {page} = await site.open(lesson);
      const before = await lessonLinks(page);
      expect(before.length, lesson).toBeGreaterThanOrEqual(3);
      expect(
        before.filter((href) => href.includes("version=")),
        lesson
      ).toEqual([]);
      await choose(page, "1.0");
      await expect.poll(() => lessonLinks(page), {message: lesson}).toEqual(before.map(withVersion));
      await expect.poll(() => search(page), {message: lesson}).toContain("version=1.0");
      await choose(page, "0.3");
      await expect.poll(() => lessonLinks(page), {message: lesson}).toEqual(before);
    }
  });

  it("following the links at 1.0: lesson 2 opens a 1.0 example, lesson 3's contract names SendMessage, lesson 1 registers with CreateTaskPushNotificationConfig", async () => {
    const {page} = await site.open("webhook-authentication?version=1.0");
    await expect.poll(() => lessonLinks(page)).toContain("./message-transaction?version=1.0");
    await page.locator("#observablehq-sidebar a[href^='./message-transaction']").click();
    await page.waitForURL(/message-transaction\?version=1\.0$/);
    await expect.poll(() => requestEditorText(page)).toContain('"method": "SendMessage"');
    expect(await page.getByLabel("1.0 (A2A 1.0.1)").isChecked()).toBe(true);
    await expect
      .poll(() => page.locator(".transaction-headline").textContent())
      .toMatch(/^Handled: receipt 1 recorded/);
    await page.locator("#observablehq-sidebar a[href^='./agent-selection']").click();
    await page.waitForURL(/agent-selection\?version=1\.0$/);
    await expect
      .poll(() => page.locator(".contract-fields").textContent())
      .toContain("A2A method SendMessage, sent with A2A-Version: 1.0");
    await page.locator("#observablehq-sidebar a[href^='./push-delivery']").click();
    await page.waitForURL(/push-delivery\?version=1\.0$/);
    await expect
      .poll(() => page.locator(".push-config-registration .registration-method").textContent())
      .toBe("CreateTaskPushNotificationConfig");
  });
});

describe("the course home passes the version on", () => {
  /** The hrefs of the home page's links to the lessons: its reading list, the sidebar and the pager. */
  const homeLessonLinks = (page: Page) =>
    page.evaluate(
      (slugs) =>
        [...document.querySelectorAll("a[href]")]
          .map((anchor) => anchor.getAttribute("href")!)
          .filter((href) => slugs.some((slug) => new RegExp(`^\\./${slug}\\b`).test(href))),
      LESSON_SLUGS
    );

  it("opened with ?version=1.0 its lesson links carry it, and it calls nothing unknown", async () => {
    const {page} = await site.open("?version=1.0");
    const links = await homeLessonLinks(page);
    // The reading list names all five lessons, the sidebar too, and the pager the first.
    expect(links.length).toBeGreaterThanOrEqual(11);
    await expect
      .poll(() => homeLessonLinks(page).then((hrefs) => hrefs.filter((href) => !href.endsWith("?version=1.0"))))
      .toEqual([]);
    expect(await page.locator("main").textContent()).not.toMatch(/unknown|could not use/i);
    await page.locator("main a[href^='./agent-selection']").first().click();
    await page.waitForURL(/agent-selection\?version=1\.0$/);
    await expect
      .poll(() => page.locator(".contract-fields").textContent())
      .toContain("A2A method SendMessage, sent with A2A-Version: 1.0");
  });

  it("without a version, or with one the course does not know, its links carry none", async () => {
    for (const path of ["", "?version=2.0", "?version=0.3"]) {
      const {page} = await site.open(path);
      expect(
        (await homeLessonLinks(page)).filter((href) => href.includes("version=")),
        path
      ).toEqual([]);
    }
  });

  it("a lesson at 1.0 links home with the version, so the choice survives the way through it", async () => {
    const {page} = await site.open("retry-storms?version=1.0");
    await expect
      .poll(() => page.locator("#observablehq-sidebar a", {hasText: "A2A Workbench"}).first().getAttribute("href"))
      .toBe("./?version=1.0");
    await page.locator("#observablehq-sidebar a", {hasText: "A2A Workbench"}).first().click();
    await page.waitForURL(/\/\?version=1\.0$/);
    await expect
      .poll(() => page.locator("main a[href^='./push-delivery']").first().getAttribute("href"))
      .toBe("./push-delivery?version=1.0");
  });
});
