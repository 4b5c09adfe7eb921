import {readFileSync} from "node:fs";
import {describe, expect, test} from "vitest";
import {runMessageTransaction} from "../../lib/message/index.js";
import {officialValidator} from "./official-schema.js";

interface SpecExample {
  section: string;
  lines: [number, number];
  requestText: string;
}

const file = JSON.parse(readFileSync(new URL("../../data/message/spec-examples.json", import.meta.url), "utf8")) as {
  examples: SpecExample[];
};

describe("the A2A v0.3.0 specification's own message/send examples disagree with its schema", () => {
  test("there are seven, in sections 9.2, 9.4, 9.5, 9.6 and 9.7", () => {
    expect(file.examples.map((e) => e.section.split(" ")[0])).toEqual([
      "9.2.",
      "9.2.",
      "9.4.",
      "9.4.",
      "9.5.",
      "9.6.",
      "9.7."
    ]);
  });

  for (const example of file.examples) {
    test(`${example.section} (lines ${example.lines.join("-")})`, () => {
      const transaction = runMessageTransaction(example.requestText);
      const outcome = transaction.requests[0]!;
      let isJson = true;
      try {
        JSON.parse(example.requestText);
      } catch {
        isJson = false;
      }
      if (!isJson) {
        // Sections 9.5 and 9.6 contain // comments.
        expect(outcome.stoppedAt).toBe(1);
        expect(outcome.error?.code).toBe(-32700);
        expect(transaction.findings[0]!.message).toBe("JSON has no comments.");
        return;
      }
      // ajv on the official schema says the same: params is not a valid MessageSendParams.
      const params = JSON.parse(example.requestText).params;
      expect(officialValidator("MessageSendParams")(params)).toBe(false);
      expect(outcome.stoppedAt).toBe(4);
      const missing = transaction.findings.filter((f) => f.severity === "error").map((f) => f.pointer);
      expect(missing).toContain("/params/message/kind");
      expect(transaction.specNotes.map((n) => n.id)).toContain("examples-omit-message-kind");
      // With kind added, the examples pass, except the first of 9.4, which also puts messageId outside message.
      const fixed = JSON.parse(example.requestText);
      fixed.params.message.kind = "message";
      const again = runMessageTransaction(JSON.stringify(fixed)).requests[0]!;
      if (example.section.startsWith("9.4.") && example.requestText.includes('"req-003"')) {
        expect(again.stoppedAt).toBe(4);
      } else {
        expect(again.stoppedAt).toBeNull();
      }
    });
  }
});
