/**
 * The receiver check: the course's scenarios fired at a reader's own push receiver, each judged
 * against seed 002's receiver design, which the lessons teach: authenticate, validate the token and
 * the task, bound time, record a stable event key atomically before the effect, answer duplicates
 * 2xx (A2A v1.0 §13.2 asks the receiver to validate authenticity and the task, and allows duplicate
 * deliveries; spec/a2a/v1.0/a2a.proto).
 *
 * Sans-I/O in the way lib's JWKS fetch is: a check is handed a `Transport` (the shell's HTTP and
 * clock) and returns a verdict; it never reads a socket or a clock itself. Whether an effect was
 * applied twice cannot be read from HTTP answers: the effects contract (`--effects-url`) says it,
 * and a check that needs it says `not-observable` without it, never guesses.
 */
import type {JSONWebKeySet} from "jose";
import type {A2aTaskState} from "../delivery/task-state.js";
import {
  buildDelivery,
  normalTaskState,
  publishedKeySet,
  type CheckAuth,
  type CheckTarget,
  type Delivery,
  type UpdateSpec
} from "./delivery.js";

export type Verdict = "pass" | "fail" | "not-observable";

/** What came back for one POST: a status, or why none did (refused connection, reset, timeout). */
export type Answer = {status: number; ms: number} | {error: string; ms: number};

/** The effects contract: `GET <effects-url>?taskId=ID` answers `{"applied": n, "state": TaskState | null}`. */
export interface Effects {
  applied: number;
  state: string | null;
}

export interface Transport {
  /** POSTs one delivery and answers with what came back. */
  send(delivery: Delivery): Promise<Answer>;
  /** POSTs several deliveries at once (all started before any answer is read). */
  sendTogether(deliveries: readonly Delivery[]): Promise<Answer[]>;
  /** The receiver's effects for the task, or null when no effects URL was given (or it did not answer). */
  effects(taskId: string): Promise<Effects | null>;
  /** The shell's clock, in seconds since the epoch. */
  nowSeconds(): number;
  /** Waits, as a sender does between a key rotation's steps. */
  sleep(seconds: number): Promise<void>;
  /** The JWT profile's key set, which the shell serves (required for `--auth jwt`). */
  keySet?: KeySetHost;
}

/** Where the sender's JWKS is served: what it serves, and when the receiver fetched it. */
export interface KeySetHost {
  publish(set: JSONWebKeySet): void;
  /** When the receiver fetched the set, in seconds since the epoch, oldest first. */
  fetchedAtSeconds(): readonly number[];
}

/**
 * One POST a check sent, for a report's swimlane: what it was, when (ms after the check began), its
 * batch (POSTs sent at once share one; absent in reports written before batches), and what came back.
 */
export type SentAttempt = {label: string; atMs: number; batch?: number} & Answer;

export interface CheckResult {
  id: string;
  title: string;
  verdict: Verdict;
  /** What was sent, what came back, and the rule. */
  detail: string;
  /** Where the course teaches it. */
  lesson: string;
  /** Every POST it sent, in order. */
  attempts: SentAttempt[];
}

/**
 * Seconds a sender waits for an answer before it gives up: @a2a-js/sdk 1.3.0's
 * DefaultPushNotificationSender aborts its fetch at `options.timeout ?? 5e3` ms
 * (node_modules/@a2a-js/sdk/dist/server/index.js).
 */
export const ANSWER_TIMEOUT_SECONDS = 5;
/** A body over any sensible limit (Express's JSON default is 100 kB, Fastify's 1 MiB): 8 MiB. */
export const OVERSIZE_BODY_BYTES = 8 * 1024 * 1024;
/** Copies of one update sent at once, and how many times: more copies and rounds, more chances for a check-then-insert race to show. */
const CONCURRENT_COPIES = 8;
const CONCURRENT_ROUNDS = 5;
/** Standard Webhooks' tolerance (its reference libraries use 5 minutes); the check signs 10 minutes off. */
const SKEW_SECONDS = 600;

