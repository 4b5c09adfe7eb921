/**
 * The live receiver in a process of its own, for bench/receiver.ts: started with
 * `node --import tsx --expose-gc bench/receiver-process.ts <whsec_secret>` and an IPC channel, so
 * the memory it reports is the receiver's, not the load generator's. It counts every settled
 * attempt by decision (what `--record` would write, one line each) and answers on the channel:
 *   → {type: "ready", url}                       once listening
 *   ← {type: "report"}  → {type: "report", ...}  status(), decisions counted, memory after a forced GC
 *   ← {type: "stop"}                              closes the receiver and exits
 */
import {startReceiver} from "../receiver/server.js";

const secret = process.argv[2];
if (!secret || !process.send)
  throw new Error(
    "usage: node --import tsx --expose-gc bench/receiver-process.ts <whsec_secret> (with an IPC channel)"
  );
const gc = (globalThis as {gc?: () => void}).gc;
if (!gc) throw new Error("run with --expose-gc: the memory figures are taken after a forced GC");

const decisions: Record<string, number> = {};
const running = await startReceiver({
  port: 0,
  settings: {auth: {scheme: "standard-webhooks", secrets: [secret]}, expectedTaskIds: ["task-1"]},
  origins: [],
  authSummary: "Standard Webhooks v1 signatures",
  onAttempt: (attempt) => {
    decisions[attempt.decision] = (decisions[attempt.decision] ?? 0) + 1;
  }
});

process.on("message", (message: {type: string}) => {
  if (message.type === "report") {
    // Twice: the second collects what the first's finalisers released.
    gc();
    gc();
    const memory = process.memoryUsage();
    process.send!({
      type: "report",
      status: running.receiver.status(),
      decisions,
      heapUsed: memory.heapUsed,
      rss: memory.rss
    });
  } else if (message.type === "stop") {
    void running.close().then(() => process.exit(0));
  }
});
process.send({type: "ready", url: running.url});
