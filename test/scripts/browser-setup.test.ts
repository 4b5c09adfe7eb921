import {describe, expect, it} from "vitest";
import {launchBrowser} from "../browser/browser.js";

describe("browser test set-up", () => {
  it("fails loudly, saying how to install Chromium, when it is missing (never skips)", async () => {
    await expect(launchBrowser("/nonexistent/chromium")).rejects.toThrow(/apt-get update && apt-get install -y chromium/);
  });
});
