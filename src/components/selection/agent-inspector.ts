/**
 * Any agent of the registry, eligible or not: its exact card and registry fields,
 * every gate's verdict with the values compared, and either why it left or how its
 * score was made. The picker is a custom input whose value is an agent id; it
 * depends only on the registry, so the choice survives policy changes.
 */
import {html} from "htl";
import {explainGates, gateLabels, type AgentGateRow, type Registry, type SelectionResult} from "../../../lib/selection/index.js";
import {TERM_ORDER} from "./palette.js";

export type AgentPickerElement = HTMLElement & {value: string; select(agentId: string): void};

export function AgentPicker(registry: Registry, {selected}: {selected?: string} = {}): AgentPickerElement {
  const ids = registry.agents.map((entry) => entry.agentId);
  const initial = selected !== undefined && ids.includes(selected) ? selected : (ids[0] ?? "");
  const select = html`<select id="agent-inspector-picker">${ids.map((id) => html`<option value=${id} selected=${id === initial}>${id}</option>`)}</select>` as HTMLSelectElement;
  const root = html`<div class="agent-picker"><label for="agent-inspector-picker">Agent to inspect</label> ${select}</div>` as AgentPickerElement;
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

export function AgentInspector(registry: Registry, result: SelectionResult, agentId: string): HTMLElement {
  const entry = registry.agents.find((candidate) => candidate.agentId === agentId);
  if (!entry) return html`<p>No agent <code>${agentId}</code> in this registry.</p>` as HTMLElement;
  const ranked = result.ranked.find((agent) => agent.agentId === agentId);
  const rejected = result.rejected.find((agent) => agent.agentId === agentId);
  const gates = explainGates(entry, result.policy);
  const stage = rejected ? result.trace.find((decision) => decision.stage === rejected.stage) : undefined;
  const {designNote: _note, ...exact} = entry;
  return html`<div class="agent-inspector">
    <h3><code>${agentId}</code>: ${ranked ? (ranked.rank === 1 ? "selected" : `eligible, rank ${ranked.rank} of ${result.ranked.length}`) : `rejected at stage ${stage?.atSeconds ?? "?"}`}</h3>
    ${rejected ? html`<p class="inspector-verdict verdict-bad">Left at <strong>${gateLabels[rejected.firstFailedGate]}</strong>: ${gates.find((gate) => gate.gate === rejected.firstFailedGate)?.detail}. It never reaches ranking, so it has no score.</p>` : null}
    ${ranked ? html`<p class="inspector-verdict verdict-good">Passed every gate. Score: <code>${ranked.formula}</code></p>` : null}
    <div class="inspector-columns">
      <div>
        <table class="selection-table gate-results">
          <caption>Every gate, in order</caption>
          <thead><tr><th scope="col">Gate</th><th scope="col">Result</th><th scope="col">The values compared</th></tr></thead>
          <tbody>${gates.map((gate) => html`<tr class=${gate.passed ? "gate-pass" : "gate-fail"}>
            <th scope="row">${gateLabels[gate.gate]}${rejected?.firstFailedGate === gate.gate ? html` <em>(first failure)</em>` : null}</th>
            <td class="gate-verdict">${verdictText(gate.passed)}</td>
            <td>${gate.detail}</td>
          </tr>`)}</tbody>
        </table>
        ${ranked ? html`<table class="selection-table score-terms">
          <caption>Score terms</caption>
          <thead><tr><th scope="col">Term</th><th scope="col">From the numbers</th><th scope="col">weight × term</th></tr></thead>
          <tbody>${TERM_ORDER.map((id) => html`<tr><th scope="row">${id === "observedSuccess" ? "observed success" : id}</th><td>${ranked.terms[id].derivation}</td>
            <td>${ranked.terms[id].weight} × ${ranked.terms[id].value.toFixed(3)} = ${ranked.terms[id].weighted.toFixed(3)}</td></tr>`)}</tbody>
        </table>` : null}
      </div>
      <div>
        <strong>Exact registry entry</strong> (AgentCard and registry metadata)
        <pre class="agent-entry" tabindex="0" role="region" aria-label=${`Registry entry of ${agentId}`}>${JSON.stringify(exact, null, 2)}</pre>
      </div>
    </div>
  </div>` as HTMLElement;
}

/** Every agent against every gate at a glance; "Inspect" opens one in the inspector. */
export function GateMatrix(rows: readonly AgentGateRow[], inspect: (agentId: string) => void): HTMLElement {
  const gateIds = rows[0]?.gates.map((gate) => gate.gate) ?? [];
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Every agent against every gate">
    <table class="selection-table gate-matrix">
      <caption>Every agent against every gate (✓ pass, ✗ fail; the first failure is the reason it left). Choose an agent to inspect it.</caption>
      <thead><tr><th scope="col">Agent</th>${gateIds.map((gate) => html`<th scope="col">${gateLabels[gate]}</th>`)}<th scope="col">Outcome</th></tr></thead>
      <tbody>${rows.map((row) => html`<tr class=${`outcome-${row.outcome}`}>
        <th scope="row"><button type="button" class="agent-button" onclick=${() => inspect(row.agentId)} aria-label=${`Inspect ${row.agentId}`}>${row.agentId}</button></th>
        ${row.gates.map((gate) => html`<td class=${`gate-cell ${gate.passed ? "gate-pass" : "gate-fail"}${row.firstFailedGate === gate.gate ? " gate-first" : ""}`} title=${gate.detail}>${gate.passed ? "✓" : row.firstFailedGate === gate.gate ? "✗ first" : "✗"}</td>`)}
        <td>${row.outcome === "rejected" ? `rejected (${gateLabels[row.firstFailedGate!]})` : row.outcome === "selected" ? "selected" : `eligible, rank ${row.rank}`}</td>
      </tr>`)}</tbody>
    </table>
  </div>` as HTMLElement;
}
