/**
 * JSON-RPC 2.0 section 6, batches: an array of requests. Each element goes
 * through the stages on its own; the response is an array with no entry for
 * notifications, and nothing at all when no entry remains. An empty array is
 * not a batch: it gets one -32600 response (section 6 and its examples).
 */
import {childPointer} from "./json-pointer.js";
import type {JsonArrayNode} from "../shared/json-nodes.js";
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import {processRequest, type RequestOutcome, type TransactionState} from "./request.js";
import {batchResponseText} from "./response.js";
import type {SourceLocator} from "./source-span.js";

/** An implementation limit: more elements than this are refused as a whole, with one -32600. */
export const MAX_BATCH_REQUESTS = 1000;

export const RULE_EMPTY_BATCH =
  "JSON-RPC 2.0 section 6: a batch is an Array with at least one value; otherwise the server replies with a single Response";

export interface BatchRun {
  outcomes: RequestOutcome[];
  /** The response array as sent, or null when every element was a notification. */
  responseText: string | null;
}

/** Runs every element of a non-empty batch; `parseFindingsFor` gives the stage 1 findings inside an element. */
export function runBatch(
  batch: JsonArrayNode,
  text: string,
  locator: SourceLocator,
  parseFindingsFor: (from: number, to: number, requestIndex: number) => Finding[],
  state: TransactionState
): BatchRun {
  const outcomes = batch.items.map((element, index) => {
    const context: RequestContext = {text, locator, prefix: childPointer("", index), requestIndex: index};
    return processRequest(element, context, parseFindingsFor(element.from, element.to, index), state);
  });
  const responses = outcomes.map((o) => o.responseText).filter((r): r is string => r !== null);
  return {outcomes, responseText: batchResponseText(responses)};
}

/** The finding for an array that cannot be run as a batch (empty, or over the size limit). */
export function refusedBatchFinding(batch: JsonArrayNode, text: string, locator: SourceLocator): Finding {
  const context: RequestContext = {text, locator, prefix: "", requestIndex: null};
  if (batch.items.length === 0) {
    return makeFinding(context, {
      stage: 2,
      severity: "error",
      code: "batch.empty",
      pointer: "",
      from: batch.from,
      to: batch.to,
      rule: RULE_EMPTY_BATCH,
      message: "An empty array is not a batch: there is no request in it.",
      accepted: "a request object, or an array of one or more request objects"
    });
  }
  return makeFinding(context, {
    stage: 2,
    severity: "error",
    code: "batch.too-large",
    pointer: "",
    from: batch.from,
    to: batch.from + 1,
    rule: `Lab limit: at most ${MAX_BATCH_REQUESTS} requests per batch (JSON-RPC 2.0 sets none; the whole batch is refused as one invalid Request)`,
    message: `The batch has ${batch.items.length} elements.`,
    accepted: `an array of 1 to ${MAX_BATCH_REQUESTS} request objects`
  });
}
