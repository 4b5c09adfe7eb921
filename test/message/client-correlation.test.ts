/**
 * The client correlates ids through Maps keyed by each id read once. This
 * checks it against the straightforward reading of JSON-RPC 2.0 section 5:
 * compare every request id with every response id (and with every other
 * request id), pair by pair, with sameRequestId and looselySameRequestId.
 */
import fc from "fast-check";
import {describe, expect, test} from "vitest";
import {
  decideClient,
  type ClientRequestDecision,
  type ReceivedResponse,
  type SentRequest
} from "../../lib/message/client.js";
import {MAX_MESSAGE_REQUEST_BYTES, runMessageTransaction} from "../../lib/message/index.js";
import {describeRequestId, looselySameRequestId, sameRequestId} from "../../lib/message/request-id.js";
import {idLexeme, responseText, sentRequests} from "./request-id.arbitrary.js";

interface PairwiseDecision {
  perRequest: ClientRequestDecision[];
  /** Response readings with the requests each was matched to. */
  responses: ReceivedResponse[];
}

/** Pairwise correlation of `sent` with response readings (whose matchedRequests it fills in anew). */
function decidePairwise(sent: readonly SentRequest[], readings: readonly ReceivedResponse[]): PairwiseDecision {
  const responses = readings.map((r) => ({...r, matchedRequests: [] as (number | null)[]}));
  const perRequest = sent.map((request): ClientRequestDecision => {
    const decide = (
      verdict: ClientRequestDecision["verdict"],
      detail: string,
      looseMatches = 0,
      responseIndex: number | null = null,
      errorCode: number | null = null
    ) => ({
      requestIndex: request.requestIndex,
      id: request.id,
      verdict,
      responseIndex,
      errorCode,
      detail,
      looseMatches
    });
    if (request.notification) {
      return decide(
        "unconfirmed-notification",
        "Sent without an id: a notification. No response comes back, so the client cannot tell whether it was handled, rejected or lost."
      );
    }
    const id = request.id;
    if (id === null) {
      const why = request.hasIdMember
        ? "an id JSON-RPC cannot read (not a string, number or null)"
        : "no id (and, not being a valid request, it is not a notification either)";
      return decide("no-usable-id", `The client sent ${why}, so no response can be matched to this request.`);
    }
    const matches = responses.filter((r) => r.id !== null && sameRequestId(r.id, id));
    const looseMatches = responses.filter((r) => r.id !== null && looselySameRequestId(r.id, id)).length;
    const twins = sent.filter(
      (other) => other !== request && other.id !== null && !other.notification && sameRequestId(other.id, id)
    ).length;
    for (const match of matches) match.matchedRequests.push(request.requestIndex);
    const loose =
      looseMatches > matches.length
        ? ` A client comparing ids loosely (1 == "1", or through JSON.parse) would accept ${looseMatches} response${looseMatches === 1 ? "" : "s"} here.`
        : "";
    const shown = describeRequestId(id);
    if (id.type === "null") {
      return decide(
        "ambiguous",
        `The id is null, which is also the id of every error the receiver could not attribute (JSON-RPC 2.0 section 5); a response with id null proves nothing about this request.${loose}`,
        looseMatches,
        matches[0]?.responseIndex ?? null
      );
    }
    if (twins > 0)
      return decide(
        "ambiguous",
        `${twins + 1} requests in this batch carry the id ${shown}; their responses cannot be told apart.${loose}`,
        looseMatches
      );
    if (matches.length === 0) return decide("unmatched", `No response carries the id ${shown}.${loose}`, looseMatches);
    if (matches.length > 1)
      return decide("ambiguous", `${matches.length} responses carry the id ${shown}.${loose}`, looseMatches);
    const match = matches[0]!;
    if (match.outcome === "result")
      return decide(
        "confirmed-result",
        `The response with id ${shown} carries a result.${loose}`,
        looseMatches,
        match.responseIndex
      );
    if (match.outcome === "error")
      return decide(
        "confirmed-error",
        `The response with id ${shown} carries error ${match.errorCode}: the request failed.${loose}`,
        looseMatches,
        match.responseIndex,
        match.errorCode
      );
    return decide(
      "unmatched",
      `The response with id ${shown} has neither a result nor an error.${loose}`,
      looseMatches,
      match.responseIndex
    );
  });
  return {perRequest, responses};
}

/** The client's decision and the pairwise one, from the same readings (reading a response is not what is compared). */
function bothWays(sent: readonly SentRequest[], text: string | null) {
  const fast = decideClient(sent, text);
  return {fast, pairwise: decidePairwise(sent, fast.responses)};
}

