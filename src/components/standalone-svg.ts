/**
 * Turns an on-screen chart (an <svg> of the chart layer, or a <figure> holding one plus its legends)
 * into a standalone SVG document for slides: xmlns set, a white background, explicit
 * ink instead of the theme's currentColor, explicit fonts, and the legend drawn in SVG.
 * Framework has no export menu; this is what the export buttons serialise.
 */

export const EXPORT_INK = "#1f2328";
export const EXPORT_BACKGROUND = "#ffffff";
export const EXPORT_FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

import {xmlSafeText} from "../../lib/text/xml-text.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const PADDING = 16;
const TITLE_SIZE = 16;
const LEGEND_ROW_HEIGHT = 20;
const LEGEND_SWATCH = 12;
const LEGEND_FONT_SIZE = 12;
/** Legend labels are laid out without measuring text, so a generous average glyph width. */
const LEGEND_CHAR_WIDTH = 7;

export interface StandaloneSvgOptions {
  /** Printed above the chart so a slide says what it shows. */
  title: string;
  /** A line under the chart, e.g. the source ("A2A Workbench, push delivery lesson"). */
  credit?: string;
  /** Which run the chart shows, under the title ("Sender timeout: 0.5 s · …"), wrapped to the width. */
  caption?: string;
}

const CAPTION_SIZE = 12;
/** Captions are wrapped without measuring text: a generous average glyph width at CAPTION_SIZE. */
const CAPTION_CHAR_WIDTH = 6.6;
/** The bold title's generous average glyph width, and its line height. */
const TITLE_CHAR_WIDTH = 10;
const TITLE_LINE = TITLE_SIZE + 4;

/** The title in lines that fit an export `width` wide. */
function titleLines(title: string, width: number): string[] {
  return wrapWords(title, Math.max(12, Math.floor((width - 2 * PADDING) / TITLE_CHAR_WIDTH)));
}

/** The chart's own <svg> inside a figure (not a legend swatch). */
export function findChartSvg(chart: Element): SVGSVGElement | null {
  if (chart.localName === "svg") return chart as SVGSVGElement;
  for (const svg of chart.querySelectorAll("svg")) {
    if (!svg.closest("[class$='-swatch']") && !svg.parentElement?.closest("svg")) return svg;
  }
  return null;
}

interface LegendEntry {
  swatch: SVGSVGElement;
  label: string;
}

/** The chart layer draws swatch legends in HTML (chart/legend.ts): each entry is a span holding a small svg and its label. */
function legendEntries(chart: Element): LegendEntry[] {
  const entries: LegendEntry[] = [];
  for (const item of chart.querySelectorAll("[class$='-swatch']")) {
    const swatch = item.querySelector("svg");
    if (swatch) entries.push({swatch, label: (item.textContent ?? "").trim()});
  }
  return entries;
}

