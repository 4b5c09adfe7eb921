/**
 * Lesson 1's key figures as data: sender and receiver apart, since the lesson's point is that a
 * high acknowledgement count proves nothing about what the receiver applied. The lab draws them
 * (summary-figures.ts); a run's script prints them (deliveryFigureLines).
 */
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import {plural} from "../format/number-format.js";
import {figureLine, type FigureLabel, type FigureLine, type LabFigure} from "../chart/lab-figure.js";

type SummaryKey = Exclude<keyof DeliveryRun["summary"], "blockedReason">;

export interface DeliveryLabFigures {
  sender: LabFigure[];
  receiver: LabFigure[];
}

/** The run's figures, each with the pinned run's value when one is pinned. */
export function deliveryLabFigures(run: DeliveryRun, pinnedRun: DeliveryRun | null = null): DeliveryLabFigures {
  const {summary} = run;
  const total = run.updates.length;
  const figure = (key: SummaryKey, label: FigureLabel, alert = false): LabFigure => ({
    value: summary[key],
    label,
    alert,
    pinned: pinnedRun === null ? null : pinnedRun.summary[key]
  });
  return {
    sender: [
      figure("attempts", ["request sent", "requests sent"]),
      figure("acknowledgedUpdates", `of ${total} ${plural(total, "update")} acknowledged`),
      figure("exhaustedUpdates", ["update exhausted", "updates exhausted"], summary.exhaustedUpdates > 0),
      figure("refusedUpdates", ["update refused (401/404)", "updates refused (401/404)"], summary.refusedUpdates > 0),
      figure("lostAcknowledgements", ["2xx response lost", "2xx responses lost"])
    ],
    receiver: [
      figure("effects", ["effect applied", "effects applied"]),
      figure("duplicateEffects", ["duplicate effect", "duplicate effects"], summary.duplicateEffects > 0),
      figure("regressions", ["regression", "regressions"], summary.regressions > 0),
      figure("suppressedAttempts", ["attempt suppressed by deletion", "attempts suppressed by deletion"])
    ]
  };
}

/** The lab's figures as text, sender first: what the page shows and a run's script prints. */
export function deliveryFigureLines(run: DeliveryRun): FigureLine[] {
  const {sender, receiver} = deliveryLabFigures(run);
  return [...sender, ...receiver].map(figureLine);
}
