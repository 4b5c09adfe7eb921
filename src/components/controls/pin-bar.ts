/**
 * "Pin this run" / "Compare": the bar that holds a lesson's pinned run while the reader goes on
 * changing inputs. A custom input: `value` is the pinned run (a lesson's inputs, lesson 2's
 * request; null when nothing is pinned), and pinning or unpinning dispatches `input`. The bar
 * keeps the pinned run; its owner (the control panel, the request editor) says what the current
 * and the baseline runs are, how a run is named, and writes the link when the pin changes.
 */
import {element} from "../runtime/dom.js";

export type PinBarElement<T> = HTMLDivElement & {
  value: T | null;
  /** Pins a run (null: nothing), shows it and announces it. */
  pin(run: T | null): void;
};

export interface PinBarOptions<T> {
  /** The run pinned when the bar is built (from the link), or null. */
  initial: T | null;
  /** The run "Pin this run" keeps: the current one, copied. */
  current(): T;
  /** The run "Compare with the defaults" keeps. */
  baseline(): T;
  /** The pinned run's caption, and what the link cannot hold of it (null: the link holds both runs). */
  describe(run: T): {caption: string; linkNote: string | null};
  /** After each change of the pin (the owner writes its link). */
  changed(): void;
}

export function PinBar<T>({initial, current, baseline, describe, changed}: PinBarOptions<T>): PinBarElement<T> {
  const status = element("p", {class: "pin-status", role: "status"});
  const pinButton = element("button", {type: "button", class: "pin-run"}, "Pin this run");
  const baselineButton = element("button", {type: "button", class: "pin-baseline"}, "Compare with the defaults");
  const unpinButton = element("button", {type: "button", class: "unpin-run"}, "Stop comparing");
  const root = element(
    "div",
    {class: "pin-bar", role: "group", "aria-label": "Compare two runs"},
    element("div", {class: "pin-buttons"}, pinButton, baselineButton, unpinButton),
    status
  ) as PinBarElement<T>;
  const show = () => {
    const pinned = root.value;
    unpinButton.hidden = pinned === null;
    pinButton.textContent = pinned === null ? "Pin this run" : "Pin this run instead";
    if (pinned === null) {
      status.textContent =
        "Pin a run to compare: it stays while you change inputs, and every chart and figure shows both.";
      return;
    }
    const {caption, linkNote} = describe(pinned);
    status.textContent = `Comparing with the pinned run (${caption}). ${linkNote ?? "The link holds both."}`;
  };
  root.pin = (run) => {
    root.value = run;
    show();
    changed();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  pinButton.addEventListener("click", () => root.pin(current()));
  baselineButton.addEventListener("click", () => root.pin(baseline()));
  unpinButton.addEventListener("click", () => root.pin(null));
  root.value = initial;
  show();
  return root;
}
