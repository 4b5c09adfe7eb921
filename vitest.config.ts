import {defineConfig} from "vitest/config";
import SummaryReporter from "./test/summary-reporter.js";

// Unit, property and chart-snapshot tests. Browser tests and the loopback proof have their own
// configs: the first need the built site, the second real time to itself.
export default defineConfig({
  test: {
    reporters: ["default", new SummaryReporter("unit")],
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "test/live/**", "node_modules/**"],
    testTimeout: 60_000
  }
});
