import {defineConfig} from "vitest/config";
import SummaryReporter from "./test/summary-reporter.js";

// The loopback proof: real senders over real sockets on 127.0.0.1, in scaled real time. It runs
// on its own, after the unit tests, so no other test file competes with its timers.
export default defineConfig({
  test: {
    reporters: ["default", new SummaryReporter("live")],
    include: ["test/live/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 60_000
  }
});
