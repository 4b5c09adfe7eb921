/**
 * Turns an on-screen chart (an <svg> of the chart layer, or a <figure> holding one plus its legends)
 * into a standalone SVG document for slides: xmlns set, a white background, explicit
 * ink instead of the theme's currentColor, explicit fonts, and the legend drawn in SVG.
 * Framework has no export menu; this is what the export buttons serialise.
 */

export const EXPORT_INK = "#1f2328";
export const EXPORT_BACKGROUND = "#ffffff";
export const EXPORT_FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

import {xmlSafeText} from "../../../lib/text/xml-text.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {typeScale, type TypeScale} from "../chart/type-scale.js";
import {findChartSvg} from "./chart-files.js";

export {exportFileName, findChartSvg} from "./chart-files.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const PADDING = 16;
const TITLE_SIZE = 16;

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

interface LegendEntry {
  swatch: SVGSVGElement;
  label: string;
  /** Named in bold on the chart (a failure that happened): bold in the export too. */
  strong: boolean;
}

/** The chart layer draws swatch legends in HTML (chart/legend.ts): each entry is a span holding a small svg and its label. */
function legendEntries(chart: Element): LegendEntry[] {
  const entries: LegendEntry[] = [];
  for (const item of chart.querySelectorAll("[class$='-swatch']")) {
    const swatch = item.querySelector("svg");
    if (swatch)
      entries.push({swatch, label: (item.textContent ?? "").trim(), strong: item.querySelector("strong") !== null});
  }
  return entries;
}

