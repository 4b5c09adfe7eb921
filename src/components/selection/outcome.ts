/**
 * What the selection decided: the Kubernetes-style one-line summary, then either
 * the contract (agent, skill, output format, delivery mode) or the explicit
 * incompatibility naming the requirement that removed the last candidates.
 */
import {element} from "../runtime/dom.js";
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {gateLabels, gateRejectionReason, selectionStages, type SelectionResult} from "../../../lib/selection/index.js";
import {InputNotices} from "../links/input-notices.js";

/**
 * The summary line, its count and its reasons apart ("5/13 agents eligible" and ": 2 other tenant, …"),
 * so a phone's pinned strip can show the count alone and leave the reasons to the outcome under the chart.
 */
function summaryLine(summary: string): Node {
  const split = summary.indexOf(": ");
  return split < 0
    ? element("code", null, summary)
    : element(
        "code",
        null,
        element("span", {class: "summary-count"}, summary.slice(0, split)),
        element("span", {class: "summary-reasons"}, summary.slice(split))
      );
}

/** The lab's key figures: the summary line and who was chosen (or that nothing could be), in two lines. */
export function SelectionHeadline(
  result: SelectionResult,
  problems: readonly RefusedInput[] = [],
  pinned: SelectionResult | null = null
): HTMLElement {
  const decision = (one: SelectionResult, prefix: string) =>
    element(
      "p",
      {class: one.contract ? "headline-contract" : "headline-incompatible"},
      prefix,
      one.contract ? ["Contract: ", element("code", null, one.contract.agentId)] : "Incompatible: no contract"
    );
  return element(
    "div",
    {class: "selection-headline"},
    InputNotices(problems),
    pinned
      ? element("p", {class: "selection-summary headline-pinned"}, "Pinned run: ", summaryLine(pinned.summary))
      : null,
    pinned ? decision(pinned, "Pinned run: ") : null,
    element("p", {class: "selection-summary"}, pinned ? "Current run: " : null, summaryLine(result.summary)),
    decision(result, pinned ? "Current run: " : "")
  );
}

/**
 * Under 1.0 the contract names the 1.0 method, and says honestly what the lesson does not check:
 * the registry's cards are v0.3.0 cards, and a 1.0 client looks for a 1.0 interface first.
 */
const V1_CONTRACT_NOTE =
  ", sent with A2A-Version: 1.0. Not checked here: this registry's cards declare protocolVersion 0.3.0, and a 1.0 client would look for a 1.0 interface in the card's supportedInterfaces.";

/**
 * The whole decision; `summary: false` leaves out the notices and the summary line where SelectionHeadline
 * shows them (the line is still there for a narrow lab, whose pinned strip shows only its count).
 */
export function SelectionOutcome(
  result: SelectionResult,
  problems: readonly RefusedInput[] = [],
  {summary = true}: {summary?: boolean} = {}
): HTMLElement {
  const {contract, incompatibility} = result;
  const field = (term: string, ...value: (Node | string)[]) => [
    element("dt", null, term),
    element("dd", null, ...value)
  ];
  return element(
    "div",
    {class: "selection-outcome"},
    summary ? InputNotices(problems) : null,
    element(
      "p",
      {class: summary ? "selection-summary" : "selection-summary-narrow"},
      element("code", null, result.summary)
    ),
    contract
      ? element(
          "div",
          {class: "contract", role: "status", "aria-label": "Contract"},
          element("h3", null, "Contract: ", element("code", null, contract.agentId)),
          element(
            "dl",
            {class: "contract-fields"},
            field("Agent", `${contract.agentName} at `, element("code", null, contract.url)),
            field("Skill", element("code", null, contract.skillId), ` (${contract.skillName})`),
            field("Output format", element("code", null, contract.outputMode)),
            field(
              "Delivery mode",
              `${contract.deliveryMode === "streaming" ? "streaming" : "request/response"}, A2A method `,
              element("code", null, contract.a2aMethod),
              contract.a2aVersion === "1.0" ? V1_CONTRACT_NOTE : ""
            ),
            field("Why this agent", contract.rationale)
          )
        )
      : null,
    incompatibility
      ? element(
          "div",
          {class: "incompatibility", role: "status", "aria-label": "Incompatibility"},
          element("h3", null, "Incompatible: no contract"),
          incompatibility.emptiedAtGate
            ? element(
                "p",
                null,
                element("strong", null, "Requirement that removed the last candidates:"),
                ` ${gateLabels[incompatibility.emptiedAtGate]}, at stage ${selectionStages.find((stage) => stage.id === incompatibility.emptiedAtStage)?.index ?? ""} (${gateRejectionReason(incompatibility.emptiedAtGate, result.policy)}).`
              )
            : null,
          element("p", null, incompatibility.message),
          incompatibility.lastCandidates.length
            ? element(
                "ul",
                null,
                incompatibility.lastCandidates.map((candidate) =>
                  element(
                    "li",
                    null,
                    element("code", null, candidate.agentId),
                    `: ${
                      candidate.alsoFails.length
                        ? `would still fail ${candidate.alsoFails.map((gate) => gateLabels[gate].toLowerCase()).join(", ")}`
                        : "this is the only gate it fails: relaxing this one requirement would make it eligible"
                    }`
                  )
                )
              )
            : null
        )
      : null
  );
}
