/**
 * Lesson 1's live lab against a real receiver and a real agent: the live receiver started in this
 * process (receiver/server.ts) for the test site's origin, the demo agent (@a2a-js/sdk's own
 * sender) pushing to it, and the built page connected only when the test presses Connect. Also
 * lesson 4's view of the same receiver, an unreachable port, and a hostile push drawn as text.
 */
import {createServer as httpServer} from "node:http";
import {createServer} from "node:net";
import type {Page} from "playwright-core";
import {afterEach, describe, expect, it} from "vitest";
import {runDemoAgent} from "../../demo-agent/agent.js";
import {startReceiver, type RunningReceiver} from "../../receiver/server.js";
import {seriousAccessibilityViolations, useBuiltSite, type WatchedPage} from "./browser.js";

const CREDENTIALS = "x";
const MS_PER_SECOND = 100;
const site = useBuiltSite();
let receiver: RunningReceiver | null = null;

afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

async function startTestReceiver(): Promise<RunningReceiver> {
  receiver = await startReceiver({
    port: 0,
    origins: [site.server.origin],
    msPerSecond: MS_PER_SECOND,
    authSummary: "Authorization: Bearer <credentials>",
    settings: {
      auth: {scheme: "authentication-info", authentication: {scheme: "Bearer", credentials: CREDENTIALS}},
      expectedTaskIds: []
    }
  });
  return receiver;
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as {port: number}).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Requests the page made to the receiver's port. */
function receiverRequests(watched: WatchedPage, port: number): string[] {
  const seen: string[] = [];
  watched.page.on("request", (request) => {
    if (request.url().startsWith(`http://127.0.0.1:${port}`)) seen.push(request.url());
  });
  return seen;
}

async function connect(page: Page, port: number): Promise<void> {
  const lab = page
    .locator("section.lab[aria-label='Live lab'], section.lab[aria-label='Live receiver checks']")
    .first();
  const box = lab.locator("input[id$='-liveReceiverPort']");
  await box.fill(String(port));
  await box.press("Tab");
  await lab.locator("button.live-connect").click();
}

function expectNoErrors(watched: WatchedPage, what: string): void {
  expect({what, console: watched.problems.consoleErrors, page: watched.problems.pageErrors}).toEqual({
    what,
    console: [],
    page: []
  });
}

const swimlane = (page: Page, role: "pinned" | "current") =>
  page.locator(`.exportable-chart[data-chart='live attempt swimlane'] .compared-${role}`);

