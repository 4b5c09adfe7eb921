/**
 * The six gates of one request, as the playback reveals them, and the picker
 * that chooses which request of a batch the page inspects.
 */
import {element} from "../runtime/dom.js";
import type {
  RequestOutcome as MessageRequestOutcome,
  StageStatus as MessageStageStatus
} from "../../../lib/message/request.js";
import type {StageDecision as MessageStageDecision} from "../../../lib/message/trace.js";
import type {MessageTransaction} from "../../../lib/message/transaction.js";
import {describeRequest} from "./words.js";

/**
 * How far playback has got: the (request, stage) gates revealed so far. Null
 * when nothing is revealed yet: then the page shows everything, as the other
 * lessons' charts do before Play.
 */
export interface GateCursor {
  revealed: Set<string>;
}

const gateKey = (requestIndex: number | null, stage: number) => `${requestIndex ?? "document"}/${stage}`;

export function gateCursor(revealed: readonly MessageStageDecision[]): GateCursor | null {
  if (revealed.length === 0) return null;
  const keys = new Set<string>();
  for (const decision of revealed) {
    if (decision.kind === "client") keys.add(`client/${decision.requestIndex ?? "document"}`);
    else if (decision.kind !== "compare") keys.add(gateKey(decision.requestIndex, decision.stage));
  }
  return {revealed: keys};
}

/** Whether a gate of a request is revealed. A gate never reached is revealed with the stop that ended the request. */
export function gateRevealed(cursor: GateCursor | null, outcome: MessageRequestOutcome, stage: number): boolean {
  if (cursor === null) return true;
  const status = outcome.stages[stage - 1]?.status;
  if (status === "not-reached") return outcome.stoppedAt !== null && gateRevealed(cursor, outcome, outcome.stoppedAt);
  // A batch is parsed once, for the whole document.
  return (
    cursor.revealed.has(gateKey(outcome.requestIndex, stage)) || (stage === 1 && cursor.revealed.has(gateKey(null, 1)))
  );
}

export function clientRevealed(cursor: GateCursor | null, requestIndex: number | null): boolean {
  return cursor === null || cursor.revealed.has(`client/${requestIndex ?? "document"}`);
}

const STATUS_WORDS: Record<MessageStageStatus, string> = {
  pass: "passed",
  stop: "stopped",
  "not-reached": "not reached"
};

/** The six gates of one request in a row: what each did, and why, as far as playback has got. */
export function StageGates(
  transaction: MessageTransaction,
  outcome: MessageRequestOutcome,
  cursor: GateCursor | null
): HTMLElement {
  const decisionFor = (stage: number): MessageStageDecision | undefined =>
    transaction.trace.find(
      (d) =>
        d.stage === stage &&
        d.kind !== "client" &&
        d.kind !== "compare" &&
        (d.requestIndex === outcome.requestIndex || (stage === 1 && d.requestIndex === null))
    );
  const allShown = cursor === null || outcome.stages.every((verdict) => gateRevealed(cursor, outcome, verdict.stage));
  return element(
    "div",
    {class: "stage-gates-block"},
    element(
      "ol",
      {class: "stage-gates", "aria-label": `The six stages of ${describeRequest(outcome)}`},
      outcome.stages.map((verdict) => {
        const shown = gateRevealed(cursor, outcome, verdict.stage);
        const decision = decisionFor(verdict.stage);
        const status = shown ? verdict.status : "pending";
        return element(
          "li",
          {class: `stage-gate stage-${status}`},
          element("span", {class: "stage-gate-name"}, `${verdict.stage}. ${verdict.name}`),
          element(
            "strong",
            {class: "stage-gate-status"},
            shown
              ? `${statusMark(verdict.status)} ${STATUS_WORDS[verdict.status]}${verdict.error ? ` (${verdict.error.code})` : ""}`
              : "not revealed yet"
          ),
          element(
            "span",
            {class: "stage-gate-detail"},
            !shown
              ? ""
              : decision
                ? decision.detail
                : verdict.status === "not-reached"
                  ? `Stopped earlier, at stage ${outcome.stoppedAt}.`
                  : ""
          )
        );
      })
    ),
    element(
      "p",
      {class: "stage-verdict"},
      allShown ? outcome.verdict : "Playback has not reached the end of this request yet."
    )
  );
}

function statusMark(status: MessageStageStatus): string {
  return status === "pass" ? "✓" : status === "stop" ? "✗" : "–";
}

export type RequestPickerElement = HTMLElement & {
  /** The inspected request's position in `transaction.requests`. */
  value: number;
  /**
   * Lists another transaction's requests, in place (options are rewritten only where they
   * changed). The choice stays while the transaction still has that request; otherwise the
   * first request is chosen, and the page is told as a choice by the reader would.
   */
  update(transaction: MessageTransaction): void;
};

function optionText(outcome: MessageRequestOutcome): string {
  return `${describeRequest(outcome)}: ${outcome.stoppedAt === null ? "all six stages passed" : `stopped at stage ${outcome.stoppedAt}`}`;
}

/**
 * Which request of the transaction the page inspects. A custom input whose value
 * is the request's position in `transaction.requests`. Built once per page and
 * given each transaction with `update(transaction)`, it keeps the reader's choice
 * across edits (in `memory`, while that request still exists) and says nothing
 * (it is hidden and empty) when there is only one request.
 */
export function RequestPicker(
  transaction: MessageTransaction | null = null,
  memory: {index: number} = {index: 0}
): RequestPickerElement {
  const select = element("select", {id: "request-picker-select"});
  const count = element("span", {class: "request-picker-count"});
  const contents = [element("label", {for: "request-picker-select"}, "Inspect"), select, count];
  const root = element("div", {class: "request-picker", hidden: true}) as unknown as RequestPickerElement;
  root.value = memory.index;

  root.update = (next: MessageTransaction) => {
    const requests = next.requests;
    if (memory.index >= requests.length) memory.index = 0;
    if (requests.length <= 1) {
      if (root.firstChild) root.replaceChildren();
      root.hidden = true;
    } else {
      const options = select.options;
      requests.forEach((outcome, index) => {
        const text = optionText(outcome);
        const option = options[index];
        if (!option) select.append(element("option", {value: index}, text));
        else if (option.text !== text) option.textContent = text;
      });
      while (options.length > requests.length) select.lastElementChild!.remove();
      select.value = String(memory.index);
      const counted = `${requests.length} requests in this batch`;
      if (count.textContent !== counted) count.textContent = counted;
      if (!root.firstChild) root.append(...contents);
      root.hidden = false;
    }
    if (root.value === memory.index) return;
    root.value = memory.index;
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };

  select.addEventListener("change", () => {
    memory.index = root.value = Number(select.value);
    root.dispatchEvent(new Event("input", {bubbles: true}));
  });
  select.addEventListener("input", (event) => event.stopPropagation());
  if (transaction) root.update(transaction);
  return root;
}
