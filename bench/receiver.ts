/**
 * The live receiver (receiver/, lib/live) under load on loopback, driven by autocannon. The
 * receiver runs in a child process (bench/receiver-process.ts) so its memory is measured alone.
 *   burst: 10,000 Standard-Webhooks-signed pushes, each with its own webhook-id; requests/s,
 *          latency p50/p99, and whether every one was answered, recorded and applied
 *   soak:  100,000 more into a fresh receiver; its memory (after a forced GC) before and after,
 *          and what it kept, dropped and evicted (keep 1,000 attempts, 10,000 replay records)
 * Prints figures, never fails on timing; a lost or unrecorded request sets process.exitCode = 1.
 * Alone: `flock /tmp/browser.lock npx tsx bench/receiver.ts` (about five minutes on the 2-core VM: the
 * soak runs at a few hundred requests/s, because lib's replay record, an immutable store, copies its
 * Map of up to 12,500 records on every insert, about 1.5 ms each, one decision at a time).
 */
import {fork, type ChildProcess} from "node:child_process";
import {createHmac, randomBytes} from "node:crypto";
import {fileURLToPath} from "node:url";
import autocannon from "autocannon";
import {signStandardWebhook, verifyStandardWebhook} from "../lib/webhook-auth/index.js";

const BURST = 10_000;
const SOAK = 100_000;
const CONNECTIONS = 100;
const TASK = "task-1";
const BODY = JSON.stringify({statusUpdate: {taskId: TASK, contextId: "c", status: {state: "TASK_STATE_WORKING"}}});

interface Report {
  type: "report";
  status: {kept: number; dropped: number; total: number; evictedReplayRecords: number; replayRecords: number};
  decisions: Record<string, number>;
  heapUsed: number;
  rss: number;
}

interface SignedPush {
  headers: Record<string, string>;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * The `i`th push of a run: its own webhook-id, signed v1 with node:crypto (the bench is a client)
 * when autocannon builds it, so its timestamp is now however long the run takes (5 minutes' tolerance).
 */
function signPush(key: Buffer, prefix: string, i: number): SignedPush {
  const id = `msg_${prefix}_${i}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${BODY}`).digest("base64");
  return {
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": `v1,${signature}`
    }
  };
}

/** The client's signatures and lib's agree: a sample is verified by lib's verifier, and signed again by lib's signer. */
async function checkAgainstLib(secret: string, key: Buffer): Promise<number> {
  const sample = Array.from({length: 100}, (_, i) => signPush(key, "sample", i * 1_009));
  let disagree = 0;
  for (const push of sample) {
    const verified = await verifyStandardWebhook({
      secret,
      headers: push.headers,
      payload: BODY,
      nowSeconds: Math.floor(Date.now() / 1000)
    });
    const signed = await signStandardWebhook({
      secret,
      msgId: push.headers["webhook-id"]!,
      timestamp: Number(push.headers["webhook-timestamp"]),
      payload: BODY
    });
    if (!verified.ok || signed.signature !== push.headers["webhook-signature"]) disagree++;
  }
  return disagree === 0 ? sample.length : -disagree;
}

async function startChild(secret: string): Promise<{url: string; report(): Promise<Report>; stop(): Promise<void>}> {
  const child: ChildProcess = fork(fileURLToPath(new URL("./receiver-process.ts", import.meta.url)), [secret], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: {type: string}) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`the receiver process exited (${code}) before "${type}"`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const {url} = await next<{url: string}>("ready");
  return {
    url,
    report: () => {
      const answer = next<Report>("report");
      child.send({type: "report"});
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send({type: "stop"});
      })
  };
}

