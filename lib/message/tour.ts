/**
 * The guided lesson of the message lab: the "Things to try" of the lesson's text, in its order.
 * Each step chooses one example request (in one click) and asks what the transaction will do
 * before the reader sees it; the answer is read from the transaction the page computed.
 */
import type {TourStep} from "../tour/step.js";
import {messageExample} from "./examples.js";
import type {MessageTransaction} from "./transaction.js";

export interface MessageTourStep extends TourStep<MessageTransaction> {
  /** The example request the step puts in the editor. */
  exampleId: string;
}

const NOT_STOPPED = "none";

/** The request the lesson's text names each step for, taken from the examples file (validated there). */
function step(exampleId: string, rest: Omit<MessageTourStep, "exampleId" | "title" | "lookAt">): MessageTourStep {
  const example = messageExample(exampleId);
  if (!example)
    throw new Error(`the message tour names an example that data/message/examples.json does not have: ${exampleId}`);
  return {exampleId, title: example.title, lookAt: example.summary, ...rest};
}

export const messageTour: readonly MessageTourStep[] = [
  step("notification", {
    id: "notification",
    prediction: {
      kind: "number",
      question: "A request without an id. How many responses does the client receive?",
      units: ["response", "responses"],
      max: 2000,
      answer: (t) => t.client.responses.length
    },
    why: "A request without an id is a notification: the handler runs, and JSON-RPC 2.0 forbids answering it, even with an error.",
    shows: (t) => t.receipts.length > 0 && t.responseText === null
  }),
  step("batch", {
    id: "batch",
    prediction: {
      kind: "number",
      question: "A batch of four elements, one of them a notification. How many entries does the response array hold?",
      units: ["entry", "entries"],
      max: 2000,
      answer: (t) => t.client.responses.length
    },
    why: "Every element is answered on its own except the notification, which gets no entry at all.",
    shows: (t) => t.shape === "batch" && t.client.responses.length < t.requests.length
  }),
  step("string-vs-number-id", {
    id: "string-vs-number-id",
    prediction: {
      kind: "number",
      question:
        'Two requests, with ids 1 and "1". How many responses would a client comparing ids loosely accept for the request with id 1?',
      units: ["response", "responses"],
      max: 2000,
      answer: (t) => t.client.perRequest[0]?.looseMatches ?? 0
    },
    why: 'Loosely, 1 equals "1", so both responses look like the answer; a careful client compares type and value and matches one each.',
    shows: (t) => t.client.perRequest.some((request) => request.looseMatches > 1)
  }),
  step("id-beyond-2-53", {
    id: "id-beyond-2-53",
    prediction: {
      kind: "choice",
      question: "The id is 9007199254740993, beyond 2^53. What id does the response carry?",
      choices: [
        {value: "exact", label: "9007199254740993, exactly as sent"},
        {value: "rounded", label: "9007199254740992, rounded to a double"},
        {value: "other", label: "Something else, or no response"}
      ],
      answer: (t) => {
        const id = t.client.responses[0]?.id;
        return id?.type !== "number"
          ? "other"
          : id.lexeme === "9007199254740993"
            ? "exact"
            : id.lexeme === "9007199254740992"
              ? "rounded"
              : "other";
      }
    },
    why: "The receiver keeps numbers exactly as written; only a client reading the response with plain JSON.parse sees 9007199254740992.",
    shows: (t) =>
      t.client.responses.some(
        (response) => response.id?.type === "number" && response.id.integer && !response.id.safeInJavaScript
      )
  }),
  step("missing-kind", {
    id: "missing-kind",
    prediction: {
      kind: "choice",
      question: "The message has no kind member, as in the specification's own examples. Where does the request stop?",
      choices: [
        {value: "1", label: "Gate 1: Parse"},
        {value: "2", label: "Gate 2: Envelope"},
        {value: "3", label: "Gate 3: Method"},
        {value: "4", label: "Gate 4: Params"},
        {value: "5", label: "Gate 5: Parts"},
        {value: NOT_STOPPED, label: "Nowhere: it reaches the handler"}
      ],
      answer: (t) => String(t.requests[0]?.stoppedAt ?? NOT_STOPPED)
    },
    why: "The A2A v0.3.0 schema requires message.kind, so the params check at gate 4 refuses the request with -32602.",
    shows: (t) => t.requests[0]?.stoppedAt === 4
  })
];

/** Whether the editor holds the step's example request, unedited. */
export function hasMessageStepRequest(step: MessageTourStep, requestText: string): boolean {
  return messageExample(step.exampleId)?.requestText === requestText;
}
