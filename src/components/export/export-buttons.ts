/**
 * SVG and PNG (2x) downloads for a chart, a 16:9 slide (1920×1080 PNG, the chart drawn again in
 * slide type), and a PNG copied to the clipboard, so readers can put it on their own slides.
 * Every chart on every page goes through ExportableChart. An export always shows the whole run
 * (never playback's fading or its cursor) and says which run it is; so does the chart on paper
 * (a caption only print shows, kept naming the current run: refreshChartCaptions).
 */
import type {RunLabel} from "../../../lib/lesson-inputs/run-label.js";
import {answersDrawAtSize, DRAWS_AT_SIZE_ATTRIBUTE, type DrawAtSize} from "../chart/chart-at-size.js";
import {SLIDE_FONT_SIZE, typeScale} from "../chart/type-scale.js";
import {laterParts} from "../later/later-parts.js";
import {element} from "../runtime/dom.js";
import {download, svgToPng} from "./image-files.js";
import {exportFileName, findChartSvg} from "./chart-files.js";
// Charts are redrawn for the paper when the page prints (every chart is an exportable one).
import "./print-charts.js";

/** The slide export: a 16:9 slide at 1080p, in the type SLIDE_FONT_SIZE is chosen for. */
export const SLIDE_WIDTH_PX = 1920;
export const SLIDE_HEIGHT_PX = 1080;

export interface ExportOptions {
  /** The lesson the chart belongs to, used in the file name ("push delivery"). */
  lesson: string;
  /** The chart's short name, used in the file name ("attempts"). */
  name: string;
  /** The chart's title, printed on the exported image. */
  title: string;
  /**
   * Which run it shows (a caption under the title, a label in the file name), read when the reader
   * exports: a lab's ExportedRun().read, so a chart that an input did not redraw still names the current run.
   */
  run?: () => RunLabel | undefined;
  /** The same chart drawn for the whole run (no playback cursor), built when exported; the chart as shown when absent. */
  whole?: () => Element;
  /** The same chart drawn at another size (a slide): Present and the class deck ask for it (chart-at-size.ts). */
  drawAt?: DrawAtSize;
}

/** A chart with its export buttons underneath. */
export function ExportableChart(chart: Element, options: ExportOptions): HTMLElement {
  labelChart(chart, options.title);
  // A ViewSlot morphs a redrawn chart into the one shown, so its unchanged marks and ticks are kept.
  // Off-screen charts skip layout (content-visibility in style.css) and stand in at this size:
  // the chart's own height plus its legends and buttons, so nothing below it moves up or is
  // overlapped while it is skipped.
  const style = `contain-intrinsic-size: auto ${estimatedHeightPx(chart)}px`;
  const answers = options.drawAt ? {...answersDrawAtSize(options.drawAt), [DRAWS_AT_SIZE_ATTRIBUTE]: true} : {};
  // On paper the chart says which run it shows (the caption is hidden on screen, style.css); a
  // ViewSlot hands the newest drawing's listener to the node shown, so a refresh reads the newest run.
  const captions = {
    [`on${CAPTION_EVENT}`]: (event: Event) => {
      const caption = (event.currentTarget as Element).querySelector(":scope > .chart-print-caption");
      const text = printCaption(runOf(options.run));
      if (caption !== null && caption.textContent !== text) caption.textContent = text;
    }
  };
  const caption = element("p", {class: "chart-print-caption"}, printCaption(runOf(options.run)));
  return element(
    "div",
    {class: "exportable-chart", "data-chart": options.name, style, ...answers, ...captions},
    chart,
    caption,
    ExportButtons(chart, options)
  );
}

const CAPTION_EVENT = "chartcaption";

const runOf = (run: ExportOptions["run"]) => run?.();

/**
 * What a printed chart says under it: the run (the inputs that differ from the defaults), or
 * the two runs compared (comparedRunLabel's caption names the pinned run first).
 */
