/**
 * The message transaction lesson as a reader uses it: the examples menu, typing
 * with the failing span marked in place, user text never read as HTML, the
 * playback over the six gates, permalinks (edited requests, long edits, bad
 * values), a 1 MiB paste, the request picker and the chart export.
 */
import {readFileSync} from "node:fs";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {
  MAX_MESSAGE_REQUEST_BYTES,
  MESSAGE_EXAMPLES,
  messageExample,
  runMessageTransaction
} from "../../lib/message/index.js";
import {seriousAccessibilityViolations, useBuiltSite, type WatchedPage} from "./browser.js";
import {requestEditorBox, requestEditorText} from "./request-editor.js";

const LESSON = "message-transaction";
const site = useBuiltSite();

function openLesson(query = "", colorScheme: "light" | "dark" = "light"): Promise<WatchedPage> {
  return site.open(`${LESSON}${query}`, {colorScheme});
}

const editorBox = requestEditorBox;
const editorText = requestEditorText;
const headline = (page: Page) => page.locator(".transaction-headline").textContent();
const search = (page: Page) => new URL(page.url()).search;

/** Replaces the editor's text the way a paste does: select all, then one paste event with `text` on its clipboard. */
async function pasteText(page: Page, text: string): Promise<void> {
  await editorBox(page).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await editorBox(page).evaluate((element: HTMLElement, value) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", value);
    element.dispatchEvent(new ClipboardEvent("paste", {clipboardData, bubbles: true, cancelable: true}));
  }, text);
}

describe("the A2A-Version switch and the translation", () => {
  it("a 1.0 example is sent as 1.0 and the link says version=1.0; the same text under 0.3 stops at the method", async () => {
    const {page, context, problems} = await openLesson();
    await page.getByLabel("Example", {exact: true}).selectOption("v1-valid-send");
    // The first 1.0 example is what a link with only version=1.0 opens: the link names no example.
    await expect.poll(() => search(page)).toBe("?version=1.0");
    expect(await page.getByLabel("1.0 (A2A 1.0.1)").isChecked()).toBe(true);
    await expect.poll(() => headline(page)).toMatch(/^Handled: receipt 1 recorded/);
    // The response view is out of sight: it follows once the reader pauses.
    await expect.poll(() => page.locator(".response-view").textContent()).toContain("ROLE_AGENT");
    await page.getByLabel("0.3 (A2A v0.3.0)").check();
    await expect.poll(() => headline(page)).toContain("Stopped at stage 3 (Method)");
    expect(await editorText(page)).toBe(messageExample("v1-valid-send")!.requestText);
    await expect.poll(() => search(page)).toBe("?example=v1-valid-send");
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });

  it("translates the valid v0.3.0 request to 1.0: the text, the version and the link follow, and every change is listed", async () => {
    const {page, context, problems} = await openLesson();
    await page.getByRole("button", {name: "Translate to 1.0"}).click();
    // The translation runs in a worker: wait for it to switch the version (the headline was "Handled" before it too).
    await expect.poll(() => page.getByLabel("1.0 (A2A 1.0.1)").isChecked()).toBe(true);
    await expect.poll(() => headline(page)).toMatch(/^Handled: receipt 1 recorded/);
    expect(await editorText(page)).toContain('"method": "SendMessage"');
    const report = page.locator(".translation-report");
    expect(await report.locator("summary").textContent()).toMatch(
      /^Translated from A2A v0\.3\.0 to A2A 1\.0: \d+ changes\./
    );
    expect(await report.locator(".translation-changes li").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("message/send → SendMessage")])
    );
    // The text is an edit of the 0.3 example, which 1.0 does not open by default: the link names it.
    await expect.poll(() => search(page)).toMatch(/^\?version=1\.0&example=valid-send&request=/);
    // An edit of the translated text ends the report; translating back brings another.
    await editorBox(page).focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await expect.poll(() => report.count()).toBe(0);
    await page.getByRole("button", {name: "Translate to 0.3"}).click();
    await expect.poll(() => page.locator(".translation-report summary").textContent()).toContain("to A2A v0.3.0");
    await expect.poll(() => headline(page)).toMatch(/^Handled: receipt 1 recorded/);
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });

  it("a text that is not JSON is not translated, and the page says why", async () => {
    const {page, context} = await openLesson("?example=parse-error");
    await page.getByRole("button", {name: "Translate to 1.0"}).click();
    await expect.poll(() => page.locator(".translation-refused").textContent()).toContain("not JSON");
    expect(await page.getByLabel("0.3 (A2A v0.3.0)").isChecked()).toBe(true);
    await context.close();
  });
});

