/**
 * `npm run serve` stopped by its PID (SIGTERM, as `kill <pid>` sends) or Ctrl-C (SIGINT) stops
 * serving: the port is free afterwards and no process it started is left behind (issue #23: a
 * child kept listening on :3000). Waits for conditions, never for a fixed time.
 */
import {spawn} from "node:child_process";
import {existsSync, readFileSync} from "node:fs";
import {createServer, connect} from "node:net";
import {describe, expect, it, vi} from "vitest";

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({port, host: "127.0.0.1"});
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Every process under `pid` (Linux /proc), deepest last. */
function descendants(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  const children = readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether the process still runs (a zombie waiting for its parent to reap it has stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

const WAIT = {timeout: 15_000, interval: 50};

describe.runIf(process.platform === "linux")("npm run serve", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops on %s sent to its PID, leaving the port free and no child running",
    async (signal) => {
      const port = await freePort();
      const npm = spawn("npm", ["run", "--silent", "serve"], {
        env: {...process.env, PORT: String(port)},
        stdio: ["ignore", "pipe", "pipe"]
      });
      let output = "";
      npm.stdout.on("data", (chunk) => (output += chunk));
      npm.stderr.on("data", (chunk) => (output += chunk));
      let exited = false;
      npm.once("exit", () => (exited = true));
      let started: number[] = [];
      try {
        await vi.waitFor(async () => expect(await listening(port), output).toBe(true), WAIT);
        started = descendants(npm.pid!);
        expect(started.length).toBeGreaterThan(0);
        npm.kill(signal);
        await vi.waitFor(() => expect(exited, "npm run serve exited").toBe(true), WAIT);
        await vi.waitFor(async () => expect(await listening(port), `port ${port} after ${signal}`).toBe(false), WAIT);
        await vi.waitFor(() => expect(started.filter(running), "processes npm run serve started").toEqual([]), WAIT);
      } finally {
        // Whatever the outcome, nothing of this test keeps running.
        for (const pid of new Set([...started, ...descendants(npm.pid!), npm.pid!].reverse())) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // already gone
          }
        }
      }
    },
    90_000
  );
});