export function printCaption(run: RunLabel | undefined): string {
  if (run === undefined) return "";
  return run.compared ? `Two runs compared. ${run.caption}.` : `Run: ${run.caption}.`;
}

/**
 * Every chart's printed caption under `root` made to name the run it shows now. A chart whose
 * run is read at export time (ExportedRun) is not redrawn when only its label changes: printing
 * calls this, before the page is laid out for paper.
 */
export function refreshChartCaptions(root: ParentNode = document): void {
  for (const chart of root.querySelectorAll(".exportable-chart")) chart.dispatchEvent(new CustomEvent(CAPTION_EVENT));
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeprint", () => refreshChartCaptions());
  if (typeof window.matchMedia === "function")
    window.matchMedia("print").addEventListener?.("change", () => refreshChartCaptions());
}

const LEGEND_HEIGHT_PX = 40;
const BUTTONS_HEIGHT_PX = 62;

function estimatedHeightPx(chart: Element): number {
  if (chart.classList.contains("compared-charts")) {
    return [...chart.querySelectorAll(":scope > .compared-run")].reduce(
      (sum, part) => sum + estimatedHeightPx(part.lastElementChild!) + 30 - BUTTONS_HEIGHT_PX,
      BUTTONS_HEIGHT_PX
    );
  }
  const svg = findChartSvg(chart);
  const svgHeight = Number(svg?.getAttribute("height")) || 320;
  const legends =
    chart.tagName === "FIGURE" ? chart.querySelectorAll(":scope > div, :scope > svg:not(:last-of-type)").length : 0;
  return Math.ceil(svgHeight + legends * LEGEND_HEIGHT_PX + BUTTONS_HEIGHT_PX);
}

/** The buttons under a chart; only ExportableChart places them, inside the container their clicks read. */
function ExportButtons(chart: Element, {lesson, name, title, run, whole, drawAt}: ExportOptions): HTMLElement {
  const credit = `A2A Workbench · ${lesson}`;
  const status = element("span", {class: "export-status", role: "status"});
  // A ViewSlot keeps the nodes already shown and hands these listeners to them, so a click finds
  // its chart and its status line from the button clicked, not from the nodes built here (read
  // before any await: an event's currentTarget is gone by then).
  const clicked = (event: Event) => {
    const button = event.currentTarget as Element;
    return {
      chart: button.closest(".exportable-chart")?.firstElementChild ?? chart,
      status: button.closest(".export-buttons")?.querySelector(".export-status") ?? status
    };
  };
  const runNow = () => runOf(run);
  // The exporter loads when a reader first exports, not with the page.
  const exported = async (shown: Element) =>
    (await laterParts.load()).standaloneSvg(whole ? whole() : shown, {
      title,
      caption: runNow()?.caption,
      credit
    });
  const fileName = (extension: "svg" | "png", chartName = name) =>
    exportFileName(lesson, chartName, extension, runNow()?.fileLabel);
  const failed = (error: unknown) => `Export failed: ${error instanceof Error ? error.message : String(error)}`;
  const downloadSvg = async (event: Event) => {
    const here = clicked(event);
    try {
      download(new Blob([await exported(here.chart)], {type: "image/svg+xml"}), fileName("svg"));
    } catch (error) {
      here.status.textContent = failed(error);
    }
  };
  const downloadPng = async (event: Event) => {
    const here = clicked(event);
    try {
      download(await svgToPng(await exported(here.chart)), fileName("png"));
    } catch (error) {
      here.status.textContent = failed(error);
    }
  };
  const downloadSlide = async (event: Event) => {
    const here = clicked(event);
    try {
      if (!drawAt) throw new Error("this chart cannot be drawn at a slide's size");
      const svg = await slideOfChart(drawAt, {title, caption: runNow()?.caption, credit});
      download(await svgToPng(svg, 1), fileName("png", `${name} slide`));
    } catch (error) {
      here.status.textContent = failed(error);
    }
  };
  const copyPng = async (event: Event) => {
    const here = clicked(event);
    here.status.textContent = "";
    try {
      if (typeof ClipboardItem === "undefined" || !navigator.clipboard?.write)
        throw new Error("this browser cannot put an image on the clipboard");
      // The item takes a promise, so the browser sees the click's user activation while the PNG is drawn.
      await navigator.clipboard.write([
        new ClipboardItem({"image/png": exported(here.chart).then((svg) => svgToPng(svg))})
      ]);
      here.status.textContent = "Copied as PNG.";
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      here.status.textContent = `The browser refused to copy the image (${why}). Use PNG (2x) to download it instead.`;
    }
  };
  return ExportButtonRow(
    title,
    {downloadSvg, downloadPng, downloadSlide: drawAt ? downloadSlide : null, copyPng},
    status
  );
}

