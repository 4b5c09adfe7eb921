/**
 * The same arrivals handled by four receivers side by side: apply every
 * payload, deduplicate by event id, fetch the task (GetTask) and apply only a
 * newer version, or order by the task's generation (a lane marked `draft`: the
 * A2A 1.1 draft, labelled as such in its column head). One row per arrival, one
 * column per receiver.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import type {ReconcileComparison, ReconcileRow, TaskVersion} from "../../../lib/webhook-auth/pipeline/reconcile.js";

const ACTION_WORDS: Record<ReconcileRow["action"], string> = {
  applied: "applied",
  "duplicate-dropped": "duplicate dropped",
  "no-op": "no-op",
  regressed: "✗ went backwards"
};

const COUNT_WORDS = ["No", "One", "Two", "Three", "Four", "Five"];

export function taskVersionText(version: TaskVersion | undefined): string {
  return version ? `${version.state.replace("TASK_STATE_", "").toLowerCase()} (t=${version.atSeconds})` : "nothing";
}

/** The generation an arrival carries, as the draft lane read it (nothing without such a lane). */
function generationText(lanes: ReconcileComparison["lanes"], index: number): string {
  const carried = lanes.find((lane) => lane.draft)?.rows[index]?.generation?.carried;
  return carried === undefined ? "" : `; generation ${carried} (draft)`;
}

type Lane = ReconcileComparison["lanes"][number];
type Arrival = ReconcileComparison["scenario"]["arrivals"][number];

export function ReconcileLanes(comparison: ReconcileComparison): HTMLElement {
  const {scenario, lanes, truth} = comparison;
  const arrivals = [...scenario.arrivals].sort((a, b) => a.atSeconds - b.atSeconds);
  return ScrollRegion(
    `${COUNT_WORDS[lanes.length] ?? lanes.length} receivers, the same arrivals`,
    element(
      "table",
      {class: "reconcile-table"},
      element("caption", null, `${scenario.label}. The agent's current task state: ${taskVersionText(truth)}.`),
      element("thead", null, element("tr", null, element("th", {scope: "col"}, "Arrival"), lanes.map(LaneHead))),
      element(
        "tbody",
        null,
        arrivals.map((arrival, index) => ArrivalRow(arrival, index, lanes))
      ),
      element("tfoot", null, element("tr", null, element("th", {scope: "row"}, "Result"), lanes.map(LaneResult)))
    )
  );
}

/** A receiver's column head; a draft lane's says the draft is not released. */
function LaneHead(lane: Lane): HTMLElement {
  return lane.draft
    ? element(
        "th",
        {scope: "col", class: "reconcile-draft"},
        lane.label,
        element("br"),
        element("small", {class: "draft-badge"}, `${lane.draft}, not released`)
      )
    : element("th", {scope: "col"}, lane.label);
}

/** One arrival (what it carries) and what each receiver did with it. */
function ArrivalRow(arrival: Arrival, index: number, lanes: ReconcileComparison["lanes"]): HTMLElement {
  return element(
    "tr",
    null,
    element(
      "th",
      {scope: "row"},
      `at ${arrival.atSeconds} s: ${arrival.label ?? ""}`,
      element("br"),
      element(
        "small",
        null,
        `event id: ${arrival.eventId ?? "none"}; body says ${taskVersionText(arrival.carries)}${generationText(lanes, index)}`
      )
    ),
    lanes.map((lane) => {
      const row = lane.rows[index]!;
      return element(
        "td",
        {class: `reconcile-${row.action}${lane.draft ? " reconcile-draft" : ""}`},
        element("strong", null, ACTION_WORDS[row.action]),
        row.effectFired ? [" · ", element("strong", null, "effect fires")] : null,
        element("br"),
        element("small", null, row.note)
      );
    })
  );
}

/** Where a receiver ended against the true state, and what it cost: effects, regressions, GetTask calls. */
function LaneResult(lane: Lane): HTMLElement {
  return element(
    "td",
    lane.draft ? {class: "reconcile-draft"} : null,
    `ends on ${taskVersionText(lane.finalState)} ${lane.converged ? "✓ (the true state)" : "✗ (not the true state)"}; `,
    element("strong", null, lane.effects),
    ` effect${lane.effects === 1 ? "" : "s"}${lane.effects > 1 ? " ✗" : ""}; ${lane.regressions} regression${lane.regressions === 1 ? "" : "s"}; ${lane.fetches} GetTask call${lane.fetches === 1 ? "" : "s"}`
  );
}
