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
    hookTimeout: 120_000,
    // A page answers a click in a frame or two, but a busy 2-core CI machine has taken over a
    // second: a poll waits for its condition up to 10 s (vitest's default is 1 s), and still fails if it never holds.
    expect: {poll: {timeout: 10_000}}
  }
});
