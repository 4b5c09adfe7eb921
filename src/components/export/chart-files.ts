/** What an export is named and which <svg> it takes: apart from the exporter (standalone-svg.ts), which loads when a reader exports. */

/** The chart's own <svg> inside a figure (not a legend swatch). */
export function findChartSvg(chart: Element): SVGSVGElement | null {
  if (chart.localName === "svg") return chart as SVGSVGElement;
  for (const svg of chart.querySelectorAll("svg")) {
    if (!svg.closest("[class$='-swatch']") && !svg.parentElement?.closest("svg")) return svg;
  }
  return null;
}

/** File names say which lesson and chart they came from: a2a-workbench-push-delivery-attempts.svg. */
/** "a2a-workbench-<lesson>-<chart>[--<run>].<ext>": the run label (describeRun's fileLabel) keeps two runs' files apart. */
export function exportFileName(lesson: string, chart: string, extension: "svg" | "png", runLabel?: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const run = runLabel ? `--${runLabel.replace(/[^A-Za-z0-9._+-]+/g, "-")}` : "";
  return `a2a-workbench-${slug(lesson)}-${slug(chart)}${run}.${extension}`;
}
