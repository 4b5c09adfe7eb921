/**
 * A report file as lesson 4 reads it: what `npm run check-receiver -- --json FILE` writes, checked
 * where it enters (a reader's file may hold anything), and its attempts as the steps of a swimlane:
 * POSTs sent together are one step, so eight copies at once read as one, not eight.
 */
import * as z from "zod/mini";
import type {ReceiverCheckReport} from "./report.js";
import type {SentAttempt} from "./checks.js";

/** The largest report file read: a full run's JSON is about 20 kB. */
export const REPORT_FILE_LIMIT_BYTES = 1_000_000;

const text = (max: number) => z.string().check(z.maxLength(max));
const ms = z.number().check(z.gte(0), z.lte(86_400_000));
// A batch is what was sent at once (absent in reports written before batches were recorded).
const batch = z.optional(z.int().check(z.gte(0), z.lte(1_000_000)));
const attempt = z.union([
  z.object({label: text(200), atMs: ms, batch, status: z.int().check(z.gte(200), z.lte(599)), ms}),
  z.object({label: text(200), atMs: ms, batch, error: text(300), ms})
]);
const check = z.object({
  id: text(100),
  title: text(300),
  verdict: z.enum(["pass", "fail", "not-observable"]),
  detail: text(4_000),
  lesson: text(300),
  // Reports written before attempts were recorded have none: their checks are drawn without a swimlane.
  attempts: z._default(z.array(attempt).check(z.maxLength(500)), [])
});
const reportSchema = z.object({target: text(2_000), checks: z.array(check).check(z.maxLength(100))});

export type ReportRead = {ok: true; report: ReceiverCheckReport} | {ok: false; problem: string};

/** The report in `text`, or what is wrong with it in a reader's words. */
export function readReceiverCheckReport(text: string): ReportRead {
  if (text.length > REPORT_FILE_LIMIT_BYTES)
    return {ok: false, problem: `it is larger than ${REPORT_FILE_LIMIT_BYTES / 1_000_000} MB`};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {ok: false, problem: "it is not JSON"};
  }
  return checkReceiverCheckReport(json);
}

/** The report in a parsed JSON value, or what is wrong with it. */
export function checkReceiverCheckReport(json: unknown): ReportRead {
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join(".") : "the whole file";
    return {ok: false, problem: `${where}: ${issue.message.toLowerCase()}`};
  }
  return {ok: true, report: parsed.data as ReceiverCheckReport};
}

/** One step of a check's swimlane: the POSTs sent at one moment, and what came back. */
export interface SwimlaneStep {
  /** What was sent ("working, copy 2" → "working"): copies sent together share one label. */
  label: string;
  copies: number;
  atMs: number;
  /** Each distinct answer ("HTTP 200", "no answer (ECONNRESET)") with how many copies got it. */
  answers: {text: string; count: number; kind: AnswerKind}[];
  /** The slowest answer's time, ms. */
  ms: number;
}

export type AnswerKind = "2xx" | "3xx" | "4xx" | "5xx" | "none";

const answerText = (sent: SentAttempt) => ("status" in sent ? `HTTP ${sent.status}` : `no answer (${sent.error})`);
const answerKind = (sent: SentAttempt): AnswerKind =>
  "status" in sent ? (`${Math.floor(sent.status / 100)}xx` as AnswerKind) : "none";
const withoutCopy = (label: string) => label.replace(/, copy \d+/, "");

/** The check's attempts as steps: the POSTs of one batch (sent at once) are one step, each other POST a step of its own. */
export function swimlaneSteps(check: {attempts: readonly SentAttempt[]}): SwimlaneStep[] {
  const steps: {label: string; atMs: number; batch: number | undefined; sent: SentAttempt[]}[] = [];
  for (const sent of check.attempts) {
    const last = steps.at(-1);
    if (last && sent.batch !== undefined && last.batch === sent.batch) last.sent.push(sent);
    else steps.push({label: withoutCopy(sent.label), atMs: sent.atMs, batch: sent.batch, sent: [sent]});
  }
  return steps.map(({label, atMs, sent}) => {
    const answers = new Map<string, {text: string; count: number; kind: AnswerKind}>();
    for (const one of sent) {
      const key = answerText(one);
      const seen = answers.get(key);
      if (seen) seen.count += 1;
      else answers.set(key, {text: key, count: 1, kind: answerKind(one)});
    }
    return {
      label,
      copies: sent.length,
      atMs,
      answers: [...answers.values()],
      ms: Math.max(...sent.map((one) => one.ms))
    };
  });
}
