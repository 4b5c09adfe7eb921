/** What the message-transaction page imports: its lesson from lib, the shared view pieces and the lesson's views. */
export * from "../../lib/message/index.js";
export * from "../components/index.js";
export * from "../components/message/index.js";
