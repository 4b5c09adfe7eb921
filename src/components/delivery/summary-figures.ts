/**
 * The run's headline counts, grouped so sender and receiver figures are read
 * apart: the lesson's point is that a high acknowledgement count proves nothing
 * about what the receiver applied (the figures themselves: lab-figures.ts).
 */
import {element} from "../runtime/dom.js";
import type {DeliveryRun} from "../../../lib/delivery/index.js";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {InputNotices} from "../links/input-notices.js";
import {SummaryFigure} from "../chart/summary-figure.js";
import type {LabFigure} from "../chart/lab-figure.js";
import {deliveryLabFigures} from "./lab-figures.js";

const drawn = (figure: LabFigure) => SummaryFigure(figure.value, figure.label, figure.alert, figure.pinned);

/** The run's figures, after any input the run could not take (each says what was used instead). */
export function DeliverySummaryFigures(
  run: DeliveryRun,
  problems: readonly RefusedInput[] = [],
  pinnedRun: DeliveryRun | null = null
): HTMLElement {
  const {blockedReason} = run.summary;
  const figures = deliveryLabFigures(run, pinnedRun);
  return element(
    "div",
    null,
    InputNotices(problems),
    blockedReason
      ? element(
          "p",
          {class: "gate-blocked", role: "status"},
          element("strong", null, "Nothing was sent."),
          " ",
          blockedReason
        )
      : null,
    element("div", {class: "summary-figures", "aria-label": "Sender figures"}, figures.sender.map(drawn)),
    element("div", {class: "summary-figures", "aria-label": "Receiver figures"}, figures.receiver.map(drawn))
  );
}
