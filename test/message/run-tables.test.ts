import {describe, expect, it} from "vitest";
import {messageRunTables, runMessageTransaction} from "../../lib/message/index.js";
import type {RunTable} from "../../lib/shared/run-table.js";

const valid = {
  jsonrpc: "2.0",
  method: "message/send",
  params: {message: {role: "user", parts: [{kind: "text", text: "hi"}], messageId: "m1", kind: "message"}}
};
// A batch: a valid request, a notification, and one that stops at the envelope.
const batch = JSON.stringify([{...valid, id: 1}, valid, {id: "x", method: "message/send"}]);
const transaction = runMessageTransaction(batch);
const tablesOf = (run: typeof transaction) =>
  Object.fromEntries(messageRunTables(run).map((table) => [table.name, table])) as Record<string, RunTable>;
const tables = tablesOf(transaction);

describe("messageRunTables", () => {
  it("has six stage rows per request, one row per finding, one per message exchanged", () => {
    expect(Object.keys(tables)).toEqual(["stages", "findings", "exchange"]);
    expect(transaction.requests).toHaveLength(3);
    expect(tables.stages!.rows).toHaveLength(6 * transaction.requests.length);
    expect(tables.findings!.rows).toHaveLength(transaction.findings.length);
    expect(tables.exchange!.rows).toHaveLength(transaction.requests.length + transaction.client.responses.length);
  });

  it("gives every row exactly the columns declared", () => {
    for (const table of Object.values(tables))
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns.map((column) => column.name));
  });

  it("reads the run's values", () => {
    const third = transaction.requests[2]!;
    expect(third.stoppedAt).toBe(2);
    const envelope = tables.stages!.rows.find((row) => row.requestIndex === 2 && row.stage === 2)!;
    expect(envelope).toMatchObject({stageName: "Envelope", status: "stop", errorCode: -32600});
    expect(tables.exchange!.rows[2]).toMatchObject({direction: "request", id: '"x"', outcome: "stopped at stage 2"});
    expect(tables.exchange!.rows[1]).toMatchObject({notification: true, id: null});
    const first = transaction.findings[0]!;
    expect(tables.findings!.rows[0]).toMatchObject({code: first.code, path: first.pointer, message: first.message});
  });

  it("reads unparseable text as one request with no response matched", () => {
    const broken = tablesOf(runMessageTransaction("{not json"));
    expect(broken.stages!.rows.filter((row) => row.status === "stop")).toEqual([
      expect.objectContaining({stage: 1, stageName: "Parse", errorCode: -32700})
    ]);
  });
});
