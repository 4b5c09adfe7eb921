/**
 * Any agent of the registry, eligible or not: its exact card and registry fields,
 * every gate's verdict with the values compared, and either why it left or how its
 * score was made. The picker is a custom input whose value is an agent id; it
 * depends only on the registry, so a page builds it once and the choice survives
 * policy changes.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {
  explainGates,
  gateLabels,
  type AgentGateRow,
  type GateResult,
  type RankedAgent,
  type Registry,
  type RejectedAgent,
  type SelectionResult
} from "../../../lib/selection/index.js";
import {TERM_ORDER} from "./palette.js";

export type AgentPickerElement = HTMLElement & {value: string; select(agentId: string): void};

export function AgentPicker(registry: Registry, {selected}: {selected?: string} = {}): AgentPickerElement {
  const ids = registry.agents.map((entry) => entry.agentId);
  const initial = selected !== undefined && ids.includes(selected) ? selected : (ids[0] ?? "");
  const select = element(
    "select",
    {id: "agent-inspector-picker"},
    ids.map((id) => element("option", {value: id, selected: id === initial}, id))
  );
  const root = element(
    "div",
    {class: "agent-picker"},
    element("label", {for: "agent-inspector-picker"}, "Agent to inspect"),
    " ",
    select
  ) as unknown as AgentPickerElement;
  root.value = initial;
  select.addEventListener("change", (event) => {
    event.stopPropagation();
    root.select(select.value);
  });
  select.addEventListener("input", (event) => event.stopPropagation());
  root.select = (agentId: string) => {
    if (!ids.includes(agentId)) return;
    select.value = agentId;
    root.value = agentId;
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  return root;
}

const verdictText = (passed: boolean) => (passed ? "✓ pass" : "✗ fail");

const headings = (...names: string[]) =>
  element(
    "thead",
    null,
    element(
      "tr",
      null,
      names.map((name) => element("th", {scope: "col"}, name))
    )
  );

export function AgentInspector(registry: Registry, result: SelectionResult, agentId: string): HTMLElement {
  const entry = registry.agents.find((candidate) => candidate.agentId === agentId);
  if (!entry) return element("p", null, "No agent ", element("code", null, agentId), " in this registry.");
  const ranked = result.ranked.find((agent) => agent.agentId === agentId);
  const rejected = result.rejected.find((agent) => agent.agentId === agentId);
  const gates = explainGates(entry, result.policy);
  const {designNote: _note, ...exact} = entry;
  return element(
    "div",
    {class: "agent-inspector"},
    element("h3", null, element("code", null, agentId), `: ${standing(result, ranked, rejected)}`),
    rejected ? RejectionVerdict(rejected, gates) : null,
    ranked
      ? element(
          "p",
          {class: "inspector-verdict verdict-good"},
          "Passed every gate. Score: ",
          element("code", null, ranked.formula)
        )
      : null,
    element(
      "div",
      {class: "inspector-columns"},
      element("div", null, GateResults(gates, rejected), ranked ? ScoreTerms(ranked) : null),
      element(
        "div",
        null,
        element("strong", null, "Exact registry entry"),
        " (AgentCard and registry metadata)",
        element(
          "pre",
          {class: "agent-entry", tabindex: 0, role: "region", "aria-label": `Registry entry of ${agentId}`},
          JSON.stringify(exact, null, 2)
        )
      )
    )
  );
}

/** Where the agent stands in this selection: the heading's words after its id. */
function standing(
  result: SelectionResult,
  ranked: RankedAgent | undefined,
  rejected: RejectedAgent | undefined
): string {
  if (ranked) return ranked.rank === 1 ? "selected" : `eligible, rank ${ranked.rank} of ${result.ranked.length}`;
  const stage = rejected ? result.trace.find((decision) => decision.stage === rejected.stage) : undefined;
  return `rejected at stage ${stage?.atSeconds ?? "?"}`;
}

function RejectionVerdict(rejected: RejectedAgent, gates: readonly GateResult[]): HTMLElement {
  return element(
    "p",
    {class: "inspector-verdict verdict-bad"},
    "Left at ",
    element("strong", null, gateLabels[rejected.firstFailedGate]),
    `: ${gates.find((gate) => gate.gate === rejected.firstFailedGate)?.detail ?? ""}. It never reaches ranking, so it has no score.`
  );
}

/** Every gate in order, the first failure named. */
function GateResults(gates: readonly GateResult[], rejected: RejectedAgent | undefined): HTMLElement {
  return element(
    "table",
    {class: "selection-table gate-results"},
    element("caption", null, "Every gate, in order"),
    headings("Gate", "Result", "The values compared"),
    element(
      "tbody",
      null,
      gates.map((gate) =>
        element(
          "tr",
          {class: gate.passed ? "gate-pass" : "gate-fail"},
          element(
            "th",
            {scope: "row"},
            gateLabels[gate.gate],
            rejected?.firstFailedGate === gate.gate ? [" ", element("em", null, "(first failure)")] : null
          ),
          element("td", {class: "gate-verdict"}, verdictText(gate.passed)),
          element("td", null, gate.detail)
        )
      )
    )
  );
}

/** How an eligible agent's score was made, term by term. */
function ScoreTerms(ranked: RankedAgent): HTMLElement {
  return element(
    "table",
    {class: "selection-table score-terms"},
    element("caption", null, "Score terms"),
    headings("Term", "From the numbers", "weight × term"),
    element(
      "tbody",
      null,
      TERM_ORDER.map((id) => {
        const term = ranked.terms[id];
        return element(
          "tr",
          null,
          element("th", {scope: "row"}, id === "observedSuccess" ? "observed success" : id),
          element("td", null, term.derivation),
          element("td", null, `${term.weight} × ${term.value.toFixed(3)} = ${term.weighted.toFixed(3)}`)
        );
      })
    )
  );
}

/** Every agent against every gate at a glance; "Inspect" opens one in the inspector. */
export function GateMatrix(rows: readonly AgentGateRow[], inspect: (agentId: string) => void): HTMLElement {
  const gateIds = rows[0]?.gates.map((gate) => gate.gate) ?? [];
  return ScrollRegion(
    "Every agent against every gate",
    element(
      "table",
      {class: "selection-table gate-matrix"},
      element(
        "caption",
        null,
        "Every agent against every gate (✓ pass, ✗ fail; the first failure is the reason it left). Choose an agent to inspect it."
      ),
      headings("Agent", ...gateIds.map((gate) => gateLabels[gate]), "Outcome"),
      element(
        "tbody",
        null,
        rows.map((row) =>
          element(
            "tr",
            {class: `outcome-${row.outcome}`},
            element(
              "th",
              {scope: "row"},
              element(
                "button",
                {
                  type: "button",
                  class: "agent-button",
                  onclick: () => inspect(row.agentId),
                  "aria-label": `Inspect ${row.agentId}`
                },
                row.agentId
              )
            ),
            row.gates.map((gate) =>
              element(
                "td",
                {
                  class: `gate-cell ${gate.passed ? "gate-pass" : "gate-fail"}${row.firstFailedGate === gate.gate ? " gate-first" : ""}`,
                  title: gate.detail
                },
                gate.passed ? "✓" : row.firstFailedGate === gate.gate ? "✗ first" : "✗"
              )
            ),
            element(
              "td",
              null,
              row.outcome === "rejected"
                ? `rejected (${gateLabels[row.firstFailedGate!]})`
                : row.outcome === "selected"
                  ? "selected"
                  : `eligible, rank ${row.rank}`
            )
          )
        )
      )
    )
  );
}
