import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {MESSAGE_EXAMPLES, messageExamplesFor, runMessageTransaction} from "../../lib/message/index.js";
import {anyParams} from "./message-send-params.arbitrary.js";
import {expectWellFormed} from "./transaction-invariants.js";

// Each property runs its share of the 10,000+ requests.
const seeds = MESSAGE_EXAMPLES.map((e) => e.requestText);
const v1Seeds = messageExamplesFor("1.0").map((e) => e.requestText);
const jsonish = fc.constantFrom(
  ...'{}[]:,"\\ 0123456789.eE+-/tfnul\n\t'.split(""),
  "\u0000",
  "\u001f",
  "\ud800",
  "\udfff",
  "\ufeff",
  "é",
  "😀",
  '"id":',
  '"jsonrpc":"2.0"',
  '"method":"message/send"',
  "9007199254740993",
  "null"
);

type Edit = {at: number; remove: number; insert: string};
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  remove: fc.nat({max: 8}),
  insert: fc.string({unit: jsonish, maxLength: 4})
});

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    out = out.slice(0, at) + e.insert + out.slice(at + e.remove);
  }
  return out;
}

function check(text: string, version?: string): void {
  let transaction: ReturnType<typeof runMessageTransaction> | undefined;
  expect(() => (transaction = runMessageTransaction(text, version === undefined ? {} : {version}))).not.toThrow();
  expectWellFormed(text, transaction!);
}

/** Requests each property runs; together they are the 10,000+ the suite promises. */
const RUNS = {binary: 2000, jsonish: 2000, mutated: 4000, mutatedV1: 1500, structured: 2500, deterministic: 300};

/** Checks `numRuns` texts drawn from `texts`, and that every one of them was checked. */
function fuzz(texts: fc.Arbitrary<string>, numRuns: number, checkText: (text: string) => void = check): void {
  let checked = 0;
  fc.assert(
    fc.property(texts, (text) => {
      checked++;
      checkText(text);
    }),
    {numRuns}
  );
  expect(checked).toBe(numRuns);
}

describe("fuzz: any text gets exactly one verdict per request, never an exception", () => {
  test("random text (any UTF-16, lone surrogates and control characters included)", () => {
    fuzz(fc.string({unit: "binary", maxLength: 200}), RUNS.binary);
  });

  test("random JSON-ish text", () => {
    fuzz(fc.string({unit: jsonish, maxLength: 120}), RUNS.jsonish);
  });

  test("mutated example requests", () => {
    const mutated = fc
      .tuple(fc.constantFrom(...seeds), fc.array(edit, {minLength: 1, maxLength: 6}))
      .map(([seed, edits]) => applyEdits(seed, edits));
    fuzz(mutated, RUNS.mutated);
  });

  test("mutated example requests under A2A-Version 1.0 (and a few other header values)", () => {
    const header = fc.oneof(
      {weight: 8, arbitrary: fc.constant("1.0")},
      {weight: 1, arbitrary: fc.constantFrom("", "0.3", "2.0", " 1.0 ")}
    );
    const mutated = fc
      .tuple(fc.constantFrom(...v1Seeds), fc.array(edit, {minLength: 1, maxLength: 6}), header)
      .map(([seed, edits, version]) => ({text: applyEdits(seed, edits), version}));
    let checked = 0;
    fc.assert(
      fc.property(mutated, ({text, version}) => {
        checked++;
        check(text, version);
      }),
      {numRuns: RUNS.mutatedV1}
    );
    expect(checked).toBe(RUNS.mutatedV1);
  });

  test("structured requests: random envelopes, params and batches", () => {
    const id = fc.oneof(
      fc.constant(undefined),
      fc.integer(),
      fc.string({maxLength: 4}),
      fc.constant(null),
      fc.double({noNaN: true, noDefaultInfinity: true}),
      fc.jsonValue({maxDepth: 1})
    );
    const method = fc.oneof(
      fc.constant("message/send"),
      fc.constantFrom("tasks/get", "message/stream", "Message/Send", "rpc.x"),
      fc.string({maxLength: 6}),
      fc.integer()
    );
    const request = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0"), fc.constant(2)),
        id,
        method,
        params: fc.oneof(anyParams, fc.constant(undefined))
      },
      {requiredKeys: []}
    );
    const document = fc.oneof(
      {weight: 3, arbitrary: request},
      {weight: 1, arbitrary: fc.array(fc.oneof(request, fc.jsonValue({maxDepth: 1})), {maxLength: 5})}
    );
    fuzz(
      document.map((doc) => JSON.stringify(doc)),
      RUNS.structured
    );
  });

  test("deterministic: the same text gives the same transaction", () => {
    const edited = fc
      .tuple(fc.constantFrom(...seeds), fc.array(edit, {maxLength: 3}))
      .map(([seed, edits]) => applyEdits(seed, edits));
    fuzz(edited, RUNS.deterministic, (text) =>
      expect(runMessageTransaction(text)).toEqual(runMessageTransaction(text))
    );
  });

  test("the properties above fuzz at least 10,000 requests in all", () => {
    // Each property checks its own count, so this holds whichever tests run and in whatever order.
    expect(Object.values(RUNS).reduce((sum, runs) => sum + runs, 0)).toBeGreaterThanOrEqual(10_000);
  });
});
