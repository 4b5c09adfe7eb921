/**
 * Lesson 1's live lab under a reader's own sender (issue #38, D5/D6): a real receiver (npm run
 * receiver) on loopback, the built page connected to it, and 2,000 pushes of 2,000 updates sent
 * into it, 10 at a time. The page's main thread is watched with a PerformanceObserver ("longtask":
 * every task over 50 ms), with the model drawn beside the real run and with "none: my sender only".
 * Prints figures, never fails on timing.
 * Alone: `flock /tmp/browser.lock npx tsx bench/live-page.ts`.
 */
import {spawn} from "node:child_process";
import type {Browser} from "playwright-core";

const PUSHES = 2_000;
const AT_ONCE = 10;
const CREDENTIALS = "bench-live-page-credentials";

/** A receiver in its own process, on a free port; its URL once it has printed its banner. */
async function startReceiver(courseOrigin: string): Promise<{url: string; stop(): void}> {
  // The receiver answers only the course's origins: the bench serves the site on a port of its own.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "receiver/main.ts", "--port", "0", "--credentials", CREDENTIALS, "--origin", courseOrigin],
    {stdio: ["ignore", "pipe", "inherit"]}
  );
  const url = await new Promise<string>((resolve, reject) => {
    let printed = "";
    child.stdout.on("data", (chunk) => {
      printed += String(chunk);
      const found = /push notification URL\s+(http:\/\/127\.0\.0\.1:\d+)\/hook/.exec(printed);
      if (found) resolve(found[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the receiver exited (${code}) before printing its URL`)));
  });
  child.stdout.resume();
  return {url, stop: () => void child.kill()};
}

/** 2,000 distinct updates of one task (each its own body, so its own update), AT_ONCE in flight. */
async function flood(url: string): Promise<void> {
  let next = 0;
  const one = async () => {
    while (next < PUSHES) {
      const k = next++;
      const body = JSON.stringify({
        kind: "status-update",
        taskId: "task-bench",
        contextId: "c",
        status: {state: "working", timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, k)).toISOString()},
        final: false
      });
      await fetch(`${url}/hook`, {
        method: "POST",
        headers: {"content-type": "application/json", authorization: `Bearer ${CREDENTIALS}`},
        body
      }).then((response) => response.arrayBuffer());
    }
  };
  await Promise.all(Array.from({length: AT_ONCE}, one));
}

interface LongTasks {
  count: number;
  maxMs: number;
  totalMs: number;
}

async function measure(
  browser: Browser,
  siteUrl: string,
  model: string
): Promise<{tasks: LongTasks; seconds: number; drawn: string}> {
  const receiver = await startReceiver(new URL(siteUrl).origin);
  const page = await browser.newPage({viewport: {width: 1280, height: 900}});
  try {
    await page.goto(`${siteUrl}push-delivery`);
    await page.getByLabel("Sender in the model", {exact: true}).selectOption(model);
    await page.getByLabel("Receiver port", {exact: true}).fill(new URL(receiver.url).port);
    await page.locator(".live-connect").click();
    await page.waitForFunction("document.querySelector('.live-receiver-line') !== null");
    await page.evaluate(
      "window.__long = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__long.push(entry.duration); }).observe({type: 'longtask'})"
    );
    const started = performance.now();
    await flood(receiver.url);
    // The page has drawn the last push when its line counts them all (the feed keeps 1,000).
    await page.waitForFunction(
      `/(1,?000|${PUSHES}) attempts in this run/.test(document.querySelector('.live-receiver-line')?.textContent ?? '')`,
      undefined,
      {timeout: 120_000}
    );
    await page.waitForTimeout(500);
    const seconds = (performance.now() - started) / 1000;
    const durations = (await page.evaluate("window.__long")) as number[];
    const drawn =
      (await page
        .locator(".live-window-note")
        .textContent()
        .catch(() => null)) ?? "(no window note)";
    return {
      tasks: {
        count: durations.length,
        maxMs: Math.max(0, ...durations),
        totalMs: durations.reduce((sum, ms) => sum + ms, 0)
      },
      seconds,
      drawn
    };
  } finally {
    await page.close();
    receiver.stop();
  }
}

export async function livePageBench(
  browser: Browser,
  siteUrl: string,
  print: (line: string) => void = console.log
): Promise<void> {
  for (const [label, model] of [
    ["model a2a-js beside the real run", "a2a-js"],
    ["none: my sender only", "none"]
  ] as const) {
    const {tasks, seconds, drawn} = await measure(browser, siteUrl, model);
    print(
      `${PUSHES.toLocaleString("en-US")} pushes, ${label}: ${seconds.toFixed(1)} s; tasks over 50 ms: ${tasks.count} (longest ${tasks.maxMs.toFixed(0)} ms, ${tasks.totalMs.toFixed(0)} ms in all). ${drawn}`
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {launchBrowser, serveSite} = await import("../test/browser/browser.js");
  const server = await serveSite();
  const browser = await launchBrowser();
  try {
    await livePageBench(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
  }
}
