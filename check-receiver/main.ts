/**
 * npm run check-receiver: the course's scenarios fired at your own A2A push receiver, each judged,
 * then a table (and `--json FILE`), exit 1 when a check fails, so it can stand in your CI. A thin
 * shell around lib/receiver-check: this file reads the flags, sends the HTTP and reads the clock.
 *
 * Safety: loopback targets only unless --allow-remote; no redirect is followed (a 3xx is an answer);
 * every request is bounded in time; credentials may come from a file or the environment and are
 * never printed.
 */
import {readFileSync, writeFileSync} from "node:fs";
import {request as httpRequest, type ClientRequest} from "node:http";
import {request as httpsRequest} from "node:https";
import {parseArgs} from "node:util";
import * as z from "zod";
import {decodeSymmetricSecret} from "../lib/webhook-auth/standard-webhooks/standard-webhooks.js";
import {serveKeySet, type KeySetServer} from "./key-set-server.js";
import {checkSigningKeys} from "./signing-keys.js";
import {
  RECEIVER_CHECKS,
  reportExitCode,
  reportLines,
  runReceiverChecks,
  type Answer,
  type CheckAuth,
  type CheckTarget,
  type Delivery,
  type Effects,
  type ReceiverCheckReport,
  type Transport
} from "../lib/receiver-check/index.js";

const REQUEST_TIMEOUT_MS = 10_000;
const CREDENTIALS_ENV = "A2A_CHECK_CREDENTIALS";
const AUTH_KINDS = ["bearer", "token", "standard-webhooks", "jwt"] as const;

const HELP = `npm run check-receiver -- --target URL [options]

Fires the course's scenarios at your A2A push receiver and judges each: wrong and missing
credentials, tampered and stale signatures, JWTs (wrong audience, expired, alg none, a replayed
jti, a rotated key), unknown tasks, duplicates (answered 2xx, applied once,
two at once), an older update after a newer one, an oversize body, A2A 0.3 and 1.0 bodies, and the
time to answer. Exit 0 when no check fails, 1 when one does, 2 for a bad flag.

  --target URL            the receiver's push URL (loopback only, unless --allow-remote)
  --auth KIND             bearer (default) | token | standard-webhooks | jwt
  --credentials X         bearer: the Authorization credentials it expects
  --token X               token: the X-A2A-Notification-Token it expects
  --secret whsec_...      standard-webhooks: the signing secret
  --issuer I              jwt: the iss the receiver expects
  --audience A            jwt: the aud the receiver expects (its own identity, often its URL)
  --signing-key FILE      jwt: a private JWK with a kid (EC P-256 or Ed25519) to sign with;
                          without it a fresh key is made. The check serves the sender's JWKS on
                          loopback and prints its URL; the receiver fetches keys from there
  --jwks-port N           jwt: the port the JWKS is served on (default: any free port)
  --jwks-cooldown S       jwt: the receiver's JWKS refetch cooldown, waited out before the
                          rotation check (default 30, jose's createRemoteJWKSet default)
  --credentials-file F    read the credential, token or secret from F (or set ${CREDENTIALS_ENV})
  --task ID               the task the receiver expects (default task-check-1)
  --effects-url URL       GET URL?taskId=ID answers {"applied": n, "state": TaskState | null}:
                          without it, the checks that need effects say "not observable"
  --a2a 0.3|1.0|both      the body version the receiver reads (default 0.3); both: every push in
                          0.3, and the 1.0 body checked too
  --only ID,ID            run only these checks
  --json FILE             also write the report as JSON
  --allow-remote          allow a target that is not on this machine
  --help                  this text

Checks: ${RECEIVER_CHECKS.map((check) => check.id).join(", ")}
The effects contract and example receivers: docs/check-receiver.md`;

class FlagError extends Error {}

