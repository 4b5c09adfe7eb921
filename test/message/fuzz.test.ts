import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {MESSAGE_EXAMPLES, runMessageTransaction} from "../../lib/message/index.js";
import {anyParams} from "./message-send-params.arbitrary.js";
import {expectWellFormed} from "./transaction-invariants.js";

// Each property runs its share of the 10,000+ requests.
const seeds = MESSAGE_EXAMPLES.map((e) => e.requestText);
const jsonish = fc.constantFrom(..."{}[]:,\"\\ 0123456789.eE+-/tfnul\n\t".split(""), "\u0000", "\u001f", "\ud800", "\udfff", "\ufeff", "é", "😀", '"id":', '"jsonrpc":"2.0"', '"method":"message/send"', "9007199254740993", "null");

type Edit = {at: number; remove: number; insert: string};
const edit: fc.Arbitrary<Edit> = fc.record({at: fc.nat(), remove: fc.nat({max: 8}), insert: fc.string({unit: jsonish, maxLength: 4})});

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    out = out.slice(0, at) + e.insert + out.slice(at + e.remove);
  }
  return out;
}

let total = 0;
function check(text: string): void {
  total++;
  let transaction;
  expect(() => (transaction = runMessageTransaction(text))).not.toThrow();
  expectWellFormed(text, transaction!);
}

describe("fuzz: any text gets exactly one verdict per request, never an exception", () => {
  test("random text (any UTF-16, lone surrogates and control characters included)", () => {
    fc.assert(fc.property(fc.string({unit: "binary", maxLength: 200}), check), {numRuns: 2000});
  });

  test("random JSON-ish text", () => {
    fc.assert(fc.property(fc.string({unit: jsonish, maxLength: 120}), check), {numRuns: 2000});
  });

  test("mutated example requests", () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(edit, {minLength: 1, maxLength: 6}), (seed, edits) => check(applyEdits(seed, edits))),
      {numRuns: 4000}
    );
  });

  test("structured requests: random envelopes, params and batches", () => {
    const id = fc.oneof(fc.constant(undefined), fc.integer(), fc.string({maxLength: 4}), fc.constant(null), fc.double({noNaN: true, noDefaultInfinity: true}), fc.jsonValue({maxDepth: 1}));
    const method = fc.oneof(fc.constant("message/send"), fc.constantFrom("tasks/get", "message/stream", "Message/Send", "rpc.x"), fc.string({maxLength: 6}), fc.integer());
    const request = fc.record({jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0"), fc.constant(2)), id, method, params: fc.oneof(anyParams, fc.constant(undefined))}, {requiredKeys: []});
    const document = fc.oneof({weight: 3, arbitrary: request}, {weight: 1, arbitrary: fc.array(fc.oneof(request, fc.jsonValue({maxDepth: 1})), {maxLength: 5})});
    fc.assert(fc.property(document, (doc) => check(JSON.stringify(doc))), {numRuns: 2500});
  });

  test("deterministic: the same text gives the same transaction", () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.array(edit, {maxLength: 3}), (seed, edits) => {
        const text = applyEdits(seed, edits);
        total++;
        expect(runMessageTransaction(text)).toEqual(runMessageTransaction(text));
      }),
      {numRuns: 300}
    );
  });

  test("at least 10,000 requests were fuzzed", () => {
    expect(total).toBeGreaterThanOrEqual(10_000);
  });
});