describe("lesson 1's live lab", () => {
  it("connects only when asked, applies a 5 s outage, and draws the demo agent's run beside the model: they match", async () => {
    const target = await startTestReceiver();
    const watched = await site.open("push-delivery");
    const {page} = watched;
    const asked = receiverRequests(watched, target.port);
    await page.locator("section.lab[aria-label='Live lab']").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(".live-connection-status").first().textContent()).toContain("Not connected");
    expect(asked, "nothing is asked of the receiver before Connect").toEqual([]);

    await connect(page, target.port);
    await expect
      .poll(() => page.locator(".live-connection-status").first().textContent())
      .toBe(`Connected to ${target.url}.`);
    await expect.poll(() => page.locator(".live-receiver-line").textContent()).toContain(target.hookUrl);
    // A 5 s outage: the a2a-js preset predicts U1 (at 2 s) refused with 503 and never retried, U2-U4 applied.
    const outage = page.locator("input[type=number][id$='-liveOutageSeconds']");
    await outage.fill("5");
    await page.locator("button.live-apply-faults").click();
    await expect.poll(() => page.locator(".live-apply-result").textContent()).toContain("Applied");
    await expect
      .poll(() => page.locator(".live-receiver-line").textContent())
      .toContain("503 for the first 5 s of a run");
    expectNoErrors(watched, "connected, faults applied");

    await runDemoAgent({receiverUrl: target.hookUrl, credentials: CREDENTIALS, msPerSecond: MS_PER_SECOND});
    await expect.poll(() => swimlane(page, "current").locator(".attempt-bars path").count(), {timeout: 20_000}).toBe(4);
    expect(await swimlane(page, "pinned").locator(".attempt-bars path").count()).toBe(4);
    expect(
      await page.locator(".exportable-chart[data-chart='live attempt swimlane'] .compared-name").allTextContents()
    ).toEqual(["model (a2a-js preset)", "real (your receiver)"]);
    await expect
      .poll(() => page.locator(".live-differences").textContent())
      .toContain("none: the real run matches the model");
    // U1's only attempt: 503 in the model and at the receiver.
    for (const role of ["pinned", "current"] as const) {
      const titles = await swimlane(page, role).locator(".attempt-bars path title").allTextContents();
      expect(
        titles.filter((title) => title.includes("(503)")),
        role
      ).toHaveLength(1);
    }
    const rows = page.locator(".live-attempt-table tbody tr");
    expect(await rows.count()).toBe(4);
    // Newest first: the last row is U1, refused by the outage.
    expect(await rows.last().locator("td").nth(4).textContent()).toBe("unavailable");
    expect(await rows.last().locator("td").nth(5).textContent()).toBe("503");
    expect(await page.locator(".live-status-counts").textContent()).toMatch(/keeps 4 of 4 attempts \(0 dropped\)/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectNoErrors(watched, "after the demo agent's run");

    // The teaching sender retries U1, which the SDK does not: the model now expects what never came.
    await page.locator("select[id$='-liveModelSender']").selectOption("teaching");
    await expect.poll(() => page.locator(".live-differences li").count()).toBeGreaterThan(0);
    expect(await page.locator(".live-differences").textContent()).toMatch(/the model expected a retry of U1/);

    await page.locator("button.live-disconnect").click();
    await expect
      .poll(() => page.locator(".live-connection-status").first().textContent())
      .toBe(`Disconnected from ${target.url}.`);
    expectNoErrors(watched, "disconnected");

    // Faults set elsewhere (its flags, another page) are the receiver's: connecting shows them in the inputs.
    target.receiver.setFaults({outageSeconds: 12, lostAck: "hold", slowResponseSeconds: 0, refuseWith: 404});
    await page.locator("button.live-connect").click();
    await expect.poll(() => outage.inputValue()).toBe("12");
    expect(await page.locator("select[id$='-liveLostAck']").inputValue()).toBe("hold");
    expect(await page.locator("select[id$='-liveRefuseWith']").inputValue()).toBe("404");
    expectNoErrors(watched, "reconnected to a receiver with faults of its own");
  });

  it("names a receiver that redirects (following none), answers 500 on its stream, or never says hello", async () => {
    const elsewhere: string[] = [];
    const other = httpServer((request, response) => {
      elsewhere.push(request.url ?? "");
      response.end();
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherPort = (other.address() as {port: number}).port;
    let mode: "redirect" | "500" | "silent" = "redirect";
    const fake = httpServer((request, response) => {
      const cors = {"access-control-allow-origin": site.server.origin};
      if (mode === "redirect")
        return void response.writeHead(307, {...cors, location: `http://127.0.0.1:${otherPort}${request.url}`}).end();
      if (request.url === "/")
        return void response.writeHead(200, {...cors, "content-type": "application/json"}).end("{}");
      if (mode === "500") return void response.writeHead(500, cors).end();
      response.writeHead(200, {...cors, "content-type": "text/event-stream"});
      response.write(": a stream that never says hello\n\n");
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as {port: number}).port;
    try {
      const watched = await site.open("push-delivery");
      const {page} = watched;
      const status = page.locator(".live-connection-status").first();
      await connect(page, port);
      await expect.poll(() => status.textContent()).toContain("answered with a redirect (the page follows none)");
      expect(elsewhere).toEqual([]);
      mode = "500";
      await page.locator("button.live-connect").first().click();
      await expect.poll(() => status.textContent()).toContain("answered HTTP 500");
      mode = "silent";
      await page.locator("button.live-connect").first().click();
      await expect.poll(() => status.textContent(), {timeout: 15_000}).toContain("said nothing in 5 s");
      expect(await page.locator("button.live-connect").first().isEnabled()).toBe(true);
      expect(watched.problems.pageErrors).toEqual([]);
      // Chromium logs a failed load itself (a network message, not the page's): the page logs nothing of its own.
      const network = (message: string) => /Failed to load resource|net::ERR_/.test(message);
      expect(watched.problems.consoleErrors.filter((message) => !network(message))).toEqual([]);
      watched.problems.consoleErrors.splice(0, watched.problems.consoleErrors.length);
      expect(elsewhere).toEqual([]);
    } finally {
      fake.closeAllConnections();
      other.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("says no receiver answered at an unreachable port, and how to start one", async () => {
    const port = await closedPort();
    const watched = await site.open("push-delivery");
    const {page} = watched;
    await connect(page, port);
    const status = page.locator(".live-connection-status").first();
    await expect.poll(() => status.textContent()).toContain(`No receiver answered at http://127.0.0.1:${port}`);
    expect(await status.textContent()).toContain("npm run receiver");
    expect(await page.locator("button.live-connect").isEnabled()).toBe(true);
    expect(watched.problems.pageErrors).toEqual([]);
    // Chromium itself logs the refused connection (a network error, not the page's): the page logs nothing of its own.
    const refused = (message: string) => /net::ERR_CONNECTION_REFUSED/.test(message);
    expect(watched.problems.consoleErrors.filter((message) => !refused(message))).toEqual([]);
    watched.problems.consoleErrors.splice(
      0,
      watched.problems.consoleErrors.length,
      ...watched.problems.consoleErrors.filter((message) => !refused(message))
    );

    await page.locator("input[id$='-liveReceiverPort']").fill("99999");
    await page.locator("input[id$='-liveReceiverPort']").press("Tab");
    await page.locator("button.live-connect").click();
    await expect.poll(() => status.textContent()).toContain("the port must be a whole number from 1 to 65535");
  });

  it("draws a push whose headers and body hold markup as text, and lesson 4 lists its checks", async () => {
    const target = await startTestReceiver();
    for (const path of ["push-delivery", "webhook-authentication"]) {
      const watched = await site.open(path);
      const {page} = watched;
      await connect(page, target.port);
      await expect.poll(() => page.locator(".live-receiver-line").first().textContent()).toContain(target.hookUrl);
      const markup = "<img src=x onerror=window.__pwned=1>";
      const response = await fetch(target.hookUrl, {
        method: "POST",
        headers: {"Content-Type": "application/json", Authorization: `Bearer ${CREDENTIALS}`, "X-Note": markup},
        // Markup where the page draws it: the task, the update key (the lesson's event id) and the state.
        body: JSON.stringify({
          statusUpdate: {
            taskId: markup,
            contextId: "c",
            status: {state: markup},
            metadata: {"a2a-workbench/teaching": {eventId: markup, sequence: 1}}
          }
        })
      });
      expect(response.status).toBeLessThan(500);
      const views = page.locator(".live-lab-view, .live-details");
      await expect.poll(() => views.allTextContents().then((texts) => texts.join(" "))).toContain(`event:${markup}`);
      expect(await views.allTextContents().then((texts) => texts.join(" "))).toContain(markup);
      expect(await views.locator("img").count()).toBe(0);
      expect(await page.evaluate("window.__pwned")).toBeUndefined();
      if (path === "webhook-authentication") {
        const checks = page.locator(".live-check-attempt").first();
        expect(await checks.locator(".live-check").count()).toBeGreaterThan(0);
        expect(await checks.textContent()).toContain("from teaching-metadata");
      }
      expectNoErrors(watched, path);
    }
  });
});