function main(argv: readonly string[]): Promise<number> | number {
  let options: ReturnType<typeof readFlags>;
  try {
    options = readFlags(argv);
  } catch (error) {
    if (error instanceof FlagError || (error as {code?: string}).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(
        `check-receiver: ${(error as Error).message}\nnpm run check-receiver -- --help says what is accepted.\n`
      );
      return 2;
    }
    throw error;
  }
  if (options === null) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  return check(options);
}

/** The JWT profile as its flags say: keys are read or made, and the key set served, when the check starts. */
interface JwtFlags {
  kind: "jwt";
  issuer: string;
  audience: string;
  signingKey: string | null;
  jwksPort: number;
  cooldownSeconds: number;
}

interface Options {
  target: URL;
  effectsUrl: URL | null;
  auth: Exclude<CheckAuth, {kind: "jwt"}> | JwtFlags;
  checkTarget: Omit<CheckTarget, "auth">;
  only: string[] | null;
  json: string | null;
}

function readFlags(argv: readonly string[]): Options | null {
  const {values} = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      target: {type: "string"},
      auth: {type: "string", default: "bearer"},
      credentials: {type: "string"},
      token: {type: "string"},
      secret: {type: "string"},
      "credentials-file": {type: "string"},
      task: {type: "string", default: "task-check-1"},
      "effects-url": {type: "string"},
      a2a: {type: "string", default: "0.3"},
      only: {type: "string"},
      json: {type: "string"},
      "allow-remote": {type: "boolean", default: false},
      help: {type: "boolean", default: false},
      issuer: {type: "string"},
      audience: {type: "string"},
      "signing-key": {type: "string"},
      "jwks-port": {type: "string", default: "0"},
      "jwks-cooldown": {type: "string", default: "30"}
    }
  });
  if (values.help) return null;
  if (values.target === undefined)
    throw new FlagError(
      "--target is required: the URL your receiver takes pushes at, such as http://127.0.0.1:9000/hook."
    );
  const target = readUrl("--target", values.target, values["allow-remote"]);
  const effectsUrl =
    values["effects-url"] === undefined
      ? null
      : readUrl("--effects-url", values["effects-url"], values["allow-remote"]);
  if (values.a2a !== "0.3" && values.a2a !== "1.0" && values.a2a !== "both")
    throw new FlagError(`--a2a ${shown(values.a2a)} is not accepted: it must be 0.3, 1.0 or both.`);
  if (!/^[\w.:-]{1,200}$/.test(values.task))
    throw new FlagError(
      `--task ${shown(values.task)} is not accepted: a task id of 1 to 200 letters, digits, ".", ":", "_" or "-".`
    );
  const only =
    values.only === undefined
      ? null
      : values.only
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean);
  const unknown = only?.filter((id) => !RECEIVER_CHECKS.some((check) => check.id === id)) ?? [];
  if (unknown.length)
    throw new FlagError(
      `--only names no check: ${unknown.map(shown).join(", ")}. The checks: ${RECEIVER_CHECKS.map((check) => check.id).join(", ")}.`
    );
  const auth = values.auth === "jwt" ? readJwtFlags(values) : readAuth(values);
  const checkTarget = {
    taskId: values.task,
    version: values.a2a === "1.0" ? "1.0" : "0.3",
    bothVersions: values.a2a === "both"
  } as const;
  return {target, effectsUrl, auth, checkTarget, only, json: values.json ?? null};
}

