/**
 * Lesson 4's run as tidy tables: the JWT profile lab's verification checks, what the receiver's
 * dedup store did with each retried delivery (the retention lab, both signing lanes), and the
 * key-set fetches of the key rotation lab.
 */
import {runTable, type RunTable} from "../shared/run-table.js";
import type {WebhookLessonRun} from "./lesson.js";

const CHECK_COLUMNS = {
  check: "the check's id, in the order the receiver runs them",
  status: "pass, fail or skipped (a check after a failed one does not run)",
  reason: "why, with the values it read",
  cause: "for a failed signature check, the finer cause (unknown-kid, bad-signature, …); empty otherwise",
  expected: "the value the receiver expected, when the check compared one",
  received: "the value the token carried, when the check compared one"
};

const DEDUP_COLUMNS = {
  lane: "re-signed (each retry signed anew) or reused (the first signature resent)",
  attempt: "1 for the first send",
  sentAtSeconds: "when the sender sent it (s after the first send)",
  arrivesAtSeconds: "when it reached the receiver (s)",
  fate: "what the network did: unreachable, ack-lost or acknowledged",
  signedTimestamp: "the webhook-timestamp it carried (s)",
  ageSeconds: "the receiver's now minus that timestamp",
  window: "accepted, too-old or not-delivered (the timestamp check)",
  dedup: "what the dedup store did: recorded, duplicate, slipped-past (its record had expired) or not-reached",
  effectApplied: "the receiver applied the event",
  httpStatus: "the receiver's answer; empty when nothing arrived",
  note: "the row in words"
};

const FETCH_COLUMNS = {
  fetch: "0 for the first fetch",
  atSeconds: "when the receiver fetched the sender's key set (s)",
  reason: "start, max age (its copy expired) or unknown kid (a token named a key it did not hold)",
  kids: "the key ids published at that moment, old first, space-separated"
};

/** `checks`, `dedupRecords` and `rotationFetches` of a lesson run (as runWebhookLesson returns it). */
export function webhookRunTables(run: WebhookLessonRun): RunTable[] {
  return [checksTable(run), dedupTable(run), fetchesTable(run)];
}

function checksTable({jwt}: WebhookLessonRun): RunTable {
  // Without Web Crypto there is no JWT delivery, so no checks.
  const checks = jwt?.verification.checks ?? [];
  const rows = checks.map((check) => ({
    check: check.id,
    status: check.status,
    reason: check.reason,
    cause: check.cause ?? null,
    expected: check.compared?.expected ?? null,
    received: check.compared?.received ?? null
  }));
  return runTable("checks", "The JWT profile lab's verification checks", CHECK_COLUMNS, rows);
}

function dedupTable({horizon}: WebhookLessonRun): RunTable {
  const {resigned, reused} = horizon.result;
  const rows = [resigned, reused].flatMap((lane) =>
    lane.rows.map((row) => ({
      lane: lane.lane,
      attempt: row.attempt,
      sentAtSeconds: row.sentAtSeconds,
      arrivesAtSeconds: row.arrivesAtSeconds,
      fate: row.fate,
      signedTimestamp: row.signedTimestamp,
      ageSeconds: row.ageSeconds,
      window: row.window,
      dedup: row.dedup,
      effectApplied: row.effectApplied,
      httpStatus: row.status ?? null,
      note: row.note
    }))
  );
  return runTable("dedupRecords", "Each retried delivery against the receiver's dedup store", DEDUP_COLUMNS, rows);
}

function fetchesTable({rotation}: WebhookLessonRun): RunTable {
  const rows = rotation.fetches.map((fetch, index) => ({
    fetch: index,
    atSeconds: fetch.atSeconds,
    reason: fetch.reason,
    kids: fetch.kids.join(" ")
  }));
  return runTable("rotationFetches", "The receiver's fetches of the sender's key set", FETCH_COLUMNS, rows);
}
