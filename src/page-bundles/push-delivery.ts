/** What the push-delivery page imports: its lesson from lib, the shared view pieces and the lesson's views. */
export * from "../../lib/delivery/index.js";
export * from "../components/index.js";
export * from "../components/delivery/index.js";
export * from "../components/live-lab/index.js";
