/**
 * A report file as lesson 4 reads it: the example the course ships passes its own schema; a file
 * that is not JSON, too large, or not a report is named with where it is wrong; copies sent
 * together become one swimlane step with their answers counted.
 */
import {describe, expect, it} from "vitest";
import {
  EXAMPLE_RECEIVER_CHECK_REPORT,
  readReceiverCheckReport,
  REPORT_FILE_LIMIT_BYTES,
  swimlaneSteps,
  type SentAttempt
} from "../../lib/receiver-check/index.js";

describe("a receiver-check report file", () => {
  it("the shipped example is a report: one failed check, each check with the POSTs it sent", () => {
    const failed = EXAMPLE_RECEIVER_CHECK_REPORT.checks
      .filter((check) => check.verdict === "fail")
      .map((check) => check.id);
    expect(failed).toEqual(["duplicate-concurrent"]);
    expect(EXAMPLE_RECEIVER_CHECK_REPORT.checks.every((check) => check.attempts.length > 0)).toBe(true);
    expect(readReceiverCheckReport(JSON.stringify(EXAMPLE_RECEIVER_CHECK_REPORT))).toEqual({
      ok: true,
      report: EXAMPLE_RECEIVER_CHECK_REPORT
    });
  });

  it("names what is wrong: not JSON, too large, a wrong verdict, a status out of range", () => {
    expect(readReceiverCheckReport("{not json")).toEqual({ok: false, problem: "it is not JSON"});
    expect(readReceiverCheckReport(" ".repeat(REPORT_FILE_LIMIT_BYTES + 1))).toMatchObject({
      ok: false,
      problem: expect.stringContaining("larger than")
    });
    const check = {id: "a", title: "A", verdict: "maybe", detail: "d", lesson: "l", attempts: []};
    expect(readReceiverCheckReport(JSON.stringify({target: "t", checks: [check]}))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^checks\.0\.verdict: /)
    });
    const attempt = {label: "working", atMs: 0, status: 9000, ms: 1};
    expect(
      readReceiverCheckReport(JSON.stringify({target: "t", checks: [{...check, verdict: "pass", attempts: [attempt]}]}))
    ).toMatchObject({ok: false, problem: expect.stringMatching(/^checks\.0\.attempts\.0/)});
    expect(readReceiverCheckReport("[]")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^the whole file: /)
    });
  });

  it("a report without attempts (written before they were recorded) reads, its checks with none", () => {
    const read = readReceiverCheckReport(
      JSON.stringify({target: "t", checks: [{id: "a", title: "A", verdict: "pass", detail: "d", lesson: "l"}]})
    );
    expect(read.ok && read.report.checks[0]!.attempts).toEqual([]);
  });

  it("copies sent together are one step, their answers counted; a later send is a step of its own", () => {
    const sent: SentAttempt[] = [
      {label: "working", atMs: 5, batch: 1, status: 200, ms: 3},
      {label: "working, copy 2", atMs: 5, batch: 1, status: 200, ms: 9},
      {label: "working, copy 3", atMs: 5, batch: 1, error: "ECONNRESET", ms: 4},
      // One after the other in the same millisecond (a replay): two steps, not two copies at once.
      {label: "working", atMs: 20, batch: 2, status: 200, ms: 1},
      {label: "working", atMs: 20, batch: 3, status: 401, ms: 1}
    ];
    expect(swimlaneSteps({attempts: sent})).toEqual([
      {
        label: "working",
        copies: 3,
        atMs: 5,
        ms: 9,
        answers: [
          {text: "HTTP 200", count: 2, kind: "2xx"},
          {text: "no answer (ECONNRESET)", count: 1, kind: "none"}
        ]
      },
      {label: "working", copies: 1, atMs: 20, ms: 1, answers: [{text: "HTTP 200", count: 1, kind: "2xx"}]},
      {label: "working", copies: 1, atMs: 20, ms: 1, answers: [{text: "HTTP 401", count: 1, kind: "4xx"}]}
    ]);
  });
});
