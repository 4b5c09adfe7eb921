import {describe, expect, it} from "vitest";
import {SPEC_EXAMPLE_RETENTION_SECONDS, runTamperingExperiments} from "../../lib/webhook-auth/index.js";

describe("tampering experiments", () => {
  it("every experiment ends as predicted and the effect happens once", async () => {
    const report = await runTamperingExperiments();
    expect(report.experiments.map((e) => [e.id, e.result.status, e.result.outcome])).toEqual([
      ["original", 200, "applied"],
      ["byte-changed", 401, "refused"],
      ["replay-inside-window", 200, "duplicate"],
      ["replay-after-window", 401, "refused"],
      ["timestamp-rewritten", 401, "refused"],
      ["resigned-retry", 200, "duplicate"]
    ]);
    expect(report.experiments.every((e) => e.asExpected)).toBe(true);
    expect(report.effects).toBe(1);
  });

  it("a replay after the window is authentic but stale; the rewritten timestamp is not authentic", async () => {
    const report = await runTamperingExperiments();
    const after = report.experiments.find((e) => e.id === "replay-after-window")!;
    expect(after.result.checks.map((c) => c.status)).toEqual(["pass", "skipped", "pass", "fail", "skipped", "skipped"]);
    expect(after.verification).toMatchObject({ok: false, code: "timestamp-too-old"});
    const rewritten = report.experiments.find((e) => e.id === "timestamp-rewritten")!;
    expect(rewritten.verification).toMatchObject({ok: false, code: "no-matching-signature"});
  });

  it("with a retention as short as the window, the re-signed retry is applied a second time", async () => {
    const report = await runTamperingExperiments({retentionSeconds: SPEC_EXAMPLE_RETENTION_SECONDS});
    const retry = report.experiments.find((e) => e.id === "resigned-retry")!;
    expect(retry.result.outcome).toBe("applied");
    expect(retry.asExpected).toBe(false);
    expect(report.effects).toBe(2);
  });

  it("changes exactly one byte", async () => {
    const report = await runTamperingExperiments({byteIndex: 5});
    const original = report.experiments[0]!.request.body;
    const changed = report.experiments[1]!.request.body;
    const differing = [...original].map((b, i) => (b !== changed[i] ? i : -1)).filter((i) => i >= 0);
    expect(differing).toEqual([5]);
  });
});