describe("the request editor", () => {
  it("offers every example, and choosing one loads its text and names it in the link", async () => {
    const {page, context, problems} = await openLesson();
    const menu = page.getByLabel("Example", {exact: true});
    expect(await menu.locator("option").count()).toBe(MESSAGE_EXAMPLES.length);
    expect(
      await menu
        .locator("optgroup")
        .evaluateAll((groups) => groups.map((group) => (group as HTMLOptGroupElement).label))
    ).toEqual(["A2A v0.3.0 (message/send)", "A2A 1.0 (SendMessage)"]);
    expect(await editorText(page)).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    expect(await headline(page)).toMatch(/^Handled: receipt 1 recorded; result sent with id 1\./);
    await menu.selectOption("notification");
    await expect.poll(() => editorText(page)).toBe(messageExample("notification")!.requestText);
    await expect.poll(() => search(page)).toBe("?example=notification");
    await expect.poll(() => page.locator(".response-none").count()).toBe(1);
    expect(await page.locator(".receipt-gap").textContent()).toContain("1 receipt is for a notification");
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });

  it("marks the failing span in place as the reader types, and the link carries the edit", async () => {
    const {page, context} = await openLesson();
    const text = MESSAGE_EXAMPLES[0]!.requestText;
    const [line2] = text.split("\n").slice(1);
    // Line 2 is `  "jsonrpc": "2.0",`: select its "2" with the keyboard, as a reader would, and type over it.
    const column = line2!.indexOf('"2.0"') + 1;
    // The box is named by its label and focused by a click on it.
    await page.getByText("Request text (JSON-RPC 2.0)", {exact: true}).click();
    expect(
      await page
        .getByRole("textbox", {name: "Request text (JSON-RPC 2.0)"})
        .evaluate((box) => box.classList.contains("cm-content") && document.activeElement === box)
    ).toBe(true);
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("ArrowDown");
    for (let step = 0; step < column; step++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.type("1");
    const mark = page.locator(".request-editor .cm-lintRange-error");
    await expect.poll(() => mark.allTextContents()).toEqual(['"1.0"']);
    expect(await headline(page)).toContain("Stopped at stage 2 (Envelope)");
    expect(await page.locator(".request-editor-status").textContent()).toMatch(/First at line 2, column 14/);
    // The mark is on its characters: on line 2, after the 13 characters before column 14.
    const before = await mark.evaluate((element) => {
      const range = document.createRange();
      range.setStart(element.closest(".cm-line")!, 0);
      range.setEndBefore(element);
      return range.toString();
    });
    expect(before).toBe(line2!.slice(0, 13));
    expect(await page.locator(".request-editor .cm-line").nth(1).locator(".cm-lintRange-error").count()).toBe(1);
    await expect.poll(() => search(page)).toMatch(/^\?request=[A-Za-z0-9_-]+$/);
    expect(await page.locator(".link-scope").textContent()).toBe(
      "The link holds this example and your edited request."
    );

    const edited = await editorText(page);
    const {page: reopened, context: second} = await openLesson(search(page));
    expect(await editorText(reopened)).toBe(edited);
    expect(await reopened.locator(".example-edited").isVisible()).toBe(true);
    await reopened.getByRole("button", {name: "Restore the example"}).click();
    await expect.poll(() => editorText(reopened)).toBe(text);
    await expect.poll(() => search(reopened)).toBe("");
    await second.close();
    await context.close();
  });

  it("shows user text as text, never as HTML", async () => {
    const {page, context, problems} = await openLesson();
    const hostile = '{"jsonrpc":"2.0","id":"<b>x</b>","method":"<img src=x onerror=alert(1)>","params":{}}';
    await pasteText(page, hostile);
    await expect.poll(() => headline(page)).toContain("Stopped at stage 3 (Method)");
    expect(await page.locator("main img, main b").count()).toBe(0);
    // The response view is a later view, redrawn when it comes near the screen or the page is idle: wait for it.
    await expect.poll(() => page.locator(".response-view").textContent()).toContain("<img src=x onerror=alert(1)>");
    await expect.poll(() => editorBox(page).textContent()).toContain("<b>x</b>");
    expect(await page.locator("main img, main b").count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("selects a finding's span in the editor", async () => {
    const {page, context} = await openLesson("?example=missing-kind");
    await page.locator(".finding-locate").first().click();
    const span = runMessageTransaction(messageExample("missing-kind")!.requestText).findings[0]!.span!;
    const spanText = messageExample("missing-kind")!.requestText.slice(span.from, span.to);
    // The box has focus, and what is selected in it is the span's text.
    await expect
      .poll(() =>
        page.evaluate(() => [
          document.activeElement?.classList.contains("cm-content"),
          getSelection()?.toString().replace(/\s+/g, " ")
        ])
      )
      .toEqual([true, spanText.replace(/\s+/g, " ")]);
    await context.close();
  });
});

describe("accessibility beyond the first example", () => {
  // The trace may sit below the screen: a far view redraws at the reader's pause (UNSEEN_AFTER_PAUSE_MS, 1 s), past expect.poll's default 1 s.
  it.each(["missing-kind", "parse-error", "batch", "notifications-only-batch"])(
    "%s, one gate revealed, has no serious axe violation (dark theme)",
    async (id) => {
      const {page, context} = await openLesson(`?example=${id}`, "dark");
      await page.locator(".playback-next").first().click();
      await expect.poll(() => page.locator(".decision-trace > li").count(), {timeout: 10_000}).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await context.close();
    }
  );
});

describe("size", () => {
  it("gives a 1 MiB request a verdict without freezing, and one over the limit in bytes -32000", async () => {
    const {page, context, problems} = await openLesson();
    const shell =
      '{"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":""}]}}}';
    const megabyte = shell.replace('"text":""', `"text":"${"a".repeat(1_048_576 - shell.length)}"`);
    await pasteText(page, megabyte);
    await expect.poll(() => headline(page), {timeout: 10_000}).toContain("result sent with id 7");
    expect((await editorText(page)).length).toBe(1_048_576);
    expect(await page.locator(".part-list .capped-note").first().textContent()).toMatch(/more characters not shown/);
    // The link cannot hold a megabyte: it says so and keeps the example.
    await expect.poll(() => page.locator(".link-scope").textContent()).toMatch(/^The link holds only the example/);
    expect(search(page)).toBe("");

    // Within the limit in characters, over it in UTF-8 bytes ("é" is two): the box takes it, the lab refuses it unparsed.
    const twoByte = shell.replace('"text":""', `"text":"${"é".repeat(600_000)}"`);
    await pasteText(page, twoByte);
    await expect.poll(() => page.locator(".response-text").textContent(), {timeout: 10_000}).toContain('"code":-32000');
    await expect
      .poll(() => page.locator(".request-editor-status").textContent())
      .toContain(`${twoByte.length.toLocaleString("en-US")} characters: over the size limit`);
    expect(await page.locator(".request-editor .cm-lintRange").count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

/** Pastes `text` as a reader does: on the clipboard, select all in the editor, Ctrl+V (the browser's own paste). */
async function pasteFromClipboard(watched: WatchedPage, text: string): Promise<void> {
  await watched.context.grantPermissions(["clipboard-read", "clipboard-write"], {origin: site.server.origin});
  await watched.page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await editorBox(watched.page).focus();
  await watched.page.keyboard.press("Control+A");
  await watched.page.keyboard.press("Control+V");
}

describe("large pastes (issues #23 and #40)", () => {
  it("refuses a paste over the size limit before the box takes it, and names the limit", async () => {
    const watched = await openLesson();
    const {page, problems} = watched;
    const text = `{"jsonrpc": "2.0",\n${'  "padding": 1,\n'.repeat(120_000)}}`;
    expect(text.length).toBeGreaterThan(MAX_MESSAGE_REQUEST_BYTES);
    await pasteFromClipboard(watched, text);
    await expect
      .poll(() => page.locator(".request-editor-status").textContent(), {timeout: 30_000})
      .toMatch(
        new RegExp(
          `^Not pasted: with it the request would be ${text.length.toLocaleString("en-US")} characters or more, over the size limit`
        )
      );
    // A screen reader hears it: the box did not change, so its description alone would say nothing.
    await expect
      .poll(() =>
        page
          .locator(".request-editor [role=status]")
          .filter({hasText: /^Not pasted: /})
          .count()
      )
      .toBe(1);
    // Nothing went in: the example is still the request, and the lab still handles it.
    expect(await editorText(page)).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    expect(await editorBox(page).textContent()).not.toContain("padding");
    expect(await headline(page)).toMatch(/^Handled: receipt 1 recorded/);
    // A paste within the limit is taken again, and undone in one step.
    await pasteFromClipboard(watched, messageExample("notification")!.requestText);
    await expect.poll(() => editorText(page)).toBe(messageExample("notification")!.requestText);
    await page.keyboard.press("Control+Z");
    await expect.poll(() => editorText(page)).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
  });

  it("checks a 30,000-line paste: the status names its size and its one error, marked where it starts", async () => {
    const watched = await openLesson();
    const {page} = watched;
    const text = Array.from({length: 30_000}, () => '"@"').join("\n");
    await pasteFromClipboard(watched, text);
    const status = page.locator(".request-editor-status");
    await expect
      .poll(() => status.textContent(), {timeout: 30_000})
      .toContain(`${text.length.toLocaleString("en-US")} characters. Marked: 1 error. First at line 2, column 1`);
    await expect.poll(() => headline(page)).toContain("Stopped at stage 1 (Parse)");
    // The error runs from line 2, column 1 to the end: back at the start, line 1 is clear and line 2 marked from its start.
    await editorBox(page).press("ControlOrMeta+Home");
    const line = (index: number) => page.locator(".request-editor .cm-line").nth(index);
    await expect.poll(() => line(1).locator(".cm-lintRange-error").count()).toBe(1);
    expect(await line(0).locator(".cm-lintRange").count()).toBe(0);
    expect(await line(1).locator(".cm-lintRange-error").textContent()).toBe('"@"');
    // CodeMirror lays out the lines in view, not 30,000.
    expect(await page.locator(".request-editor .cm-line").count()).toBeLessThan(1000);
  });

  it("translates in a worker and says when the translation is over the size limit", async () => {
    // A pretty 1.0 request under the limit whose v0.3.0 (a kind on every part) is over it.
    const request = {
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: {
        message: {
          messageId: "m",
          role: "ROLE_USER",
          parts: Array.from({length: 20_000}, (_, index) => ({text: String(index)}))
        }
      }
    };
    const text = JSON.stringify(request, null, 2);
    expect(text.length).toBeLessThan(MAX_MESSAGE_REQUEST_BYTES);
    const {page} = await openLesson("?version=1.0");
    await pasteText(page, text);
    await expect
      .poll(() => page.locator(".request-editor-status").textContent(), {timeout: 30_000})
      .toContain(`${text.length.toLocaleString("en-US")} characters`);
    await page.getByRole("button", {name: "Translate to 0.3"}).click();
    const summary = page.locator(".translation-report summary");
    await expect
      .poll(() => summary.textContent(), {timeout: 30_000})
      .toContain("over the size limit of 1,048,576 bytes");
    expect(await summary.textContent()).toMatch(/Written on one line it would be [\d,]+ bytes, within the limit\./);
    // The worker's script was loaded: the translation ran off the main thread.
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType("resource").some((entry) => entry.name.includes("message-translate"))
      )
    ).toBe(true);
    // Alike changes are one line each, with their count.
    expect(await page.locator(".translation-changes li").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("(and 19,999 more places like it)")])
    );
    // Pretty stays pretty, and the editor names the limit for it.
    expect((await editorText(page)).split("\n").length).toBeGreaterThan(20_000);
    await expect
      .poll(() => page.locator(".request-editor-status").textContent(), {timeout: 30_000})
      .toContain("over the size limit");
  });
});

describe("typing in a large request", () => {
  it("is checked once typing pauses: the marks move with the text meanwhile, then the verdict follows the last keystroke", async () => {
    const {page} = await openLesson();
    // A large request with a wrong method, so there is a mark to keep in place.
    await pasteText(
      page,
      `{"jsonrpc":"2.0","id":7,"method":"message/sned","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"${"a".repeat(200_000)}"}]}}}`
    );
    await expect.poll(() => headline(page), {timeout: 10_000}).toContain("-32601");
    // Back to the start, where the mark is (CodeMirror draws only what is in view of a long line).
    await editorBox(page).focus();
    await page.keyboard.press("ControlOrMeta+Home");
    const mark = page.locator(".request-editor .cm-lintRange-error");
    await expect.poll(() => mark.allTextContents()).toEqual(['"message/sned"']);
    await page.keyboard.type("x");
    await expect
      .poll(() => page.locator(".request-editor-status").textContent())
      .toContain("checked again once you pause typing");
    expect(await page.locator(".request-editor-status").textContent()).toContain("Marked:"); // the last check's words stay beside it
    expect(await mark.allTextContents()).toEqual(['"message/sned"']); // moved with the text typed before it
    // The text now starts with "x": not JSON.
    await expect.poll(() => headline(page), {timeout: 10_000}).toContain("-32700");
    expect(await page.locator(".request-editor-pending").isHidden()).toBe(true);
  });
});

describe("playback over the six gates", () => {
  it("starts paused, Next reveals one gate, and an edit starts again", async () => {
    const {page, context} = await openLesson();
    const control = page.locator(".playback").first();
    expect(await page.locator(".decision-trace-empty").count()).toBe(1);
    expect(await page.locator(".stage-pending").count()).toBe(0);
    await control.locator(".playback-next").click();
    await expect.poll(() => page.locator(".decision-trace > li").count(), {timeout: 10_000}).toBe(1);
    // The chart is another view than the trace, drawn in its own cell: wait for it too.
    await expect.poll(() => page.locator(".stage-pending").count()).toBe(5);
    await control.locator(".playback-next").click();
    await expect.poll(() => page.locator(".stage-pending").count()).toBe(4);
    expect(await control.locator(".playback-modeled").textContent()).toMatch(/^Gate: 2 · 2\/8 gate decisions/);

    await editorBox(page).focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    expect(await page.locator(".playback .playback-play").getAttribute("aria-label")).toBe("Play");
    await expect.poll(() => page.locator(".stage-pending").count()).toBe(0);
    await context.close();
  });
});

describe("batches", () => {
  it("draws one row per request and inspects the one picked", async () => {
    const {page, context} = await openLesson("?example=batch");
    expect(await page.locator(".request-picker option").count()).toBe(4);
    await page.getByLabel("Inspect", {exact: true}).selectOption("2");
    await expect.poll(() => page.locator(".stage-gate.stage-stop .stage-gate-name").textContent()).toBe("3. Method");
    expect(await page.locator(".parts-empty").textContent()).toContain("stopped at stage 3");
    // The lab's stage is narrower than the chart's full layout at 1280 px: rows are named by position, the picker names the ids.
    const chartText = await page.locator(".exportable-chart").first().textContent();
    for (const row of ["Request 0", "Request 1", "Request 2", "Request 3"]) expect(chartText).toContain(row);
    expect(await page.locator(".request-picker option").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("id 10"), expect.stringContaining("notification")])
    );
    await context.close();
  });
});

describe("permalinks", () => {
  it("reports bad values by name and falls back to the first example", async () => {
    const {page, context, problems} = await openLesson("?example=%3Cb%3Enope&request=%2A%2A");
    const notice = page.locator(".permalink-notices");
    await expect.poll(() => notice.count()).toBe(1);
    const text = await notice.textContent();
    expect(text).toContain("example=<b>nope");
    expect(text).toContain("request=**");
    expect(text).toContain("base64url");
    expect(await notice.locator("b").count()).toBe(0);
    expect(await editorText(page)).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });

  it("keeps only the example when an edit is too long for a link, and says so", async () => {
    const {page, context} = await openLesson("?example=batch");
    await pasteText(page, `${messageExample("batch")!.requestText}${" ".repeat(2000)}`);
    await expect
      .poll(() => page.locator(".link-scope").textContent())
      .toMatch(
        /^The link holds only the example \(“A batch”\): the edited request \(\d+ characters\) is more than 1500 bytes/
      );
    expect(search(page)).toBe("?example=batch");
    await context.close();
  });
});

describe("chart export", () => {
  it("downloads the stage chart as a standalone SVG and a 2x PNG", async () => {
    const {page, context} = await openLesson("?example=batch", "dark");
    const chart = page.locator(".exportable-chart").first();
    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as SVG/}).click()
    ]);
    expect(svgDownload.suggestedFilename()).toBe("a2a-workbench-message-transaction-stages-per-request--batch.svg");
    const svg = readFileSync((await svgDownload.path())!, "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/currentColor|var\(--/i);
    expect(svg).toContain("not reached");
    const [pngDownload] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as PNG/}).click()
    ]);
    expect(
      readFileSync((await pngDownload.path())!)
        .subarray(1, 4)
        .toString("latin1")
    ).toBe("PNG");
    await context.close();
  });
});

