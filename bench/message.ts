/**
 * Benchmarks for lib/message: a typical request through all six stages, a
 * 1 MiB request, a batch of 1000 requests with 1000-digit ids, and stage 4
 * (MessageSendParams validation) done by the lab's own interpreter and by ajv
 * with the official A2A v0.3.0 schema. ajv is used here only; lib/ never
 * imports it. Targets: typical < 100 µs median, 1 MiB < 50 ms, the batch < 100 ms. The pasted id
 * with a million-digit exponent is reported as figures only.
 */
import Ajv from "ajv";
import type {BenchCase, BenchResult} from "./harness.js";
import {formatMicroseconds} from "./harness.js";
import schema from "../data/message/spec/a2a-v0.3.0.json" with {type: "json"};
import {
  MAX_MESSAGE_REQUEST_BYTES as MAX_REQUEST_BYTES,
  messageExample,
  runMessageTransaction
} from "../lib/message/index.js";
import {encodeBase64} from "../lib/shared/base64.js";
import {memberOf, parseJson} from "../lib/message/json-source.js";
import type {JsonNode} from "../lib/shared/json-nodes.js";
import {validateMessageSendParams} from "../lib/message/params.js";
import {utf8ByteLength} from "../lib/message/request-size.js";

export const TYPICAL_CASE = "runMessageTransaction: typical request, all six stages";
export const MEGABYTE_TEXT_CASE = "runMessageTransaction: 1 MiB request (one text part)";
export const MEGABYTE_FILE_CASE = "runMessageTransaction: 1 MiB request (one inline file)";
export const LONG_ID_BATCH_CASE = "runMessageTransaction: batch of 1000 requests, 1000-digit ids";
export const HUGE_EXPONENT_ID_CASE = "runMessageTransaction: id 1e999…9 (a million-digit exponent)";
export const LIB_STAGE4_CASE = "stage 4 (MessageSendParams), lib interpreter";
export const AJV_STAGE4_CASE = "stage 4 (MessageSendParams), ajv + official schema";
export const LIB_PARSE_STAGE4_CASE = "parse + stage 4, lib parser + interpreter";
export const AJV_PARSE_STAGE4_CASE = "parse + stage 4, JSON.parse + ajv";

/** The typical request: the menu's valid message/send (text, inline file, file by URI, data). */
const typical = messageExample("valid-send")!.requestText;

/** A valid request padded to exactly `bytes` (by default MAX_REQUEST_BYTES) of UTF-8 with one text part. */
export function megabyteTextRequest(bytes = MAX_REQUEST_BYTES): string {
  const shell = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "message/send",
    params: {message: {kind: "message", messageId: "m-1", role: "user", parts: [{kind: "text", text: ""}]}}
  });
  return shell.replace('"text":""', `"text":"${"a".repeat(bytes - utf8ByteLength(shell))}"`);
}

/**
 * A valid request of exactly `bytes` of UTF-8, pretty-printed: text parts of
 * about 100 characters, one per line, as a pasted document would be.
 */
export function largeMultilineRequest(bytes = MAX_REQUEST_BYTES): string {
  const head =
    '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "message/send",\n  "params": {"message": {"kind": "message", "messageId": "m-1", "role": "user", "parts": [\n';
  const tail = "\n  ]}}\n}";
  const line = (length: number) => `    {"kind": "text", "text": "${"a".repeat(length)}"}`;
  const lines: string[] = [];
  let size = head.length + tail.length;
  const full = line(80).length + 2;
  // Each full line is counted with the ",\n" after it; the last line has none.
  while (size + full + line(0).length <= bytes) {
    lines.push(line(80));
    size += full;
  }
  lines.push(line(bytes - size - line(0).length));
  return head + lines.join(",\n") + tail;
}

/**
 * Issue #10's pasted batch (1,037,001 characters): 1000 requests whose ids are
 * 1000 digits long, some equal ("1", "17" and "177" padded with 7s), so the
 * client correlates a thousand long ids with a thousand responses.
 */
export function longIdBatch(): string {
  return (
    "[" +
    Array.from({length: 1000}, (_, i) => `{"jsonrpc":"2.0","id":${String(i + 1).padEnd(1000, "7")},"method":"x"}`).join(
      ","
    ) +
    "]"
  );
}

/**
 * A pasted request whose id has a million-digit exponent (1,000,061 characters,
 * under the 1 MiB limit). Reading that exponent through BigInt, as the lab once
 * did about ten times per id, froze lesson 2 for seconds.
 */
export function hugeExponentIdRequest(exponentDigits = 1_000_000): string {
  return `{"jsonrpc":"2.0","id":1e${"9".repeat(exponentDigits)},"method":"message/send","params":{}}`;
}

