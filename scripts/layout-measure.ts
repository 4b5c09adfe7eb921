/**
 * Can a reader see what an input does where they change it? For every lesson input on a page,
 * the input is scrolled to the middle of the viewport, as a reader has it while using it, and
 * the results it drives are measured there:
 *
 * - wide (1280x800, 1024x768): at least half of a chart in the input's lab is on screen (and which
 *   chart that is, by its export name);
 * - phone (390x844, 320x640, and 1280x800 at 200% zoom: 640x400): the page is no wider than the
 *   screen, the input fits inside it, and the lab's key figures or half of one of its charts are on
 *   screen. The pinned key figures' share of the screen's height is measured too (at most a quarter).
 *
 * An input outside any lab fails: nothing on screen answers it. Used by the browser test
 * (test/browser/layout.test.ts) and printed by `npm run layout` against the built site.
 */
import type {Page} from "playwright-core";

export const LAYOUT_VIEWPORTS = [
  {name: "1280x800", width: 1280, height: 800, phone: false},
  {name: "1024x768", width: 1024, height: 768, phone: false},
  {name: "390x844", width: 390, height: 844, phone: true},
  {name: "320x640", width: 320, height: 640, phone: true},
  // 1280x800 at 200% zoom.
  {name: "640x400", width: 640, height: 400, phone: true}
] as const;

export interface InputPlacement {
  /** The input's label as the page shows it. */
  input: string;
  /** The largest share of one of its lab's charts on screen (0 when it is in no lab). */
  bestChartVisible: number;
  /**
   * Which chart that is: its name (the export's `data-chart`, "timestamp window"), "view" for the view
   * of a lab without a chart, or null when nothing of the lab's stage is on screen.
   */
  bestChart: string | null;
  /** Whether its lab's key figures are wholly on screen. */
  figuresVisible: boolean;
  /** Whether the input lies within the screen's width. */
  fitsWidth: boolean;
  inLab: boolean;
}

export interface PageLayout {
  /** The document's scroll width against the viewport's. */
  scrollWidth: number;
  viewportWidth: number;
  /** The largest share of the screen's height that a lab's pinned key figures cover (0 when none is pinned). */
  pinnedFiguresShare: number;
  /** The same for a pinned stage (a lab without figures pins its first view, at most 40% of the screen). */
  pinnedStageShare: number;
  inputs: InputPlacement[];
}

/** The most of the screen's height pinned key figures may cover: the controls under them need the rest. */
export const MAX_PINNED_FIGURES_SHARE = 0.25;

/** Whether a placement passes for the viewport kind. */
export function placementPasses(placement: InputPlacement, phone: boolean): boolean {
  if (!placement.inLab) return false;
  if (phone) return placement.fitsWidth && (placement.figuresVisible || placement.bestChartVisible >= 0.5);
  return placement.bestChartVisible >= 0.5;
}

export function describePlacement(placement: InputPlacement): string {
  if (!placement.inLab) return `${placement.input}: in no lab`;
  return (
    `${placement.input}: ${Math.round(placement.bestChartVisible * 100)}% of ${placement.bestChart === null ? "a chart" : placement.bestChart === "view" ? "the lab's view" : `the ${placement.bestChart} chart`} on screen` +
    `${placement.figuresVisible ? ", figures on screen" : ""}${placement.fitsWidth ? "" : ", wider than the screen"}`
  );
}

// In-page source text, so no build step rewrites it (see bench/slider-render.ts).
// Lesson 2's request box is a plain textarea until CodeMirror's content (.cm-content) takes its place; both are named by aria-labelledby.
const LESSON_INPUTS =
  "main .field, main .request-editor select, main .request-editor .version-switch, main .request-editor textarea, main .request-editor .cm-content";
