import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {parseJson} from "../../lib/message/json-source.js";
import {validateMessageSendParams} from "../../lib/message/params.js";
import {runMessageTransaction} from "../../lib/message/transaction.js";
import {officialValidator} from "./official-schema.js";
import {anyParams} from "./message-send-params.arbitrary.js";

const RUNS = 3000;

describe("stage 4 agrees with ajv (draft-07) on the official MessageSendParams definition", () => {
  test(`${RUNS} generated values, valid and invalid: 100% agreement`, () => {
    const ajv = officialValidator("MessageSendParams");
    let valid = 0;
    let invalid = 0;
    let compared = 0;
    fc.assert(
      fc.property(anyParams, (value) => {
        const text = JSON.stringify(value);
        const expected = ajv(JSON.parse(text)) as boolean;
        if (expected) valid++;
        else invalid++;
        compared++;

        // The interpreter on its own.
        const parsed = parseJson(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const verdict = validateMessageSendParams(parsed.value);
        expect(verdict.valid).toBe(expected);
        // An invalid verdict always says why; a valid one never lists a violation.
        expect(verdict.violations.length === 0).toBe(expected);

        // Stage 4 inside a whole transaction (id 1, so only params decide).
        const transaction = runMessageTransaction(`{"jsonrpc":"2.0","id":1,"method":"message/send","params":${text}}`);
        const outcome = transaction.requests[0]!;
        if (outcome.stages[1]!.status === "stop") {
          // JSON-RPC 2.0 section 4.2: params that are not an object or array never reach stage 4.
          expect(typeof value !== "object" || value === null).toBe(true);
          expect(expected).toBe(false);
        } else {
          expect(outcome.stages[3]!.status).toBe(expected ? "pass" : "stop");
          if (!expected) expect(outcome.error?.code).toBe(-32602);
        }
      }),
      {numRuns: RUNS, seed: 20250731}
    );
    expect(compared).toBeGreaterThanOrEqual(1000);
    // Both verdicts are well represented, or agreement would mean little.
    expect(valid).toBeGreaterThan(RUNS * 0.2);
    expect(invalid).toBeGreaterThan(RUNS * 0.2);
  });
});
