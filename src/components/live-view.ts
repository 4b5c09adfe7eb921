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

export type LiveViewElement = HTMLDivElement & {show(view: Node): void};

export function LiveView(): LiveViewElement {
  const root = element("div", {class: "live-view"});
  return Object.assign(root, {
    show(view: Node) {
      const current = root.firstChild;
      if (current === null) root.appendChild(view);
      else morph(current, view);
    }
  });
}
