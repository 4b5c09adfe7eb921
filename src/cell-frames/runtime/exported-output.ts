/**
 * A cell's chart as a standalone SVG, for the page to download or draw as PNG or a slide: the
 * largest SVG the output shows (a Plot figure's chart, not its legend swatches), in dark ink on
 * white whatever the reader's colour scheme (as the course's other exports are), since
 * `currentColor` means nothing in a file.
 */
import type {FrameToPageMessage} from "../../../lib/notebook/index.js";

export function exportedOutput(output: HTMLElement, requestId: number): FrameToPageMessage {
  const svg = largestSvg(output);
  if (svg === null) return {type: "exported", requestId, svg: null, width: 1, height: 1};
  const box = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const style = getComputedStyle(svg);
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(Math.round(box.width)));
  clone.setAttribute("height", String(Math.round(box.height)));
  clone.style.color = "#1b1e23";
  clone.style.background = "#ffffff";
  clone.style.fontFamily = style.fontFamily;
  return {
    type: "exported",
    requestId,
    svg: new XMLSerializer().serializeToString(clone),
    width: Math.max(1, box.width),
    height: Math.max(1, box.height)
  };
}

function largestSvg(output: HTMLElement): SVGSVGElement | null {
  let largest: SVGSVGElement | null = null;
  let largestArea = 0;
  for (const svg of output.querySelectorAll("svg")) {
    if (svg.parentElement?.closest("svg") !== null) continue;
    const box = svg.getBoundingClientRect();
    if (box.width * box.height > largestArea) [largest, largestArea] = [svg, box.width * box.height];
  }
  return largest;
}
