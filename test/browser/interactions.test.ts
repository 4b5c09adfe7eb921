/**
 * The shared lesson pieces, exercised on the first lesson page as a reader would:
 * playback (buttons, keyboard, timeline), an input change resetting playback,
 * chart export (SVG and PNG), permalinks (restore and bad values).
 */
import {readFileSync} from "node:fs";
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {expectEveryChartExports, letFramesPass, useBuiltSite, type WatchedPage} from "./browser.js";

const LESSON = "push-delivery";
const site = useBuiltSite();

function openLesson(query = "", colorScheme: "light" | "dark" = "light"): Promise<WatchedPage> {
  return site.open(`${LESSON}${query}`, {colorScheme});
}

const revealedCount = (page: Page) => page.locator(".decision-trace > li").count();
const playback = (page: Page) => page.locator(".playback").first();

describe("playback", () => {
  it("starts paused at the beginning and steps with Next, Right arrow and Home", async () => {
    const {page, context, problems} = await openLesson();
    const control = playback(page);
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    await expect.poll(() => control.locator(".playback-play").getAttribute("aria-label")).toBe("Play");
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(1);
    await control.locator(".playback-play").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => revealedCount(page)).toBe(3);
    expect(await control.locator(".playback-modeled").textContent()).toMatch(/Modeled time: [\d.]+ s · 3\//);
    await page.keyboard.press("Home");
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it("plays and pauses with Space, and the timeline seeks", async () => {
    const {page, context} = await openLesson();
    const control = playback(page);
    await control.locator(".playback-speed").selectOption("4");
    await control.locator(".playback-restart").focus();
    await page.keyboard.press(" ");
    await expect.poll(() => control.locator(".playback-play").getAttribute("aria-label")).toBe("Pause");
    await expect.poll(() => revealedCount(page), {timeout: 10_000}).toBeGreaterThan(0);
    await page.keyboard.press(" ");
    await expect.poll(() => control.locator(".playback-play").getAttribute("aria-label")).toBe("Play");
    const paused = await revealedCount(page);
    await letFramesPass(page, 40); // paused: forty frames later, nothing more is revealed
    expect(await revealedCount(page)).toBe(paused);
    await control.locator(".playback-timeline").fill("1000");
    const total = Number((await control.locator(".playback-modeled").textContent())!.match(/\/(\d+) decisions/)![1]);
    expect(total).toBeGreaterThan(3);
    await expect.poll(() => revealedCount(page)).toBe(total);
    // The trace keeps its newest decision in view, inside its own scrolling list.
    await expect
      .poll(() =>
        page.locator(".decision-trace").evaluate((list) => {
          const latest = list.querySelector(".decision-latest")!.getBoundingClientRect();
          const box = list.getBoundingClientRect();
          return list.scrollTop > 0 && latest.top >= box.top - 1 && latest.bottom <= box.bottom + 1;
        })
      )
      .toBe(true);
    await context.close();
  });

  it("resets to the start, paused, when an input changes", async () => {
    const {page, context} = await openLesson();
    const control = playback(page);
    await control.locator(".playback-next").click();
    await control.locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(2);
    await page.getByLabel("Receiver ignores seen event ids").first().click();
    await expect.poll(() => page.locator(".decision-trace-empty").count()).toBe(1);
    expect(await playback(page).locator(".playback-play").getAttribute("aria-label")).toBe("Play");
    await context.close();
  });
});

describe("inspector", () => {
  it("a click on an update's swimlane lane, or its row's button, chooses it for inspection", async () => {
    const {page, context} = await openLesson();
    const inspector = page.locator(".attempt-inspector h3");
    await expect.poll(() => inspector.textContent()).toMatch(/^U1:/);
    // The lane is found by its label, and the click lands on it, wherever fonts put it.
    const label = page.locator(".exportable-chart[data-chart='attempt swimlane'] svg text", {hasText: /^U3 ·/}).first();
    await label.click();
    await expect.poll(() => inspector.textContent()).toMatch(/^U3:/);
    // The click shows: the lane is outlined in the chart, and the inspector comes into view.
    const outlined = page.locator(".exportable-chart[data-chart='attempt swimlane'] g.lane-chosen rect");
    await expect.poll(() => outlined.count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.locator(".attempt-inspector").evaluate((node) => {
          // Its heading (the chosen update) is on screen, in the upper half.
          const {top} = node.getBoundingClientRect();
          return top >= -1 && top < innerHeight / 2;
        })
      )
      .toBe(true);
    await page.getByRole("button", {name: "Inspect update 2"}).click();
    await expect.poll(() => inspector.textContent()).toMatch(/^U2:/);
    // The table and inspector are updated in place: after an input change the choice stays,
    // the inspector shows the new run, and the redrawn swimlane and the kept buttons still choose.
    await page.getByLabel("Credential the sender presents").first().selectOption("wrong");
    await expect.poll(() => page.locator(".attempt-inspector").textContent()).toContain("HTTP 401");
    await expect.poll(() => inspector.textContent()).toMatch(/^U2:/);
    await label.click();
    await expect.poll(() => inspector.textContent()).toMatch(/^U3:/);
    await page.getByRole("button", {name: "Inspect update 4"}).click();
    await expect.poll(() => inspector.textContent()).toMatch(/^U4:/);
    await context.close();
  });
});

describe("charts far from the screen", () => {
  // What a chart shows, comparable across page loads: its text and how many marks it draws.
  const chartsDrawn = (page: Page) =>
    page.$$eval(".exportable-chart svg", (svgs) =>
      svgs.map((svg) => `${svg.querySelectorAll("*").length}:${svg.textContent}`)
    );

  it("are redrawn once the reader pauses, exactly as a fresh load of the same link draws them", async () => {
    const {page, context} = await openLesson();
    const before = await chartsDrawn(page);
    const slider = page.locator('input[type=range][aria-label^="Sender timeout"]');
    await slider.evaluate((input: HTMLInputElement) => {
      input.scrollIntoView({block: "start"});
    });
    await letFramesPass(page, 5);
    // The receiver's charts (outside the lab) are far below the controls, so their redraw waits for sight or the reader's pause.
    const nearestChartTop = await page.$eval(
      "main > * > .live-view .exportable-chart",
      (chart) => chart.getBoundingClientRect().top / innerHeight
    );
    expect(nearestChartTop).toBeGreaterThan(1.25);
    await slider.fill("0.5");
    await expect.poll(() => new URL(page.url()).searchParams.get("senderTimeoutSeconds")).toBe("0.5");
    const fresh = await openLesson(new URL(page.url()).search);
    const expected = await chartsDrawn(fresh.page);
    expect(expected).not.toEqual(before);
    await expect.poll(() => chartsDrawn(page)).toEqual(expected);
    await fresh.context.close();
    await context.close();
  });
});

describe("a chart far from the screen, while the reader keeps moving", () => {
  // The receiver's first chart, outside the lab: its text, read afresh (a redraw may replace nodes).
  const FAR_CHART = "main > * > .live-view .exportable-chart svg";

  it("waits, says so on the document, and is current as soon as the reader scrolls to it", async () => {
    const fresh = await openLesson("?senderTimeoutSeconds=0.5");
    const expected = await fresh.page.$eval(FAR_CHART, (svg) => svg.textContent);
    await fresh.context.close();
    const {page, context, problems} = await openLesson();
    // One evaluate, counted in frames: all of it happens well within the reader's pause (1 s).
    const seen = await page.evaluate(async (selector) => {
      const frames = (count: number) =>
        new Promise<void>((resolve) => {
          const step = () => (--count <= 0 ? resolve() : requestAnimationFrame(step));
          requestAnimationFrame(step);
        });
      const chartText = () => document.querySelector(selector)!.textContent;
      const slider = document.querySelector<HTMLInputElement>('input[type=range][aria-label^="Sender timeout"]')!;
      slider.scrollIntoView({block: "start"});
      await frames(3);
      const before = chartText();
      slider.value = "0.5";
      slider.dispatchEvent(new Event("input", {bubbles: true}));
      await frames(3);
      const waiting = {text: chartText(), unseen: document.documentElement.getAttribute("data-redraws-unseen")};
      document.querySelector(selector)!.scrollIntoView({block: "center"});
      await frames(3);
      return {before, waiting, after: chartText()};
    }, FAR_CHART);
    expect(expected).not.toBe(seen.before);
    expect(seen.waiting.text).toBe(seen.before);
    expect(Number(seen.waiting.unseen)).toBeGreaterThan(0);
    expect(seen.after).toBe(expected);
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

describe("chart export", () => {
  it.each(["light", "dark"] as const)(
    "every chart downloads a standalone SVG and a 2x PNG (%s theme)",
    async (colorScheme) => {
      const {page, context, problems} = await openLesson("", colorScheme);
      await expectEveryChartExports(page, "push-delivery");
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    }
  );

  it("names the run it shows and draws the whole run, even mid-playback", async () => {
    const {page, context} = await openLesson("?ignoreSeenEventIds=false");
    await playback(page).locator(".playback-next").click();
    await expect.poll(() => revealedCount(page)).toBe(1);
    const chart = page.locator(".exportable-chart[data-chart='attempt swimlane']");
    // On screen, playback fades what has not happened yet; the export does not.
    expect(await chart.locator("svg [stroke-opacity='0.25']").count()).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      chart.getByRole("button", {name: /as SVG/}).click()
    ]);
    expect(download.suggestedFilename()).toBe(
      "a2a-workbench-push-delivery-attempt-swimlane--ignoreSeenEventIds-false.svg"
    );
    const svg = readFileSync((await download.path())!, "utf8");
    expect(svg).toContain("Receiver ignores seen event ids: off");
    expect(svg).not.toMatch(/stroke-opacity="0\.25"/);
    await context.close();
  });

  it("copies a chart to the clipboard as a PNG, after an input has redrawn it", async () => {
    const {page, context} = await openLesson();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {origin: new URL(page.url()).origin});
    const chart = page.locator(".exportable-chart[data-chart='attempt swimlane']");
    // A redraw is morphed into the chart shown: the button's status line must still be the one on screen.
    const titles = () => chart.locator("svg title").allTextContents();
    const drawn = await titles();
    await page.getByRole("slider", {name: /^Sender timeout/}).fill("0.5");
    await expect.poll(titles).not.toEqual(drawn);
    await chart.getByRole("button", {name: /Copy/}).click();
    // Drawing the PNG and handing it to the clipboard takes a moment: wait for the status, up to 10 s.
    await expect.poll(() => chart.locator(".export-status").textContent(), {timeout: 10_000}).toBe("Copied as PNG.");
    const copied = await page.evaluate(`navigator.clipboard.read().then(async (items) => {
      const blob = await items[0].getType("image/png");
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return {types: items[0].types, signature: String.fromCharCode(...bytes.slice(1, 4))};
    })`);
    expect(copied).toEqual({types: ["image/png"], signature: "PNG"});
    await context.close();
  });
});

describe("presenter view", () => {
  it("draws the chart at the slide's size beside the lab's key figures and playback, takes the playback keys, and Esc puts everything back", async () => {
    const {page, context} = await openLesson();
    const chart = page.locator(".exportable-chart[data-chart='attempt swimlane']");
    await chart.getByRole("button", {name: /^Present/}).click();
    const dialog = page.getByRole("dialog", {name: "Presenting: Webhook attempts per update"});
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = (await dialog.locator(".deck-frame").boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
    await expect.poll(() => dialog.locator(".deck-chart svg").count()).toBeGreaterThan(0);
    expect(await dialog.locator(".deck-figures .summary-figure").count()).toBeGreaterThan(3);
    const position = dialog.locator(".playback").getByText(/ decisions$/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => position.textContent()).toMatch(/· 1\//);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => position.textContent()).toMatch(/· 2\//);
    await page.keyboard.press("Home");
    await expect.poll(() => position.textContent()).toMatch(/· 0\//);
    await page.keyboard.press(" ");
    await expect.poll(() => dialog.locator(".playback-play").getAttribute("aria-label")).toBe("Pause");
    await page.keyboard.press(" ");
    await expect.poll(() => dialog.locator(".playback-play").getAttribute("aria-label")).toBe("Play");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog.presenter").count()).toBe(0);
    expect(await page.locator(".lab .lab-stage .playback").count()).toBe(1);
    expect(await page.locator(".lab .lab-figures .summary-figure").count()).toBeGreaterThan(3);
    await context.close();
  });
});

describe("permalinks", () => {
  it("a link restores the inputs, and changing an input rewrites the link", async () => {
    const {page, context} = await openLesson("?ignoreSeenEventIds=false&maxAttemptsPerUpdate=2");
    expect(await page.getByLabel("Receiver ignores seen event ids").first().isChecked()).toBe(false);
    expect(await page.locator("input[type=number][id$=maxAttemptsPerUpdate]").inputValue()).toBe("2");
    await page.getByLabel("Receiver ignores seen event ids").first().click();
    await expect.poll(() => new URL(page.url()).search).toBe("?maxAttemptsPerUpdate=2");
    await context.close();
  });

  it("a bad value is reported by name and the input falls back to its default", async () => {
    const {page, context, problems} = await openLesson(
      "?maxAttemptsPerUpdate=99&bogus=%3Cb%3Ex%3C%2Fb%3E&credential=admin"
    );
    const notice = page.locator(".permalink-notices");
    await expect.poll(() => notice.count()).toBe(1);
    const text = await notice.textContent();
    expect(text).toContain("maxAttemptsPerUpdate=99");
    expect(text).toContain("credential=admin");
    expect(text).toContain("bogus=<b>x</b>");
    expect(await notice.locator("b").count()).toBe(0);
    expect(await page.locator("input[type=number][id$=maxAttemptsPerUpdate]").inputValue()).toBe("4");
    expect(problems.pageErrors).toEqual([]);
    await context.close();
  });
});

describe("emitted updates", () => {
  const figure = (page: Page, label: string | RegExp) =>
    page.locator(".summary-figure", {hasText: label}).locator(".figure-value");

  it("an edited list runs, goes into the link and comes back from it", async () => {
    const {page, context, problems} = await openLesson();
    const updates = page.getByLabel("Emitted updates");
    // Two updates with one event id: deduplication applies the second never.
    await updates.fill("2 same 1 working\n12 same 2 completed");
    await updates.blur();
    await expect.poll(() => page.locator(".update-table tbody tr").count()).toBe(2);
    // One effect: the label says so in the singular ("1 effect applied").
    await expect.poll(() => figure(page, /^\S+\s*effects? applied$/).textContent()).toBe("1");
    expect(
      await page
        .locator(".summary-figure", {hasText: /effects? applied/})
        .locator(".figure-label")
        .textContent()
    ).toBe("effect applied");
    // The link is written shortly after the input (debounced), so poll.
    await expect
      .poll(() => new URL(page.url()).searchParams.get("updates"))
      .toBe("2 same 1 working\n12 same 2 completed");
    // Without deduplication every delivery applies: each update's first 2xx is lost, so each is sent twice.
    await page.getByLabel("Receiver ignores seen event ids").first().click();
    await expect.poll(() => figure(page, "effects applied").textContent()).toBe("4");
    await expect.poll(() => new URL(page.url()).searchParams.get("ignoreSeenEventIds")).toBe("false");
    const link = page.url();
    await context.close();
    const reopened = await site.open(link.slice(link.indexOf(LESSON)));
    expect(await reopened.page.getByLabel("Emitted updates").inputValue()).toBe(
      "2 same 1 working\n12 same 2 completed"
    );
    await expect.poll(() => reopened.page.locator(".update-table tbody tr").count()).toBe(2);
    expect(problems.pageErrors).toEqual([]);
    await reopened.context.close();
  });

  it("a list it cannot read is reported, as text, and the run keeps the four baseline updates", async () => {
    const {page, context, problems} = await openLesson();
    const updates = page.getByLabel("Emitted updates");
    await updates.fill("2 evt-1 1 submitted\n12 <b>evt</b> 2 finished");
    await updates.blur();
    const notice = page.locator(".permalink-notices[role=alert]");
    await expect
      .poll(() => notice.textContent())
      .toContain('Update 2 ("12 <b>evt</b> 2 finished"): the task state "finished" must be one of');
    expect(await notice.locator("b").count()).toBe(0);
    expect(await notice.textContent()).toContain("; using the 4 baseline updates.");
    expect(await page.locator(".update-table tbody tr").count()).toBe(4);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("the A2A version (issue #13)", () => {
  it("registers the push config with lesson 2's gates in either version, and the teaching sender's body follows", async () => {
    const {page, context, problems} = await openLesson();
    const registration = page.locator(".push-config-registration");
    await expect
      .poll(() => registration.locator(".registration-method").textContent())
      .toBe("tasks/pushNotificationConfig/set");
    // Lesson 2's checker loads only when asked for; from then on every change is checked.
    await registration.getByRole("button", {name: "Check it with lesson 2's six gates"}).click();
    await expect
      .poll(() => registration.locator(".registration-gates").textContent())
      .toContain("✓ Parse · ✓ Envelope · ✓ Method · ✓ Params · ✓ Parts · ✓ Handler");
    expect(await page.locator(".attempt-inspector pre").nth(1).textContent()).toContain('"kind": "status-update"');
    await page.locator('select[id$="-version"]').selectOption("1.0");
    await expect.poll(() => new URL(page.url()).search).toBe("?version=1.0");
    await expect
      .poll(() => registration.locator(".registration-method").textContent())
      .toBe("CreateTaskPushNotificationConfig");
    await expect.poll(() => registration.locator(".verdict-good").textContent()).toContain("Stored as lab-config-1");
    await expect.poll(() => page.locator(".attempt-inspector pre").nth(1).textContent()).toContain('"statusUpdate"');
    expect(await page.locator(".attempt-inspector").textContent()).toContain("A2A 1.0 StreamResponse");
    expect(problems).toEqual({consoleErrors: [], pageErrors: [], failedRequests: [], otherOrigins: []});
    await context.close();
  });
});
