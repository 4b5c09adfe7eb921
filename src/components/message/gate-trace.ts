/**
 * The playback's revealed decisions, as the shared decision trace, cut to the
 * latest few hundred: a batch of 1,000 requests has thousands of gate decisions,
 * and redrawing them all on every playback frame would stall the page.
 */
import {element} from "../runtime/dom.js";
import type {StageDecision as MessageStageDecision} from "../../../lib/message/trace.js";
import {DecisionTrace} from "../decision-trace.js";
import {moreNotShown} from "./capped-text.js";

export const TRACE_DECISIONS_SHOWN = 200;

export function GateTrace(revealed: readonly MessageStageDecision[], total: number): HTMLElement {
  const hidden = Math.max(0, revealed.length - TRACE_DECISIONS_SHOWN);
  const trace = DecisionTrace(hidden > 0 ? revealed.slice(hidden) : revealed, total, {clock: "stage", step: "gate"});
  if (hidden === 0) return trace;
  return element(
    "div",
    null,
    element(
      "p",
      {class: "capped-note"},
      `${moreNotShown(hidden, "earlier decision")} (the latest ${TRACE_DECISIONS_SHOWN} are listed).`
    ),
    trace
  );
}
