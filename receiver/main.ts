/**
 * `npm run receiver`: a real push receiver on this machine, for the live lab. Flags:
 *   --port N            (8787; 0 for any free port)
 *   --auth MODE         bearer (default) | token | standard-webhooks | jwt
 *   --credentials X / --token X / --secret whsec_… / --public-key whpk_…   (generated when absent;
 *                       --secret is repeatable: any one verifies, as during a rotation's overlap)
 *   --credentials-file F   the credentials, token or secret from a file (or A2A_RECEIVER_CREDENTIALS)
 *   --jwks-url URL | --jwks-file FILE, --issuer ISS, --audience AUD       (--auth jwt)
 *   --task ID           an expected task (repeatable; default: the first task an authentic push names)
 *   --outage S  --lost-ack hold|reset  --slow S  --refuse 401|404         faults (the page can change them)
 *   --origin URL        a course origin allowed to watch and change faults (repeatable; default :3000)
 *   --record FILE       append every attempt to FILE as JSON Lines
 *   --keep N            attempts kept in memory (1000)
 *   --help              this text
 */
import {createWriteStream, readFileSync} from "node:fs";
import {parseArgs} from "node:util";
import {describeFaults, parseLiveFaults, type LiveFaults} from "../lib/live/index.js";
import {authChoice, authModes, type AuthMode} from "./auth-options.js";
import {DEFAULT_COURSE_ORIGINS, normaliseOrigin} from "./door.js";
import {startReceiver} from "./server.js";
import {attemptLine, banner} from "./terminal.js";

function fail(message: string): never {
  console.error(`receiver: ${message}`);
  process.exit(2);
}