/** A compared chart (ComparedChart): each run's drawing under its name, the title and caption once on top. */
function comparedSvg(chart: Element, options: StandaloneSvgOptions): string {
  const parts = [...chart.querySelectorAll(":scope > .compared-run")].map((part) => ({
    name: part.querySelector(".compared-name")?.textContent ?? "",
    svg: new DOMParser().parseFromString(standaloneSvg(part.lastElementChild!, {title: part.querySelector(".compared-name")?.textContent ?? ""}), "image/svg+xml").documentElement
  }));
  const document = chart.ownerDocument;
  const root = document.createElementNS(SVG_NS, "svg");
  const width = Math.max(...parts.map((part) => Number(part.svg.getAttribute("width"))));
  const text = (y: number, size: number, content: string, fill: string, bold = false) => {
    const node = document.createElementNS(SVG_NS, "text");
    for (const [key, value] of Object.entries({x: PADDING, y, "font-size": size, fill, ...(bold ? {"font-weight": "bold"} : {})})) node.setAttribute(key, String(value));
    node.textContent = content;
    root.appendChild(node);
  };
  const background = document.createElementNS(SVG_NS, "rect");
  background.setAttribute("fill", EXPORT_BACKGROUND);
  root.appendChild(background);
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = options.title;
  root.appendChild(title);
  let y = PADDING - TITLE_LINE + TITLE_SIZE;
  for (const line of titleLines(options.title, width)) text((y += TITLE_LINE), TITLE_SIZE, line, EXPORT_INK, true);
  y += 10;
  for (const line of options.caption ? wrapWords(options.caption, Math.floor((width - 2 * PADDING) / CAPTION_CHAR_WIDTH)) : []) {
    y += CAPTION_SIZE + 4;
    text(y, CAPTION_SIZE, line, "#59636e");
  }
  y += 6;
  for (const part of parts) {
    const nested = document.importNode(part.svg, true) as unknown as SVGSVGElement;
    nested.setAttribute("x", "0");
    nested.setAttribute("y", String(y));
    root.appendChild(nested);
    y += Number(nested.getAttribute("height"));
  }
  if (options.credit) text(y + 12, 11, options.credit, "#59636e");
  const height = y + (options.credit ? 12 + PADDING : 0);
  for (const [key, value] of Object.entries({width, height, viewBox: `0 0 ${width} ${height}`, "font-family": EXPORT_FONT, color: EXPORT_INK})) root.setAttribute(key, String(value));
  background.setAttribute("width", String(width));
  background.setAttribute("height", String(height));
  return serialize(root);
}

export function standaloneSvg(chart: Element, options: StandaloneSvgOptions): string {
  if (chart.classList.contains("compared-charts")) return comparedSvg(chart, options);
  const source = findChartSvg(chart);
  if (!source) throw new Error("This chart has no <svg> to export.");
  const document = source.ownerDocument;
  const chartWidth = Number(source.getAttribute("width")) || 640;
  const chartHeight = Number(source.getAttribute("height")) || 400;
  const width = chartWidth + 2 * PADDING;

  const root = document.createElementNS(SVG_NS, "svg");

  let y = PADDING;
  const background = add(root, "rect", {width: "100%", height: "100%", fill: EXPORT_BACKGROUND});
  add(root, "title", {}, options.title);
  // A title wider than the chart wraps, never runs past the export's edge (a 448 px stage chart cut its own).
  for (const line of titleLines(options.title, width)) {
    add(root, "text", {x: PADDING, y: y + TITLE_SIZE, "font-size": TITLE_SIZE, "font-weight": "bold", fill: EXPORT_INK}, line);
    y += TITLE_LINE;
  }
  y += 10 - (TITLE_LINE - TITLE_SIZE);
  if (options.caption) {
    for (const line of wrapWords(options.caption, Math.max(20, Math.floor((width - 2 * PADDING) / CAPTION_CHAR_WIDTH)))) {
      add(root, "text", {x: PADDING, y: y + CAPTION_SIZE - 2, "font-size": CAPTION_SIZE, fill: "#59636e"}, line);
      y += CAPTION_SIZE + 4;
    }
    y += 6;
  }

  y = drawLegend(root, legendEntries(chart), width, y);

  const body = source.cloneNode(true) as SVGSVGElement;
  body.removeAttribute("class");
  body.removeAttribute("style");
  body.setAttribute("x", String(PADDING));
  body.setAttribute("y", String(y));
  body.setAttribute("width", String(chartWidth));
  body.setAttribute("height", String(chartHeight));
  root.appendChild(body);
  y += chartHeight;

  if (options.credit) {
    y += 18;
    add(root, "text", {x: PADDING, y, "font-size": 11, fill: "#59636e"}, options.credit);
  }
  const height = y + PADDING;

  // No xmlns attribute: XMLSerializer declares the SVG namespace itself (setting it too can duplicate it).
  root.setAttribute("width", String(width));
  root.setAttribute("height", String(height));
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  root.setAttribute("font-family", EXPORT_FONT);
  root.setAttribute("color", EXPORT_INK);
  background.setAttribute("width", String(width));
  background.setAttribute("height", String(height));
  bakeColours(root);
  return serialize(root);
}

