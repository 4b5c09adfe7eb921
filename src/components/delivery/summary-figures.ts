/**
 * The run's headline counts, grouped so sender and receiver figures are read
 * apart: the lesson's point is that a high acknowledgement count proves nothing
 * about what the receiver applied.
 */
import {element} from "../dom.js";
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {InputNotices} from "../input-notices.js";
import {SummaryFigure as figure} from "../summary-figure.js";

/** The run's figures, after any input the run could not take (each says what was used instead). */
export function DeliverySummaryFigures(run: DeliveryRun, problems: readonly RefusedInput[] = []): HTMLElement {
  const {summary} = run;
  const total = run.updates.length;
  return element(
    "div",
    null,
    InputNotices(problems),
    summary.blockedReason ? element("p", {class: "gate-blocked", role: "status"}, element("strong", null, "Nothing was sent."), " ", summary.blockedReason) : null,
    element(
      "div",
      {class: "summary-figures", "aria-label": "Sender figures"},
      figure(summary.attempts, "requests sent"),
      figure(summary.acknowledgedUpdates, `of ${total} updates acknowledged`),
      figure(summary.exhaustedUpdates, "updates exhausted", summary.exhaustedUpdates > 0),
      figure(summary.refusedUpdates, "updates refused (401/404)", summary.refusedUpdates > 0),
      figure(summary.lostAcknowledgements, "2xx responses lost")
    ),
    element(
      "div",
      {class: "summary-figures", "aria-label": "Receiver figures"},
      figure(summary.effects, "effects applied"),
      figure(summary.duplicateEffects, "duplicate effects", summary.duplicateEffects > 0),
      figure(summary.regressions, "regressions", summary.regressions > 0),
      figure(summary.suppressedAttempts, "attempts suppressed by deletion")
    )
  );
}
