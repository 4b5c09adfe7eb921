/**
 * fast-check generators of request ids and of what a client sent and got
 * back, drawn from a small pool so that collisions are common: the same id
 * twice, 1 and "1", 1 and 1.0, ids past 2^53 that JSON.parse rounds together,
 * null and "null".
 */
import fc from "fast-check";
import {parseJson} from "../../lib/message/json-source.js";
import {readRequestId, type RequestId} from "../../lib/message/request-id.js";
import type {SentRequest} from "../../lib/message/client.js";

/** Id lexemes as written in JSON text. */
export const ID_LEXEMES = [
  "1",
  '"1"',
  "1.0",
  "1e0",
  "10e-1",
  "2",
  '"2"',
  "0",
  "-0",
  "1.5",
  "9007199254740993",
  "9007199254740992",
  '"9007199254740993"',
  "1e400",
  "1e401",
  "null",
  '"null"',
  '"a"',
  '"\\u0061"',
  '""'
] as const;

export const idLexeme = fc.constantFrom(...ID_LEXEMES);

/** The RequestId the lab reads from a lexeme of the pool. */
export function requestIdOf(lexeme: string): RequestId {
  const parsed = parseJson(lexeme);
  if (!parsed.ok) throw new Error(`not JSON: ${lexeme}`);
  return readRequestId(parsed.value, lexeme)!;
}

/** A request as the client knows it: with an id from the pool, a notification, or with no id it could use. */
export const sentRequest: fc.Arbitrary<Omit<SentRequest, "requestIndex">> = fc.oneof(
  {weight: 8, arbitrary: idLexeme.map((lexeme) => ({id: requestIdOf(lexeme), hasIdMember: true, notification: false}))},
  {weight: 1, arbitrary: fc.constant({id: null, hasIdMember: false, notification: true})},
  {weight: 1, arbitrary: fc.boolean().map((hasIdMember) => ({id: null, hasIdMember, notification: false}))}
);

/** What a client sent: batch positions 0..n-1, or one request with position null. */
export const sentRequests: fc.Arbitrary<SentRequest[]> = fc.oneof(
  fc
    .array(sentRequest, {minLength: 1, maxLength: 12})
    .map((list) => list.map((request, requestIndex) => ({requestIndex, ...request}))),
  sentRequest.map((request) => [{requestIndex: null, ...request}])
);

/** One response element: an id from the pool (or none, or one of a type JSON-RPC does not allow) and a body. */
const responseElement = fc
  .record({
    id: fc.oneof(
      {weight: 8, arbitrary: idLexeme},
      {weight: 1, arbitrary: fc.constant(undefined)},
      {weight: 1, arbitrary: fc.constantFrom("true", "[1]", '{"id":1}')}
    ),
    body: fc.constantFrom(
      '"result":{}',
      '"error":{"code":-32602,"message":"x"}',
      '"error":{"code":"x","message":"x"}',
      '"result":1,"error":{"code":1}',
      '"error":"x"',
      ""
    )
  })
  .map(({id, body}) => `{"jsonrpc":"2.0"${id === undefined ? "" : `,"id":${id}`}${body === "" ? "" : `,${body}`}}`);

/** The response text a client could get: an array, one response, something that is not JSON, or nothing. */
export const responseText: fc.Arbitrary<string | null> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.oneof({weight: 9, arbitrary: responseElement}, {weight: 1, arbitrary: fc.constantFrom("1", '"x"', "null")}),
        {maxLength: 12}
      )
      .map((items) => `[${items.join(",")}]`)
  },
  {weight: 2, arbitrary: responseElement},
  {weight: 1, arbitrary: fc.constantFrom("{", "")},
  {weight: 1, arbitrary: fc.constant(null)}
);
