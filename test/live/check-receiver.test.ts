/**
 * npm run check-receiver against the reference receivers, on loopback, run as a reader runs it (a
 * separate process, its JSON report read back): the correct receiver passes every check with exit
 * 0, and each flawed one fails the check named for its flaw with exit 1, under bearer and Standard
 * Webhooks with the effects contract. Without --effects-url the effect checks say "not observable".
 */
import {spawn} from "node:child_process";
import {mkdtempSync, readFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {createServer} from "node:net";
import {
  REFERENCE_FLAWS,
  REFERENCE_JWT_FLAWS,
  startReferenceReceiver,
  type ReferenceAuth,
  type ReferenceFlaw,
  type ReferenceReceiver
} from "../../check-receiver/reference-receiver.js";
import type {ReceiverCheckReport} from "../../lib/receiver-check/index.js";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const TASK = "task-check-1";
const PROFILES: Record<"bearer" | "standard-webhooks", {auth: ReferenceAuth; flags: string[]}> = {
  bearer: {
    auth: {kind: "bearer", credentials: "s3cret-bearer"},
    flags: ["--auth", "bearer", "--credentials", "s3cret-bearer"]
  },
  "standard-webhooks": {
    auth: {kind: "standard-webhooks", secret: SECRET},
    flags: ["--auth", "standard-webhooks", "--secret", SECRET]
  }
};
/** The check each flaw is named for. */
const FAILS_ON: Record<ReferenceFlaw, string> = {
  "conflict-on-duplicate": "duplicate-answer-2xx",
  "no-dedup": "duplicate-applied-once",
  "check-then-insert": "duplicate-concurrent",
  "any-task": "task-unknown",
  "effect-before-auth": "auth-wrong-credential",
  "older-after-newer": "order-older-after-newer",
  "stale-timestamps": "signature-stale-timestamp",
  "jti-as-update-key": "duplicate-applied-once",
  "no-jti-record": "jwt-replayed-jti",
  "no-kid-refetch": "jwt-unknown-kid-refetch",
  "any-audience": "jwt-wrong-audience",
  "expired-accepted": "jwt-expired",
  "alg-none-accepted": "jwt-alg-none"
};

let receiver: ReferenceReceiver | null = null;
afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

/** Runs the command as a reader does; its exit code, what it printed, and its JSON report. */
function checkReceiver(
  args: readonly string[]
): Promise<{code: number | null; out: string; err: string; report: ReceiverCheckReport | null}> {
  const json = join(mkdtempSync(join(tmpdir(), "check-receiver-")), "report.json");
  const child = spawn(process.execPath, ["--import", "tsx", "check-receiver/main.ts", ...args, "--json", json], {
    stdio: ["ignore", "pipe", "pipe"]
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      let report: ReceiverCheckReport | null = null;
      try {
        report = JSON.parse(readFileSync(json, "utf8")) as ReceiverCheckReport;
      } catch {
        report = null;
      }
      resolve({code, out, err, report});
    })
  );
}

const failing = (report: ReceiverCheckReport | null) =>
  report?.checks.filter((check) => check.verdict === "fail").map((check) => check.id) ?? [];

describe.each(Object.entries(PROFILES))("check-receiver, %s", (name, {auth, flags}) => {
  it("the correct reference receiver passes every check, exit 0", async () => {
    receiver = await startReferenceReceiver({auth, taskId: TASK});
    const run = await checkReceiver([
      "--target",
      receiver.url,
      "--effects-url",
      receiver.effectsUrl,
      "--task",
      TASK,
      "--a2a",
      "both",
      ...flags
    ]);
    expect(run.err).toBe("");
    expect(failing(run.report), run.out).toEqual([]);
    expect(run.report!.checks.every((check) => check.verdict === "pass")).toBe(true);
    expect(run.report!.checks.map((check) => check.id)).toEqual(
      expect.arrayContaining(["a2a-0.3-body", "a2a-1.0-body", "duplicate-concurrent"])
    );
    expect(run.report!.checks.length).toBe(name === "bearer" ? 11 : 14);
    expect(run.code).toBe(0);
    // The credential is never printed.
    expect(run.out).not.toContain(name === "bearer" ? "s3cret-bearer" : SECRET);
  });

  it.each(REFERENCE_FLAWS.filter((flaw) => name === "standard-webhooks" || flaw !== "stale-timestamps"))(
    "a receiver with the flaw %s fails its check, exit 1",
    async (flaw) => {
      receiver = await startReferenceReceiver({auth, taskId: TASK, flaw});
      const run = await checkReceiver([
        "--target",
        receiver.url,
        "--effects-url",
        receiver.effectsUrl,
        "--task",
        TASK,
        ...flags
      ]);
      expect(failing(run.report), run.out).toContain(FAILS_ON[flaw]);
      expect(run.code).toBe(1);
    }
  );
});

