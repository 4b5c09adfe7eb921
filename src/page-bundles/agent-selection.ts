/** What the agent-selection page imports: its lesson from lib, the shared view pieces and the lesson's views. */
export * from "../../lib/selection/index.js";
export * from "../components/index.js";
export * from "../components/selection/index.js";