const LESSON = {
  auth: "Lesson 4, §1 A signature debugger (/webhook-authentication)",
  replay: "Lesson 4, §2 Tampering and replay (/webhook-authentication)",
  race: "Lesson 4, §4 Concurrent duplicates: the race (/webhook-authentication)",
  task: "Lesson 1, What the receiver did (/push-delivery)",
  order: "Lesson 1, What the receiver did: ordering protection (/push-delivery)",
  dedup: "Lesson 1, Baseline: lost acknowledgements, absorbed by deduplication (/push-delivery)",
  version: "Lesson 2, Message transaction (/message-transaction)",
  timeout: "Lesson 1, Same outage, seven senders: @a2a-js/sdk gives up at 5 s (/push-delivery)",
  limits: "Lesson 4, The receiver, exactly (/webhook-authentication)",
  jwt: "Lesson 4, §6 The JWT profile: a token per delivery, checked against a key set (/webhook-authentication)",
  rotation: "Lesson 4, §6 Rotating the signing key (/webhook-authentication)"
} as const;

/**
 * A receiver fetches the sender's JWKS again at most once per cooldown: jose's createRemoteJWKSet
 * waits `cooldownDuration`, 30 s by default (node_modules/jose/dist/webapi/jwks/remote.js, jose
 * 6.2.18), and lib's jwks-cache does the same. The rotation check waits it out, as a real rotation does.
 */
export const DEFAULT_REFETCH_COOLDOWN_SECONDS = 30;

/** The run's state a check reads and moves: a counter that makes every update's identity and order fresh. */
interface Run {
  target: CheckTarget;
  transport: Transport;
  /** Seconds added to the start for the next update's `status.timestamp`: each update is newer than the last. */
  sequence: number;
  startedAt: number;
  checkId: string;
}

/** The next update of the run: a fresh event id and a newer status timestamp. */
function nextUpdate(run: Run, state: A2aTaskState, changes: Partial<UpdateSpec> = {}): UpdateSpec {
  run.sequence += 1;
  return {
    eventId: `msg_check_${run.checkId}_${run.sequence}`,
    state,
    statusAtSeconds: run.startedAt + run.sequence,
    sentAtSeconds: run.transport.nowSeconds(),
    ...changes
  };
}

/** The update's attempts 1..count: the same bytes (under JWT, each with its own token, as a sender signs each attempt). */
const attempts = (run: Run, spec: UpdateSpec, count: number): Promise<Delivery[]> =>
  Promise.all(Array.from({length: count}, (_, index) => buildDelivery(run.target, {...spec, attempt: index + 1})));

const is2xx = (answer: Answer) => "status" in answer && answer.status >= 200 && answer.status < 300;
const isRefusal = (answer: Answer) => "status" in answer && answer.status >= 400 && answer.status < 500;
const said = (answer: Answer) => ("status" in answer ? `HTTP ${answer.status}` : `no answer (${answer.error})`);
/** Many answers in a few words: "HTTP 200 ×7, HTTP 409". */
function saidOfAll(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(said(answer), (counts.get(said(answer)) ?? 0) + 1);
  return [...counts].map(([text, count]) => (count > 1 ? `${text} ×${count}` : text)).join(", ");
}
const applied = (before: Effects | null, after: Effects | null) =>
  before && after ? after.applied - before.applied : null;

interface CheckDefinition {
  id: string;
  title: string;
  lesson: string;
  /** The profiles it applies to (all when absent). */
  profiles?: readonly CheckTarget["auth"]["kind"][];
  /** Whether it applies to the target (beyond its profile): a body version the receiver reads. */
  appliesTo?: (target: CheckTarget) => boolean;
  run(run: Run): Promise<{verdict: Verdict; detail: string}>;
}

/** A delivery that must be refused, and must change nothing. */
async function mustRefuse(
  run: Run,
  spec: UpdateSpec,
  what: string,
  rule: string
): Promise<{verdict: Verdict; detail: string}> {
  const before = await run.transport.effects(run.target.taskId);
  const answer = await run.transport.send(await buildDelivery(run.target, spec));
  const after = await run.transport.effects(run.target.taskId);
  const changed = applied(before, after);
  const effect =
    changed === null
      ? ""
      : changed === 0
        ? "; no effect applied"
        : `; yet ${changed} effect${changed === 1 ? " was" : "s were"} applied`;
  const refused = isRefusal(answer) || ("status" in answer && answer.status === 413);
  const verdict: Verdict = !refused || (changed !== null && changed !== 0) ? "fail" : "pass";
  return {verdict, detail: `Sent ${what}: answered ${said(answer)}${effect}. ${rule}`};
}

