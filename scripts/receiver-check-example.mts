/**
 * Writes data/receiver-check/example-report.json, the report lesson 4 draws until a reader loads
 * their own: npm run check-receiver against the course's reference receiver with the
 * check-then-insert flaw, under Standard Webhooks, with the effects contract.
 * Run: npx tsx scripts/receiver-check-example.mts
 */
import {execFile} from "node:child_process";
import {promisify} from "node:util";
import {startReferenceReceiver} from "../check-receiver/reference-receiver.js";
import {STANDARD_WEBHOOKS_TEST_SECRET} from "../lib/webhook-auth/fixtures.js";

const receiver = await startReferenceReceiver({
  auth: {kind: "standard-webhooks", secret: STANDARD_WEBHOOKS_TEST_SECRET},
  taskId: "task-check-1",
  flaw: "check-then-insert"
});
const args = [
  "--import",
  "tsx",
  "check-receiver/main.ts",
  "--target",
  receiver.url,
  "--effects-url",
  receiver.effectsUrl,
  "--auth",
  "standard-webhooks",
  "--secret",
  STANDARD_WEBHOOKS_TEST_SECRET,
  "--a2a",
  "both",
  "--json",
  "data/receiver-check/example-report.json"
];
// The flawed receiver fails a check, so the command exits 1: that is the example. Anything else is an error.
await promisify(execFile)(process.execPath, args).catch((error: {code?: number}) => {
  if (error.code !== 1) throw error;
});
await receiver.close();
