import {defineConfig} from "vitest/config";
import SummaryReporter from "./test/summary-reporter.js";

// Unit, property and chart-snapshot tests. Browser tests have their own config
// because they need the built site and run one file at a time.
export default defineConfig({
  test: {
    reporters: ["default", new SummaryReporter("unit")],
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    testTimeout: 60_000
  }
});
