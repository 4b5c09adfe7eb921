/** Lesson 3's starter cells: questions the lesson's prose raises, answered from the selection's tables. */
export const selectionStarterCells: readonly string[] = [
  `// How many agents did each gate remove? Each agent counts once, at the first gate it failed.
const removed = run.candidates.filter((row) => row.removedHere);
Plot.plot({
  width,
  marginLeft: 150,
  y: {domain: [...new Set(run.candidates.map((row) => row.gateLabel))], label: null},
  x: {label: "agents removed", grid: true},
  color: {legend: true},
  marks: [Plot.barX(removed, Plot.groupY({x: "count"}, {y: "gateLabel", fill: "stageTitle", tip: true})), Plot.ruleX([0])]
})`,
  `// Why did each agent leave? The gate that removed it and the values that gate compared.
run.candidates.filter((row) => row.removedHere).map(({agentId, gateLabel, reason}) => ({agentId, gateLabel, reason}))`,
  `// What makes up each eligible agent's score? Its weighted terms, stacked, best first: recompute it by hand.
const terms = run.scores.flatMap((agent) =>
  ["latency", "cost", "observedSuccess"].map((term) => ({agent: agent.agentId, term, weighted: agent[term + "Weighted"]}))
);
Plot.plot({
  width,
  marginLeft: 150,
  y: {domain: run.scores.map((agent) => agent.agentId), label: null},
  x: {label: "score", grid: true},
  color: {legend: true},
  marks: [Plot.barX(terms, {x: "weighted", y: "agent", fill: "term", tip: true}), Plot.ruleX([0])]
})`
];
