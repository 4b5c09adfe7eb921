/**
 * Who left at each stage and why, as text: the agent, the gate that removed it
 * first, and the values that gate compared. Stages playback has not revealed yet
 * are left out, so the table grows as playback steps.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {gateLabels, rejectionReason, type SelectionResult} from "../../../lib/selection/index.js";

export function RemovalTable(
  result: SelectionResult,
  {revealedStages = null}: {revealedStages?: number | null} = {}
): HTMLElement {
  const stages = result.trace.filter(
    (decision) => decision.kind === "gate" && (revealedStages === null || decision.atSeconds <= revealedStages)
  );
  const removed = stages.flatMap((decision) => decision.removed.map((agent) => ({decision, agent})));
  const hidden =
    revealedStages === null
      ? 0
      : result.trace.filter((decision) => decision.kind === "gate" && decision.atSeconds > revealedStages).length;
  return ScrollRegion(
    "Who left at each stage",
    element(
      "table",
      {class: "selection-table removal-table"},
      element(
        "caption",
        null,
        `Who left at each stage, and why${hidden ? ` (stages revealed so far; ${hidden} to come)` : ""}`
      ),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["Stage", "Agent", "First failed gate", "The values compared"].map((name) =>
            element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        removed.length === 0
          ? element(
              "tr",
              null,
              element(
                "td",
                {colspan: 4},
                stages.length === 0 ? "No stage revealed yet." : "No agent has been removed so far."
              )
            )
          : null,
        removed.map(({decision, agent}) =>
          element(
            "tr",
            null,
            element("td", null, `${decision.atSeconds} · ${decision.title.split(":")[0]}`),
            element("th", {scope: "row"}, element("code", null, agent.agentId)),
            element("td", null, gateLabels[agent.firstFailedGate]),
            element("td", null, rejectionReason(agent, result.policy))
          )
        )
      )
    )
  );
}