/** A port free on loopback now: the JWKS the check serves must be at a URL the receiver knows before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

describe("check-receiver, jwt", () => {
  const ISSUER = "https://agent.example";
  const AUDIENCE = "https://receiver.example/hook";
  /** The receiver's refetch cooldown, short so the rotation check waits a second, not thirty. */
  const COOLDOWN = 1;
  async function jwtRun(flaw?: ReferenceFlaw) {
    const port = await freePort();
    receiver = await startReferenceReceiver({
      auth: {
        kind: "jwt",
        issuer: ISSUER,
        audience: AUDIENCE,
        jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        cooldownSeconds: COOLDOWN
      },
      taskId: TASK,
      ...(flaw ? {flaw} : {})
    });
    return checkReceiver([
      "--target",
      receiver.url,
      "--effects-url",
      receiver.effectsUrl,
      "--task",
      TASK,
      "--auth",
      "jwt",
      "--issuer",
      ISSUER,
      "--audience",
      AUDIENCE,
      "--jwks-port",
      String(port),
      "--jwks-cooldown",
      String(COOLDOWN)
    ]);
  }

  it("the correct reference receiver passes every check, the JWT ones among them, and fetched the rotated key set", async () => {
    const run = await jwtRun();
    expect(failing(run.report), run.out).toEqual([]);
    const ids = run.report!.checks.map((check) => check.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "jwt-wrong-audience",
        "jwt-expired",
        "jwt-alg-none",
        "jwt-replayed-jti",
        "jwt-unknown-kid-refetch"
      ])
    );
    expect(ids).not.toContain("signature-tampered-body");
    expect(run.report!.checks.every((check) => check.verdict === "pass")).toBe(true);
    expect(run.report!.checks.find((check) => check.id === "jwt-unknown-kid-refetch")!.detail).toContain(
      "fetched the key set again"
    );
    expect(run.out).toContain("Serving the sender's JWKS at http://127.0.0.1:");
    expect(run.code).toBe(0);
  });

  it("run alone, the rotation check still catches a receiver that never fetches the key set again", async () => {
    const port = await freePort();
    receiver = await startReferenceReceiver({
      auth: {
        kind: "jwt",
        issuer: ISSUER,
        audience: AUDIENCE,
        jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        cooldownSeconds: COOLDOWN
      },
      taskId: TASK,
      flaw: "no-kid-refetch"
    });
    const run = await checkReceiver([
      "--target",
      receiver.url,
      "--effects-url",
      receiver.effectsUrl,
      "--task",
      TASK,
      "--auth",
      "jwt",
      "--issuer",
      ISSUER,
      "--audience",
      AUDIENCE,
      "--jwks-port",
      String(port),
      "--jwks-cooldown",
      String(COOLDOWN),
      "--only",
      "jwt-unknown-kid-refetch"
    ]);
    expect(failing(run.report), run.out).toEqual(["jwt-unknown-kid-refetch"]);
    expect(run.code).toBe(1);
  });

  it.each(REFERENCE_JWT_FLAWS)("a receiver with the flaw %s fails its check, exit 1", async (flaw) => {
    const run = await jwtRun(flaw);
    expect(failing(run.report), run.out).toContain(FAILS_ON[flaw]);
    expect(run.code).toBe(1);
  });
});

describe("check-receiver without the effects contract, and its flags", () => {
  it("says not observable for the effect checks, and fails none of a correct receiver", async () => {
    receiver = await startReferenceReceiver({auth: PROFILES.bearer.auth, taskId: TASK});
    const run = await checkReceiver(["--target", receiver.url, "--task", TASK, ...PROFILES.bearer.flags]);
    const verdicts = Object.fromEntries(run.report!.checks.map((check) => [check.id, check.verdict]));
    expect(verdicts["duplicate-applied-once"]).toBe("not-observable");
    expect(verdicts["duplicate-concurrent"]).toBe("not-observable");
    expect(verdicts["duplicate-answer-2xx"]).toBe("pass");
    expect(run.code).toBe(0);
  });

  it("--help names --target; a remote target, a bad secret and an unknown check are refused with exit 2", async () => {
    const help = await checkReceiver(["--help"]);
    expect(help.out).toContain("--target");
    expect(help.code).toBe(0);
    for (const [args, says] of [
      [["--target", "http://203.0.113.9/hook", ...PROFILES.bearer.flags], "--allow-remote"],
      [["--target", "http://127.0.0.1:9/hook", "--auth", "standard-webhooks", "--secret", "not-a-secret"], "secret"],
      [["--target", "http://127.0.0.1:9/hook", ...PROFILES.bearer.flags, "--only", "no-such-check"], "no-such-check"],
      [["--auth", "bearer"], "--target is required"],
      [["--target", "http://127.0.0.1:9/hook", "--auth", "jwt", "--issuer", "i"], "--audience"],
      [
        [
          "--target",
          "http://127.0.0.1:9/hook",
          "--auth",
          "jwt",
          "--issuer",
          "i",
          "--audience",
          "a",
          "--jwks-port",
          "70000"
        ],
        "--jwks-port"
      ]
    ] as const) {
      const run = await checkReceiver(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.err).toContain(says);
    }
  });
});