describe("client correlation through id keys agrees with pairwise comparison", () => {
  test("per request: verdict, matched response, error code, loose matches and detail text, in order", () => {
    fc.assert(
      fc.property(sentRequests, responseText, (sent, text) => {
        const {fast, pairwise} = bothWays(sent, text);
        expect(fast.perRequest).toEqual(pairwise.perRequest);
      }),
      {numRuns: 3000}
    );
  });

  test("per response: the requests each one is matched to, in request order", () => {
    fc.assert(
      fc.property(sentRequests, responseText, (sent, text) => {
        const {fast, pairwise} = bothWays(sent, text);
        expect(fast.responses).toEqual(pairwise.responses);
      }),
      {numRuns: 3000}
    );
  });

  test("whole transactions: a random batch's client decision equals the pairwise one on what it sent and got back", () => {
    const element = fc.oneof(
      {
        weight: 6,
        arbitrary: idLexeme.map(
          (id) =>
            `{"jsonrpc":"2.0","id":${id},"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[]}}}`
        )
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{"jsonrpc":"2.0","method":"x"}',
          '{"jsonrpc":"2.0","id":1,"id":"1","method":"x"}',
          '{"jsonrpc":"2.0","id":[1],"method":"x"}',
          "7"
        )
      }
    );
    fc.assert(
      fc.property(fc.array(element, {minLength: 1, maxLength: 12}), (elements) => {
        const transaction = runMessageTransaction(`[${elements.join(",")}]`);
        const sent: SentRequest[] = transaction.requests.map((o) => ({
          requestIndex: o.requestIndex,
          id: o.id,
          hasIdMember: o.hasIdMember,
          notification: o.notification
        }));
        const pairwise = decidePairwise(sent, transaction.client.responses);
        expect(transaction.client.perRequest).toEqual(pairwise.perRequest);
        expect(transaction.client.responses).toEqual(pairwise.responses);
      }),
      {numRuns: 1000}
    );
  });

  test("the pool makes every kind of collision happen: twins, duplicate responses, loose-only matches, null", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(sentRequests, responseText, (sent, text) => {
        for (const d of decideClient(sent, text).perRequest) {
          if (d.detail.includes("requests in this batch carry")) seen.add("twins");
          if (d.detail.includes("responses carry the id")) seen.add("duplicate responses");
          if (d.detail.includes("comparing ids loosely")) seen.add("loose");
          if (d.detail.startsWith("The id is null")) seen.add("null");
          if (d.verdict === "confirmed-error") seen.add("confirmed-error");
          if (d.verdict === "confirmed-result" && d.id?.type === "number" && !d.id.safeInJavaScript)
            seen.add("confirmed past 2^53");
        }
      }),
      {numRuns: 3000}
    );
    expect([...seen].sort()).toEqual([
      "confirmed past 2^53",
      "confirmed-error",
      "duplicate responses",
      "loose",
      "null",
      "twins"
    ]);
  });

  test("a thousand 1000-digit ids: each request confirmed (as failed) by its own response or ambiguous with its twins", () => {
    // "1".padEnd(1000, "7") equals "17".padEnd(1000, "7"): requests 1, 17, 177 share an id.
    const ids = Array.from({length: 1000}, (_, i) => String(i + 1).padEnd(1000, "7"));
    const text = `[${ids.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"x"}`).join(",")}]`;
    const transaction = runMessageTransaction(text);
    const twinCount = new Map<string, number>();
    for (const id of ids) twinCount.set(id, (twinCount.get(id) ?? 0) + 1);
    expect(transaction.client.perRequest.map((d) => d.verdict)).toEqual(
      ids.map((id) => (twinCount.get(id)! > 1 ? "ambiguous" : "confirmed-error"))
    );
    expect(transaction.client.responses.map((r) => r.matchedRequests.length)).toEqual(
      ids.map((id) => twinCount.get(id)!)
    );
  });

  describe("ids with exponents of up to a million digits get the verdicts of their small-exponent equivalents", () => {
    /** What the client and the envelope decide, without the texts (which quote the ids). */
    const decisions = (text: string) => {
      const transaction = runMessageTransaction(text);
      return {
        perRequest: transaction.client.perRequest.map(({verdict, looseMatches, responseIndex, errorCode}) => ({
          verdict,
          looseMatches,
          responseIndex,
          errorCode
        })),
        matched: transaction.client.responses.map((r) => r.matchedRequests),
        findings: transaction.findings.map((f) => `${f.requestIndex}: ${f.code}`)
      };
    };
    const batch = (ids: readonly string[]) =>
      `[${ids.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"message/send","params":{}}`).join(",")}]`;
    // Three such ids fit in the 1 MiB limit.
    const nines = "9".repeat(300_000);
    const ninesMinusOne = `${"9".repeat(299_999)}8`;

    test("the pasted request: id 1e followed by a million 9s decides as id 1e400", () => {
      const single = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"message/send","params":{}}`;
      const small = decisions(single("1e400"));
      expect(small.perRequest.map((d) => d.verdict)).toEqual(["confirmed-error"]);
      expect(small.findings).toContain("null: envelope.id-exact");
      expect(decisions(single(`1e${"9".repeat(1_000_000)}`))).toEqual(small);
    });

    test.each([
      ["equal ids are twins", [`1e${nines}`, `10e${ninesMinusOne}`], ["1e400", "10e399"], ["ambiguous", "ambiguous"]],
      [
        "different ids are told apart past 10^308, where JSON.parse makes both Infinity",
        [`1e${nines}`, `1e${ninesMinusOne}`],
        ["1e400", "1e399"],
        ["confirmed-error", "confirmed-error"]
      ],
      [
        "a long mantissa too, and the sign counts",
        [
          `${"7".repeat(20_000)}.${"3".repeat(100)}e${nines}`,
          `-${"7".repeat(20_000)}.${"3".repeat(100)}e${nines}`,
          `${"7".repeat(20_000)}${"3".repeat(100)}e${"9".repeat(299_997)}899`
        ],
        ["7.3e400", "-7.3e400", "73e399"],
        ["ambiguous", "confirmed-error", "ambiguous"]
      ],
      [
        "negative exponents: fractions that JSON.parse makes 0, and zeros with any exponent",
        [`1e-${nines}`, `0e${nines}`, "0", `-0.0e-${nines}`],
        ["1e-400", "0e400", "0", "-0.0e-400"],
        ["confirmed-error", "ambiguous", "ambiguous", "ambiguous"]
      ]
    ])("%s", (_, hugeIds, smallIds, verdicts) => {
      const small = decisions(batch(smallIds));
      expect(small.perRequest.map((d) => d.verdict)).toEqual(verdicts);
      const huge = batch(hugeIds);
      expect(huge.length).toBeLessThan(MAX_MESSAGE_REQUEST_BYTES);
      expect(decisions(huge)).toEqual(small);
    });
  });
});
