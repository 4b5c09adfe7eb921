import {describe, expect, it} from "vitest";
import {
  DEMO_OTHER_ENDPOINT_SECRET,
  DEMO_ROTATED_SECRET,
  runWebhookLesson,
  STANDARD_WEBHOOKS_TEST_SECRET,
  webhookLessonDefaults,
  webhookRunTables
} from "../../lib/webhook-auth/index.js";
import type {RunTable} from "../../lib/shared/run-table.js";

const SECRETS = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  rotatedSecret: DEMO_ROTATED_SECRET,
  otherEndpointSecret: DEMO_OTHER_ENDPOINT_SECRET,
  eventId: "msg_test0001"
};
// A short cache lifetime: the rotation lab fetches the key set several times.
const run = await runWebhookLesson({...webhookLessonDefaults, jwksMaxAgeSeconds: 1800}, SECRETS);
const tables = Object.fromEntries(webhookRunTables(run).map((table) => [table.name, table])) as Record<
  string,
  RunTable
>;

describe("webhookRunTables", () => {
  it("has one row per JWT check, per retried delivery of each lane, and per key-set fetch", () => {
    expect(Object.keys(tables)).toEqual(["checks", "dedupRecords", "rotationFetches"]);
    expect(tables.checks!.rows).toHaveLength(run.jwt!.verification.checks.length);
    const {resigned, reused} = run.horizon.result;
    expect(tables.dedupRecords!.rows).toHaveLength(resigned.rows.length + reused.rows.length);
    expect(run.rotation.fetches.length).toBeGreaterThan(1);
    expect(tables.rotationFetches!.rows).toHaveLength(run.rotation.fetches.length);
  });

  it("gives every row exactly the columns declared", () => {
    for (const table of Object.values(tables))
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns.map((column) => column.name));
  });

  it("reads the run's values", () => {
    const check = run.jwt!.verification.checks[0]!;
    expect(tables.checks!.rows[0]).toMatchObject({check: check.id, status: check.status, reason: check.reason});
    const reusedFirst = run.horizon.result.reused.rows[0]!;
    const reusedRows = tables.dedupRecords!.rows.filter((row) => row.lane === "reused");
    expect(reusedRows[0]).toMatchObject({attempt: reusedFirst.attempt, dedup: reusedFirst.dedup});
    const fetch = run.rotation.fetches[1]!;
    expect(tables.rotationFetches!.rows[1]).toEqual({
      fetch: 1,
      atSeconds: fetch.atSeconds,
      reason: fetch.reason,
      kids: fetch.kids.join(" ")
    });
  });

  it("has no checks without Web Crypto", async () => {
    const withoutCrypto = await runWebhookLesson(webhookLessonDefaults, SECRETS, null);
    expect(webhookRunTables(withoutCrypto)[0]!.rows).toEqual([]);
  });
});
