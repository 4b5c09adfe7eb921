/**
 * Request ids kept exactly as written. JSON-RPC 2.0 section 4: an id is a
 * String, a Number or Null; section 5: the response carries "the same value".
 * So `1` and `"1"` are different ids, and 9007199254740993 is not ...992.
 */
import type {JsonNode} from "../shared/json-nodes.js";
import {
  decimalOf,
  isIntegerDecimal,
  isSafeIntegerDecimal,
  jsonParseReading,
  sameDecimal,
  type DecimalValue
} from "./json-number.js";

export type RequestId =
  | {type: "string"; value: string /** The source text, quotes and escapes included. */; lexeme: string}
  | {
      type: "number";
      lexeme: string;
      /** A number with a zero fractional part (1.0 and 1e3 count). */
      integer: boolean;
      /** An integer a JavaScript number holds exactly (|n| ≤ 2^53 − 1). */
      safeInJavaScript: boolean;
      /** What JSON.parse then JSON.stringify would send back ("9007199254740992"). */
      jsonParseReading: string;
    }
  | {type: "null"; lexeme: "null"};

type NumberId = Extract<RequestId, {type: "number"}>;

/** What is derived from a number id's lexeme, computed at most once per id (a lexeme may be a megabyte long). */
interface NumberIdReading {
  value: DecimalValue;
  key?: string;
  looseKey?: string;
}

/**
 * Readings by id object. A cache, not state: every entry is a function of the
 * id's lexeme, so an id built elsewhere (a test's literal) is simply read on first use.
 */
const numberIdReadings = new WeakMap<NumberId, NumberIdReading>();

function numberIdReading(id: NumberId): NumberIdReading {
  let reading = numberIdReadings.get(id);
  if (reading === undefined) {
    reading = {value: decimalOf(id.lexeme)};
    numberIdReadings.set(id, reading);
  }
  return reading;
}

/** The id a node holds, or undefined when JSON-RPC does not allow that type (object, array, boolean). */
export function readRequestId(node: JsonNode, text: string): RequestId | undefined {
  switch (node.type) {
    case "string":
      return {type: "string", value: node.value, lexeme: text.slice(node.from, node.to)};
    case "number": {
      const value = decimalOf(node.lexeme);
      const id: NumberId = {
        type: "number",
        lexeme: node.lexeme,
        integer: isIntegerDecimal(value),
        safeInJavaScript: isSafeIntegerDecimal(value),
        jsonParseReading: jsonParseReading(node.lexeme)
      };
      numberIdReadings.set(id, {value});
      return id;
    }
    case "null":
      return {type: "null", lexeme: "null"};
    default:
      return undefined;
  }
}

/** Same type and same value: what a careful client checks before accepting a response. */
export function sameRequestId(a: RequestId, b: RequestId): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "string") return a.value === (b as {value: string}).value;
  if (a.type === "number")
    return (
      a.lexeme === (b as NumberId).lexeme || sameDecimal(numberIdReading(a).value, numberIdReading(b as NumberId).value)
    );
  return true;
}

/**
 * What a careless client compares: ids turned into JavaScript values and then
 * strings (so 1 equals "1", and 9007199254740993 equals 9007199254740992).
 */
export function looselySameRequestId(a: RequestId, b: RequestId): boolean {
  return looseRequestIdKey(a) === looseRequestIdKey(b);
}

/**
 * A string two ids share exactly when sameRequestId holds: the type, then the
 * value (a number by its mathematical value, so 1, 1.0 and 1e0 share a key).
 * Read once per id, it lets a batch be correlated with Maps, not pairwise.
 */
export function requestIdKey(id: RequestId): string {
  if (id.type === "string") return `s:${id.value}`;
  if (id.type === "null") return "null";
  const reading = numberIdReading(id);
  if (reading.key === undefined) {
    const {negative, digits, exponent} = reading.value;
    // Digits never contain "e", so sign, digits and exponent read back unambiguously.
    reading.key = `n:${negative ? "-" : ""}${digits}e${exponent}`;
  }
  return reading.key;
}

/** A string two ids share exactly when looselySameRequestId holds. */
export function looseRequestIdKey(id: RequestId): string {
  if (id.type === "string") return id.value;
  if (id.type === "null") return "null";
  const reading = numberIdReading(id);
  reading.looseKey ??= String(Number(id.lexeme));
  return reading.looseKey;
}

/** How the id reads in a sentence: `"1"` (string), `1` (number), `null`. */
export function describeRequestId(id: RequestId): string {
  const shown = id.lexeme.length > 60 ? `${id.lexeme.slice(0, 60)}…` : id.lexeme;
  return id.type === "null" ? "null" : `${shown} (${id.type})`;
}
