import {describe, expect, it} from "vitest";
import type {FieldSpec, FieldValues} from "../../lib/lesson-inputs/fields.js";
import {deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import {MESSAGE_EXAMPLES} from "../../lib/message/index.js";
import {selectionInputDefaults, selectionInputFields} from "../../lib/selection/index.js";
import {webhookLessonDefaults, webhookLessonFields} from "../../lib/webhook-auth/index.js";
import {stormLessonDefaults, stormLessonFields} from "../../lib/storm/index.js";
import {liveLabDefaults, liveLabFields, livePortDefaults, livePortFields} from "../../lib/live/index.js";
import {startReceiver} from "../../receiver/server.js";
import {LESSON_SLUGS, type LessonSlug} from "../../src/lessons.js";
import {renderedErrors, useBuiltSite, waitUntilSettled, type WatchedPage} from "./browser.js";
import {requestEditorBox, requestEditorText} from "./request-editor.js";
import {change} from "./change-input.js";

const site = useBuiltSite();

async function expectClean(watched: WatchedPage, what: string): Promise<void> {
  await waitUntilSettled(watched.page);
  expect({
    what,
    errors: await renderedErrors(watched.page),
    console: watched.problems.consoleErrors,
    page: watched.problems.pageErrors
  }).toEqual({what, errors: [], console: [], page: []});
}

/** Steps each playback control on the page: Next twice, Play, Pause, Restart, a timeline drag and a speed. */
async function exercisePlayback(watched: WatchedPage): Promise<void> {
  const controls = watched.page.locator(".playback");
  for (let index = 0; index < (await controls.count()); index++) {
    const control = controls.nth(index);
    await control.locator(".playback-next").click();
    await control.locator(".playback-next").click();
    await control.locator(".playback-speed").selectOption("4");
    await control.locator(".playback-play").click();
    await control.locator(".playback-play").click();
    await control.locator(".playback-timeline").fill("500");
    await control.locator(".playback-restart").click();
    await expectClean(watched, `playback ${index + 1}`);
  }
}

/** Each lesson's field table and defaults; lesson 2 has no panel and its own describe below. */
const panels: Record<LessonSlug, [readonly FieldSpec[], FieldValues] | null> = {
  "push-delivery": [deliveryInputFields, deliveryInputDefaults],
  "message-transaction": null,
  "agent-selection": [selectionInputFields, selectionInputDefaults],
  "webhook-authentication": [webhookLessonFields, webhookLessonDefaults],
  "retry-storms": [stormLessonFields, stormLessonDefaults]
};
const panelLessons: [string, readonly FieldSpec[], FieldValues][] = LESSON_SLUGS.flatMap((path) => {
  const panel = panels[path];
  return panel ? [[path, ...panel] as [string, readonly FieldSpec[], FieldValues]] : [];
});

describe.each(panelLessons)("%s: every input changed in turn", (path, fields, defaults) => {
  it("recomputes after each and never shows an error", async () => {
    const watched = await site.open(path);
    const {page} = watched;
    for (const field of fields) {
      await change(page, field, defaults);
      // The panel writes every accepted change into the link: the lesson took the new value.
      await expect
        .poll(() => new URL(page.url()).searchParams.has(field.name), {
          message: `${path}: ${field.name} reached the link`
        })
        .toBe(true);
      await expectClean(watched, `${path}: ${field.name}`);
    }
    await exercisePlayback(watched);
    const picker = page.locator("#agent-inspector-picker");
    if (await picker.count()) {
      for (const option of await picker.locator("option").allTextContents()) await picker.selectOption(option);
      await expectClean(watched, "agent picker");
    }
    await page.locator(".restore-defaults").first().click();
    // Restore keeps a course-wide input (the A2A version, changed above) and resets the rest.
    const kept = new URLSearchParams(
      fields
        .filter((field) => field.courseWide)
        .map((field) => [
          field.name,
          (field as FieldSpec & {kind: "choice"}).options.find((option) => option.value !== defaults[field.name])!.value
        ])
    );
    await expect.poll(() => new URL(page.url()).search).toBe(kept.size ? `?${kept}` : "");
    await expectClean(watched, `${path}: defaults restored`);
  });
});

/** The live labs' inputs stay out of the link (lib/live/live-lab-inputs.ts): each is changed while connected to a receiver. */
const liveLabs: [string, string, readonly FieldSpec[], FieldValues][] = [
  ["push-delivery", "Live lab", liveLabFields, liveLabDefaults],
  ["webhook-authentication", "Live receiver checks", livePortFields, livePortDefaults]
];

describe.each(liveLabs)("%s: the live lab's inputs, connected to a receiver", (path, label, fields, defaults) => {
  it("changes each, applies the faults and reconnects, never showing an error", async () => {
    const receiver = await startReceiver({
      port: 0,
      origins: [site.server.origin],
      msPerSecond: 100,
      authSummary: "Bearer",
      settings: {
        auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: "x"}},
        expectedTaskIds: []
      }
    });
    try {
      const watched = await site.open(path);
      const {page} = watched;
      const lab = page.locator(`section.lab[aria-label='${label}']`);
      await lab.locator("input[id$='-liveReceiverPort']").fill(String(receiver.port));
      await lab.locator("input[id$='-liveReceiverPort']").press("Tab");
      await lab.locator("button.live-connect").click();
      await expect
        .poll(() => lab.locator(".live-connection-status").textContent())
        .toBe(`Connected to ${receiver.url}.`);
      const body = JSON.stringify({
        statusUpdate: {taskId: "task-1", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
      });
      expect(
        (
          await fetch(receiver.hookUrl, {
            method: "POST",
            headers: {Authorization: "Bearer x", "Content-Type": "application/json"},
            body
          })
        ).status
      ).toBe(200);
      await expect
        .poll(() => page.locator(".live-receiver-line").first().textContent())
        .toContain("1 attempt in this run");
      await expectClean(watched, `${path}: connected, one push`);
      for (const field of fields.filter((one) => one.name !== "liveReceiverPort")) {
        await change(page, field, defaults);
        await expectClean(watched, `${path}: ${field.name}`);
      }
      // Every option of every choice, "none: my sender only" among them, not just one other than the default.
      for (const field of fields.filter((one): one is FieldSpec & {kind: "choice"} => one.kind === "choice")) {
        for (const option of field.options) {
          await page.locator(`select[id$="-${field.name}"]`).first().selectOption(option.value);
          await expectClean(watched, `${path}: ${field.name} = ${option.value}`);
        }
      }
      // What arrived: folded out, and copied as curl (the clipboard may be refused here: either way a status line, no error).
      const request = page.locator(".live-request").first();
      await request.locator("summary").click();
      await request.getByRole("button", {name: "Copy as curl"}).click();
      await expect
        .poll(() => request.locator(".live-copy-status").textContent())
        .toMatch(/^(Copied\.|This browser did not allow copying)/);
      await expectClean(watched, `${path}: what arrived, copied as curl`);
      if (await page.locator("button.live-apply-faults").count()) {
        await page.locator("button.live-apply-faults").click();
        await expect.poll(() => page.locator(".live-apply-result").textContent()).toContain("Applied");
        await expectClean(watched, `${path}: faults applied`);
      }
      await change(page, fields.find((one) => one.name === "liveReceiverPort")!, defaults);
      await lab.locator("button.live-disconnect").click();
      await lab.locator("button.live-connect").click();
      await expect
        .poll(() => lab.locator(".live-connection-status").textContent())
        .toContain("the port must be a whole number from 1 to 65535");
      await expectClean(watched, `${path}: an out-of-range port`);
    } finally {
      await receiver.close();
    }
  });
});

