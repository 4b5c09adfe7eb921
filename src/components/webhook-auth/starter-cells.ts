/** Lesson 4's starter cells: questions the lesson's prose raises, answered from the run's tables. */
export const webhookStarterCells: readonly string[] = [
  `// Which retries did the dedup store catch, and which slipped past it or were refused before it?
Plot.plot({
  width,
  x: {label: "attempt"},
  y: {label: null},
  color: {legend: true},
  marks: [Plot.cell(run.dedupRecords, {x: "attempt", y: "lane", fill: "dedup", tip: true})]
})`,
  `// How many times did the receiver apply the event? Anything but 1 is a duplicate effect or a lost update.
d3.rollups(run.dedupRecords, (rows) => rows.filter((row) => row.effectApplied).length, (row) => row.lane)
  .map(([lane, effects]) => ({lane, effects}))`,
  `// Which check refused the JWT, and with what values? (Switch on a mistake in the JWT profile lab.)
run.checks.find((check) => check.status === "fail") ?? "Every check passed: the delivery is accepted."`
];
