/**
 * A place on a lesson page that a view is drawn into on every input: the one way a page redraws
 * a view. A lesson's page module makes the place once (the page displays it) and calls
 * `draw(view, ...arguments)` on every change: the first drawing goes in as it is, later ones are
 * morphed into it, so only what changed is restyled and laid out.
 *
 * ```ts
 * const swimlane = ViewSlot();                                  // once
 * swimlane.draw(AttemptSwimlane, run, {width, cursorSeconds});  // on every change
 * ```
 *
 * The arguments are the view's dependencies: `view(...arguments)` is not called again while the
 * view and every argument are those of the drawing on show (see `sameArguments`). lib returns
 * the same objects for the parts of a run an input did not change, so identity is the test, and
 * building a chart is most of what an input costs. A view that closes over values (a width, a
 * cursor) comes from a `remembered` factory (lib/shared/remembered.ts), one per place: a new
 * function exactly when those values change, so it is drawn again then: nothing is listed by hand. A view that keeps state across drawings (playback, the editor, the tour) is not
 * drawn here: it is displayed once and updated in place through its own `update` method.
 */
import {sameArguments} from "../../../lib/shared/remembered.js";
import {element} from "./dom.js";
import {morph} from "./morph.js";
import {cancelRedraw, drawNowOrWhenSeen, redrawOnceLoaded, watchDistance} from "./offscreen-redraws.js";
import {ModuleNotLoaded} from "./on-demand.js";

export type ViewSlotElement = HTMLDivElement & {
  /**
   * Shows `view(...args)` unless `view` and `args` are what the drawing on show came from. A view
   * far from the screen is drawn when the page is idle or the view comes near (offscreen-redraws.ts).
   */
  draw<Args extends unknown[]>(view: (...args: Args) => Node, ...args: Args): void;
  /** Shows `node` at once, whatever is shown: for a stand-in while a run is computed elsewhere. */
  show(node: Node): void;
};

export function ViewSlot(): ViewSlotElement {
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
      // A view built with a module that has not loaded yet (lesson 1's registration check): keep what is shown, build again once it is here.
      if (!(error instanceof ModuleNotLoaded)) throw error;
      if (root.firstChild === null) root.appendChild(element("p", {class: "live-view-loading"}, error.waiting));
      redrawOnceLoaded(
        root,
        error.loaded,
        () => showBuilt(drawnFrom, build),
        (reason) => {
          shownFrom = null;
          show(element("p", {class: "live-view-loading", role: "alert"}, error.failed(reason)));
        }
      );
      return;
    }
    show(view);
    shownFrom = drawnFrom;
  };
  return Object.assign(root, {
    show(view: Node) {
      cancelRedraw(root);
      shownFrom = null;
      show(view);
    },
    draw<Args extends unknown[]>(view: (...args: Args) => Node, ...args: Args) {
      const drawnFrom = [view, ...args];
      const unchanged = shownFrom !== null && sameArguments(shownFrom, drawnFrom);
      // Also undoes a redraw still waiting: the reader went back to what is shown.
      cancelRedraw(root);
      if (unchanged) return;
      drawNowOrWhenSeen(root, () => showBuilt(drawnFrom, () => view(...args)));
    }
  });
}
