/**
 * "Pin this run" / "Compare": the bar that holds a lesson's pinned run while the reader goes on
 * changing inputs. A custom input: `value` is the pinned run's inputs (null when nothing is
 * pinned), and pinning or unpinning dispatches `input`. The control panel owns the values and
 * the link; the bar only shows them and asks.
 */
import {element} from "./dom.js";

/** T: what a run is made of (a lesson's input values, lesson 2's request). */
export type PinBarElement<T> = HTMLDivElement & {
  value: T | null;
  /** Shows what is pinned (with its caption, and what the link cannot hold of it) without announcing it. */
  show(pinned: T | null, caption: string, linkNote?: string): void;
};

export interface PinBarActions {
  pin(): void;
  unpin(): void;
  pinBaseline(): void;
}

export function PinBar<T>(actions: PinBarActions): PinBarElement<T> {
  const status = element("p", {class: "pin-status", role: "status"});
  const pinButton = element("button", {type: "button", class: "pin-run", onclick: () => actions.pin()}, "Pin this run");
  const baselineButton = element("button", {type: "button", class: "pin-baseline", onclick: () => actions.pinBaseline()}, "Compare with the defaults");
  const unpinButton = element("button", {type: "button", class: "unpin-run", onclick: () => actions.unpin()}, "Stop comparing");
  const root = element("div", {class: "pin-bar", role: "group", "aria-label": "Compare two runs"}, element("div", {class: "pin-buttons"}, pinButton, baselineButton, unpinButton), status) as PinBarElement<T>;
  root.value = null;
  root.show = (pinned, caption, linkNote = "The link holds both.") => {
    root.value = pinned;
    unpinButton.hidden = pinned === null;
    pinButton.textContent = pinned === null ? "Pin this run" : "Pin this run instead";
    status.textContent = pinned === null
      ? "Pin a run to compare: it stays while you change inputs, and every chart and figure shows both."
      : `Comparing with the pinned run (${caption}). ${linkNote}`;
  };
  return root;
}
