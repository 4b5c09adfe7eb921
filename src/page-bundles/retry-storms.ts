/** What the retry-storms page imports: its lesson from lib, the shared view pieces and the lesson's views. */
export * from "../../lib/storm/index.js";
export * from "../components/index.js";
export * from "../components/storm/index.js";
