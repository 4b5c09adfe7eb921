/**
 * Lesson 2's key figures as data: what was sent, handled and answered, then what the client can
 * conclude. The lab draws them (exchange.ts, TransactionSummary); a run's script prints them
 * (messageFigureLines).
 */
import type {MessageTransaction} from "../../../lib/message/transaction.js";
import {figureLine, type FigureLabel, type FigureLine, type LabFigure} from "../chart/lab-figure.js";

export interface MessageLabFigures {
  /** What was sent, handled and answered. */
  sent: LabFigure[];
  /** What the client can conclude. */
  concluded: LabFigure[];
}

interface TransactionCounts {
  /** Requests the client sent and could match a response to. */
  requested: number;
  /** The text holds no request (not JSON, an empty batch), yet it was sent. */
  notARequest: boolean;
  passed: number;
  receipts: number;
  responses: number;
  confirmedSuccesses: number;
  confirmedErrors: number;
  unknown: number;
}

function counts({requests, receipts, client}: MessageTransaction): TransactionCounts {
  const requested = client.perRequest.length;
  const notARequest = requested === 0 && requests.length > 0;
  return {
    requested,
    notARequest,
    passed: requests.filter((outcome) => outcome.stoppedAt === null).length,
    receipts: receipts.length,
    responses: client.responses.length,
    confirmedSuccesses: client.confirmedSuccesses,
    confirmedErrors: client.confirmedErrors,
    unknown: requested - client.confirmedSuccesses - client.confirmedErrors
  };
}

/** The transaction's figures, each with the pinned transaction's value when one is pinned. */
export function messageLabFigures(
  transaction: MessageTransaction,
  pinned: MessageTransaction | null = null
): MessageLabFigures {
  const now = counts(transaction);
  const before = pinned === null ? null : counts(pinned);
  const compared = (name: Exclude<keyof TransactionCounts, "notARequest">, label: FigureLabel, alert = false) => ({
    value: now[name],
    label,
    alert,
    pinned: before?.[name] ?? null
  });
  // Unparseable text or an empty batch holds no request the client could match, yet it was sent and answered.
  // Compared with a run that held requests, both sides count requests (none, for such a text).
  const sentFigure =
    now.notARequest && (before === null || before.notARequest)
      ? {value: 1, label: "text sent that is not a request", alert: false, pinned: before && 1}
      : compared("requested", ["request the client sent", "requests the client sent"]);
  return {
    sent: [
      sentFigure,
      compared("passed", "passed all six stages"),
      compared("receipts", ["receipt recorded by the receiver", "receipts recorded by the receiver"]),
      compared("responses", ["response object sent back", "response objects sent back"])
    ],
    concluded: [
      compared("confirmedSuccesses", ["success the client can confirm", "successes the client can confirm"]),
      compared("confirmedErrors", ["failure the client knows of", "failures the client knows of"]),
      compared(
        "unknown",
        ["request the client cannot tell about", "requests the client cannot tell about"],
        now.unknown > 0
      )
    ]
  };
}

/** The lab's figures as text, in the lab's order: what the page shows and a run's script prints. */
export function messageFigureLines(transaction: MessageTransaction): FigureLine[] {
  const {sent, concluded} = messageLabFigures(transaction);
  return [...sent, ...concluded].map(figureLine);
}
