import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import {describeRun, namedRun} from "../../lib/lesson-inputs/run-label.js";

const run = (overrides: Record<string, unknown>) =>
  describeRun({...deliveryInputDefaults, ...overrides}, deliveryInputFields, deliveryInputDefaults);

describe("describeRun", () => {
  it("names the defaults as such", () => {
    expect(run({})).toEqual({caption: "Lesson defaults", fileLabel: "defaults"});
  });

  it("names each differing input in the lesson's words, in field order", () => {
    const label = run({ignoreSeenEventIds: false, senderTimeoutSeconds: 0.5});
    expect(label.caption).toBe("Sender timeout: 0.5 s · Receiver ignores seen event ids: off");
    expect(label.fileLabel).toBe("senderTimeoutSeconds-0.5_ignoreSeenEventIds-false");
  });

  it("says a text was edited without putting it in the file name", () => {
    const label = run({updates: "2 a 1 working\n<script>"});
    expect(label.caption).toContain("Emitted updates: “2 a 1 working <script>”");
    expect(label.fileLabel).toBe("updates-edited");
  });

  it("keeps any file label short and safe for a file name", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), {maxLength: 12}), (words) => {
        const {fileLabel} = namedRun("x", words);
        expect(fileLabel.length).toBeLessThanOrEqual(64);
        expect(fileLabel).toMatch(/^[A-Za-z0-9._+-]+$/);
      })
    );
  });

  it("counts the inputs it had no room for", () => {
    const label = run({
      senderTimeoutSeconds: 0.5,
      maxAttemptsPerUpdate: 2,
      firstRetryWaitSeconds: 5,
      requestDelaySeconds: 2,
      receiverUnavailableUntilSeconds: 10
    });
    expect(label.fileLabel).toMatch(/_\+\d+$/);
  });
});
