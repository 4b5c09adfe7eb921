/**
 * A lesson's named experiments, each one click away. "Try it" sets the lesson's
 * inputs (and so the permalink); each experiment says what to look at and whether
 * the reader's current run shows it, recomputed live.
 */
import {element} from "../runtime/dom.js";
import type {LabElement} from "../lab.js";

export interface Experiment<Run, Inputs> {
  id: string;
  title: string;
  /** What to look at, in a sentence or two. */
  lookAt: string;
  /** Inputs that differ from the lesson's defaults. */
  overrides: Partial<Inputs>;
  /** Whether a run shows what the experiment is about. */
  shows: (run: Run) => boolean;
}

export type ExperimentListElement<Run> = HTMLOListElement & {
  /** Says, for each experiment, whether this run shows it. Only the verdict lines change. */
  update(run: Run): void;
};

/**
 * Built once per page and updated in place (`list.update(run)` on every run), so an
 * input change rewrites a few verdict lines instead of laying the whole list out again.
 */
export interface ExperimentListOptions<Inputs> {
  /** Offers "Compare with baseline": the experiment's inputs set, the defaults pinned beside them. */
  compareWithBaseline?: (overrides: Partial<Inputs>) => void;
  /** The lab the experiments change: brought into view, its changed figures marked, on every click. */
  lab?: LabElement;
}

export function ExperimentList<Run, Inputs>(
  experiments: readonly Experiment<Run, Inputs>[],
  apply: (overrides: Partial<Inputs>) => void,
  {compareWithBaseline, lab}: ExperimentListOptions<Inputs> = {}
): ExperimentListElement<Run> {
  // The lab may be a screenful away: the reader is taken to what the click changed.
  const inLab = (action: (overrides: Partial<Inputs>) => void, overrides: Partial<Inputs>) => () => {
    lab?.bringIntoView();
    action(overrides);
  };
  // A line from the start: a run computed later (lesson 5's worker) fills it in without moving what is below.
  const verdicts = experiments.map(() => element("p", {class: "experiment-not-shown"}, "Checking your current run…"));
  const list = element(
    "ol",
    {class: "experiment-list"},
    experiments.map((experiment, index) =>
      element(
        "li",
        {class: "experiment", "data-experiment": experiment.id},
        element(
          "div",
          {class: "experiment-head"},
          element("strong", null, experiment.title),
          element(
            "span",
            {class: "experiment-actions"},
            element(
              "button",
              {
                type: "button",
                onclick: inLab(apply, experiment.overrides),
                "aria-label": `Try it: ${experiment.title}`
              },
              "Try it"
            ),
            compareWithBaseline
              ? element(
                  "button",
                  {
                    type: "button",
                    onclick: inLab(compareWithBaseline, experiment.overrides),
                    "aria-label": `Compare with baseline: ${experiment.title}`
                  },
                  "Compare with baseline"
                )
              : null
          )
        ),
        element("p", null, experiment.lookAt),
        verdicts[index]
      )
    )
  );
  return Object.assign(list, {
    update(run: Run) {
      experiments.forEach((experiment, index) => {
        const shown = experiment.shows(run);
        const verdict = verdicts[index]!;
        const text = shown ? "✓ Your current run shows this." : "Your current run does not show this.";
        if (verdict.textContent === text) return;
        verdict.className = shown ? "experiment-shown verdict-good" : "experiment-not-shown";
        verdict.textContent = text;
      });
    }
  });
}

/** A lab's experiments, tried through its control panel: "Try it" applies them, "Compare" pins the baseline first. */
export function PanelExperimentList<Run, Inputs>(
  experiments: readonly Experiment<Run, Inputs>[],
  panel: {applyOverrides(overrides: Partial<Inputs>): void; compareWithBaseline(overrides: Partial<Inputs>): void},
  lab: LabElement
): ExperimentListElement<Run> {
  return ExperimentList(experiments, panel.applyOverrides, {compareWithBaseline: panel.compareWithBaseline, lab});
}
