// @vitest-environment jsdom
import {scaleBand, scaleLinear} from "d3-scale";
import {keyRotationTimeline} from "../../lib/webhook-auth/index.js";
import {KeyRotationChart} from "../../src/components/webhook-auth/key-rotation-chart.js";
import {describe, expect, it} from "vitest";
import {bottomAxis, bottomAxisHeight, rowLabelsLeft} from "../../src/components/chart/axes.js";
import {chartFrame} from "../../src/components/chart/chart-frame.js";
import {colourLegend, withLegends} from "../../src/components/chart/legend.js";
import {typeScale} from "../../src/components/chart/type-scale.js";
import {
  EXPORT_INK,
  exportFileName,
  findChartSvg,
  standaloneSvg,
  wrapWords
} from "../../src/components/export/standalone-svg.js";
import {compareSnapshot} from "../snapshot.js";

/** A small chart on the chart layer: bars in two lanes, an axis, a colour legend above it. */
function sampleChart(): Element {
  const data = [
    {lane: "update 1", start: 2, end: 3, outcome: "applied"},
    {lane: "update 1", start: 5, end: 6, outcome: "duplicate"},
    {lane: "update 2", start: 12, end: 13, outcome: "refused"}
  ];
  const colours = {domain: ["applied", "duplicate", "refused"], range: ["#1a7f37", "#9a6700", "#c62828"]};
  const frame = chartFrame({
    width: 480,
    height: 100 + bottomAxisHeight(typeScale()),
    margin: {top: 10, right: 10, bottom: bottomAxisHeight(typeScale()), left: 70},
    label: "sample"
  });
  const x = scaleLinear().domain([0, 14]).range([frame.left, frame.right]);
  const y = scaleBand(["update 1", "update 2"], [frame.top, frame.bottom]).padding(0.2);
  rowLabelsLeft(frame, y, (lane) => lane);
  bottomAxis(frame, x, {label: "time (s)"});
  frame.svg
    .append("g")
    .selectAll("rect")
    .data(data)
    .join("rect")
    .attr("x", (d) => x(d.start))
    .attr("width", (d) => x(d.end) - x(d.start))
    .attr("y", (d) => y(d.lane)!)
    .attr("height", y.bandwidth())
    .attr("fill", (d) => colours.range[colours.domain.indexOf(d.outcome)]!);
  return withLegends(frame.svg.node()!, [colourLegend(colours)]);
}

describe("standalone SVG export", () => {
  it("wraps a title wider than a narrow chart, so the export never cuts it", () => {
    const title = "Where each request stopped, and what the client concluded";
    const svg = standaloneSvg(sampleChart(), {title});
    const root = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
    const width = Number(root.getAttribute("width"));
    const lines = [...root.querySelectorAll(":scope > text[font-weight=bold]")].map((text) => text.textContent ?? "");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(title);
    // 16 px bold, at most 0.62 em a glyph, from the 16 px padding: each line ends inside the export.
    for (const line of lines) expect(16 + line.length * 16 * 0.62).toBeLessThanOrEqual(width);
  });

  it("finds the chart's own svg, not a legend swatch", () => {
    const chart = sampleChart();
    expect(chart.localName).toBe("figure");
    expect(findChartSvg(chart)?.getAttribute("width")).toBe("480");
  });

  it("stands alone: xmlns, white background, explicit ink and font, legend in SVG", () => {
    const svg = standaloneSvg(sampleChart(), {title: "Attempts per update", credit: "A2A Workbench · push delivery"});
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const root = doc.documentElement;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.match(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g)).toHaveLength(1);
    expect(root.getAttribute("font-family")).toMatch(/sans-serif/);
    expect(root.querySelector("rect")?.getAttribute("fill")).toBe("#ffffff");
    expect(svg).not.toMatch(/currentColor|var\(--/i);
    expect(svg).toContain(`fill="${EXPORT_INK}"`);
    const texts = [...root.querySelectorAll("text")].map((text) => text.textContent);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Attempts per update",
        "applied",
        "duplicate",
        "refused",
        "A2A Workbench · push delivery"
      ])
    );
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(compareSnapshot("export-sample", svg)).toBeNull();
  });

  it("keeps a legend entry's bold (the key rotation chart's failure that happened) in the export", () => {
    const timeline = keyRotationTimeline({
      rotateAtSeconds: 1,
      refetchOnUnknownKid: false,
      cacheMaxAgeSeconds: Infinity
    });
    const chart = KeyRotationChart(timeline, {width: 640});
    const bold = [...chart.querySelectorAll(".chart-swatch")].filter((entry) => entry.querySelector("strong"));
    expect(bold.length).toBeGreaterThan(0);
    const doc = new DOMParser().parseFromString(standaloneSvg(chart, {title: "Rotation"}), "image/svg+xml");
    // The export's own texts (title, legend), not the chart's drawing nested in it.
    const exported = [...doc.documentElement.querySelectorAll(":scope > text[font-weight=bold]")].map(
      (text) => text.textContent
    );
    expect(exported).toEqual(["Rotation", ...bold.map((entry) => entry.textContent)]);
  });

  it("refuses an element without a chart", () => {
    expect(() => standaloneSvg(document.createElement("div"), {title: "x"})).toThrow(/no <svg>/);
  });

  it("names files after the lesson and chart, and the run when given", () => {
    expect(exportFileName("Push delivery", "Attempt swimlane", "png")).toBe(
      "a2a-workbench-push-delivery-attempt-swimlane.png"
    );
    expect(exportFileName("Push delivery", "Attempt swimlane", "svg", "senderTimeoutSeconds-0.5")).toBe(
      "a2a-workbench-push-delivery-attempt-swimlane--senderTimeoutSeconds-0.5.svg"
    );
  });

  it("prints the run's caption under the title, wrapped to the chart's width, as text", () => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("width", "200");
    svg.setAttribute("height", "100");
    const caption = "Sender timeout: 0.5 s · Receiver ignores seen event ids: off · <b>not markup</b>";
    const text = standaloneSvg(svg, {title: "T", caption});
    const lines = [...new DOMParser().parseFromString(text, "image/svg+xml").querySelectorAll(":root > text")].map(
      (line) => line.textContent
    );
    expect(lines[0]).toBe("T");
    expect(lines.slice(1).join(" ")).toBe(caption);
    expect(lines.length).toBeGreaterThan(2);
    expect(text).not.toContain("<b>");
  });

  it("wraps between words, never past the limit unless one word is longer", () => {
    expect(wrapWords("aa bb cc dd", 5)).toEqual(["aa bb", "cc dd"]);
    expect(wrapWords("a verylongword b", 4)).toEqual(["a", "verylongword", "b"]);
  });
});

describe("an export of a chart showing characters XML cannot hold", () => {
  it("is well-formed, and shows each such character as a token", () => {
    const chart = sampleChart();
    const label = findChartSvg(chart)!.querySelector("text")!;
    label.textContent = "https://receiver.example/hook\u0001";
    label.setAttribute("aria-label", "event \u0000\uD800");
    const svg = standaloneSvg(chart, {title: "Attempts \u0001", caption: "Callback URL: hook\u0001 · body \u0000"});
    const doc = new DOMParser().parseFromString(svg, "application/xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    const texts = [...doc.querySelectorAll("text")].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(["https://receiver.example/hook⟨U+0001⟩", "Attempts ⟨U+0001⟩"]));
    expect(svg).toContain("event ⟨U+0000⟩⟨U+D800⟩");
  });
});
