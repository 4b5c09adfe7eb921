import {defineConfig} from "vitest/config";

// Real-browser tests against the built site (npm run build first). One file at a
// time: each launches Debian's Chromium, and the machine has two cores.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
});
