/** Lesson 2's starter cells: questions the lesson's prose raises, answered from the transaction's tables. */
export const messageStarterCells: readonly string[] = [
  `// Where did each request stop? One row per request, one column per gate, in the order they run.
Plot.plot({
  width,
  x: {domain: [...new Set(run.stages.map((row) => row.stageName))], label: null},
  y: {label: "request"},
  color: {legend: true},
  marks: [Plot.cell(run.stages, {x: "stageName", y: (row) => row.requestIndex ?? "the request", fill: "status", tip: true})]
})`,
  `// What can the client confirm from the response alone? (A notification is never answered.)
run.exchange
  .filter((row) => row.direction === "request")
  .map(({index, id, notification, outcome, clientVerdict}) => ({index, id, notification, outcome, clientVerdict}))`,
  `// Which gate objected, and how strongly? (A valid request has no findings: pick a broken example.)
d3.flatRollup(run.findings, (findings) => findings.length, (finding) => finding.stage, (finding) => finding.severity)
  .map(([stage, severity, findings]) => ({stage, severity, findings}))`
];
