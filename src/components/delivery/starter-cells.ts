/** Lesson 1's starter cells: questions the lesson's prose raises, answered from the run's tables. */
export const deliveryStarterCells: readonly string[] = [
  `// Attempts per update, by the receiver's decision: a retried update stacks up.
Plot.plot({
  width,
  x: {label: "update"},
  y: {label: "attempts", grid: true},
  color: {legend: true},
  marks: [
    Plot.barY(run.attempts, Plot.groupX({y: "count"}, {x: "updateIndex", fill: "receiverDecision", tip: true})),
    Plot.ruleY([0])
  ]
})`,
  `// Effects per update: more than one means the receiver applied the same update again.
d3.rollups(run.effects, (effects) => effects.length, (effect) => effect.updateIndex)
  .map(([update, effects]) => ({update, effects}))`,
  `// The lab's inputs as this cell sees them: move a slider and this cell runs again.
inputs`
];
