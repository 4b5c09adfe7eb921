/** The receiver's terminal: a banner saying what to register, and one line per attempt. */
import type {LiveAttempt} from "../lib/live/index.js";

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
/** Control characters in what a sender sent would move the terminal's cursor or colour it: shown as "?". */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "?");

/**
 * How the answer left, in a word: "none" is a sender that closed the connection before the answer
 * went out (it gave up), not a reset by this receiver, so it says so and never "reset (lost)".
 */
const ANSWER_WORDS: Readonly<Record<LiveAttempt["answer"], (status: number) => string>> = {
  sent: (status) => `${status}`,
  held: (status) => `${status} held (lost)`,
  reset: (status) => `${status} reset (lost)`,
  none: (status) => `${status} not sent (the sender gave up first)`
};

/** "14:02:07.113  run 1 #3  +12.0 s  task 1f2e…  event:evt-2  applied → 200 sent". */
export function attemptLine(attempt: LiveAttempt, wallClock: Date): string {
  const time = wallClock.toISOString().slice(11, 23);
  const answer = ANSWER_WORDS[attempt.answer](attempt.httpStatus);
  return [
    time,
    `run ${attempt.run} #${attempt.number}`,
    `+${attempt.atSeconds.toFixed(1)} s`,
    `task ${printable(clip(attempt.taskId ?? "-", 14))}`,
    printable(clip(attempt.updateKey ?? "-", 28)),
    `${attempt.decision} → ${answer}`,
    recordedAs(attempt),
    attempt.decision === "applied" || attempt.decision === "duplicate" ? "" : printable(clip(attempt.reason, 100))
  ]
    .filter(Boolean)
    .join("  ");
}

/** The key the receiver recorded the update by, when it is not the one resends are grouped by (a webhook-id over 256 characters). */
function recordedAs({recordKey, updateKey}: LiveAttempt): string {
  if (!recordKey || recordKey === updateKey || (updateKey !== null && recordKey.endsWith(updateKey))) return "";
  return `(recorded as ${printable(clip(recordKey, 40))})`;
}

export function banner(lines: readonly [string, string][]): string {
  const width = Math.max(...lines.map(([label]) => label.length));
  return ["A2A Workbench live receiver", ...lines.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join(
    "\n"
  );
}
