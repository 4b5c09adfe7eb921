/** What the retry-storms page imports: the shared view pieces, and the lesson's views and page module (which bring what they use of lib). */
export * from "../components/index.js";
export * from "../components/storm/index.js";
