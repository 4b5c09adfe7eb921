import {defineConfig} from "vitest/config";
import SummaryReporter from "./test/summary-reporter.js";

// Real-browser tests against the built site (npm run build first). One file at a
// time: each launches Debian's Chromium, and the machine has two cores.
export default defineConfig({
  test: {
    reporters: ["default", new SummaryReporter("browser")],
    include: ["test/browser/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
});