const DEFINITIONS: readonly CheckDefinition[] = [
  {
    id: "auth-wrong-credential",
    title: "A wrong credential is refused, and nothing is applied",
    lesson: LESSON.auth,
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {credential: "wrong"}),
        "an update with a wrong credential",
        "A receiver authenticates before anything else, and applies nothing it could not authenticate (a 4xx)."
      )
  },
  {
    id: "auth-missing-credential",
    title: "A push with no credential is refused",
    lesson: LESSON.auth,
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {credential: "missing"}),
        "an update with no credential",
        "A receiver refuses what carries no credential (a 4xx)."
      )
  },
  {
    id: "signature-tampered-body",
    title: "A body changed after signing is refused",
    lesson: LESSON.replay,
    profiles: ["standard-webhooks"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {tamperAfterSigning: true}),
        "a signed update with one byte of its body changed after signing",
        "The signature covers the exact bytes: a changed byte must not verify."
      )
  },
  {
    id: "signature-stale-timestamp",
    title: "A signature made 10 minutes ago is refused",
    lesson: LESSON.replay,
    profiles: ["standard-webhooks"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {sentAtSeconds: run.transport.nowSeconds() - SKEW_SECONDS}),
        "a correctly signed update whose webhook-timestamp is 600 s old",
        "A receiver bounds the signed timestamp (Standard Webhooks: a tolerance of a few minutes), so a captured request cannot be replayed later."
      )
  },
  {
    id: "signature-future-timestamp",
    title: "A signature dated 10 minutes ahead is refused",
    lesson: LESSON.replay,
    profiles: ["standard-webhooks"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {sentAtSeconds: run.transport.nowSeconds() + SKEW_SECONDS}),
        "a correctly signed update whose webhook-timestamp is 600 s ahead",
        "The window is two-sided: a timestamp far in the future is refused too."
      )
  },
  {
    id: "jwt-wrong-audience",
    title: "A token for another receiver is refused",
    lesson: LESSON.jwt,
    profiles: ["jwt"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {token: "wrong-audience"}),
        "a correctly signed token whose aud names another receiver",
        "A token is for one receiver: aud must contain this webhook's audience (RFC 7519 §4.1.3), or a token sent to any receiver of the agent's works at all of them."
      )
  },
  {
    id: "jwt-expired",
    title: "An expired token is refused",
    lesson: LESSON.jwt,
    profiles: ["jwt"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {token: "expired"}),
        "a correctly signed token issued 600 s ago that expired 540 s ago",
        "A receiver checks exp and iat (RFC 7519 §4.1.4), so a captured token cannot be used later."
      )
  },
  {
    id: "jwt-alg-none",
    title: "An unsigned token (alg none) is refused",
    lesson: LESSON.jwt,
    profiles: ["jwt"],
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {token: "alg-none"}),
        'a token with alg "none", no kid and no signature, its claims otherwise right',
        "A receiver accepts only the algorithms it expects (ES256, EdDSA): an unsecured JWT (RFC 7519 §6) proves nothing."
      )
  },
  {
    id: "jwt-replayed-jti",
    title: "The same token sent again is refused: a jti is used once",
    lesson: LESSON.jwt,
    profiles: ["jwt"],
    async run(run) {
      const delivery = await buildDelivery(run.target, nextUpdate(run, "working"));
      const first = await run.transport.send(delivery);
      const before = await run.transport.effects(run.target.taskId);
      const replay = await run.transport.send(delivery);
      const changed = applied(before, await run.transport.effects(run.target.taskId));
      const effect = changed === null ? "" : changed === 0 ? "; nothing applied again" : `; applied again (${changed})`;
      const verdict: Verdict =
        is2xx(first) && isRefusal(replay) && (changed === null || changed === 0) ? "pass" : "fail";
      return {
        verdict,
        detail: `Sent an update, then the same request again, token and bytes, as a replay of a captured request: answered ${said(first)}, then ${said(replay)}${effect}. A jti is single-use: a receiver records it until its token expires and refuses it again (A2A's JWT flow validates jti). It keys tokens, not updates: a sender's retry carries a new token, so duplicates are found by the update's identity (its bytes), not by the jti.`
      };
    }
  },
  {
    id: "jwt-unknown-kid-refetch",
    title: "After a key rotation, a token with the new kid is accepted",
    lesson: LESSON.rotation,
    profiles: ["jwt"],
    async run(run) {
      const auth = run.target.auth as Extract<CheckAuth, {kind: "jwt"}>;
      const host = run.transport.keySet!;
      // Run alone, the receiver has not fetched the key set yet: one update with the current key first, so the new key is one it must fetch again for.
      if (host.fetchedAtSeconds().length === 0)
        await run.transport.send(await buildDelivery(run.target, nextUpdate(run, "working")));
      const waited = await waitOutCooldown(run, auth.refetchCooldownSeconds ?? DEFAULT_REFETCH_COOLDOWN_SECONDS);
      host.publish(publishedKeySet(auth.keys, true));
      const fetchesBefore = host.fetchedAtSeconds().length;
      const before = await run.transport.effects(run.target.taskId);
      const answer = await run.transport.send(
        await buildDelivery(run.target, nextUpdate(run, "working", {token: "next-key"}))
      );
      const changed = applied(before, await run.transport.effects(run.target.taskId));
      const fetched = host.fetchedAtSeconds().length > fetchesBefore;
      const verdict: Verdict = is2xx(answer) && (changed === null || changed === 1) ? "pass" : "fail";
      return {
        verdict,
        detail: `Published a new key (kid ${JSON.stringify(auth.keys.next.kid)}) beside the old one${waited > 0 ? ` after waiting ${waited} s, the receiver's refetch cooldown` : ""}, and signed an update with it: ${said(answer)}; the receiver ${fetched ? "fetched the key set again" : "did not fetch the key set again"}${changed === null ? "" : `, ${changed} effect${changed === 1 ? "" : "s"} applied`}. A kid the receiver does not know makes it fetch the sender's JWKS again (at most once per cooldown), then verify: otherwise every rotation drops pushes.`
      };
    }
  },
  {
    id: "task-unknown",
    title: "An update about a task the receiver does not expect is refused",
    lesson: LESSON.task,
    run: (run) =>
      mustRefuse(
        run,
        nextUpdate(run, "working", {taskId: `${run.target.taskId}-unknown`}),
        "an authentic update naming a task the receiver never subscribed to",
        "A2A v1.0 §13.2: the receiver validates that the task id is one it expects (the course answers 404)."
      )
  },
  {
    id: "duplicate-answer-2xx",
    title: "A resend is answered 2xx, like the first delivery",
    lesson: LESSON.dedup,
    async run(run) {
      const [delivery, resend] = await attempts(run, nextUpdate(run, "working"), 2);
      const first = await run.transport.send(delivery!);
      const second = await run.transport.send(resend!);
      const verdict: Verdict = is2xx(first) && is2xx(second) ? "pass" : "fail";
      return {
        verdict,
        detail: `Sent the same update twice: answered ${said(first)}, then ${said(second)}. A duplicate is answered 2xx: a 409 or any non-2xx makes a retrying sender try again a delivery that already took effect.`
      };
    }
  },
  {
    id: "duplicate-applied-once",
    title: "The same update sent twice is applied once",
    lesson: LESSON.dedup,
    async run(run) {
      const before = await run.transport.effects(run.target.taskId);
      if (before === null) return notObservable("the same update sent twice");
      const [delivery, resend] = await attempts(run, nextUpdate(run, "working"), 2);
      const answers = [await run.transport.send(delivery!), await run.transport.send(resend!)];
      const changed = applied(before, await run.transport.effects(run.target.taskId));
      return {
        verdict: changed === 1 ? "pass" : "fail",
        detail: `Sent the same update twice (${answers.map(said).join(", ")}): ${changed} effect${changed === 1 ? "" : "s"} applied. A receiver records the update's key and applies an update once.`
      };
    }
  },
  {
    id: "duplicate-concurrent",
    title: "Copies arriving at once are applied once",
    lesson: LESSON.race,
    async run(run) {
      if ((await run.transport.effects(run.target.taskId)) === null)
        return notObservable("copies of one update at once");
      // A race shows only when copies overlap inside the receiver: several rounds give it several chances.
      const rounds: {answers: Answer[]; changed: number | null}[] = [];
      for (let round = 0; round < CONCURRENT_ROUNDS; round++) {
        const before = await run.transport.effects(run.target.taskId);
        const answers = await run.transport.sendTogether(
          await attempts(run, nextUpdate(run, "working"), CONCURRENT_COPIES)
        );
        rounds.push({answers, changed: applied(before, await run.transport.effects(run.target.taskId))});
      }
      const worst = rounds.find((round) => round.changed !== 1) ?? rounds[0]!;
      const verdict: Verdict = rounds.every((round) => round.changed === 1) ? "pass" : "fail";
      return {
        verdict,
        detail: `Sent ${CONCURRENT_COPIES} copies of one update at once, ${CONCURRENT_ROUNDS} times (${verdict === "pass" ? "each" : "one"}: ${saidOfAll(worst.answers)}; ${worst.changed} effect${worst.changed === 1 ? "" : "s"} applied). Check-then-insert across an await lets copies through: record the key with an atomic insert-if-absent before the effect.`
      };
    }
  },
  {
    id: "order-older-after-newer",
    title: "An older update arriving after a newer one does not move the task back",
    lesson: LESSON.order,
    async run(run) {
      const before = await run.transport.effects(run.target.taskId);
      if (before === null) return notObservable("a newer update, then an older one");
      const older = nextUpdate(run, "working");
      const newer = nextUpdate(run, "input-required");
      const answers = [
        await run.transport.send(await buildDelivery(run.target, newer)),
        await run.transport.send(await buildDelivery(run.target, older))
      ];
      const after = await run.transport.effects(run.target.taskId);
      const state = normalTaskState(after?.state);
      return {
        verdict: state === "input-required" ? "pass" : "fail",
        detail: `Sent input-required (status.timestamp t+1), then working (t, older) (${answers.map(said).join(", ")}): the receiver shows ${state ?? "no state"}. Order is status.timestamp: an older update is acknowledged and ignored.`
      };
    }
  },
  {
    id: "body-oversize",
    title: "An 8 MiB body is refused, and the receiver still answers",
    lesson: LESSON.limits,
    async run(run) {
      const answer = await run.transport.send(
        await buildDelivery(run.target, nextUpdate(run, "working", {paddingBytes: OVERSIZE_BODY_BYTES}))
      );
      const after = await run.transport.send(await buildDelivery(run.target, nextUpdate(run, "working")));
      const refused = !is2xx(answer);
      return {
        verdict: refused && is2xx(after) ? "pass" : "fail",
        detail: `Sent an authentic update of 8 MiB: ${said(answer)}; a normal update after it: ${said(after)}. A receiver bounds what it reads (413) and keeps answering.`
      };
    }
  },
  ...(["0.3", "1.0"] as const).map(
    (version): CheckDefinition => ({
      id: `a2a-${version}-body`,
      title: `An A2A ${version} status update is acknowledged and applied`,
      lesson: LESSON.version,
      // A receiver reads the version its push config was registered with; the other one only when it says it reads both.
      appliesTo: (target) => target.version === version || target.bothVersions === true,
      async run(run) {
        const before = await run.transport.effects(run.target.taskId);
        const answer = await run.transport.send(await buildDelivery(run.target, nextUpdate(run, "working", {version})));
        const changed = applied(before, await run.transport.effects(run.target.taskId));
        const verdict: Verdict = !is2xx(answer) || (changed !== null && changed !== 1) ? "fail" : "pass";
        return {
          verdict,
          detail: `Sent ${version === "1.0" ? "a StreamResponse.statusUpdate (TASK_STATE_WORKING)" : "a TaskStatusUpdateEvent (kind status-update)"}: ${said(answer)}${changed === null ? "" : `, ${changed} effect${changed === 1 ? "" : "s"} applied`}. A receiver reads the body of the version its push config was registered with.`
        };
      }
    })
  ),
  {
    id: "answer-within-timeout",
    title: `An update is answered within ${ANSWER_TIMEOUT_SECONDS} s`,
    lesson: LESSON.timeout,
    async run(run) {
      const answer = await run.transport.send(await buildDelivery(run.target, nextUpdate(run, "working")));
      const seconds = Math.round(answer.ms) / 1000;
      return {
        verdict: is2xx(answer) && answer.ms <= ANSWER_TIMEOUT_SECONDS * 1000 ? "pass" : "fail",
        detail: `Sent an update: ${said(answer)} after ${seconds} s. @a2a-js/sdk's sender aborts at ${ANSWER_TIMEOUT_SECONDS} s and counts it undelivered: acknowledge first, work later.`
      };
    }
  }
];

