/**
 * The report lesson 4 draws until a reader loads their own: the check run against the course's
 * reference receiver with the check-then-insert flaw (scripts/receiver-check-example.mts writes
 * it). Checked as it loads, as a reader's file is.
 */
import exampleFile from "../../data/receiver-check/example-report.json" with {type: "json"};
import {checkReceiverCheckReport} from "./report-file.js";
import type {ReceiverCheckReport} from "./report.js";

function exampleReport(): ReceiverCheckReport {
  const read = checkReceiverCheckReport(exampleFile);
  if (!read.ok) throw new Error(`data/receiver-check/example-report.json: ${read.problem}`);
  return read.report;
}

export const EXAMPLE_RECEIVER_CHECK_REPORT: ReceiverCheckReport = exampleReport();
