/** What the webhook-authentication page imports: its lesson from lib, the shared view pieces and the lesson's views. */
export * from "../../lib/webhook-auth/index.js";
export * from "../components/index.js";
export * from "../components/webhook-auth/index.js";
// Only the live lab's port: lib/live also names maskSecret, which this lesson's views export.
export * from "../components/live-lab/index.js";
