/**
 * The revealed part of a lesson's decision history, newest highlighted. Text only:
 * titles and details may quote user input, so they are never parsed as HTML.
 */
import {element} from "./runtime/dom.js";
import {ViewSlot, type ViewSlotElement} from "./runtime/view-slot.js";
import type {Decision} from "../../lib/playback/decision.js";

export interface DecisionTraceOptions {
  /** How a decision's modeled time is shown ("t = 3 s", or `step` and its number: "stage 2"). */
  clock?: "seconds" | "stage";
  /** The lesson's name for one step when the clock counts steps ("gate", "stage", "step"). */
  step?: string;
  /** What one revealed entry is called, as the playback calls it (lesson 5's "stretch"): "decision" by default. */
  entry?: {name: string; plural: string};
}

export function DecisionTrace(
  revealed: readonly Decision[],
  total: number,
  {clock = "seconds", step = "stage", entry = {name: "decision", plural: "decisions"}}: DecisionTraceOptions = {}
): HTMLElement {
  if (revealed.length === 0) {
    return element(
      "p",
      {class: "decision-trace-empty"},
      total === 1
        ? `Nothing revealed yet: press Play, or Next to reveal its one ${entry.name}.`
        : `Nothing revealed yet: press Play, or Next to step through ${total} ${entry.plural} one at a time.`
    );
  }
  const last = revealed.length - 1;
  return element(
    "ol",
    // It scrolls past 24rem, so it is focusable like every scrolling region.
    {class: "decision-trace", "aria-label": "Decisions revealed so far", tabindex: 0},
    revealed.map((decision, index) =>
      element(
        "li",
        {class: `decision decision-${decision.kind}${index === last ? " decision-latest" : ""}`},
        element(
          "span",
          {class: "decision-time"},
          clock === "seconds" ? `t = ${decision.atSeconds} s` : `${step} ${decision.atSeconds}`
        ),
        element("strong", {class: "decision-title"}, decision.title),
        element("span", {class: "decision-detail"}, decision.detail)
      )
    )
  );
}

/**
 * Scrolls the trace list inside `container` (its own box, never the page) so the newest
 * revealed decision is in view: playback adds at the bottom of a list that scrolls past its
 * height, and a reader following along should not have to scroll it by hand.
 */
export function showNewestDecision(container: ParentNode): void {
  const list = container.querySelector<HTMLElement>(".decision-trace");
  const latest = list?.querySelector<HTMLElement>(".decision-latest");
  if (!list || !latest) return;
  const listBox = list.getBoundingClientRect();
  const latestBox = latest.getBoundingClientRect();
  if (latestBox.bottom > listBox.bottom) list.scrollTop += latestBox.bottom - listBox.bottom;
  else if (latestBox.top < listBox.top) list.scrollTop -= listBox.top - latestBox.top;
}

/** A ViewSlot for a decision trace: each drawing keeps the newest revealed decision in view. */
export function TraceView(): ViewSlotElement {
  const view = ViewSlot();
  const draw = view.draw.bind(view);
  const drawAndFollow: ViewSlotElement["draw"] = (trace, ...args) => {
    draw(trace, ...args);
    showNewestDecision(view);
  };
  return Object.assign(view, {draw: drawAndFollow});
}
