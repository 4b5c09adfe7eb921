/**
 * The two sides of the transaction, to read apart: what the receiver recorded
 * (its receipts) and what the client can conclude from the response text it
 * actually received. The lesson's point is that they can differ: a handled
 * notification leaves a receipt and no response.
 */
import {element} from "../runtime/dom.js";
import type {ClientRequestDecision as MessageClientRequestDecision} from "../../../lib/message/client.js";
import type {Receipt as MessageReceipt} from "../../../lib/message/handler.js";
import type {MessageTransaction} from "../../../lib/message/transaction.js";
import {SummaryFigure} from "../chart/summary-figure.js";
import type {LabFigure} from "../chart/lab-figure.js";
import {messageLabFigures} from "./lab-figures.js";
import {CappedPre, moreNotShown} from "./capped-text.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {CLIENT_VERDICT_WORDS, clientKnows, idText} from "./words.js";

/** Characters of the response body shown. */
export const RESPONSE_SHOWN = 20_000;
/** Rows of each table rendered. */
export const EXCHANGE_ROWS_SHOWN = 100;

const plural = (count: number, noun: string, nouns = `${noun}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? noun : nouns}`;

/** Headline figures, receiver and client apart, and the one sentence that reads them together; compared with a pinned transaction, each figure reads "pinned → current". */
export function TransactionSummary(
  transaction: MessageTransaction,
  pinned: MessageTransaction | null = null
): HTMLElement {
  const headline = transaction.requests.length === 1 ? transaction.requests[0]!.verdict : transaction.client.summary;
  const figures = messageLabFigures(transaction, pinned);
  return element(
    "div",
    {class: "transaction-summary"},
    element("p", {class: "transaction-headline"}, headline),
    element(
      "div",
      {class: "summary-figures", "aria-label": "What was sent, handled and answered"},
      figures.sent.map(drawn)
    ),
    element(
      "div",
      {class: "summary-figures", "aria-label": "What the client can conclude"},
      figures.concluded.map(drawn)
    ),
    ReceiptGap(transaction)
  );
}

const drawn = (figure: LabFigure) => SummaryFigure(figure.value, figure.label, figure.alert, figure.pinned);

/** Receipts against confirmations, in one sentence. */
function ReceiptGap({receipts, client}: MessageTransaction): HTMLElement {
  const confirmed = client.confirmedSuccesses;
  if (receipts.length === confirmed) {
    return element(
      "p",
      {class: "receipt-gap receipt-gap-none"},
      `Receipts and confirmations agree: the receiver recorded ${plural(receipts.length, "receipt")}, and the client can confirm ${plural(confirmed, "success", "successes")}.`
    );
  }
  const notifications = receipts.filter((receipt) => receipt.notification).length;
  const why =
    notifications > 0
      ? ` ${plural(notifications, "receipt is", "receipts are")} for ${notifications === 1 ? "a notification" : "notifications"}: work done, never answered.`
      : " The client's table says why, request by request.";
  return element(
    "p",
    {class: "receipt-gap"},
    "The receiver recorded ",
    element("strong", null, plural(receipts.length, "receipt")),
    ", but the client can confirm only ",
    element("strong", null, plural(confirmed, "success", "successes")),
    `: it reads the response, not the receiver's state.${why}`
  );
}

/** The response body exactly as the client received it, or why there is none. */
export function ResponseView(transaction: MessageTransaction): HTMLElement {
  const text = transaction.responseText;
  if (text === null) {
    return element(
      "p",
      {class: "response-none"},
      element("strong", null, "Nothing was sent back."),
      " JSON-RPC 2.0 never answers a notification, not even with an error (section 4.1), and sends nothing at all for a batch whose every element is a notification (section 6). The client receives no body to read."
    );
  }
  const count = transaction.client.responses.length;
  const shape = text.startsWith("[") ? `an array of ${plural(count, "Response object")}` : "one Response object";
  return element(
    "div",
    {class: "response-view"},
    element(
      "p",
      {class: "response-meta"},
      `${text.length.toLocaleString("en-US")} characters: ${shape}, verbatim (ids exactly as the request wrote them).`
    ),
    CappedPre(text, RESPONSE_SHOWN, "verbatim response-text", "The response text, verbatim")
  );
}

/** The receiver's receipts and the client's decision, side by side. */
export function ReceiptsAndClient(transaction: MessageTransaction): HTMLElement {
  return element(
    "div",
    {class: "inspector-columns exchange-columns"},
    element("div", null, element("h3", null, "The receiver's receipts"), ReceiptTable(transaction.receipts)),
    element(
      "div",
      null,
      element("h3", null, "The client's decision"),
      ClientTable(transaction.client.perRequest),
      element("p", {class: "client-summary"}, transaction.client.summary)
    )
  );
}

const headings = (...names: string[]) =>
  element(
    "thead",
    null,
    element(
      "tr",
      null,
      names.map((name) => element("th", {scope: "col"}, name))
    )
  );

function ReceiptTable(receipts: readonly MessageReceipt[]): HTMLElement {
  if (receipts.length === 0)
    return element("p", null, "No receipt: the handler never ran, so the receiver did no work.");
  const shown = receipts.slice(0, EXCHANGE_ROWS_SHOWN);
  return ScrollRegion(
    "The receiver's receipts",
    element(
      "table",
      {class: "exchange-table"},
      headings("Receipt", "Request", "Id received", "messageId", "Parts"),
      element(
        "tbody",
        null,
        shown.map((receipt) =>
          element(
            "tr",
            null,
            element("th", {scope: "row"}, receipt.receiptNumber),
            element("td", null, receipt.requestIndex === null ? "the request" : receipt.requestIndex),
            element(
              "td",
              null,
              receipt.notification ? "none (notification)" : element("code", null, idText(receipt.requestId))
            ),
            element(
              "td",
              null,
              element(
                "code",
                null,
                receipt.messageId.length > 40 ? `${receipt.messageId.slice(0, 40)}…` : receipt.messageId
              )
            ),
            element(
              "td",
              null,
              `${receipt.partKinds.length > 6 ? `${receipt.partKinds.slice(0, 6).join(", ")}, … (${receipt.partKinds.length})` : receipt.partKinds.join(", ")}${receipt.inlineFileBytes > 0 ? `; ${receipt.inlineFileBytes.toLocaleString("en-US")} inline bytes` : ""}`
            )
          )
        )
      )
    ),
    receipts.length > shown.length
      ? element("p", {class: "capped-note"}, `${moreNotShown(receipts.length - shown.length, "receipt")}.`)
      : null
  );
}

function ClientTable(decisions: readonly MessageClientRequestDecision[]): HTMLElement {
  if (decisions.length === 0)
    return element(
      "p",
      null,
      "The client has no request of its own to match: the text it sent was not read as requests."
    );
  const shown = decisions.slice(0, EXCHANGE_ROWS_SHOWN);
  return ScrollRegion(
    "What the client can confirm, per request",
    element(
      "table",
      {class: "exchange-table"},
      headings("Request", "Id sent", "Verdict", "Why"),
      element(
        "tbody",
        null,
        shown.map((decision) =>
          element(
            "tr",
            null,
            element("th", {scope: "row"}, decision.requestIndex === null ? "the request" : decision.requestIndex),
            element("td", null, decision.id === null ? "none" : element("code", null, idText(decision.id))),
            element(
              "td",
              {
                class:
                  decision.verdict === "confirmed-result"
                    ? "verdict-good"
                    : clientKnows(decision.verdict)
                      ? ""
                      : "verdict-warn"
              },
              CLIENT_VERDICT_WORDS[decision.verdict]
            ),
            element("td", null, decision.detail)
          )
        )
      )
    ),
    decisions.length > shown.length
      ? element("p", {class: "capped-note"}, `${moreNotShown(decisions.length - shown.length, "decision")}.`)
      : null
  );
}