/** An SVG element with its attributes (and text), appended to `parent`. */
function add(parent: Element, name: string, attributes: Record<string, string | number>, text?: string): Element {
  const element = parent.ownerDocument.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  parent.appendChild(element);
  return element;
}

/** The HTML swatch legend, drawn in SVG from `y` in rows that fit `width`; returns the y below it. */
function drawLegend(root: Element, entries: readonly LegendEntry[], width: number, y: number): number {
  if (entries.length === 0) return y;
  let x = PADDING;
  for (const {swatch, label} of entries) {
    const itemWidth = LEGEND_SWATCH + 6 + label.length * LEGEND_CHAR_WIDTH + 16;
    if (x > PADDING && x + itemWidth > width - PADDING) {
      x = PADDING;
      y += LEGEND_ROW_HEIGHT;
    }
    const copy = swatch.cloneNode(true) as SVGSVGElement;
    copy.setAttribute("x", String(x));
    copy.setAttribute("y", String(y + (LEGEND_ROW_HEIGHT - LEGEND_SWATCH) / 2 - 4));
    copy.setAttribute("width", String(LEGEND_SWATCH));
    copy.setAttribute("height", String(LEGEND_SWATCH));
    root.appendChild(copy);
    add(root, "text", {x: x + LEGEND_SWATCH + 6, y: y + LEGEND_ROW_HEIGHT / 2 + 2, "font-size": LEGEND_FONT_SIZE, fill: EXPORT_INK}, label);
    x += itemWidth;
  }
  return y + LEGEND_ROW_HEIGHT + 6;
}

/**
 * The file's text. A chart may show what a reader typed or linked (a callback URL, an event
 * id, a body) with characters XML cannot hold; they are written visibly, so the file is
 * always well-formed and an image decoder (the PNG export) accepts it.
 */
function serialize(root: Element): string {
  for (const element of [root, ...root.querySelectorAll("*")]) {
    for (const attribute of [...element.attributes]) {
      const safe = xmlSafeText(attribute.value);
      if (safe !== attribute.value) element.setAttributeNS(attribute.namespaceURI, attribute.name, safe);
    }
    for (const node of element.childNodes) if (node.nodeType === node.TEXT_NODE || node.nodeType === node.CDATA_SECTION_NODE) node.nodeValue = xmlSafeText(node.nodeValue ?? "");
  }
  return new XMLSerializer().serializeToString(root);
}

/**
 * Replaces theme-dependent paint with explicit colours: currentColor follows the
 * site theme (light text in dark mode), which would vanish on a white slide.
 */
function bakeColours(root: Element): void {
  const elements = [root, ...root.querySelectorAll("*")];
  for (const element of elements) {
    for (const attribute of ["fill", "stroke", "color"]) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (value === "currentColor" || value === "currentcolor") element.setAttribute(attribute, EXPORT_INK);
    }
    const style = element.getAttribute("style");
    if (style && /currentcolor/i.test(style)) element.setAttribute("style", style.replace(/currentcolor/gi, EXPORT_INK));
  }
}

/** File names say which lesson and chart they came from: a2a-workbench-push-delivery-attempts.svg. */
/** "a2a-workbench-<lesson>-<chart>[--<run>].<ext>": the run label (describeRun's fileLabel) keeps two runs' files apart. */
export function exportFileName(lesson: string, chart: string, extension: "svg" | "png", runLabel?: string): string {
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const run = runLabel ? `--${runLabel.replace(/[^A-Za-z0-9._+-]+/g, "-")}` : "";
  return `a2a-workbench-${slug(lesson)}-${slug(chart)}${run}.${extension}`;
}

/** Lines of at most `limit` characters, broken between words (a longer word gets a line of its own). */
export function wrapWords(text: string, limit: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