/** Drives `howMany` requests at the hook, pushes `from` to `from + howMany - 1`, each once. */
function drive(url: string, key: Buffer, prefix: string, from: number, howMany: number): Promise<autocannon.Result> {
  let next = from;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/hook`,
        connections: CONNECTIONS,
        amount: howMany,
        timeout: 30,
        requests: [
          {
            method: "POST",
            // autocannon asks exactly `amount` times (each connection's first request is built up front).
            setupRequest: (request) => ({
              ...request,
              method: "POST",
              path: "/hook",
              headers: signPush(key, prefix, next++).headers,
              body: BODY
            })
          }
        ]
      },
      (error, result) => (error ? reject(error) : resolve(result))
    );
  });
}

function printRun(name: string, howMany: number, result: autocannon.Result, before: Report, after: Report): boolean {
  const total = after.status.total - before.status.total;
  const applied = (after.decisions.applied ?? 0) - (before.decisions.applied ?? 0);
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  console.log(
    `${name}: ${count(howMany)} signed pushes over ${CONNECTIONS} connections in ${result.duration.toFixed(1)} s: ${count(Math.round(result.requests.average))} requests/s mean, ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (max ${result.latency.max} ms)`
  );
  const others = Object.entries(after.decisions).filter(
    ([decision, n]) => decision !== "applied" && n !== (before.decisions[decision] ?? 0)
  );
  console.log(
    `${name}: answered ${count(answered)} (non-2xx ${count(result.non2xx)}), errors ${result.errors}, timeouts ${result.timeouts}; ` +
      `the receiver recorded ${count(total)} attempts, ${count(applied)} applied${others.length ? `, ${others.map(([decision, n]) => `${decision} ${n - (before.decisions[decision] ?? 0)}`).join(", ")}` : ""}`
  );
  const whole =
    answered === howMany &&
    result.non2xx === 0 &&
    result.errors === 0 &&
    result.timeouts === 0 &&
    total === howMany &&
    applied === howMany;
  console.log(
    whole
      ? `${name}: every one answered 2xx, recorded and applied; none lost`
      : `${name}: LOST OR UNRECORDED REQUESTS: sent ${count(howMany)}, answered ${count(answered)}, recorded ${count(total)}, applied ${count(applied)}`
  );
  return whole;
}

export async function receiverBench(): Promise<boolean> {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  let whole = true;

  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const agreed = await checkAgainstLib(secret, key);
  console.log(
    agreed > 0
      ? `signatures: ${agreed} of the client's, sampled, verified by lib's verifyStandardWebhook and equal to lib's signStandardWebhook`
      : `signatures: ${-agreed} SAMPLED SIGNATURES DISAGREE WITH LIB`
  );
  whole &&= agreed > 0;

  const burst = await startChild(secret);
  try {
    const before = await burst.report();
    const result = await drive(burst.url, key, "burst", 0, BURST);
    whole = printRun("burst", BURST, result, before, await burst.report()) && whole;
  } finally {
    await burst.stop();
  }

  const soak = await startChild(secret);
  try {
    // In two halves, so the memory is read halfway too: bounded means the second half adds nothing.
    const before = await soak.report();
    const first = await drive(soak.url, key, "soak", 0, SOAK / 2);
    const half = await soak.report();
    whole = printRun("soak, first half", SOAK / 2, first, before, half) && whole;
    const second = await drive(soak.url, key, "soak", SOAK / 2, SOAK / 2);
    const after = await soak.report();
    whole = printRun("soak, second half", SOAK / 2, second, half, after) && whole;
    console.log(
      `soak: receiver memory after a forced GC: heapUsed ${mb(before.heapUsed)} before, ${mb(half.heapUsed)} after 50,000, ${mb(after.heapUsed)} after 100,000; rss ${mb(before.rss)}, ${mb(half.rss)}, ${mb(after.rss)}`
    );
    const {kept, dropped, total, replayRecords, evictedReplayRecords} = after.status;
    console.log(
      `soak: attempts kept ${count(kept)}, dropped ${count(dropped)}, total ${count(total)}; replay records ${count(replayRecords)}, evicted ${count(evictedReplayRecords)}`
    );
  } finally {
    await soak.stop();
  }
  if (!whole) process.exitCode = 1;
  return whole;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("## The live receiver under load (autocannon on loopback, Standard Webhooks v1)");
  await receiverBench();
}
