/**
 * "Read the trace and inspector of: the current run / the pinned run": while two runs are compared,
 * the reader chooses which one the playback, the decision trace and the inspectors follow (the
 * charts draw both either way; the one read carries the playback cursor). A custom input: `value`
 * is "current" or "pinned", and a choice dispatches `input`. Hidden while nothing is pinned.
 */
import {element} from "./dom.js";

export type ReadRun = "current" | "pinned";

export type ReadRunChoiceElement = HTMLFieldSetElement & {
  value: ReadRun;
  /** Shows the choice while a run is pinned; without one, hides it and goes back to the current run. */
  offer(pinned: boolean): void;
};

let choiceCount = 0;

export function ReadRunChoice({legend = "Trace and inspector of"}: {legend?: string} = {}): ReadRunChoiceElement {
  const name = `read-run-${++choiceCount}`;
  const radios = (["current", "pinned"] as const).map((value) => element("input", {type: "radio", name, value, checked: value === "current"}));
  const root = element("fieldset", {class: "read-run-choice", hidden: true},
    element("legend", null, legend),
    element("label", null, radios[0]!, " the current run"),
    element("label", null, radios[1]!, " the pinned run")
  ) as ReadRunChoiceElement;
  root.value = "current";
  const choose = (value: ReadRun) => {
    if (root.value === value) return;
    root.value = value;
    for (const radio of radios) radio.checked = radio.value === value;
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  root.addEventListener("change", (event) => {
    event.stopPropagation();
    choose((event.target as HTMLInputElement).value as ReadRun);
  });
  // The radios' own input events are details: the choice emits its own.
  root.addEventListener("input", (event) => {
    if (event.target !== root) event.stopImmediatePropagation();
  });
  root.offer = (pinned: boolean) => {
    root.hidden = !pinned;
    if (!pinned) choose("current");
  };
  return root;
}

/** The run the playback, trace and inspectors follow: the pinned one when the reader chose it and one is pinned. */
export function followedRun<Run>(reading: ReadRun, current: Run, pinned: Run | null): {run: Run; readsPinned: boolean} {
  return reading === "pinned" && pinned !== null ? {run: pinned, readsPinned: true} : {run: current, readsPinned: false};
}
