/**
 * A place on a lesson page that a view is redrawn into on every input. The page displays it
 * once and then, in a cell of its own, calls `show(freshlyBuiltView)`: the first view goes in
 * as it is, later ones are morphed into it, so only what changed is restyled and laid out.
 *
 * ```js
 * const swimlane = display(LiveView());
 * ```
 * ```js
 * swimlane.show(ExportableChart(AttemptSwimlane(run, {width}), {...}));
 * ```
 */
import {element} from "./dom.js";
import {morph} from "./morph.js";
import {cancelRedraw, drawNowOrWhenSeen, redrawOnceLoaded, watchDistance} from "./offscreen-redraws.js";
import {ModuleNotLoaded} from "./on-demand.js";

export type LiveViewElement = HTMLDivElement & {
  show(view: Node): void;
  /**
   * Shows `build()` unless every one of `drawnFrom` is the very value (Object.is) the view on
   * show was built from: the values a view is drawn from, when unchanged, need no redraw, and
   * building a chart is most of what an input costs. lib returns the same objects for parts of
   * a run that an input did not change, so identity is the test. A view far from the screen is
   * built when the page is idle or the view comes near (see offscreen-redraws.ts).
   */
  showFrom(drawnFrom: readonly unknown[], build: () => Node): void;
};

export function LiveView(): LiveViewElement {
  const root = element("div", {class: "live-view"});
  watchDistance(root);
  let shownFrom: readonly unknown[] | null = null;
  const show = (view: Node) => {
    const current = root.firstChild;
    if (current === null) root.appendChild(view);
    else morph(current, view);
  };
  const showBuilt = (drawnFrom: readonly unknown[], build: () => Node) => {
    let view: Node;
    try {
      view = build();
    } catch (error) {
      // A view built with a module that has not loaded yet (Plot): keep what is shown, build again once it is here.
      if (!(error instanceof ModuleNotLoaded)) throw error;
      if (root.firstChild === null) root.appendChild(element("p", {class: "live-view-loading"}, error.waiting));
      redrawOnceLoaded(root, error.loaded, () => showBuilt(drawnFrom, build), (reason) => {
        shownFrom = null;
        show(element("p", {class: "live-view-loading", role: "alert"}, error.failed(reason)));
      });
      return;
    }
    show(view);
    shownFrom = [...drawnFrom];
  };
  return Object.assign(root, {
    show(view: Node) {
      cancelRedraw(root);
      shownFrom = null;
      show(view);
    },
    showFrom(drawnFrom: readonly unknown[], build: () => Node) {
      const unchanged = shownFrom !== null && shownFrom.length === drawnFrom.length && drawnFrom.every((value, index) => Object.is(value, shownFrom![index]));
      // Also undoes a redraw still waiting: the reader went back to what is shown.
      cancelRedraw(root);
      if (unchanged) return;
      drawNowOrWhenSeen(root, () => showBuilt(drawnFrom, build));
    }
  });
}