/** A valid request with one inline file as large as fits in MAX_REQUEST_BYTES. */
function megabyteFileRequest(): string {
  const shell = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "message/send",
    params: {
      message: {
        kind: "message",
        messageId: "m-1",
        role: "user",
        parts: [{kind: "file", file: {mimeType: "application/octet-stream", bytes: ""}}]
      }
    }
  });
  const size = Math.floor((MAX_REQUEST_BYTES - shell.length) / 4) * 3;
  return shell.replace('"bytes":""', `"bytes":"${encodeBase64(new Uint8Array(size).map((_, k) => (k * 131) & 255))}"`);
}

function paramsNode(text: string): JsonNode {
  const parsed = parseJson(text);
  if (!parsed.ok || parsed.value.type !== "object") throw new Error("benchmark request does not parse");
  return memberOf(parsed.value, "params")!.value;
}

const ajv = new Ajv({strict: false, allErrors: true});
ajv.addSchema(schema as object, "a2a");
const ajvParams = ajv.getSchema("a2a#/definitions/MessageSendParams")!;

const typicalParamsNode = paramsNode(typical);
const typicalParamsValue = (JSON.parse(typical) as {params: unknown}).params;
const megabyteText = megabyteTextRequest();
const megabyteFile = megabyteFileRequest();
const longIds = longIdBatch();
const hugeExponentId = hugeExponentIdRequest();

// The two validators must agree on the benchmark input, or the comparison means nothing.
if (!validateMessageSendParams(typicalParamsNode).valid || ajvParams(typicalParamsValue) !== true)
  throw new Error("benchmark params are not valid");

export const messageBenchCases: BenchCase[] = [
  {name: TYPICAL_CASE, run: () => runMessageTransaction(typical), samples: 2000},
  {name: MEGABYTE_TEXT_CASE, run: () => runMessageTransaction(megabyteText), samples: 30},
  {name: MEGABYTE_FILE_CASE, run: () => runMessageTransaction(megabyteFile), samples: 30},
  {name: LONG_ID_BATCH_CASE, run: () => runMessageTransaction(longIds), samples: 30},
  {name: HUGE_EXPONENT_ID_CASE, run: () => runMessageTransaction(hugeExponentId), samples: 30},
  {name: LIB_STAGE4_CASE, run: () => validateMessageSendParams(typicalParamsNode).valid, samples: 5000},
  {name: AJV_STAGE4_CASE, run: () => ajvParams(typicalParamsValue), samples: 5000},
  {name: LIB_PARSE_STAGE4_CASE, run: () => validateMessageSendParams(paramsNode(typical)).valid, samples: 5000},
  {name: AJV_PARSE_STAGE4_CASE, run: () => ajvParams((JSON.parse(typical) as {params: unknown}).params), samples: 5000}
];

/** Summary lines: the targets, and lib vs ajv as a ratio of medians (> 1 means the lab is slower). */
export function messageBenchSummary(results: readonly BenchResult[]): string[] {
  const median = (name: string): number | undefined => results.find((r) => r.name === name)?.medianMicroseconds;
  const lines: string[] = [];
  const typicalUs = median(TYPICAL_CASE);
  if (typicalUs !== undefined)
    lines.push(
      `typical request, six stages: ${formatMicroseconds(typicalUs)} median (target < 100 µs: ${typicalUs < 100 ? "met" : "MISSED"})`
    );
  for (const name of [MEGABYTE_TEXT_CASE, MEGABYTE_FILE_CASE]) {
    const us = median(name);
    if (us !== undefined)
      lines.push(`${name}: ${formatMicroseconds(us)} median (target < 50 ms: ${us < 50_000 ? "met" : "MISSED"})`);
  }
  // Issue #10: the pasted 1000-request batch "decides in tens of milliseconds" (it took 7.7 s).
  const batchUs = median(LONG_ID_BATCH_CASE);
  if (batchUs !== undefined)
    lines.push(
      `${LONG_ID_BATCH_CASE}: ${formatMicroseconds(batchUs)} median (target: tens of milliseconds, < 100 ms: ${batchUs < 100_000 ? "met" : "MISSED"})`
    );
  for (const [lib, other, label] of [
    [LIB_STAGE4_CASE, AJV_STAGE4_CASE, "stage 4 alone"],
    [LIB_PARSE_STAGE4_CASE, AJV_PARSE_STAGE4_CASE, "parse + stage 4"]
  ] as const) {
    const a = median(lib);
    const b = median(other);
    if (a !== undefined && b !== undefined)
      lines.push(
        `${label}: lib ${formatMicroseconds(a)} / ajv ${formatMicroseconds(b)} = ${(a / b).toFixed(2)}× (lib/ajv)`
      );
  }
  return lines;
}
