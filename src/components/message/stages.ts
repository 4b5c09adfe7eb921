/**
 * The six gates of one request, as the playback reveals them, and the picker
 * that chooses which request of a batch the page inspects.
 */
import {html} from "htl";
import type {MessageRequestOutcome, MessageStageDecision, MessageStageStatus, MessageTransaction} from "../../../lib/message/index.js";
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
  return cursor.revealed.has(gateKey(outcome.requestIndex, stage)) || (stage === 1 && cursor.revealed.has(gateKey(null, 1)));
}

export function clientRevealed(cursor: GateCursor | null, requestIndex: number | null): boolean {
  return cursor === null || cursor.revealed.has(`client/${requestIndex ?? "document"}`);
}

const STATUS_WORDS: Record<MessageStageStatus, string> = {pass: "passed", stop: "stopped", "not-reached": "not reached"};

/** The six gates of one request in a row: what each did, and why, as far as playback has got. */
export function StageGates(transaction: MessageTransaction, outcome: MessageRequestOutcome, cursor: GateCursor | null): HTMLElement {
  const decisionFor = (stage: number): MessageStageDecision | undefined =>
    transaction.trace.find((d) => d.stage === stage && d.kind !== "client" && d.kind !== "compare" && (d.requestIndex === outcome.requestIndex || (stage === 1 && d.requestIndex === null)));
  return html`<div class="stage-gates-block">
    <ol class="stage-gates" aria-label=${`The six stages of ${describeRequest(outcome)}`}>
      ${outcome.stages.map((verdict) => {
        const shown = gateRevealed(cursor, outcome, verdict.stage);
        const decision = decisionFor(verdict.stage);
        const status = shown ? verdict.status : "pending";
        return html`<li class=${`stage-gate stage-${status}`}>
          <span class="stage-gate-name">${verdict.stage}. ${verdict.name}</span>
          <strong class="stage-gate-status">${shown ? `${statusMark(verdict.status)} ${STATUS_WORDS[verdict.status]}${verdict.error ? ` (${verdict.error.code})` : ""}` : "not revealed yet"}</strong>
          <span class="stage-gate-detail">${!shown ? "" : decision ? decision.detail : verdict.status === "not-reached" ? `Stopped earlier, at stage ${outcome.stoppedAt}.` : ""}</span>
        </li>`;
      })}
    </ol>
    <p class="stage-verdict">${cursor === null || outcome.stages.every((verdict) => gateRevealed(cursor, outcome, verdict.stage)) ? outcome.verdict : "Playback has not reached the end of this request yet."}</p>
  </div>` as HTMLElement;
}

function statusMark(status: MessageStageStatus): string {
  return status === "pass" ? "✓" : status === "stop" ? "✗" : "–";
}

/**
 * Which request of the transaction the page inspects. A custom input whose value
 * is the request's position in `transaction.requests`; it keeps the reader's
 * choice across edits through `memory` (while that request still exists), and
 * says nothing when there is only one request.
 */
export function RequestPicker(transaction: MessageTransaction, memory: {index: number}): HTMLElement & {value: number} {
  const count = transaction.requests.length;
  if (memory.index >= count) memory.index = 0;
  if (count <= 1) {
    const single = html`<div class="request-picker" hidden></div>` as HTMLElement & {value: number};
    single.value = 0;
    return single;
  }
  const select = html`<select id="request-picker-select">${transaction.requests.map((outcome, index) => html`<option value=${index} selected=${index === memory.index}>${describeRequest(outcome)}: ${outcome.stoppedAt === null ? "all six stages passed" : `stopped at stage ${outcome.stoppedAt}`}</option>`)}</select>` as HTMLSelectElement;
  const root = html`<div class="request-picker"><label for="request-picker-select">Inspect</label>${select}<span class="request-picker-count">${count} requests in this batch</span></div>` as HTMLElement & {value: number};
  root.value = memory.index;
  select.addEventListener("change", () => {
    memory.index = root.value = Number(select.value);
    root.dispatchEvent(new Event("input", {bubbles: true}));
  });
  select.addEventListener("input", (event) => event.stopPropagation());
  return root;
}
