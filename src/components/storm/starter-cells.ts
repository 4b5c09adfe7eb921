/** Lesson 5's starter cells: questions the lesson's prose raises, answered from the storms' tables. */
export const stormStarterCells: readonly string[] = [
  `// p99 completion by strategy: how long the slowest 1% of acknowledged updates waited for their 2xx.
Plot.plot({
  width,
  marginLeft: 200,
  x: {label: "p99 completion (ms)", grid: true},
  y: {label: null},
  marks: [Plot.barX(run.strategies, {x: "p99Ms", y: "label", fill: "strategy", sort: {y: "x"}, tip: true}), Plot.ruleX([0])]
})`,
  `// The herd: requests per second reaching the receiver under each strategy, against its capacity (dashed).
Plot.plot({
  width,
  x: {label: "time (s)"},
  y: {label: "offered requests/s", grid: true},
  color: {legend: true},
  marks: [
    Plot.lineY(run.load, {x: "startSeconds", y: "offeredPerSecond", stroke: "strategy", tip: true}),
    Plot.ruleY([inputs.capacityPerSecond], {strokeDasharray: "4 4"})
  ]
})`,
  `// What each strategy cost: the work (attempts per update), the updates given up, and the herd's peak.
run.strategies.map(({label, attemptsPerUpdate, exhaustedUpdates, herdFactor}) => ({label, attemptsPerUpdate, exhaustedUpdates, herdFactor}))`
];