const MEASURE_INPUT = `async (index) => {
  const row = document.querySelectorAll(${JSON.stringify(LESSON_INPUTS)})[index];
  const control = row.matches("select, textarea, .cm-content") ? row : row.querySelector("input:not([type=hidden]), select, textarea") ?? row;
  const labelledBy = control.getAttribute("aria-labelledby");
  const label = (control.labels?.[0]?.textContent ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? row.querySelector("label")?.textContent ?? "").trim().replace(/\\s+/g, " ");
  // CodeMirror's content runs as wide and tall as its text inside the editor's scroller: the editor is what shows.
  const shown = control.closest(".cm-editor") ?? control;
  shown.scrollIntoView({block: "center", inline: "nearest"});
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const screen = {top: 0, left: 0, bottom: innerHeight, right: document.documentElement.clientWidth};
  const clip = (rect, box) => ({top: Math.max(rect.top, box.top), left: Math.max(rect.left, box.left), bottom: Math.min(rect.bottom, box.bottom), right: Math.min(rect.right, box.right)});
  const area = (rect) => Math.max(0, rect.bottom - rect.top) * Math.max(0, rect.right - rect.left);
  const lab = row.closest(".lab");
  let bestChartVisible = 0;
  let bestChart = null;
  let figuresVisible = false;
  if (lab) {
    const stage = lab.querySelector(".lab-stage");
    const stageBox = stage.getBoundingClientRect();
    // A chart, or in a lab without one (the signature debugger) the view its inputs drive.
    const charts = stage.querySelectorAll(".exportable-chart svg, .exportable-chart figure, :scope > .live-view:not(:has(.exportable-chart))");
    for (const chart of charts) {
      const rect = chart.getBoundingClientRect();
      if (area(rect) === 0) continue;
      // A view taller than the stage's part of the screen counts as whole when it fills that part.
      const room = area(clip(stageBox, screen));
      const visible = area(clip(clip(rect, stageBox), screen)) / Math.max(1, Math.min(area(rect), room));
      if (visible > bestChartVisible) {
        bestChartVisible = visible;
        bestChart = chart.closest(".exportable-chart")?.dataset.chart ?? "view";
      }
    }
    const figures = lab.querySelector(".lab-figures");
    if (figures) {
      const rect = figures.getBoundingClientRect();
      figuresVisible = area(rect) > 0 && area(clip(rect, screen)) >= area(rect) - 1;
    }
  }
  const box = shown.getBoundingClientRect();
  return {input: label, bestChartVisible, bestChart, figuresVisible, fitsWidth: box.left >= -1 && box.right <= screen.right + 1, inLab: lab !== null};
}`;

// What stays pinned over the controls: a lab's figures, or a stage that sticks (a lab without figures).
const MEASURE_PINNED = `((selector) => {
  let share = 0;
  for (const node of document.querySelectorAll(selector)) {
    if (getComputedStyle(node).position !== "sticky") continue;
    share = Math.max(share, node.getBoundingClientRect().height / innerHeight);
  }
  return share;
})`;

/** Measures every lesson input on the open page (already loaded at the viewport to measure). */
export async function measurePageLayout(page: Page): Promise<PageLayout> {
  const count = (await page.evaluate(`document.querySelectorAll(${JSON.stringify(LESSON_INPUTS)}).length`)) as number;
  const inputs: InputPlacement[] = [];
  for (let index = 0; index < count; index++)
    inputs.push((await page.evaluate(`(${MEASURE_INPUT})(${index})`)) as InputPlacement);
  const {scrollWidth, viewportWidth} = (await page.evaluate(
    `({scrollWidth: document.documentElement.scrollWidth, viewportWidth: innerWidth})`
  )) as {scrollWidth: number; viewportWidth: number};
  return {
    scrollWidth,
    viewportWidth,
    pinnedFiguresShare: (await page.evaluate(`${MEASURE_PINNED}("main .lab .lab-figures")`)) as number,
    pinnedStageShare: (await page.evaluate(`${MEASURE_PINNED}("main .lab .lab-stage")`)) as number,
    inputs
  };
}
