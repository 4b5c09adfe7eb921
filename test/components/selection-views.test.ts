// @vitest-environment jsdom
/**
 * The agent selection lesson's text views, for the default policy and every experiment:
 * each renders with its roles and labels, says what lib decided, and keeps working when a
 * ViewSlot morphs one result's view into the next (the gate matrix's buttons included).
 */
import {describe, expect, it, vi} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  gateTable,
  selectAgent,
  selectionExperimentPolicy,
  selectionExperiments,
  type SelectionResult
} from "../../lib/selection/index.js";
import {ViewSlot} from "../../src/components/runtime/view-slot.js";
import {
  AgentInspector,
  AgentPicker,
  GateMatrix,
  RemovalTable,
  ScoreFormula,
  ScoreTable,
  SelectionOutcome
} from "../../src/components/selection/index.js";

const results: [string, SelectionResult][] = [
  ["default", selectAgent(defaultRegistry, defaultPolicy)],
  ...selectionExperiments.map((experiment): [string, SelectionResult] => [
    experiment.id,
    selectAgent(defaultRegistry, selectionExperimentPolicy(experiment))
  ])
];

function renderAll(
  result: SelectionResult,
  agentId = "northwind-swift",
  revealedStages: number | null = null
): HTMLElement {
  const root = document.createElement("main");
  root.append(
    SelectionOutcome(result),
    RemovalTable(result, {revealedStages}),
    ScoreFormula(result),
    ScoreTable(result),
    AgentInspector(defaultRegistry, result, agentId),
    GateMatrix(gateTable(defaultRegistry, result), () => {})
  );
  return root;
}

describe("agent selection views", () => {
  it.each(results)("render %s", (_, result) => {
    const root = renderAll(result);
    expect(root.textContent).not.toMatch(/undefined|NaN/);
    expect(root.querySelector(".selection-summary")!.textContent).toBe(result.summary);
    expect(root.querySelectorAll(".contract")).toHaveLength(result.contract ? 1 : 0);
    expect(root.querySelectorAll(".incompatibility")).toHaveLength(result.incompatibility ? 1 : 0);
    expect(root.querySelectorAll(".gate-matrix tbody tr")).toHaveLength(defaultRegistry.agents.length);
    expect(root.querySelectorAll(".agent-inspector .gate-results tbody tr")).toHaveLength(8);
  });

  it("name an inspected agent's fate, and list only the revealed stages' removals", () => {
    const result = results[0]![1];
    expect(renderAll(result).querySelector(".agent-inspector h3")!.textContent).toBe("northwind-swift: selected");
    const rejected = renderAll(result, "contoso-summarizer");
    expect(rejected.querySelector(".agent-inspector h3")!.textContent).toBe("contoso-summarizer: rejected at stage 1");
    expect(rejected.querySelector(".agent-inspector")!.textContent).toContain("tenant contoso, not northwind");
    expect(renderAll(result, "northwind-swift", 1).querySelectorAll(".removal-table tbody tr")).toHaveLength(2);
  });

  it("keep the gate matrix's buttons working when a ViewSlot morphs in the next result", () => {
    const view = ViewSlot();
    const first = vi.fn();
    const second = vi.fn();
    view.show(GateMatrix(gateTable(defaultRegistry, results[0]![1]), first));
    const button = view.querySelector<HTMLButtonElement>("button[aria-label='Inspect northwind-twin-b']")!;
    view.show(GateMatrix(gateTable(defaultRegistry, results[1]![1]), second));
    expect(view.querySelector("button[aria-label='Inspect northwind-twin-b']")).toBe(button);
    button.click();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith("northwind-twin-b");
  });

  it("the agent picker selects by id and tells the page", () => {
    const picker = AgentPicker(defaultRegistry, {selected: "northwind-swift"});
    const onInput = vi.fn();
    picker.addEventListener("input", onInput);
    expect(picker.value).toBe("northwind-swift");
    picker.select("contoso-summarizer");
    expect(picker.querySelector("select")!.value).toBe("contoso-summarizer");
    expect(picker.value).toBe("contoso-summarizer");
    picker.select("nobody");
    expect(picker.value).toBe("contoso-summarizer");
    expect(onInput).toHaveBeenCalledTimes(1);
  });
});
