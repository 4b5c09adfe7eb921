/**
 * The two sides of the transaction, to read apart: what the receiver recorded
 * (its receipts) and what the client can conclude from the response text it
 * actually received. The lesson's point is that they can differ: a handled
 * notification leaves a receipt and no response.
 */
import {html} from "htl";
import type {MessageClientRequestDecision, MessageReceipt, MessageTransaction} from "../../../lib/message/index.js";
import {SummaryFigure as figure} from "../summary-figure.js";
import {CappedPre, moreNotShown} from "./capped-text.js";
import {CLIENT_VERDICT_WORDS, clientKnows, idText} from "./words.js";

/** Characters of the response body shown. */
export const RESPONSE_SHOWN = 20_000;
/** Rows of each table rendered. */
export const EXCHANGE_ROWS_SHOWN = 100;

const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? noun : nouns}`;

/** Headline figures, receiver and client apart, and the one sentence that reads them together. */
export function TransactionSummary(transaction: MessageTransaction): HTMLElement {
  const {requests, receipts, client} = transaction;
  const sent = client.perRequest.length;
  const passed = requests.filter((outcome) => outcome.stoppedAt === null).length;
  const unknown = sent - client.confirmedSuccesses - client.confirmedErrors;
  const headline = requests.length === 1 ? requests[0]!.verdict : client.summary;
  return html`<div class="transaction-summary">
    <p class="transaction-headline">${headline}</p>
    <div class="summary-figures" aria-label="What was sent, handled and answered">
      ${figure(sent, "requests the client sent")}
      ${figure(passed, "passed all six stages")}
      ${figure(receipts.length, "receipts recorded by the receiver")}
      ${figure(client.responses.length, "response objects sent back")}
    </div>
    <div class="summary-figures" aria-label="What the client can conclude">
      ${figure(client.confirmedSuccesses, "successes the client can confirm")}
      ${figure(client.confirmedErrors, "failures the client knows of")}
      ${figure(unknown, "requests the client cannot tell about", unknown > 0)}
    </div>
    ${ReceiptGap(transaction)}
  </div>` as HTMLElement;
}

/** Receipts against confirmations, in one sentence. */
function ReceiptGap({receipts, client}: MessageTransaction): HTMLElement {
  const confirmed = client.confirmedSuccesses;
  if (receipts.length === confirmed) {
    return html`<p class="receipt-gap receipt-gap-none">Receipts and confirmations agree: the receiver recorded ${plural(receipts.length, "receipt")}, and the client can confirm ${plural(confirmed, "success", "successes")}.</p>` as HTMLElement;
  }
  const notifications = receipts.filter((receipt) => receipt.notification).length;
  const why = notifications > 0 ? ` ${plural(notifications, "receipt is", "receipts are")} for ${notifications === 1 ? "a notification" : "notifications"}: work done, never answered.` : " The client's table says why, request by request.";
  return html`<p class="receipt-gap">The receiver recorded <strong>${plural(receipts.length, "receipt")}</strong>, but the client can confirm only <strong>${plural(confirmed, "success", "successes")}</strong>: it reads the response, not the receiver's state.${why}</p>` as HTMLElement;
}

/** The response body exactly as the client received it, or why there is none. */
export function ResponseView(transaction: MessageTransaction): HTMLElement {
  const text = transaction.responseText;
  if (text === null) {
    return html`<p class="response-none"><strong>Nothing was sent back.</strong> JSON-RPC 2.0 never answers a notification, not even with an error (section 4.1), and sends nothing at all for a batch whose every element is a notification (section 6). The client receives no body to read.</p>` as HTMLElement;
  }
  const count = transaction.client.responses.length;
  const shape = text.startsWith("[") ? `an array of ${plural(count, "Response object")}` : "one Response object";
  return html`<div class="response-view">
    <p class="response-meta">${text.length.toLocaleString("en-US")} characters: ${shape}, verbatim (ids exactly as the request wrote them).</p>
    ${CappedPre(text, RESPONSE_SHOWN, "verbatim response-text")}
  </div>` as HTMLElement;
}

/** The receiver's receipts and the client's decision, side by side. */
export function ReceiptsAndClient(transaction: MessageTransaction): HTMLElement {
  return html`<div class="inspector-columns exchange-columns">
    <div>
      <h3>The receiver's receipts</h3>
      ${ReceiptTable(transaction.receipts)}
    </div>
    <div>
      <h3>The client's decision</h3>
      ${ClientTable(transaction.client.perRequest)}
      <p class="client-summary">${transaction.client.summary}</p>
    </div>
  </div>` as HTMLElement;
}

function ReceiptTable(receipts: readonly MessageReceipt[]): HTMLElement {
  if (receipts.length === 0) return html`<p>No receipt: the handler never ran, so the receiver did no work.</p>` as HTMLElement;
  const shown = receipts.slice(0, EXCHANGE_ROWS_SHOWN);
  return html`<div class="table-scroll"><table class="exchange-table">
    <thead><tr><th scope="col">Receipt</th><th scope="col">Request</th><th scope="col">Id received</th><th scope="col">messageId</th><th scope="col">Parts</th></tr></thead>
    <tbody>${shown.map((receipt) => html`<tr>
      <th scope="row">${receipt.receiptNumber}</th>
      <td>${receipt.requestIndex === null ? "the request" : receipt.requestIndex}</td>
      <td>${receipt.notification ? "none (notification)" : html`<code>${idText(receipt.requestId)}</code>`}</td>
      <td><code>${receipt.messageId.length > 40 ? `${receipt.messageId.slice(0, 40)}…` : receipt.messageId}</code></td>
      <td>${receipt.partKinds.length > 6 ? `${receipt.partKinds.slice(0, 6).join(", ")}, … (${receipt.partKinds.length})` : receipt.partKinds.join(", ")}${receipt.inlineFileBytes > 0 ? `; ${receipt.inlineFileBytes.toLocaleString("en-US")} inline bytes` : ""}</td>
    </tr>`)}</tbody>
  </table>${receipts.length > shown.length ? html`<p class="capped-note">${moreNotShown(receipts.length - shown.length, "receipt")}.</p>` : null}</div>` as HTMLElement;
}

function ClientTable(decisions: readonly MessageClientRequestDecision[]): HTMLElement {
  if (decisions.length === 0) return html`<p>The client has no request of its own to match: the text it sent was not read as requests.</p>` as HTMLElement;
  const shown = decisions.slice(0, EXCHANGE_ROWS_SHOWN);
  return html`<div class="table-scroll"><table class="exchange-table">
    <thead><tr><th scope="col">Request</th><th scope="col">Id sent</th><th scope="col">Verdict</th><th scope="col">Why</th></tr></thead>
    <tbody>${shown.map((decision) => html`<tr>
      <th scope="row">${decision.requestIndex === null ? "the request" : decision.requestIndex}</th>
      <td>${decision.id === null ? "none" : html`<code>${idText(decision.id)}</code>`}</td>
      <td class=${decision.verdict === "confirmed-result" ? "verdict-good" : clientKnows(decision.verdict) ? "" : "verdict-warn"}>${CLIENT_VERDICT_WORDS[decision.verdict]}</td>
      <td>${decision.detail}</td>
    </tr>`)}</tbody>
  </table>${decisions.length > shown.length ? html`<p class="capped-note">${moreNotShown(decisions.length - shown.length, "decision")}.</p>` : null}</div>` as HTMLElement;
}
