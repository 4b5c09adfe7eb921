/**
 * `npm run receiver` as a reader starts it: the banner names the URL and what to register, a push
 * prints one line and appends one JSON Lines record (credentials masked in both), and a wrong flag
 * is refused with the flag, the value and what is accepted.
 */
import {spawn, type ChildProcess} from "node:child_process";
import {mkdtempSync, readFileSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, expect, test} from "vitest";
import {LiveAttemptSchema} from "../../lib/live/index.js";
import {signStandardWebhook} from "../../lib/webhook-auth/standard-webhooks/standard-webhooks.js";

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill("SIGTERM");
  child = null;
});

function start(args: string[]): {output: () => string; exited: Promise<number | null>} {
  let output = "";
  child = spawn(process.execPath, ["--import", "tsx", "receiver/main.ts", ...args], {
    stdio: ["ignore", "pipe", "pipe"]
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child!.on("exit", (code) => resolve(code)));
  return {output: () => output, exited};
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ROTATED = "whsec_c2Vjb25kIHNlY3JldCBmb3IgdGhlIHJvdGF0aW9uIG92ZXJsYXA=";

test("--help lists the flags and exits 0", async () => {
  const receiver = start(["--help"]);
  expect(await receiver.exited).toBe(0);
  for (const flag of ["--port", "--auth", "--secret", "--credentials-file", "--origin", "--record"])
    expect(receiver.output()).toContain(flag);
});

test("two --secret flags, as during a rotation's overlap: a push signed with either verifies, and neither is printed", async () => {
  const receiver = start([
    "--port",
    "0",
    "--auth",
    "standard-webhooks",
    "--secret",
    SECRET,
    "--secret",
    ROTATED,
    "--task",
    "task-rot"
  ]);
  await until(() => /demo agent/.test(receiver.output()));
  const hookUrl = /push notification URL\s+(\S+)/.exec(receiver.output())![1]!;
  expect(receiver.output()).toContain("the 2 secrets you gave");
  for (const [index, secret] of [SECRET, ROTATED].entries()) {
    const body = JSON.stringify({
      statusUpdate: {
        taskId: "task-rot",
        contextId: "c",
        status: {state: "TASK_STATE_WORKING", timestamp: new Date(Date.now() + index * 1000).toISOString()}
      }
    });
    const signed = await signStandardWebhook({
      secret,
      msgId: `msg_rot_${index}`,
      timestamp: Math.floor(Date.now() / 1000),
      payload: body
    });
    const response = await fetch(hookUrl, {
      method: "POST",
      headers: {"Content-Type": "application/json", ...signed.headers},
      body
    });
    expect(response.status).toBe(200);
  }
  expect(receiver.output()).not.toContain(SECRET.slice(6));
  expect(receiver.output()).not.toContain(ROTATED.slice(6));
});

test("the credentials from a file, never printed", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "receiver-")), "credentials");
  writeFileSync(file, "file-credentials-0123456789\n");
  const receiver = start(["--port", "0", "--credentials-file", file]);
  await until(() => /demo agent/.test(receiver.output()));
  const hookUrl = /push notification URL\s+(\S+)/.exec(receiver.output())![1]!;
  const body = JSON.stringify({
    statusUpdate: {taskId: "task-file", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
  });
  const response = await fetch(hookUrl, {
    method: "POST",
    headers: {"Content-Type": "application/json", Authorization: "Bearer file-credentials-0123456789"},
    body
  });
  expect(response.status).toBe(200);
  expect(receiver.output()).not.toContain("file-credentials-0123456789");
});

test("the banner, one terminal line and one JSON Lines record per push, never the whole credential", async () => {
  const record = join(mkdtempSync(join(tmpdir(), "receiver-")), "attempts.jsonl");
  const credentials = "cli-test-credentials-abcdef";
  const receiver = start(["--port", "0", "--credentials", credentials, "--record", record]);
  await until(() => /demo agent/.test(receiver.output()));
  const hookUrl = /push notification URL\s+(\S+)/.exec(receiver.output())![1]!;
  expect(receiver.output()).toMatch(
    /authentication\s+\{"scheme": "Bearer", "credentials": "\(the credentials you gave\)"\}/
  );
  const body = JSON.stringify({
    statusUpdate: {taskId: "task-cli", contextId: "c", status: {state: "TASK_STATE_WORKING"}}
  });
  const response = await fetch(hookUrl, {
    method: "POST",
    headers: {"Content-Type": "application/json", Authorization: `Bearer ${credentials}`},
    body
  });
  expect(response.status).toBe(200);
  await until(() => /task task-cli/.test(receiver.output()));
  expect(receiver.output()).toMatch(
    /run 1 #1 {2}\+0\.0 s {2}task task-cli {2}task:task-cli:body-sha256:\S+ {2}applied → 200/
  );
  expect(receiver.output()).not.toContain(credentials);
  await until(() => readFileSync(record, "utf8").includes("\n"));
  const lines = readFileSync(record, "utf8").trim().split("\n");
  expect(lines).toHaveLength(1);
  const attempt = LiveAttemptSchema.parse(JSON.parse(lines[0]!));
  expect([attempt.decision, attempt.taskId, attempt.headers.authorization]).toEqual([
    "applied",
    "task-cli",
    "Bearer cli-…(27 characters)"
  ]);
  expect(lines[0]).not.toContain(credentials);
});

test.each([
  [["--outage=-3"], /--outage: from 0 to 600 s/],
  [["--outage", "-3"], /--outage/],
  [["--wat"], /Unknown option .--wat./],
  [["--lost-ack", "sometimes"], /--lost-ack: one of off, hold, reset/],
  [["--auth", "magic"], /--auth "magic": one of bearer, token, standard-webhooks, jwt/],
  [["--origin", "not a url"], /--origin "not a url": an origin such as https:\/\/course.example/],
  [["--port", "70000"], /--port "70000": a whole number from 0 to 65535/],
  [["--auth", "jwt"], /--auth jwt needs --issuer, --audience and --jwks-url or --jwks-file/],
  [
    ["--auth", "standard-webhooks", "--secret", "nope"],
    /--secret: 3 bytes after base64 decoding; a Standard Webhooks secret has at least 24/
  ],
  [
    ["--auth", "standard-webhooks", "--secret", SECRET, "--secret", "whsec_!!"],
    /--secret \(the 2nd\): the secret is not standard base64/
  ],
  [["--credentials-file", "/nonexistent/credentials"], /--credentials-file "\/nonexistent\/credentials"/]
])("%j is refused with what is accepted", async (args, message) => {
  const receiver = start(["--port", "0", ...args]);
  expect(await receiver.exited).toBe(2);
  expect(receiver.output()).toMatch(message);
});
