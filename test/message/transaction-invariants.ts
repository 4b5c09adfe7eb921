/** Checks every transaction must pass, whatever its input (used by the fuzz and bad-input tests). */
import {expect} from "vitest";
import type {MessageTransaction} from "../../lib/message/index.js";

export function expectWellFormed(text: string, transaction: MessageTransaction): void {
  // At least one request, each with exactly one verdict: all six stages pass, or a run of passes then one stop.
  expect(transaction.requests.length).toBeGreaterThan(0);
  for (const outcome of transaction.requests) {
    const statuses = outcome.stages.map((s) => s.status).join(",");
    expect(outcome.stages.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(statuses).toMatch(/^(pass,)*(stop(,not-reached)*|pass)$/);
    const stopAt = outcome.stages.findIndex((s) => s.status === "stop");
    if (stopAt < 0) {
      expect(statuses).toBe("pass,pass,pass,pass,pass,pass");
      expect(outcome.stoppedAt).toBeNull();
      expect(outcome.handled).toBe(true);
      expect(outcome.receipt).not.toBeNull();
      expect(outcome.error).toBeNull();
    } else {
      expect(outcome.stoppedAt).toBe(stopAt + 1);
      expect(outcome.stageReached).toBe(stopAt + 1);
      expect(outcome.handled).toBe(false);
      expect(outcome.error).not.toBeNull();
      expect(outcome.stages[stopAt]!.error).toEqual(outcome.error);
      // A stop always comes with a finding that says why.
      expect(outcome.stages[stopAt]!.findings.some((f) => f.severity === "error")).toBe(true);
      // -32603 would mean the lab itself failed.
      expect(outcome.error!.code).not.toBe(-32603);
    }
    expect(outcome.verdict.length).toBeGreaterThan(0);
  }

  // Receipts are exactly the handled requests.
  expect(transaction.receipts.length).toBe(transaction.requests.filter((o) => o.handled).length);

  // The response is valid JSON made of JSON-RPC 2.0 response objects, one per answered request.
  const answered = transaction.requests.filter((o) => o.responseText !== null);
  if (transaction.responseText === null) {
    expect(answered).toHaveLength(0);
  } else {
    const parsed = JSON.parse(transaction.responseText) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    expect(Array.isArray(parsed)).toBe(transaction.shape === "batch" && transaction.requests[0]!.requestIndex !== null);
    expect(list).toHaveLength(answered.length);
    for (const response of list as Record<string, unknown>[]) {
      expect(response["jsonrpc"]).toBe("2.0");
      expect("id" in response).toBe(true);
      expect("result" in response !== "error" in response).toBe(true);
    }
  }

  // Every finding is located inside the text (or explicitly not located).
  for (const finding of transaction.findings) {
    if (finding.span === null) continue;
    expect(finding.span.from).toBeGreaterThanOrEqual(0);
    expect(finding.span.to).toBeLessThanOrEqual(text.length);
    expect(finding.span.from).toBeLessThanOrEqual(finding.span.to);
    expect(finding.span.line).toBeGreaterThanOrEqual(1);
    expect(finding.span.column).toBeGreaterThanOrEqual(1);
  }

  // The trace plays the stages in order.
  const times = transaction.trace.map((d) => d.atSeconds);
  for (let k = 1; k < times.length; k++) expect(times[k]!).toBeGreaterThanOrEqual(times[k - 1]!);
  expect(times.every((t) => t >= 1 && t <= 6)).toBe(true);
}