/** Waits until the receiver's last JWKS fetch is older than its cooldown; the whole seconds waited. */
async function waitOutCooldown(run: Run, cooldownSeconds: number): Promise<number> {
  const last = run.transport.keySet!.fetchedAtSeconds().at(-1);
  const wait = last === undefined ? 0 : Math.max(0, Math.ceil(last + cooldownSeconds + 1 - run.transport.nowSeconds()));
  if (wait > 0) await run.transport.sleep(wait);
  return wait;
}

function notObservable(what: string): {verdict: Verdict; detail: string} {
  return {
    verdict: "not-observable",
    detail: `Needs --effects-url to see how many effects ${what} applied: HTTP answers alone cannot tell.`
  };
}

/** Every check's id, title and lesson, in the order they run. */
export const RECEIVER_CHECKS: readonly {
  id: string;
  title: string;
  lesson: string;
  profiles: readonly string[] | null;
}[] = DEFINITIONS.map(({id, title, lesson, profiles}) => ({id, title, lesson, profiles: profiles ?? null}));

/** Runs the checks (those in `only`, when given) that apply to the target's profile, in order. */
export async function runReceiverChecks(
  target: CheckTarget,
  transport: Transport,
  only: readonly string[] | null = null
): Promise<CheckResult[]> {
  if (target.auth.kind === "jwt") {
    if (!transport.keySet)
      throw new Error("the JWT profile needs a transport that serves the sender's key set (keySet)");
    transport.keySet.publish(publishedKeySet(target.auth.keys, false));
  }
  const results: CheckResult[] = [];
  const run: Run = {target, transport, sequence: 0, startedAt: Math.floor(transport.nowSeconds()), checkId: ""};
  for (const check of DEFINITIONS) {
    if (only !== null && !only.includes(check.id)) continue;
    if (check.profiles && !check.profiles.includes(target.auth.kind)) continue;
    if (check.appliesTo && !check.appliesTo(target)) continue;
    const sent: SentAttempt[] = [];
    run.transport = recording(transport, sent);
    run.checkId = check.id.replace(/[^a-z0-9]/g, "_");
    const {verdict, detail} = await check.run(run);
    results.push({id: check.id, title: check.title, verdict, detail, lesson: check.lesson, attempts: sent});
  }
  return results;
}

/** The transport, noting every POST into `sent` (its time counted from now, to the millisecond). */
function recording(transport: Transport, sent: SentAttempt[]): Transport {
  const began = transport.nowSeconds();
  const atMs = () => Math.round((transport.nowSeconds() - began) * 1000);
  // Each send is a batch of its own; copies sent together share one, so a report draws them as one step.
  let batches = 0;
  const note = (label: string, at: number, batch: number, answer: Answer) =>
    sent.push({label, atMs: at, batch, ...answer, ms: Math.round(answer.ms * 10) / 10});
  return {
    ...transport,
    async send(delivery) {
      const [at, batch] = [atMs(), ++batches];
      const answer = await transport.send(delivery);
      note(delivery.label, at, batch, answer);
      return answer;
    },
    async sendTogether(deliveries) {
      const [at, batch] = [atMs(), ++batches];
      const answers = await transport.sendTogether(deliveries);
      answers.forEach((answer, index) => note(deliveries[index]!.label, at, batch, answer));
      return answers;
    }
  };
}