/** The chart's own view draws it again for the slide (drawAt, whole run), in slide type. */
async function slideOfChart(
  drawAt: DrawAtSize,
  label: {title: string; caption: string | undefined; credit: string}
): Promise<string> {
  const {slideSvg} = await laterParts.load();
  return slideSvg((size) => drawAt(size, true), {
    ...label,
    width: SLIDE_WIDTH_PX,
    height: SLIDE_HEIGHT_PX,
    type: typeScale(SLIDE_FONT_SIZE)
  });
}

type ExportClick = (event: Event) => void | Promise<void>;

/** The row of buttons, each named after the chart for a screen reader; Slide 16:9 only for a chart that can be drawn at a slide's size. */
function ExportButtonRow(
  title: string,
  on: {downloadSvg: ExportClick; downloadPng: ExportClick; downloadSlide: ExportClick | null; copyPng: ExportClick},
  status: HTMLElement
): HTMLElement {
  return element(
    "div",
    {class: "export-buttons"},
    element("button", {type: "button", onclick: on.downloadSvg, "aria-label": `Download “${title}” as SVG`}, "SVG"),
    element(
      "button",
      {type: "button", onclick: on.downloadPng, "aria-label": `Download “${title}” as PNG at 2x`},
      "PNG (2x)"
    ),
    on.downloadSlide
      ? element(
          "button",
          {
            type: "button",
            class: "slide-chart-export",
            onclick: on.downloadSlide,
            "aria-label": `Download “${title}” on a Slide 16:9 (a ${SLIDE_WIDTH_PX}×${SLIDE_HEIGHT_PX} image)`
          },
          "Slide 16:9"
        )
      : null,
    element(
      "button",
      {
        type: "button",
        class: "present-chart",
        // The presenter loads when first asked for (read the button before the await).
        onclick: (event: Event) => {
          const button = event.currentTarget as Element;
          void laterParts.load().then(({present}) => present(button, title));
        },
        "aria-label": `Present “${title}” full screen`
      },
      "Present"
    ),
    element(
      "button",
      {
        type: "button",
        class: "copy-chart",
        onclick: on.copyPng,
        "aria-label": `Copy “${title}” to the clipboard (an image)`
      },
      "Copy"
    ),
    status
  );
}

/**
 * One accessible name for the whole chart, and none on its parts (aria-label is not allowed on
 * elements without a role); the page's tables and traces carry the same data as text.
 */
function labelChart(chart: Element, title: string): void {
  // A compared chart holds one drawing per run, each named by its run.
  const parts = chart.classList.contains("compared-charts")
    ? [...chart.querySelectorAll(":scope > .compared-run")]
    : [chart];
  for (const part of parts) {
    const svg = findChartSvg(part);
    if (!svg) continue;
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", part === chart ? title : `${title}: ${part.getAttribute("aria-label") ?? ""}`);
    for (const element of svg.querySelectorAll("[aria-label]")) element.removeAttribute("aria-label");
  }
}
