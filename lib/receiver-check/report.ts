/**
 * The receiver check's report: a table for the terminal (check, verdict, why, the lesson that
 * teaches it) and the JSON file `--json` writes, `{"target", "checks": [{"id", "title", "verdict",
 * "detail", "lesson"}]}`. Exit 1 when any check fails, so the command can stand in a CI.
 */
import type {CheckResult} from "./checks.js";

export interface ReceiverCheckReport {
  target: string;
  checks: CheckResult[];
}

const MARKS = {pass: "PASS", fail: "FAIL", "not-observable": "N/O "} as const;

/** The report as lines for a terminal. */
export function reportLines(report: ReceiverCheckReport): string[] {
  const width = Math.max(...report.checks.map((check) => check.id.length), 10);
  const lines = report.checks.flatMap((check) => [
    `${MARKS[check.verdict]}  ${check.id.padEnd(width)}  ${check.title}`,
    `      ${" ".repeat(width)}  ${check.detail}`,
    `      ${" ".repeat(width)}  Taught in: ${check.lesson}`
  ]);
  const count = (verdict: CheckResult["verdict"]) => report.checks.filter((check) => check.verdict === verdict).length;
  return [
    `Receiver check of ${report.target}`,
    "",
    ...lines,
    "",
    `${count("pass")} passed, ${count("fail")} failed, ${count("not-observable")} not observable (give --effects-url to see effects).`
  ];
}

/** The process's exit code: 1 when a check failed, 0 otherwise (a check that cannot be observed is not a failure). */
export function reportExitCode(report: ReceiverCheckReport): 0 | 1 {
  return report.checks.some((check) => check.verdict === "fail") ? 1 : 0;
}