/** The credential from its flag, or a file, or the environment; never printed. */
function readAuth(values: {
  auth: string;
  credentials?: string;
  token?: string;
  secret?: string;
  "credentials-file"?: string;
}): Exclude<CheckAuth, {kind: "jwt"}> {
  const kind = values.auth as Exclude<(typeof AUTH_KINDS)[number], "jwt">;
  if (!AUTH_KINDS.includes(kind))
    throw new FlagError(`--auth ${shown(values.auth)} is not accepted: it must be one of ${AUTH_KINDS.join(", ")}.`);
  const flag = kind === "bearer" ? "credentials" : kind === "token" ? "token" : "secret";
  const fromFile =
    values["credentials-file"] === undefined ? undefined : readCredentialFile(values["credentials-file"]);
  const value = values[flag] ?? fromFile ?? process.env[CREDENTIALS_ENV];
  if (value === undefined || value === "")
    throw new FlagError(`--auth ${kind} needs --${flag}, --credentials-file or ${CREDENTIALS_ENV}.`);
  if (kind === "standard-webhooks") {
    const decoded = decodeSymmetricSecret(value);
    if (!decoded.ok) throw new FlagError(`the standard-webhooks secret is not accepted: ${decoded.reason}.`);
    return {kind, secret: value};
  }
  return kind === "bearer" ? {kind, credentials: value} : {kind, token: value};
}

function readJwtFlags(values: {
  issuer?: string;
  audience?: string;
  "signing-key"?: string;
  "jwks-port": string;
  "jwks-cooldown": string;
}): JwtFlags {
  if (!values.issuer || !values.audience)
    throw new FlagError("--auth jwt needs --issuer and --audience: the iss and aud your receiver expects.");
  const jwksPort = Number(values["jwks-port"]);
  if (!/^\d{1,5}$/.test(values["jwks-port"]) || jwksPort > 65535)
    throw new FlagError(
      `--jwks-port ${shown(values["jwks-port"])} is not accepted: a port from 0 (any free one) to 65535.`
    );
  const cooldownSeconds = Number(values["jwks-cooldown"]);
  if (!/^\d{1,3}$/.test(values["jwks-cooldown"]) || cooldownSeconds > 600)
    throw new FlagError(
      `--jwks-cooldown ${shown(values["jwks-cooldown"])} is not accepted: whole seconds from 0 to 600.`
    );
  return {
    kind: "jwt",
    issuer: values.issuer,
    audience: values.audience,
    signingKey: values["signing-key"] ?? null,
    jwksPort,
    cooldownSeconds
  };
}