const {values} = (() => {
  try {
    return parseFlags();
  } catch (error) {
    // An unknown flag, or a value parseArgs will not take (a value starting with "-": write --outage=-3).
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

function parseFlags() {
  return parseArgs({
    options: {
      port: {type: "string", default: "8787"},
      auth: {type: "string", default: "bearer"},
      credentials: {type: "string"},
      token: {type: "string"},
      secret: {type: "string", multiple: true, default: []},
      "public-key": {type: "string"},
      "credentials-file": {type: "string"},
      help: {type: "boolean", default: false},
      "jwks-url": {type: "string"},
      "jwks-file": {type: "string"},
      issuer: {type: "string"},
      audience: {type: "string"},
      task: {type: "string", multiple: true, default: []},
      outage: {type: "string", default: "0"},
      "lost-ack": {type: "string", default: "off"},
      slow: {type: "string", default: "0"},
      refuse: {type: "string"},
      origin: {type: "string", multiple: true, default: []},
      record: {type: "string"},
      keep: {type: "string", default: "1000"},
      "ms-per-second": {type: "string", default: "1000"},
      quiet: {type: "boolean", default: false}
    },
    strict: true
  });
}

const wholeNumber = (flag: string, text: string, min: number, max: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max
    ? value
    : fail(`--${flag} ${JSON.stringify(text)}: a whole number from ${min} to ${max}`);
};

function faultsFromFlags(): LiveFaults {
  const parsed = parseLiveFaults({
    outageSeconds: Number(values.outage),
    lostAck: values["lost-ack"],
    slowResponseSeconds: Number(values.slow),
    refuseWith: values.refuse === undefined ? null : Number(values.refuse)
  });
  return parsed.ok
    ? parsed.faults
    : fail(
        parsed.problems
          .join("; ")
          .replace("outageSeconds", "--outage")
          .replace("lostAck", "--lost-ack")
          .replace("slowResponseSeconds", "--slow")
          .replace("refuseWith", "--refuse")
      );
}

if (values.help) {
  // The flags are this file's own header: one text, so the help cannot drift from it.
  const header = readFileSync(new URL(import.meta.url), "utf8")
    .split(" */")[0]!
    .replace(/^\/\*\*\n/, "");
  console.log(
    header
      .split("\n")
      .map((line) => line.replace(/^ \* ?/, ""))
      .join("\n")
      .replace(/`/g, "")
  );
  process.exit(0);
}

/** The credential, token or secret from --credentials-file or A2A_RECEIVER_CREDENTIALS, when no flag gives it. */
const fromElsewhere = (() => {
  if (values["credentials-file"] === undefined) return process.env.A2A_RECEIVER_CREDENTIALS;
  try {
    return readFileSync(values["credentials-file"], "utf8").trim();
  } catch (error) {
    return fail(`--credentials-file ${JSON.stringify(values["credentials-file"])}: ${(error as Error).message}`);
  }
})();

if (!(authModes as readonly string[]).includes(values.auth))
  fail(`--auth ${JSON.stringify(values.auth)}: one of ${authModes.join(", ")}`);
const origins = [
  ...DEFAULT_COURSE_ORIGINS,
  ...values.origin.map(
    (origin) =>
      normaliseOrigin(origin) ?? fail(`--origin ${JSON.stringify(origin)}: an origin such as https://course.example`)
  )
];
const faults = faultsFromFlags();
const choice = (() => {
  try {
    return authChoice({
      auth: values.auth as AuthMode,
      credentials: values.credentials ?? (values.auth === "bearer" ? fromElsewhere : undefined),
      token: values.token ?? (values.auth === "token" ? fromElsewhere : undefined),
      secrets: values.secret.length
        ? values.secret
        : values.auth === "standard-webhooks" && fromElsewhere
          ? [fromElsewhere]
          : [],
      publicKey: values["public-key"],
      jwksUrl: values["jwks-url"],
      jwksFile: values["jwks-file"],
      issuer: values.issuer,
      audience: values.audience
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
const record = values.record ? createWriteStream(values.record, {flags: "a"}) : null;
record?.on("error", (error) => fail(`--record ${values.record}: ${error.message}`));

const options = {
  settings: {
    auth: choice.auth,
    ...(choice.token ? {token: choice.token} : {}),
    ...(choice.jwks ? {jwks: choice.jwks} : {}),
    expectedTaskIds: values.task,
    faults,
    keep: wholeNumber("keep", values.keep, 1, 100_000)
  },
  origins,
  authSummary: choice.summary,
  msPerSecond: wholeNumber("ms-per-second", values["ms-per-second"], 1, 1000),
  onAttempt: (attempt: Parameters<typeof attemptLine>[0]) => {
    if (!values.quiet) console.log(attemptLine(attempt, new Date()));
    record?.write(`${JSON.stringify(attempt)}\n`);
  }
};
const port = wholeNumber("port", values.port, 0, 65535);
const running = await startReceiver({...options, port}).catch((error: NodeJS.ErrnoException) => {
  // The default port is taken: any free one will do (a given port is not silently changed).
  if (error.code === "EADDRINUSE" && process.argv.every((arg) => !arg.startsWith("--port")))
    return startReceiver({...options, port: 0});
  return fail(`cannot listen on 127.0.0.1:${port}: ${error.message}`);
});

console.log(
  banner([
    ["push notification URL", running.hookUrl],
    ...choice.register,
    [
      "expected task",
      values.task.length
        ? values.task.join(", ")
        : "the first task an authentic push names, until the next run (--task to fix it)"
    ],
    [
      "duplicates",
      "recognised by the sender's key (the lesson's event id, webhook-id, the JWT's jti), else task + SHA-256 of the body"
    ],
    ["faults", describeFaults(faults)],
    ["course pages", `${origins.join(", ")} may watch and change faults (--origin to add one)`],
    ["recording to", values.record ?? "memory only (--record FILE for JSON Lines)"],
    [
      "demo agent",
      choice.demoAgentFlags === null
        ? "signs nothing (@a2a-js/sdk sends a token or Authorization only): use --auth bearer or token"
        : `npm run demo-agent -- --receiver ${running.hookUrl} ${choice.demoAgentFlags}`
    ]
  ])
);

const stop = () => void running.close().then(() => record?.end(() => process.exit(0)) ?? process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