describe("message-transaction: every example, an edit, the picker and playback", () => {
  it("recomputes after each and never shows an error", async () => {
    const watched = await site.open("message-transaction");
    const {page} = watched;
    const examples = page.locator("select[id$=-example]");
    for (const example of MESSAGE_EXAMPLES) {
      await examples.selectOption(example.id);
      await expect.poll(() => requestEditorText(page)).toBe(example.requestText);
      await expectClean(watched, `example ${example.id}`);
      const picker = page.locator("#request-picker-select");
      if (await picker.isVisible()) {
        for (const value of await picker
          .locator("option")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)))
          await picker.selectOption(value);
        await expectClean(watched, `example ${example.id}, every request picked`);
      }
    }
    for (const version of ["0.3", "1.0"]) {
      await page.locator(`.version-switch input[value="${version}"]`).check();
      await expectClean(watched, `A2A-Version ${version}`);
      await page.locator(".translate-request").click();
      await expectClean(watched, `translated from ${version}`);
    }
    await requestEditorBox(page).focus();
    await page.keyboard.press("End");
    await page.keyboard.type(' {"x": 1}');
    await expect.poll(() => page.locator(".transaction-headline").textContent()).toContain("-32700");
    await expectClean(watched, "an edit");
    await exercisePlayback(watched);
    await page.locator(".example-restore").click();
    await expectClean(watched, "example restored");
  });
});
