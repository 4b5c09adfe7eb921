/**
 * Lesson 3's key figures as text, for a run's script: the lab's headline (outcome.ts,
 * SelectionHeadline) shows the selection's one-line summary, then the contract or that none
 * could be made.
 */
import type {SelectionResult} from "../../../lib/selection/index.js";
import type {FigureLine} from "../chart/lab-figure.js";

export function selectionFigureLines(result: SelectionResult): FigureLine[] {
  return [
    {label: "Summary", value: result.summary},
    result.contract
      ? {label: "Contract", value: result.contract.agentId}
      : {label: "Incompatible", value: "no contract"}
  ];
}
