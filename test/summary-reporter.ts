/**
 * Prints one closing line per vitest run, "unit: 120 passed, 0 failed", so a CI
 * log states plainly how many tests ran.
 */
import type {Reporter, TestModule} from "vitest/node";

export default class SummaryReporter implements Reporter {
  constructor(private readonly suite = "tests") {}

  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
    }
    console.log(`\n${this.suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
