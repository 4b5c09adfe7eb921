/**
 * The run's headline counts, grouped so sender and receiver figures are read
 * apart: the lesson's point is that a high acknowledgement count proves nothing
 * about what the receiver applied.
 */
import {element} from "../runtime/dom.js";
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {InputNotices} from "../links/input-notices.js";
import {plural} from "../format/number-format.js";
import {SummaryFigure, type FigureLabel} from "../chart/summary-figure.js";

/** The run's figures, after any input the run could not take (each says what was used instead). */
export function DeliverySummaryFigures(
  run: DeliveryRun,
  problems: readonly RefusedInput[] = [],
  pinnedRun: DeliveryRun | null = null
): HTMLElement {
  const {summary} = run;
  const total = run.updates.length;
  const was = (key: keyof DeliveryRun["summary"]) => (pinnedRun === null ? null : (pinnedRun.summary[key] as number));
  const figure = (value: number, label: FigureLabel, alert: boolean, key: keyof DeliveryRun["summary"]) =>
    SummaryFigure(value, label, alert, was(key));
  return element(
    "div",
    null,
    InputNotices(problems),
    summary.blockedReason
      ? element(
          "p",
          {class: "gate-blocked", role: "status"},
          element("strong", null, "Nothing was sent."),
          " ",
          summary.blockedReason
        )
      : null,
    element(
      "div",
      {class: "summary-figures", "aria-label": "Sender figures"},
      figure(summary.attempts, ["request sent", "requests sent"], false, "attempts"),
      figure(
        summary.acknowledgedUpdates,
        `of ${total} ${plural(total, "update")} acknowledged`,
        false,
        "acknowledgedUpdates"
      ),
      figure(
        summary.exhaustedUpdates,
        ["update exhausted", "updates exhausted"],
        summary.exhaustedUpdates > 0,
        "exhaustedUpdates"
      ),
      figure(
        summary.refusedUpdates,
        ["update refused (401/404)", "updates refused (401/404)"],
        summary.refusedUpdates > 0,
        "refusedUpdates"
      ),
      figure(summary.lostAcknowledgements, ["2xx response lost", "2xx responses lost"], false, "lostAcknowledgements")
    ),
    element(
      "div",
      {class: "summary-figures", "aria-label": "Receiver figures"},
      figure(summary.effects, ["effect applied", "effects applied"], false, "effects"),
      figure(
        summary.duplicateEffects,
        ["duplicate effect", "duplicate effects"],
        summary.duplicateEffects > 0,
        "duplicateEffects"
      ),
      figure(summary.regressions, ["regression", "regressions"], summary.regressions > 0, "regressions"),
      figure(
        summary.suppressedAttempts,
        ["attempt suppressed by deletion", "attempts suppressed by deletion"],
        false,
        "suppressedAttempts"
      )
    )
  );
}