describe("a linked request with CRLF line ends", () => {
  const encode = (text: string) => Buffer.from(text, "utf8").toString("base64url");
  const decode = (value: string | null) => (value === null ? null : Buffer.from(value, "base64url").toString("utf8"));
  const linked = (page: Page) => decode(new URL(page.url()).searchParams.get("request"));

  it("is checked and linked exactly, says why the box shows LF, and keeps CRLF through an edit", async () => {
    const crlf = messageExample("valid-send")!.requestText.replace(/\n/g, "\r\n");
    const {page} = await site.open(`message-transaction?request=${encode(crlf)}`);
    await expect.poll(() => page.locator(".request-editor-line-ends").textContent()).toMatch(/CRLF/);
    expect(linked(page)).toBe(crlf);
    await editorBox(page).press("ControlOrMeta+End");
    await editorBox(page).press("Enter");
    await expect.poll(() => linked(page)).toBe(`${crlf}\r\n`);
  });

  it("keeps a lone CR until the first edit, and says so", async () => {
    const text = messageExample("valid-send")!.requestText.replace("\n", "\r");
    const {page} = await site.open(`message-transaction?request=${encode(text)}`);
    await expect.poll(() => page.locator(".request-editor-line-ends").textContent()).toMatch(/1 carriage returns?/);
    expect(linked(page)).toBe(text);
    await editorBox(page).press("ControlOrMeta+End");
    await editorBox(page).press(" ");
    await expect.poll(() => linked(page)).toBe(`${text.replace("\r", "\n")} `);
    expect(await page.locator(".request-editor-line-ends").isHidden()).toBe(true);
  });
});
