/**
 * "Read the trace and inspector of: the current run / the pinned run": while two runs are compared,
 * the reader chooses which one the playback, the decision trace and the inspectors follow (the
 * charts draw both either way; the one read carries the playback cursor). A custom input: `value`
 * is "current" or "pinned", and a choice dispatches `input`. Hidden while nothing is pinned.
 */
import {RadioChoice, type RadioChoiceElement} from "./radio-choice.js";

export type ReadRun = "current" | "pinned";

export type ReadRunChoiceElement = RadioChoiceElement<ReadRun> & {
  /** Shows the choice while a run is pinned; without one, hides it and goes back to the current run. */
  offer(pinned: boolean): void;
};

export function ReadRunChoice({legend = "Trace and inspector of"}: {legend?: string} = {}): ReadRunChoiceElement {
  const root = RadioChoice<ReadRun>(
    legend,
    [
      {value: "current", label: "the current run"},
      {value: "pinned", label: "the pinned run"}
    ],
    "current",
    "read-run-choice"
  ) as ReadRunChoiceElement;
  root.hidden = true;
  root.offer = (pinned: boolean) => {
    // Asked on every run: the page changes only when the offer does.
    if (root.hidden === pinned) root.hidden = !pinned;
    if (!pinned) root.choose("current");
  };
  return root;
}

/** The run the playback, trace and inspectors follow: the pinned one when the reader chose it and one is pinned. */
export function followedRun<Run>(reading: ReadRun, current: Run, pinned: Run | null): {run: Run; readsPinned: boolean} {
  return reading === "pinned" && pinned !== null
    ? {run: pinned, readsPinned: true}
    : {run: current, readsPinned: false};
}