function readCredentialFile(path: string): string {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (error) {
    throw new FlagError(`--credentials-file ${shown(path)} cannot be read: ${(error as Error).message}.`);
  }
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;

function readUrl(flag: string, value: string, allowRemote: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FlagError(`${flag} ${shown(value)} is not accepted: it must be an http:// or https:// URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FlagError(`${flag} ${shown(value)} is not accepted: it must be an http:// or https:// URL.`);
  if (!LOOPBACK.test(url.hostname) && !allowRemote) {
    throw new FlagError(
      `${flag} ${shown(value)} is not on this machine: give --allow-remote to send it the checks' pushes (about 20 POSTs, one of 8 MiB, with the credential you give).`
    );
  }
  return url;
}

const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value);

async function check(options: Options): Promise<number> {
  const transport = httpTransport(options.target, options.effectsUrl);
  if (!LOOPBACK.test(options.target.hostname))
    process.stdout.write(`Sending the checks' pushes to ${options.target.origin} (--allow-remote).\n`);
  const keySet = options.auth.kind === "jwt" ? await startKeySet(options.auth) : null;
  if (keySet === null && options.auth.kind === "jwt") return 2;
  try {
    const auth = options.auth.kind === "jwt" ? await jwtAuth(options.auth) : options.auth;
    if (auth === null) return 2;
    const checks = await runReceiverChecks(
      {...options.checkTarget, auth},
      {...transport, ...(keySet ? {keySet} : {})},
      options.only
    );
    const report: ReceiverCheckReport = {target: options.target.href, checks};
    process.stdout.write(`${reportLines(report).join("\n")}\n`);
    if (options.json !== null) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    return reportExitCode(report);
  } finally {
    await keySet?.close();
  }
}

/** The sender's JWKS on loopback, its URL printed; null (and why, on stderr) when the port is taken. */
async function startKeySet(flags: JwtFlags): Promise<KeySetServer | null> {
  try {
    const server = await serveKeySet(flags.jwksPort);
    process.stdout.write(`Serving the sender's JWKS at ${server.url}: your receiver fetches the keys from there.\n`);
    return server;
  } catch (error) {
    process.stderr.write(
      `check-receiver: the JWKS cannot be served on port ${flags.jwksPort}: ${(error as Error).message}.\n`
    );
    return null;
  }
}

/** The JWT profile with its keys (read from --signing-key, or made); null (and why, on stderr) when the key file is not accepted. */
async function jwtAuth(flags: JwtFlags): Promise<CheckAuth | null> {
  try {
    return {
      kind: "jwt",
      issuer: flags.issuer,
      audience: flags.audience,
      keys: await checkSigningKeys(flags.signingKey),
      refetchCooldownSeconds: flags.cooldownSeconds
    };
  } catch (error) {
    process.stderr.write(`check-receiver: ${(error as Error).message}\n`);
    return null;
  }
}

const effectsSchema = z.object({applied: z.number().int().min(0).max(1e9), state: z.string().max(200).nullable()});

/** The shell's HTTP: one POST at a time or several at once, never following a redirect, each bounded in time. */
function httpTransport(target: URL, effectsUrl: URL | null): Transport {
  const send = async (delivery: Delivery): Promise<Answer> => {
    const started = performance.now();
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)
      });
      await response.arrayBuffer().catch(() => undefined);
      return {status: response.status, ms: performance.now() - started};
    } catch (error) {
      const cause = (error as {cause?: {code?: string}}).cause?.code;
      return {
        error:
          (error as Error).name === "TimeoutError"
            ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s`
            : (cause ?? (error as Error).message),
        ms: performance.now() - started
      };
    }
  };
  return {
    send,
    sendTogether: (deliveries) => sendTogether(target, deliveries),
    async effects(taskId): Promise<Effects | null> {
      if (effectsUrl === null) return null;
      const url = new URL(effectsUrl);
      url.searchParams.set("taskId", taskId);
      try {
        const response = await fetch(url, {redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS)});
        const parsed = effectsSchema.safeParse(await response.json());
        return response.ok && parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    nowSeconds: () => Date.now() / 1000,
    sleep: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  };
}

/**
 * Several POSTs made to arrive together: each on its own connection, every body sent but its last
 * byte, then, once all are flushed, the last bytes in one go. The receiver then finishes reading
 * them in one turn of its event loop, so a check-then-insert with an await between shows its race
 * (copies started one after the other mostly do not overlap).
 */
async function sendTogether(target: URL, deliveries: readonly Delivery[]): Promise<Answer[]> {
  const started = performance.now();
  const open = target.protocol === "https:" ? httpsRequest : httpRequest;
  const requests = deliveries.map((delivery) => {
    const body = Buffer.from(delivery.body);
    const request: ClientRequest = open(target, {
      method: "POST",
      agent: false,
      timeout: REQUEST_TIMEOUT_MS,
      headers: {...delivery.headers, "content-length": String(body.length)}
    });
    const answer = new Promise<Answer>((resolve) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve({status: response.statusCode ?? 0, ms: performance.now() - started}));
      });
      request.on("timeout", () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      request.on("error", (error: Error & {code?: string}) =>
        resolve({error: error.code ?? error.message, ms: performance.now() - started})
      );
    });
    return {request, body, answer};
  });
  await Promise.all(
    requests.map(
      ({request, body}) =>
        new Promise<void>((resolve) => {
          if (!request.write(body.subarray(0, body.length - 1), () => resolve()))
            request.once("drain", () => resolve());
        })
    )
  );
  for (const {request, body} of requests) request.end(body.subarray(body.length - 1));
  return Promise.all(requests.map(({answer}) => answer));
}

process.exitCode = await main(process.argv.slice(2));
