/**
 * A lesson's lab: the results an input drives, kept in view beside (or above) the inputs.
 *
 * The reader changes an input and sees the chart answer without scrolling: on a wide column
 * the results (the main chart, its playback and trace, then the key figures) sit left and stay in
 * view while the controls on the right scroll past them; on a narrow one they come first and only the key
 * figures stay pinned at the top as a compact strip (or, without figures, the stage itself,
 * kept short). The layout follows the lab's own width (a container query), not the window's,
 * so it is the same in a wide sidebar-less page and a narrow one.
 *
 * ```js
 * const lab = display(Lab({label: "Push delivery lab", figures: summaryFigures, stage: [swimlane, playbackControl, trace], controls: [panel.pinBar, panel]}));
 * const stageWidth = widthOf(lab.stage);
 * ```
 */
import {markNextChanges} from "./controls/change-marks.js";
import {element, type Child} from "./runtime/dom.js";
import {announceLinkNoticeOnLoad} from "./links/link-notice-banner.js";
import {scrollToTopOfScreen} from "./runtime/scroll-into-view.js";

export type LabElement = HTMLElement & {
  /** Where the stage's views are drawn: charts in it are sized by its width (see widthOf). */
  stage: HTMLDivElement;
  /**
   * Hides the run (figures and stage) behind `note` until showResults(): a guided step asks for
   * a prediction first. Hidden results are inert, so neither a pointer nor a screen reader reads them.
   */
  hideResults(note: Node): void;
  showResults(): void;
  /** Puts `node` first among the controls (a guided lesson's card moves to the lab of its step). */
  host(node: Node): void;
  /**
   * Scrolls the lab to the top of the screen and marks, for a moment, the key figures (or, in a
   * lab without figures, the stage) that the next redraw changes: call it just before an action
   * far from the lab changes its inputs ("Try it", a tour step's "Set up").
   */
  bringIntoView(): void;
  /**
   * Moves the key figures and the playback into `places` (a slide of the class deck), where the
   * page keeps drawing and playing them, until the returned function moves them back.
   */
  lend(places: {figures: Element; playback: Element}): () => void;
};

export interface LabOptions {
  /** Names the lab as a region, and its stage (which can scroll) as "… results". */
  label: string;
  /** The run's key figures: pinned at the top of a narrow screen while its controls scroll. */
  figures?: Node;
  /** What the controls drive: the main chart first (always in view), then its playback and trace. */
  stage: readonly Child[];
  controls: readonly Child[];
  /** "even" gives the controls half the width (an editor needs it); by default the chart gets most. */
  balance?: "chart" | "even";
  /**
   * What the lab says on paper instead of itself, for a lab that works only at the screen (the
   * live labs need a receiver running on the reader's machine): the lab does not print.
   */
  onPaper?: string;
}

/**
 * A pinned strip is kept to a quarter of a phone's screen and scrolls inside when its figures need
 * more: while it does, it is focusable and named, so the keyboard reaches the rest (WCAG 2.1.1).
 */
function reachableWhenScrolling(node: HTMLElement, content: Node, name: string): void {
  if (typeof ResizeObserver === "undefined") return;
  const update = () => {
    const scrolls = node.scrollHeight > node.clientHeight + 1;
    if (scrolls === node.hasAttribute("tabindex")) return;
    if (scrolls) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "region");
      node.setAttribute("aria-label", name);
    } else {
      for (const attribute of ["tabindex", "role", "aria-label"]) node.removeAttribute(attribute);
    }
  };
  // Observed after layout, so no frame lays out twice: the strip's box, and its content (which a run can
  // make taller while the capped strip keeps its size).
  const observer = new ResizeObserver(update);
  observer.observe(node);
  if (content instanceof Element) observer.observe(content);
}

export function Lab({label, figures, stage, controls, balance = "chart", onPaper}: LabOptions): LabElement {
  // Every lesson has a lab: a link's refused values are announced at the top when their notice is off screen.
  announceLinkNoticeOnLoad();
  // The stage can scroll when it is taller than the screen: focusable and named (WCAG 2.1.1).
  const stageView = element(
    "div",
    {class: "lab-stage", tabindex: 0, role: "region", "aria-label": `${label}: results`},
    ...stage
  );
  const figuresView = figures ? element("div", {class: "lab-figures"}, figures) : null;
  if (figuresView && figures) reachableWhenScrolling(figuresView, figures, `${label}: key figures`);
  const results = element("div", {class: "lab-results"}, figuresView, stageView);
  const controlsView = element("div", {class: "lab-controls"}, ...controls);
  const classes = [
    "lab",
    figures ? "lab-has-figures" : "",
    balance === "even" ? "lab-even" : "",
    onPaper ? "lab-screen-only" : ""
  ]
    .filter(Boolean)
    .join(" ");
  const root = element(
    "section",
    {class: classes, "aria-label": label},
    element("div", {class: "lab-grid"}, results, controlsView),
    onPaper ? element("p", {class: "print-only"}, onPaper) : null
  );
  let hiddenNote: Node | null = null;
  const hidden = [stageView, figuresView].filter((node) => node !== null);
  return Object.assign(root, {
    stage: stageView,
    hideResults(note: Node) {
      hiddenNote?.parentNode?.removeChild(hiddenNote);
      hiddenNote = element("div", {class: "lab-hidden-note", role: "status"}, note);
      results.prepend(hiddenNote);
      results.classList.add("lab-results-hidden");
      for (const node of hidden) node.inert = true;
    },
    showResults() {
      hiddenNote?.parentNode?.removeChild(hiddenNote);
      hiddenNote = null;
      results.classList.remove("lab-results-hidden");
      for (const node of hidden) node.inert = false;
    },
    host(node: Node) {
      if (controlsView.firstChild !== node) controlsView.prepend(node);
    },
    bringIntoView() {
      markNextChanges(results, () => changeableParts(figuresView, stageView));
      scrollToTopOfScreen(root);
    },
    lend(places: {figures: Element; playback: Element}) {
      const moves = [
        moveInto(figures ?? null, places.figures),
        moveInto(stageView.querySelector(".playback"), places.playback)
      ];
      return () => {
        for (const giveBack of moves) giveBack();
      };
    }
  });
}

/** What a change is marked on: each key figure, or each part of the figures, or the stage's first view. */
function changeableParts(figures: HTMLElement | null, stage: HTMLElement): Element[] {
  if (figures === null) return stage.firstElementChild ? [stage.firstElementChild] : [];
  const numbers = figures.querySelectorAll(".summary-figure");
  return numbers.length > 0 ? [...numbers] : [...(figures.firstElementChild?.children ?? [])];
}

/** Moves `node` into `place`, leaving a mark where it was; the function returned puts it back. */
function moveInto(node: Node | null, place: Element): () => void {
  if (node === null || node.parentNode === null) return () => {};
  const mark = document.createComment("lent to a slide");
  node.parentNode.replaceChild(mark, node);
  place.appendChild(node);
  return () => mark.parentNode?.replaceChild(node, mark);
}