/** A compared chart (ComparedChart): each run's drawing under its name, the title and caption once on top. */
function comparedSvg(chart: Element, options: StandaloneSvgOptions): string {
  const parts = [...chart.querySelectorAll(":scope > .compared-run")].map((part) => ({
    name: part.querySelector(".compared-name")?.textContent ?? "",
    svg: new DOMParser().parseFromString(
      standaloneSvg(part.lastElementChild!, {title: part.querySelector(".compared-name")?.textContent ?? ""}),
      "image/svg+xml"
    ).documentElement
  }));
  const document = chart.ownerDocument;
  const root = document.createElementNS(SVG_NS, "svg");
  const width = Math.max(...parts.map((part) => Number(part.svg.getAttribute("width"))));
  const text = (y: number, size: number, content: string, fill: string, bold = false) => {
    const node = document.createElementNS(SVG_NS, "text");
    for (const [key, value] of Object.entries({
      x: PADDING,
      y,
      "font-size": size,
      fill,
      ...(bold ? {"font-weight": "bold"} : {})
    }))
      node.setAttribute(key, String(value));
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
  for (const line of options.caption
    ? wrapWords(options.caption, Math.floor((width - 2 * PADDING) / CAPTION_CHAR_WIDTH))
    : []) {
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
  for (const [key, value] of Object.entries({
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    "font-family": EXPORT_FONT,
    color: EXPORT_INK
  }))
    root.setAttribute(key, String(value));
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
    add(
      root,
      "text",
      {x: PADDING, y: y + TITLE_SIZE, "font-size": TITLE_SIZE, "font-weight": "bold", fill: EXPORT_INK},
      line
    );
    y += TITLE_LINE;
  }
  y += 10 - (TITLE_LINE - TITLE_SIZE);
  if (options.caption) {
    for (const line of wrapWords(
      options.caption,
      Math.max(20, Math.floor((width - 2 * PADDING) / CAPTION_CHAR_WIDTH))
    )) {
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

/** A legend's sizes, from the chart's type scale (the page's, or a slide's): the legend the chart shows, in SVG. */
interface LegendType {
  row: number;
  swatch: number;
  font: number;
  charWidth: number;
  /** The room between the swatch and its label, and after an entry. */
  gap: number;
  after: number;
}

function legendType(type: TypeScale): LegendType {
  return {
    row: Math.round(type.line * 1.25),
    swatch: Math.round(type.body * 1.1),
    font: type.body,
    // Labels are laid out without measuring text: the layer's generous average glyph.
    charWidth: type.widthOf("x"),
    gap: Math.round(type.body * 0.4),
    after: type.body
  };
}

/**
 * The HTML swatch legend, drawn in SVG from `y` in rows that fit between `left` and `right`
 * (PADDING and `width` less PADDING when not given); returns the y below it.
 */
function drawLegend(
  root: Element,
  entries: readonly LegendEntry[],
  width: number,
  y: number,
  sizes: LegendType = legendType(typeScale()),
  left = PADDING,
  right = width - PADDING
): number {
  if (entries.length === 0) return y;
  let x = left;
  for (const {swatch, label, strong} of entries) {
    const itemWidth = sizes.swatch + sizes.gap + label.length * sizes.charWidth + sizes.after;
    if (x > left && x + itemWidth > right) {
      x = left;
      y += sizes.row;
    }
    const copy = swatch.cloneNode(true) as SVGSVGElement;
    copy.setAttribute("x", String(x));
    copy.setAttribute("y", String(y + (sizes.row - sizes.swatch) / 2 - sizes.font / 3));
    copy.setAttribute("width", String(sizes.swatch));
    copy.setAttribute("height", String(sizes.swatch));
    root.appendChild(copy);
    add(
      root,
      "text",
      {
        x: x + sizes.swatch + sizes.gap,
        y: y + sizes.row / 2 + sizes.font / 6,
        "font-size": sizes.font,
        ...(strong ? {"font-weight": "bold"} : {}),
        fill: EXPORT_INK
      },
      label
    );
    x += itemWidth;
  }
  return y + sizes.row + sizes.gap;
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
    for (const node of element.childNodes)
      if (node.nodeType === node.TEXT_NODE || node.nodeType === node.CDATA_SECTION_NODE)
        node.nodeValue = xmlSafeText(node.nodeValue ?? "");
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
    if (style && /currentcolor/i.test(style))
      element.setAttribute("style", style.replace(/currentcolor/gi, EXPORT_INK));
  }
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

/** A slide export's size and type: a 1920×1080 slide in SLIDE_FONT_SIZE (chart/type-scale.ts). */
export interface SlideSvgOptions extends StandaloneSvgOptions {
  width: number;
  height: number;
  type: TypeScale;
}

/** Where a slide's parts go, in its pixels: the chart gets what the title, caption and credit leave. */
export interface SlideLayout {
  padding: number;
  title: {lines: string[]; size: number; line: number};
  caption: {lines: string[]; size: number; line: number};
  credit: {size: number; y: number};
  /** The chart's place: drawn at its width, zoomed down (never cut) when taller than its height. */
  chart: {x: number; y: number; width: number; height: number};
}

/** At most this many lines of title and of caption: a longer one ends in "…" (the file name and the page hold it whole). */
const SLIDE_TITLE_LINES = 2;
const SLIDE_CAPTION_LINES = 3;

export function slideLayout({width, height, type, title, caption, credit}: SlideSvgOptions): SlideLayout {
  const padding = Math.round(type.body * 1.7);
  const lines = (text: string, size: number, most: number) =>
    clippedLines(text, Math.floor((width - 2 * padding) / (size * AVERAGE_BOLD_GLYPH_EM)), most);
  const titleSize = Math.round(type.heading * 1.4);
  const captionSize = Math.round(type.body * 0.85);
  const creditSize = Math.round(type.body * 0.75);
  const titleBlock = {
    lines: lines(title, titleSize, SLIDE_TITLE_LINES),
    size: titleSize,
    line: Math.round(titleSize * 1.2)
  };
  const captionBlock = {
    lines: caption ? lines(caption, captionSize, SLIDE_CAPTION_LINES) : [],
    size: captionSize,
    line: Math.round(captionSize * 1.35)
  };
  const chartY =
    padding +
    titleBlock.lines.length * titleBlock.line +
    (captionBlock.lines.length ? Math.round(type.body * 0.3) + captionBlock.lines.length * captionBlock.line : 0) +
    Math.round(type.body * 0.8);
  const creditY = height - padding + (credit ? 0 : creditSize);
  const chartBottom = credit ? creditY - creditSize - Math.round(type.body * 0.6) : height - padding;
  return {
    padding,
    title: titleBlock,
    caption: captionBlock,
    credit: {size: creditSize, y: creditY},
    chart: {x: padding, y: chartY, width: width - 2 * padding, height: Math.max(type.line, chartBottom - chartY)}
  };
}

/** `text` wrapped to `limit` characters a line, in at most `most` lines (the last ending in "…" when cut). */
function clippedLines(text: string, limit: number, most: number): string[] {
  const all = wrapWords(text, Math.max(12, limit));
  return all.length <= most ? all : [...all.slice(0, most - 1), `${all[most - 1]}…`];
}

/** A run's name over its column: two lines at most. */
const SLIDE_NAME_LINES = 2;

/** Bold glyphs are wider than the type scale's average; wrapping errs towards room. */
const AVERAGE_BOLD_GLYPH_EM = 0.62;

/**
 * A 16:9 slide (1920×1080 by default) of one chart: the title and the run's caption on top, the
 * credit underneath, and the chart its own view drew for the room left (`draw`, a chart's
 * drawAt: at the slide's width in slide type). Two runs drawn side by side (compared-chart.ts
 * drawnAtSize) keep their columns, each under its name. A drawing taller or wider than its place
 * is scaled down to fit, never cut.
 */
export function slideSvg(draw: (size: ChartSize) => Element, options: SlideSvgOptions): string {
  const {width, height, type} = options;
  const layout = slideLayout(options);
  const drawing = draw({width: layout.chart.width, height: layout.chart.height, type});
  const document = drawing.ownerDocument;
  const root = document.createElementNS(SVG_NS, "svg");
  add(root, "rect", {width, height, fill: EXPORT_BACKGROUND});
  add(root, "title", {}, options.title);
  let y = layout.padding;
  for (const line of layout.title.lines) {
    add(
      root,
      "text",
      {
        x: layout.padding,
        y: y + layout.title.size,
        "font-size": layout.title.size,
        "font-weight": "bold",
        fill: EXPORT_INK
      },
      line
    );
    y += layout.title.line;
  }
  if (layout.caption.lines.length) y += Math.round(type.body * 0.3);
  for (const line of layout.caption.lines) {
    add(
      root,
      "text",
      {x: layout.padding, y: y + layout.caption.size, "font-size": layout.caption.size, fill: SLIDE_MUTED},
      line
    );
    y += layout.caption.line;
  }
  const content = add(root, "g", {class: "slide-chart"});
  const drawn = slideContent(content, drawing, type);
  // A drawing larger than its place is scaled down as a whole (its type with it), centred across.
  const scale = Math.min(1, layout.chart.width / drawn.width, layout.chart.height / drawn.height);
  const x = layout.chart.x + (layout.chart.width - drawn.width * scale) / 2;
  content.setAttribute(
    "transform",
    `translate(${round(x)},${layout.chart.y})${scale < 1 ? ` scale(${round(scale, 4)})` : ""}`
  );
  if (options.credit)
    add(
      root,
      "text",
      {x: layout.padding, y: layout.credit.y, "font-size": layout.credit.size, fill: SLIDE_MUTED},
      options.credit
    );
  for (const [key, value] of Object.entries({
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    "font-family": EXPORT_FONT,
    color: EXPORT_INK
  }))
    root.setAttribute(key, String(value));
  bakeColours(root);
  return serialize(root);
}

const SLIDE_MUTED = "#59636e";
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The drawing's parts into `group` from (0, 0): each run's column (its name and legend over its
 * chart) side by side for a compared drawing, the charts level with each other; else the legend
 * above the chart. Returns the size drawn.
 */
function slideContent(group: Element, drawing: Element, type: TypeScale): {width: number; height: number} {
  const legend = legendType(type);
  const compared = drawing.classList.contains("compared-charts");
  const parts = compared
    ? [...drawing.querySelectorAll(":scope > .compared-run")].map((part) => ({
        chart: part.lastElementChild!,
        name: part.querySelector(".compared-name")?.textContent ?? ""
      }))
    : [{chart: drawing, name: null}];
  let x = 0;
  const columns = parts.map(({chart, name}) => {
    const svg = findChartSvg(chart);
    if (!svg) throw new Error("This chart has no <svg> to export.");
    const column = {
      svg,
      x,
      width: Number(svg.getAttribute("width")) || 640,
      height: Number(svg.getAttribute("height")) || 400,
      headerHeight: 0
    };
    let y = 0;
    if (name !== null) {
      for (const line of clippedLines(
        name,
        Math.floor(column.width / (type.heading * AVERAGE_BOLD_GLYPH_EM)),
        SLIDE_NAME_LINES
      )) {
        add(
          group,
          "text",
          {x, y: y + type.heading, "font-size": type.heading, "font-weight": "bold", fill: EXPORT_INK},
          line
        );
        y += Math.round(type.heading * 1.3);
      }
      y += Math.round(type.heading * 0.3);
    }
    column.headerHeight = drawLegend(group, legendEntries(chart), column.width, y, legend, x, x + column.width);
    x += column.width + SLIDE_RUN_GAP_EMS * type.body;
    return column;
  });
  // Two runs' charts start at one height, so their axes line up across the slide.
  const chartTop = Math.max(...columns.map((column) => column.headerHeight));
  for (const column of columns) {
    const body = column.svg.cloneNode(true) as SVGSVGElement;
    body.removeAttribute("class");
    body.removeAttribute("style");
    for (const [key, value] of Object.entries({x: column.x, y: chartTop, width: column.width, height: column.height}))
      body.setAttribute(key, String(value));
    group.appendChild(body);
  }
  return {
    width: Math.max(1, x - SLIDE_RUN_GAP_EMS * type.body),
    height: chartTop + Math.max(...columns.map((column) => column.height))
  };
}

/** The room between two runs' columns, in the slide's body type (as compared-chart.ts leaves it). */
const SLIDE_RUN_GAP_EMS = 2;
